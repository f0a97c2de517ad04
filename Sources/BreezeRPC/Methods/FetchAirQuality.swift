import Breeze
import JSONRPC

/// `fetchAirQuality`: current air quality, its US AQI status and pollutants, optionally the hours ahead; for
/// several places (`latitude`/`longitude` lists) in one upstream call.
public enum FetchAirQuality: BreezeMethod {
    public static let name = "fetchAirQuality"
    public static let narrowing = ["forecastHours", "latitude", "longitude", "detail"]

    public struct Params: NamedParams {
        /// One place, or lists of places (see `Places`).
        var places: Places
        public var forecastHours: Int = 0
        /// The language of the status texts, advice and pollutant names (see `Language`); new, so last by position.
        public var language: String = "en"
        /// `summary`, `standard` or `full` (see `Detail`); nil for the call's default. Newest, so last by position.
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, forecastHours, language, detail
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            forecastHours =
                try container.decodeWholeNumberIfPresent(
                    forKey: .forecastHours, in: AirQualityRequest.forecastHoursRange) ?? forecastHours
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    /// The air quality at one place, or at each of a list of places (see `PlaceResults`).
    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PlaceResults<AirQuality>, PlaceResults<AirQualitySummary>>
    {
        let detail = try context.detail(params.detail)
        let locations = try params.places.coordinates()
        var request = try AirQualityRequest(coordinates: locations[0], forecastHours: params.forecastHours)
        if params.places.isList { request = try request.at(locations) }
        let choice = Language.Choice(code: params.language)
        let places = try await context.breeze.fetchAirQuality(request, call: context.call).map { place in
            place.map { $0.localized(choice) }
        }
        return Detailed(try PlaceResults(places, isList: request.isList), detail: detail) { full in
            full.map { AirQualitySummary(airQuality: $0, language: choice.language) }
        }
    }
}
