import Breeze
import JSONRPC

/// `fetchPollen`: pollen levels per day at a place, as the Breeze app's list items.
public enum FetchPollen: BreezeMethod {
    public static let name = "fetchPollen"

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// 1…5, default 1.
        public var days: Int?
        /// `auto` (default), `google`, `proxy` or `openMeteo`.
        public var source: String?
        /// BCP-47, default `en`; only Google translates.
        public var languageCode: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, days, source, languageCode
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            days = try container.decodeWholeNumberIfPresent(forKey: .days)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            languageCode = try container.decodeIfPresent(String.self, forKey: .languageCode)
        }
    }

    public static func handle(_ params: Params, context breeze: Breeze) async throws -> PollenForecast {
        let request = try PollenRequest(
            coordinates: Coordinates(latitude: params.latitude, longitude: params.longitude),
            days: params.days ?? 1,
            source: params.source.map { text throws(BreezeError) in
                try PollenSource(parameter: text, field: "source")
            } ?? .auto,
            languageCode: params.languageCode ?? "en")
        return try await breeze.fetchPollen(request)
    }
}
