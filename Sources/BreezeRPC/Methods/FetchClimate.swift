import Breeze
import JSONRPC

/// `fetchClimate`: the daily maximum temperature on one day of the year, across years.
public enum FetchClimate: BreezeMethod {
    public static let name = "fetchClimate"

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// `MM-DD`; default today (UTC).
        public var date: String?
        /// Default 1980, 1990, 2000, 2010, 2020 and the current year.
        public var years: [Int]?
        /// `celsius` or `fahrenheit`.
        public var temperatureUnit: String = TemperatureUnit.celsius.rawValue

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, date, years, temperatureUnit
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            date = try container.decodeIfPresent(String.self, forKey: .date)
            years = try container.decodeWholeNumbersIfPresent(forKey: .years)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit) ?? temperatureUnit
        }
    }

    public static func handle(_ params: Params, context breeze: Breeze) async throws -> ClimateComparison {
        let request = try ClimateRequest(
            coordinates: Coordinates(latitude: params.latitude, longitude: params.longitude), date: params.date,
            years: params.years,
            temperatureUnit: TemperatureUnit(parameter: params.temperatureUnit, field: "temperatureUnit"))
        return try await breeze.fetchClimate(request)
    }
}
