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
            forecastHours = try container.decodeWholeNumberIfPresent(forKey: .forecastHours) ?? forecastHours
        }
    }

    public static func handle(_ params: Params, context: Breeze) async throws -> Result {
        let locations = try params.places.coordinates()
        let request = try AirQualityRequest(coordinates: locations[0], forecastHours: params.forecastHours)
        guard params.places.isList else { return .one(try await context.fetchAirQuality(request)) }
        return .list(try await context.fetchAirQualityList(try request.at(locations)))
    }

    /// The air quality at one place, or at each of a list of places (a place that failed on its own as
    /// `{"error":…}`, the error its own call would have answered).
    public enum Result: Encodable, Sendable {
        case one(AirQuality)
        case list([Swift.Result<AirQuality, BreezeError>])

        private enum PlaceKeys: String, CodingKey {
            case error
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .one(let airQuality):
                try airQuality.encode(to: encoder)
            case .list(let places):
                var container = encoder.unkeyedContainer()
                for place in places {
                    switch place {
                    case .success(let airQuality):
                        try container.encode(airQuality)
                    case .failure(let error):
                        var entry = container.nestedContainer(keyedBy: PlaceKeys.self)
                        try entry.encode(error.responseError, forKey: .error)
                    }
                }
            }
        }
    }
}

/// Air quality writes its own JSON (see `AirQuality.jsonBytes()`).
extension AirQuality: JSONBytesConvertible {}
