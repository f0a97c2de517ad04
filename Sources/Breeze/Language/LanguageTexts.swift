/// Every display text breeze-rpc writes itself, in one language, keyed by stable machine values.
///
/// Keys are machine values (a band, a WMO code, a pollen index value), never the English text, so rewording English
/// never breaks a translation. The texts are rows of `Translations` in the tables beside this file
/// (`AirQualityTexts.swift`, `WeatherTexts.swift`, `PollenTexts.swift`), one exhaustive switch per kind of key:
/// a key without its row does not compile. This picks one language's column from them.
struct LanguageTexts: Sendable {
    let language: Language

    /// A US AQI band's name, one-sentence description and advice (the same number of tips in every language).
    func usAQI(_ level: AQIStatus.Level) -> StatusTexts { level.translations[language] }
    /// A European AQI band's name, description and advice.
    func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts { level.translations[language] }
    /// A pollutant's full name ("Nitrogen dioxide"); the short formula-like name ("NO₂") is the same everywhere.
    func pollutantName(_ pollutant: PollutantID) -> String { pollutant.fullNames[language] }
    /// A WMO weather code's description, in a few words.
    func weather(_ code: WeatherCode) -> String { code.descriptions[language] }
    /// The Universal Pollen Index category of a level ("Very Low").
    func pollenCategory(_ category: PollenCategory) -> String { category.names[language] }
    /// What a pollen level means for people with allergies.
    func pollenIndexDescription(_ category: PollenCategory) -> String { category.indexDescriptions[language] }
    /// A pollen type's name ("Grass").
    func pollenType(_ type: PollenType) -> String { type.names[language] }
    /// A plant's name, for the plants Open-Meteo's CAMS pollen forecast covers.
    func plant(_ plant: OpenMeteoPlant) -> String { plant.names[language] }
}

/// The texts of one AQI band.
struct StatusTexts: Sendable, Hashable {
    var text: String
    var description: String
    var tips: [String]
}

/// The six pollutants' stable ids, the key of their names.
public enum PollutantID: String, Sendable, Hashable, CaseIterable {
    case pm25, pm10, no2, so2, o3, co
}

/// A Universal Pollen Index value, 0–5, the key of its category and description.
public enum PollenCategory: Int, Sendable, Hashable, CaseIterable {
    case none, veryLow, low, moderate, high, veryHigh
}

/// The three pollen types, by Google's code.
public enum PollenType: String, Sendable, Hashable, CaseIterable {
    case grass = "GRASS"
    case tree = "TREE"
    case weed = "WEED"
}
