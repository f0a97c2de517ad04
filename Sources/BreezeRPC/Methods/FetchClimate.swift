import Breeze
import JSONRPC

/// `fetchClimate`: the daily maximum temperature on one day of the year, across years.
public enum FetchClimate: BreezeMethod {
    public static let name = "fetchClimate"
    public static let narrowing = ["years", "detail"]

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// `MM-DD`; default today (UTC).
        public var date: String?
        /// Default 1980, 1990, 2000, 2010, 2020 and the current year.
        public var years: [Int]?
        /// `celsius` or `fahrenheit`.
        public var temperatureUnit: String = TemperatureUnit.celsius.rawValue
        /// `summary`, `standard` or `full` (see `Detail`); nil for the call's default. Newest, so last by position.
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, date, years, temperatureUnit, detail
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            date = try container.decodeIfPresent(String.self, forKey: .date)
            years = try container.decodeWholeNumbersIfPresent(forKey: .years)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit) ?? temperatureUnit
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<ClimateComparison, ClimateSummary>
    {
        let detail = try context.detail(params.detail)
        let request = try ClimateRequest(
            coordinates: Coordinates(latitude: params.latitude, longitude: params.longitude), date: params.date,
            years: params.years,
            temperatureUnit: TemperatureUnit(parameter: params.temperatureUnit, field: "temperatureUnit"))
        return Detailed(
            try await context.breeze.fetchClimate(request, call: context.call), detail: detail,
            summarize: ClimateSummary.init)
    }
}
