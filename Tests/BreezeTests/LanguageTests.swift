import Foundation
import Testing

@testable import Breeze

/// Every text of one language, keyed as the golden keys English, so languages compare key by key.
private func texts(_ language: Language) -> [(key: String, text: String)] {
    let table = language.texts
    var lines: [(String, String)] = []
    for level in AQIStatus.Level.allCases {
        let status = table.usAQI(level)
        lines.append(("usAQI.\(level.rawValue).text", status.text))
        lines.append(("usAQI.\(level.rawValue).description", status.description))
        for (index, tip) in status.tips.enumerated() { lines.append(("usAQI.\(level.rawValue).tips[\(index)]", tip)) }
    }
    for level in EuropeanAQIStatus.Level.allCases {
        let status = table.europeanAQI(level)
        lines.append(("europeanAQI.\(level.rawValue).text", status.text))
        lines.append(("europeanAQI.\(level.rawValue).description", status.description))
        for (index, tip) in status.tips.enumerated() {
            lines.append(("europeanAQI.\(level.rawValue).tips[\(index)]", tip))
        }
    }
    for pollutant in PollutantID.allCases {
        lines.append(("pollutant.\(pollutant.rawValue).fullName", table.pollutantName(pollutant)))
    }
    for code in WeatherCode.allCases { lines.append(("weather.\(code.rawValue)", table.weather(code))) }
    for category in PollenCategory.allCases {
        lines.append(("pollen.category[\(category.rawValue)]", table.pollenCategory(category)))
    }
    for category in PollenCategory.allCases {
        lines.append(("pollen.indexDescription[\(category.rawValue)]", table.pollenIndexDescription(category)))
    }
    for type in PollenType.allCases { lines.append(("pollen.type.\(type.rawValue)", table.pollenType(type))) }
    for plant in OpenMeteoPlant.allCases { lines.append(("pollen.plant.\(plant.code)", table.plant(plant))) }
    return lines
}

/// The few texts that are rightly the same word in English and the language, so "not English" would be wrong.
private let sameAsEnglish: Set<String> = [
    // The French name of the gas is "ozone", as in English.
    "fr pollutant.o3.fullName"
]

@Suite struct LanguageTests {
    static let translated = Language.allCases.filter { $0 != .en }

    @Test func englishTablesAreWhatTheGoldenPins() {
        #expect(texts(.en).map { "\($0.key): \($0.text)" } == EnglishTexts.dump())
    }

    @Test(arguments: translated)
    func everyTextIsPresentAndNotEnglish(language: Language) {
        let english = texts(.en)
        let translated = texts(language)
        // Same keys in the same order: the same number of tips per band as English.
        #expect(translated.map(\.key) == english.map(\.key))
        for (text, englishText) in zip(translated, english) {
            #expect(!text.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(language) \(text.key)")
            if !sameAsEnglish.contains("\(language) \(text.key)") {
                #expect(text.text != englishText.text, "\(language) \(text.key) is the English text")
            }
        }
    }

    @Test(arguments: Language.allCases)
    func namesOfOneKindAreDistinct(language: Language) {
        // Two weather codes or two bands sharing a text would be a copy-and-paste slip, not a translation.
        let table = language.texts
        let kinds: [[String]] = [
            WeatherCode.allCases.map(table.weather), AQIStatus.Level.allCases.map { table.usAQI($0).text },
            EuropeanAQIStatus.Level.allCases.map { table.europeanAQI($0).text },
            PollenCategory.allCases.map(table.pollenCategory),
            PollenCategory.allCases.map(table.pollenIndexDescription), PollutantID.allCases.map(table.pollutantName),
        ]
        for names in kinds { #expect(Set(names).count == names.count, "\(language): \(names)") }
    }

    @Test(arguments: [
        ("de", Language.de), ("de-AT", .de), ("de_CH", .de), ("pt_BR", .pt), ("ZH", .zh), ("zh-Hant-TW", .zh),
        ("en-GB", .en), ("ja", .ja), ("NL", .nl),
    ])
    func readsTheLanguageOfACode(code: String, language: Language) {
        #expect(Language(code: code) == language)
        let choice = Language.Choice(code: code)
        #expect(choice.language == language)
        #expect(!choice.isIgnored)
    }

    @Test(arguments: ["ru", "sv-SE", "", "-", "deu", "english", "x-klingon"])
    func fallsBackToEnglishAndSaysSoForALanguageItDoesNotHave(code: String) {
        #expect(Language(code: code) == nil)
        let choice = Language.Choice(code: code)
        #expect(choice.language == .en)
        #expect(choice.isIgnored)
    }

    @Test(arguments: Language.allCases)
    func machineValuesNeverChangeWithTheLanguage(language: Language) {
        for level in AQIStatus.Level.allCases {
            let status = AQIStatus(level: level, language: language)
            #expect(status.level == level)
            #expect(status.color == AQIStatus(level: level).color)
        }
        #expect(AQIStatus(level: .moderate).color == .aqiModerate)
        #expect(AQIStatus(level: .slightlyHigh).color == .aqiModerate)
        #expect(AQIStatus(level: .hazardous).color == .aqiHazardous)
        #expect(EuropeanAQIStatus(europeanAQI: 55, language: language)?.level == .moderate)
        #expect(AQIStatus(usAQI: nil, language: language) == nil)
    }

    @Test func localizesAirQualityTextsAndKeepsEveryValue() {
        let pollutant = Pollutant(
            id: "no2", name: "NO₂", fullName: "Nitrogen dioxide", value: 11.2, unit: "μg/m³", usAQI: 10,
            status: .good)
        let reading = AirQuality(
            time: "2026-10-03T12:00", latitude: 52.5, longitude: 13.42, timezone: "Europe/Berlin", usAQI: 65,
            europeanAQI: 44, status: AQIStatus(usAQI: 65), europeanStatus: EuropeanAQIStatus(europeanAQI: 44),
            pollutants: [pollutant])
        let german = reading.localized(.de)
        #expect(german.status?.text == "Mäßig")
        #expect(german.status?.level == .moderate)
        #expect(german.status?.color == .aqiModerate)
        #expect(german.europeanStatus?.text == "Mäßig")
        #expect(german.europeanStatus?.level == .moderate)
        #expect(german.pollutants.first?.fullName == "Stickstoffdioxid")
        #expect(german.pollutants.first?.name == "NO₂")
        #expect(german.pollutants.first?.status == .good)
        #expect(german.usAQI == 65)
        #expect(reading.localized(.en) == reading)
    }

    @Test func localizesEveryWeatherDescriptionFromItsCode() {
        var current = ForecastCurrent(
            time: "2026-10-03T12:00", interval: 900, values: ["weather_code": 61], text: [:], units: [:],
            weatherDescription: "Slight rain")
        var hourly = ForecastSeries(
            time: ["a", "b", "c"], values: ["weather_code": [0, 95, nil]], text: [:], units: [:],
            weatherDescriptions: ["Clear sky", "Thunderstorm", nil])
        let forecast = Forecast(
            latitude: 0, longitude: 0, timezone: "GMT", timezoneAbbreviation: "GMT", utcOffsetSeconds: 0,
            current: current, hourly: hourly)
        let french = forecast.localized(.fr)
        #expect(french.current?.weatherDescription == "Pluie faible")
        #expect(french.hourly?.weatherDescriptions == ["Ciel dégagé", "Orage", nil])
        #expect(french.hourly?.values == hourly.values)
        #expect(forecast.localized(.en) == forecast)
        // No description asked for: none is invented.
        current.weatherDescription = nil
        hourly.weatherDescriptions = nil
        #expect(current.localized(.ja).weatherDescription == nil)
        #expect(hourly.localized(.ja).weatherDescriptions == nil)
    }

    @Test func localizesOpenMeteoPollenAndNoLongerReportsTheLanguageIgnored() throws {
        let hourly = OpenMeteoPollenResponse.Hourly(
            time: ["2026-05-24T00:00", "2026-05-24T01:00"],
            alder: [0, 0], birch: [60, 250], grass: [1, 2], mugwort: [nil, nil], olive: [0, 0], ragweed: [0, 0])
        var forecast = try Breeze.pollenForecast(hourly, days: 1)
        forecast.ignoredParameters = ["languageCode"]
        let polish = forecast.localized(.pl)
        let items = try #require(polish.days.first?.items)
        let tree = try #require(items.first { $0.id == "TREE" })
        #expect(tree.name == "Drzewa")
        #expect(tree.value == 5)
        #expect(tree.category == "Bardzo wysokie")
        let birch = try #require(items.first { $0.id == "BIRCH" })
        #expect(birch.name == "Brzoza")
        #expect(birch.indexDescription == "Osoby z bardzo łagodną alergią na pyłki prawdopodobnie odczują objawy")
        #expect(birch.family == "Betulaceae")
        let mugwort = try #require(items.first { $0.id == "MUGWORT" })
        #expect(mugwort.category == nil)
        #expect(polish.ignoredParameters.isEmpty)
        #expect(forecast.localized(.en) == forecast)
    }

    @Test func leavesGooglesOwnPollenTextsAlone() {
        let item = PollenItem(id: "TREE", name: "Baum", value: 2, category: "Gering", isPlant: false)
        let forecast = PollenForecast(
            source: .proxy, regionCode: "DE", days: [PollenDay(date: "2026-05-24", items: [item])],
            ignoredParameters: ["languageCode"])
        #expect(forecast.localized(.fr) == forecast)
    }
}

/// The requests that pass a language tag on (Google's texts, MeteoAlarm's blocks) check it by one rule and name
/// the param that carried it.
@Suite struct LanguageTagTests {
    private static let berlin = try! Coordinates(latitude: 52.52, longitude: 13.41)

    @Test(arguments: ["en", "de-CH", "fr-CA", "zh-Hant-TW", "es-419", "gsw", "sr-Latn-RS", "klingon"])
    func languageTagsAreTaken(tag: String) throws {
        #expect(try AlertsRequest(points: [Self.berlin], language: tag).language == tag)
        #expect(try PollenRequest(coordinates: Self.berlin, languageCode: tag).languageCode == tag)
    }

    @Test(arguments: [
        "", "e", "de_DE", "klingonese", "de-", "-", "en--GB", "1234", "de-CH-abcdefghi", "fr CH", "dé",
        "en-" + String(repeating: "a1b2c3d4-", count: 4) + "x",
    ])
    func otherTextIsRefusedNamingTheParam(tag: String) {
        #expect(throws: BreezeError.invalidParameter(name: "language", reason: Self.reason(tag))) {
            try AlertsRequest(points: [Self.berlin], language: tag)
        }
        #expect(throws: BreezeError.invalidParameter(name: "languageCode", reason: Self.reason(tag))) {
            try PollenRequest(coordinates: Self.berlin, languageCode: tag)
        }
    }

    private static func reason(_ tag: String) -> String {
        "must be a BCP-47 language tag such as en, de or fr-CH, not '\(tag)'."
    }
}
