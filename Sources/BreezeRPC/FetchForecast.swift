import Breeze
import JSONRPC

/// `fetchForecast`: a weather forecast in the sections, variables and units asked for.
public enum FetchForecast: BreezeMethod {
    public static let name = "fetchForecast"

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// Open-Meteo variable names; all three `nil` means the weather-card defaults.
        public var current: [String]?
        public var hourly: [String]?
        public var daily: [String]?
        /// Variables in 15-minute steps; new, so last by position and outside the weather-card default.
        public var minutely15: [String]?
        public var forecastDays: Int = 7
        public var pastDays: Int = 0
        /// Kept as text here and parsed by the domain, so an unknown unit names its field and lists the choices.
        public var temperatureUnit: String?
        public var windSpeedUnit: String?
        public var precipitationUnit: String?
        public var timezone: String = "auto"

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, current, hourly, daily, forecastDays, pastDays, temperatureUnit, windSpeedUnit
            case precipitationUnit, timezone, minutely15
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            current = try container.decodeIfPresent([String].self, forKey: .current)
            hourly = try container.decodeIfPresent([String].self, forKey: .hourly)
            daily = try container.decodeIfPresent([String].self, forKey: .daily)
            minutely15 = try container.decodeIfPresent([String].self, forKey: .minutely15)
            forecastDays = try container.decodeWholeNumberIfPresent(forKey: .forecastDays) ?? forecastDays
            pastDays = try container.decodeWholeNumberIfPresent(forKey: .pastDays) ?? pastDays
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            windSpeedUnit = try container.decodeIfPresent(String.self, forKey: .windSpeedUnit)
            precipitationUnit = try container.decodeIfPresent(String.self, forKey: .precipitationUnit)
            timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? timezone
        }
    }

    public static func handle(_ params: Params, context: Breeze) async throws -> EncodedResult {
        EncodedResult(
            bytes: try await context.fetchForecastJSON(
                ForecastRequest(
                    coordinates: Coordinates(latitude: params.latitude, longitude: params.longitude),
                    current: params.current,
                    hourly: params.hourly, daily: params.daily, minutely15: params.minutely15,
                    forecastDays: params.forecastDays,
                    pastDays: params.pastDays,
                    temperatureUnit: try params.temperatureUnit.map {
                        try TemperatureUnit(parameter: $0, field: "temperatureUnit")
                    },
                    windSpeedUnit: try params.windSpeedUnit.map {
                        try WindSpeedUnit(parameter: $0, field: "windSpeedUnit")
                    },
                    precipitationUnit: try params.precipitationUnit.map {
                        try PrecipitationUnit(parameter: $0, field: "precipitationUnit")
                    },
                    timezone: params.timezone)))
    }
}

/// A result the domain has already written as JSON text (a forecast, see `Breeze.fetchForecastJSON`), passed
/// through as is.
public struct EncodedResult: JSONBytesConvertible {
    public let bytes: [UInt8]

    public func jsonBytes() -> [UInt8] { bytes }

    /// For encoders other than the router's, which writes `bytes` directly.
    public func encode(to encoder: any Encoder) throws {
        try RawJSON(bytes).encode(to: encoder)
    }
}
