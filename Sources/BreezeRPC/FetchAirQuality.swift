import Breeze
import JSONRPC

/// `fetchAirQuality`: current air quality, its US AQI status and pollutants, optionally the hours ahead.
public enum FetchAirQuality: BreezeMethod {
    public static let name = "fetchAirQuality"

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        public var forecastHours: Int = 0

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, forecastHours
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            forecastHours = try container.decodeWholeNumberIfPresent(forKey: .forecastHours) ?? forecastHours
        }
    }

    public static func handle(_ params: Params, context: Breeze) async throws -> AirQuality {
        try await context.fetchAirQuality(
            AirQualityRequest(
                coordinates: Coordinates(latitude: params.latitude, longitude: params.longitude),
                forecastHours: params.forecastHours))
    }
}

/// Air quality writes its own JSON (see `AirQuality.jsonBytes()`).
extension AirQuality: JSONBytesConvertible {}
