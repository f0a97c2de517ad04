import Breeze
import JSONRPC

/// `fetchPollen`: pollen levels per day at a place, as the Breeze app's list items.
public enum FetchPollen: BreezeMethod {
    public static let name = "fetchPollen"

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// 1…5.
        public var days: Int = 1
        /// `auto`, `google`, `proxy` or `openMeteo`.
        public var source: String = PollenSource.auto.rawValue
        /// BCP-47; only Google translates.
        public var languageCode: String = "en"

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, days, source, languageCode
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            days = try container.decodeWholeNumberIfPresent(forKey: .days, in: PollenRequest.daysRange) ?? days
            source = try container.decodeIfPresent(String.self, forKey: .source) ?? source
            languageCode = try container.decodeIfPresent(String.self, forKey: .languageCode) ?? languageCode
        }
    }

    public static func handle(_ params: Params, context breeze: Breeze) async throws -> PollenForecast {
        let request = try PollenRequest(
            coordinates: Coordinates(latitude: params.latitude, longitude: params.longitude),
            days: params.days, source: try PollenSource(parameter: params.source, field: "source"),
            languageCode: params.languageCode)
        return try await breeze.fetchPollen(request)
    }
}
