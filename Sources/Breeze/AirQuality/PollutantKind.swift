import FoundationEssentials

/// The six pollutants Breeze reports, in display order, with the variables that carry them.
struct PollutantKind: Sendable {
    var pollutant: PollutantID
    /// The short name for display, the same in every language ("NO₂").
    var name: String
    var concentration: AirQualityVariable
    var subIndex: AirQualityVariable

    /// The stable id (`pm25` … `co`).
    var id: String { pollutant.rawValue }
    /// The full name, in English.
    var fullName: String { Language.en.texts.pollutantName(pollutant) }

    static let all: [PollutantKind] = [
        PollutantKind(pollutant: .pm25, name: "PM2.5", concentration: .pm25, subIndex: .usAQIPM25),
        PollutantKind(pollutant: .pm10, name: "PM10", concentration: .pm10, subIndex: .usAQIPM10),
        PollutantKind(pollutant: .no2, name: "NO₂", concentration: .nitrogenDioxide, subIndex: .usAQINitrogenDioxide),
        PollutantKind(pollutant: .so2, name: "SO₂", concentration: .sulphurDioxide, subIndex: .usAQISulphurDioxide),
        PollutantKind(pollutant: .o3, name: "O₃", concentration: .ozone, subIndex: .usAQIOzone),
        PollutantKind(pollutant: .co, name: "CO", concentration: .carbonMonoxide, subIndex: .usAQICarbonMonoxide),
    ]
}
