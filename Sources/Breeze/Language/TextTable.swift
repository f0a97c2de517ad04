/// Every display text breeze-rpc writes itself, in one language, keyed by stable machine values.
///
/// One conformance per language, each a set of exhaustive switches: a key without its text does not compile, so
/// no language can silently fall back to English for one status or weather code. Keys are machine values (a band,
/// a WMO code, a pollen index value), never the English text, so rewording English never breaks a translation.
protocol TextTable {
    /// A US AQI band's name, one-sentence description and advice (the same number of tips in every language).
    static func usAQI(_ level: AQIStatus.Level) -> StatusTexts
    /// A European AQI band's name, description and advice.
    static func europeanAQI(_ level: EuropeanAQIStatus.Level) -> StatusTexts
    /// A pollutant's full name ("Nitrogen dioxide"); the short formula-like name ("NO₂") is the same everywhere.
    static func pollutantName(_ pollutant: PollutantID) -> String
    /// A WMO weather code's description, in a few words.
    static func weather(_ code: WeatherCode) -> String
    /// The Universal Pollen Index category of a level ("Very Low").
    static func pollenCategory(_ category: PollenCategory) -> String
    /// What a pollen level means for people with allergies.
    static func pollenIndexDescription(_ category: PollenCategory) -> String
    /// A pollen type's name ("Grass").
    static func pollenType(_ type: PollenType) -> String
    /// A plant's name, for the plants Open-Meteo's CAMS pollen forecast covers.
    static func plant(_ plant: OpenMeteoPlant) -> String
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
