import FoundationEssentials

/// The air-quality API's answer for one location.
struct AirQualityResponse: Decodable {
    var latitude: Double
    var longitude: Double
    var timezone: String
    var currentUnits: [String: String]?
    var current: Current?
    var hourly: Hourly?

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, timezone
        case currentUnits = "current_units"
        case current, hourly
    }

    private enum TimeKey: String, CodingKey {
        case time
    }

    /// The `current` block: a time and a number (or `null`) per variable.
    struct Current: Decodable {
        var time: String
        var values: [AirQualityVariable: Double]

        init(from decoder: any Decoder) throws {
            time = try decoder.container(keyedBy: TimeKey.self).decode(String.self, forKey: .time)
            let container = try decoder.container(keyedBy: AirQualityVariable.self)
            var values: [AirQualityVariable: Double] = [:]
            for variable in AirQualityVariable.allCases {
                values[variable] = try container.decodeIfPresent(Double.self, forKey: variable)
            }
            self.values = values
        }
    }

    /// The `hourly` block: times and a series per variable; series the upstream left out stay absent.
    struct Hourly: Decodable {
        var time: [String]
        var series: [AirQualityVariable: [Double?]]

        init(from decoder: any Decoder) throws {
            time = try decoder.container(keyedBy: TimeKey.self).decode([String].self, forKey: .time)
            let container = try decoder.container(keyedBy: AirQualityVariable.self)
            var series: [AirQualityVariable: [Double?]] = [:]
            for variable in AirQualityVariable.allCases {
                if container.contains(variable), try !container.decodeNil(forKey: variable) {
                    series[variable] = try container.decodeNullableNumbers(forKey: variable)
                }
            }
            self.series = series
        }
    }
}
