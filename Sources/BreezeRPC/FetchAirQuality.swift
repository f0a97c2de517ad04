import Breeze
import JSONRPC

/// `fetchAirQuality`: current air quality, its US AQI status and pollutants, optionally the hours ahead; for
/// several places (`latitude`/`longitude` lists) in one upstream call.
public enum FetchAirQuality: BreezeMethod {
    public static let name = "fetchAirQuality"

    public struct Params: NamedParams {
        /// One place, or lists of places (see `Places`).
        var places: Places
        public var forecastHours: Int = 0

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, forecastHours
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            forecastHours =
                try container.decodeWholeNumberIfPresent(
                    forKey: .forecastHours, in: AirQualityRequest.forecastHoursRange) ?? forecastHours
        }
    }

    /// The air quality at one place, or at each of a list of places (a place that failed on its own as
    /// `{"error":…}`, the error its own call would have answered).
    public static func handle(_ params: Params, context: Breeze) async throws -> PendingResult {
        let locations = try params.places.coordinates()
        let request = try AirQualityRequest(coordinates: locations[0], forecastHours: params.forecastHours)
        guard params.places.isList else { return PendingResult(await context.pendingAirQualityJSON(request)) }
        return PendingResult(
            await context.pendingAirQualityListJSON(try request.at(locations), errorJSON: Places.errorJSON))
    }
}

/// Air quality writes its own JSON (see `AirQuality.jsonBytes()`).
extension AirQuality: JSONBytesConvertible {}
