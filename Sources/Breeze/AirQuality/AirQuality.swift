import Foundation

/// What `fetchAirQuality` asks for: a place, and how many hours of forecast to add.
public struct AirQualityRequest: Sendable, Hashable {
    public let coordinates: Coordinates
    /// Hours of hourly forecast to include, 0…168; 0 means current conditions only.
    public let forecastHours: Int

    /// - Throws: `BreezeError.invalidParameter` naming `forecastHours`.
    public init(coordinates: Coordinates, forecastHours: Int = 0) throws(BreezeError) {
        self.coordinates = coordinates
        try checkRange(forecastHours, 0...168, name: "forecastHours")
        self.forecastHours = forecastHours
    }
}

/// Current air quality at a place, with what it means and, on request, the hours ahead.
///
/// Every key is always written; a value the upstream does not have is `null`, never 0, so a missing
/// reading can never pass for clean air.
public struct AirQuality: Sendable, Hashable, Encodable {
    /// Local time of the reading, `YYYY-MM-DDTHH:MM` in `timezone`.
    public var time: String
    /// The centre of the upstream's grid cell the values belong to (not the requested point).
    public var latitude: Double
    public var longitude: Double
    /// The IANA time zone of `time`.
    public var timezone: String
    /// The US EPA AQI: the worst of the six pollutant sub-indices.
    public var usAQI: Double?
    /// The European AQI (EEA scale, 0–100+).
    public var europeanAQI: Double?
    /// Concentrations in μg/m³.
    public var pm25: Double?
    public var pm10: Double?
    public var carbonMonoxide: Double?
    public var nitrogenDioxide: Double?
    public var sulphurDioxide: Double?
    public var ozone: Double?
    /// What `usAQI` means; `null` when `usAQI` is.
    public var status: AQIStatus?
    /// What `europeanAQI` means on the EEA's scale; `null` when `europeanAQI` is.
    public var europeanStatus: EuropeanAQIStatus?
    /// PM2.5, PM10, NO₂, SO₂, O₃ and CO, in that order, each with its own sub-index.
    public var pollutants: [Pollutant]
    /// The hours ahead, when asked for with `forecastHours` > 0.
    public var hourly: AirQualityHourly?

    private enum CodingKeys: String, CodingKey {
        case time, latitude, longitude, timezone, usAQI, europeanAQI, pm25, pm10, carbonMonoxide, nitrogenDioxide
        case sulphurDioxide, ozone, status, europeanStatus, pollutants, hourly
    }

    /// Writes every key, `null` for missing values: the synthesized encoder would drop them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(timezone, forKey: .timezone)
        try container.encode(usAQI, forKey: .usAQI)
        try container.encode(europeanAQI, forKey: .europeanAQI)
        try container.encode(pm25, forKey: .pm25)
        try container.encode(pm10, forKey: .pm10)
        try container.encode(carbonMonoxide, forKey: .carbonMonoxide)
        try container.encode(nitrogenDioxide, forKey: .nitrogenDioxide)
        try container.encode(sulphurDioxide, forKey: .sulphurDioxide)
        try container.encode(ozone, forKey: .ozone)
        try container.encode(status, forKey: .status)
        try container.encode(europeanStatus, forKey: .europeanStatus)
        try container.encode(pollutants, forKey: .pollutants)
        try container.encode(hourly, forKey: .hourly)
    }
}

/// One pollutant's reading and its own US AQI sub-index.
public struct Pollutant: Sendable, Hashable, Encodable {
    /// A stable identifier: `pm25`, `pm10`, `no2`, `so2`, `o3`, `co`.
    public var id: String
    /// The short name for display, e.g. "NO₂".
    public var name: String
    /// The full name, e.g. "Nitrogen dioxide".
    public var fullName: String
    /// The concentration, in `unit`.
    public var value: Double?
    /// The unit as the upstream states it (μg/m³ for all six), `null` when it states none.
    public var unit: String?
    /// This pollutant's US AQI sub-index, from the upstream (`us_aqi_pm2_5`, …).
    public var usAQI: Double?
    /// What the sub-index means; `null` when the sub-index is.
    public var status: Status?

    /// A coarse three-step rating of a sub-index, on the EPA's own boundaries: ≤ 50 good, ≤ 100 moderate,
    /// above that unhealthy (the EPA's "unhealthy for sensitive groups" and worse).
    public enum Status: String, Sendable, Hashable, Encodable, CaseIterable {
        case good, moderate, unhealthy

        /// The rating of a sub-index (rounded to an integer first, as AQI is reported); `nil` for no value.
        public init?(subIndex: Double?) {
            guard let subIndex, subIndex.isFinite else { return nil }
            let rounded = subIndex.rounded()
            self = rounded <= 50 ? .good : rounded <= 100 ? .moderate : .unhealthy
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, fullName, value, unit, usAQI, status
    }

    /// Writes every key, `null` for missing values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(usAQI, forKey: .usAQI)
        try container.encode(status, forKey: .status)
    }
}

/// Hourly air quality: one entry per hour in every series, `null` where the upstream has no value.
public struct AirQualityHourly: Sendable, Hashable, Encodable {
    /// Local times, `YYYY-MM-DDTHH:MM`.
    public var time: [String]
    public var usAQI: [Double?]
    public var europeanAQI: [Double?]
    public var pm25: [Double?]
    public var pm10: [Double?]
    public var carbonMonoxide: [Double?]
    public var nitrogenDioxide: [Double?]
    public var sulphurDioxide: [Double?]
    public var ozone: [Double?]
    /// Each pollutant's US AQI sub-index series, keyed by pollutant id (`pm25`, `no2`, …).
    public var subIndices: [String: [Double?]]

    private enum CodingKeys: String, CodingKey {
        case time, usAQI, europeanAQI, pm25, pm10, carbonMonoxide, nitrogenDioxide, sulphurDioxide, ozone, subIndices
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encodeNullable(usAQI, forKey: .usAQI)
        try container.encodeNullable(europeanAQI, forKey: .europeanAQI)
        try container.encodeNullable(pm25, forKey: .pm25)
        try container.encodeNullable(pm10, forKey: .pm10)
        try container.encodeNullable(carbonMonoxide, forKey: .carbonMonoxide)
        try container.encodeNullable(nitrogenDioxide, forKey: .nitrogenDioxide)
        try container.encodeNullable(sulphurDioxide, forKey: .sulphurDioxide)
        try container.encodeNullable(ozone, forKey: .ozone)
        try container.encodeNullable(subIndices, forKey: .subIndices)
    }
}

// MARK: - Upstream

/// The Open-Meteo air-quality variables Breeze asks for, current and hourly alike.
///
/// One list builds the query and decodes the answer, so the two cannot drift apart.
enum AirQualityVariable: String, CodingKey, CaseIterable {
    case usAQI = "us_aqi"
    case europeanAQI = "european_aqi"
    case pm10
    case pm25 = "pm2_5"
    case carbonMonoxide = "carbon_monoxide"
    case nitrogenDioxide = "nitrogen_dioxide"
    case sulphurDioxide = "sulphur_dioxide"
    case ozone
    case usAQIPM25 = "us_aqi_pm2_5"
    case usAQIPM10 = "us_aqi_pm10"
    case usAQINitrogenDioxide = "us_aqi_nitrogen_dioxide"
    case usAQISulphurDioxide = "us_aqi_sulphur_dioxide"
    case usAQIOzone = "us_aqi_ozone"
    case usAQICarbonMonoxide = "us_aqi_carbon_monoxide"

    /// The comma list Open-Meteo takes for `current=` and `hourly=`.
    static let queryValue = allCases.map(\.rawValue).joined(separator: ",")
}

/// The six pollutants Breeze reports, in display order, with the variables that carry them.
struct PollutantKind: Sendable {
    var id: String
    var name: String
    var fullName: String
    var concentration: AirQualityVariable
    var subIndex: AirQualityVariable

    static let all: [PollutantKind] = [
        PollutantKind(
            id: "pm25", name: "PM2.5", fullName: "Fine particulate matter", concentration: .pm25, subIndex: .usAQIPM25),
        PollutantKind(
            id: "pm10", name: "PM10", fullName: "Coarse particulate matter", concentration: .pm10,
            subIndex: .usAQIPM10),
        PollutantKind(
            id: "no2", name: "NO₂", fullName: "Nitrogen dioxide", concentration: .nitrogenDioxide,
            subIndex: .usAQINitrogenDioxide),
        PollutantKind(
            id: "so2", name: "SO₂", fullName: "Sulphur dioxide", concentration: .sulphurDioxide,
            subIndex: .usAQISulphurDioxide),
        PollutantKind(id: "o3", name: "O₃", fullName: "Ozone", concentration: .ozone, subIndex: .usAQIOzone),
        PollutantKind(
            id: "co", name: "CO", fullName: "Carbon monoxide", concentration: .carbonMonoxide,
            subIndex: .usAQICarbonMonoxide),
    ]
}

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
