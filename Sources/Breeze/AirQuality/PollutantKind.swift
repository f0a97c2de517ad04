import FoundationEssentials

/// The six pollutants Breeze reports, in display order, with the variables that carry them.
struct PollutantKind: Sendable {
    var id: String
    var name: String
    var fullName: String
    var concentration: AirQualityVariable
    var subIndex: AirQualityVariable

    static let all: [PollutantKind] = [
        PollutantKind(
            id: "pm25", name: "PM2.5", fullName: EnglishTexts.pollutantName(.pm25), concentration: .pm25,
            subIndex: .usAQIPM25),
        PollutantKind(
            id: "pm10", name: "PM10", fullName: EnglishTexts.pollutantName(.pm10), concentration: .pm10,
            subIndex: .usAQIPM10),
        PollutantKind(
            id: "no2", name: "NO₂", fullName: EnglishTexts.pollutantName(.no2), concentration: .nitrogenDioxide,
            subIndex: .usAQINitrogenDioxide),
        PollutantKind(
            id: "so2", name: "SO₂", fullName: EnglishTexts.pollutantName(.so2), concentration: .sulphurDioxide,
            subIndex: .usAQISulphurDioxide),
        PollutantKind(
            id: "o3", name: "O₃", fullName: EnglishTexts.pollutantName(.o3), concentration: .ozone,
            subIndex: .usAQIOzone),
        PollutantKind(
            id: "co", name: "CO", fullName: EnglishTexts.pollutantName(.co), concentration: .carbonMonoxide,
            subIndex: .usAQICarbonMonoxide),
    ]
}
