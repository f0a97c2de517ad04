import Breeze
import JSONRPC

/// `searchCities`: places matching a name, best match first, for a location picker.
public enum SearchCities: BreezeMethod {
    public static let name = "searchCities"

    public struct Params: NamedParams {
        public var name: String
        public var count: Int = 5
        /// `nil` (absent or `null`): the script of `name` picks the language, else English.
        public var language: String?
        public var countryCode: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case name, count, language, countryCode
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            count = try container.decodeWholeNumberIfPresent(forKey: .count, in: CitySearch.countRange) ?? count
            language = try container.decodeIfPresent(String.self, forKey: .language)
            countryCode = try container.decodeIfPresent(String.self, forKey: .countryCode)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws -> [City] {
        let search = try CitySearch(
            name: params.name, count: params.count, language: params.language, countryCode: params.countryCode)
        return try await context.breeze.searchCities(search, call: context.call)
    }
}
