import Breeze
import JSONRPC

/// `fetchPollen`: pollen levels per day at a place, as the Breeze app's list items.
public enum FetchPollen: BreezeMethod {
    public static let name = "fetchPollen"
    public static let narrowing = ["days", "detail"]

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// 1…5.
        public var days: Int = 1
        /// `auto`, `google`, `proxy` or `openMeteo`.
        public var source: String = PollenSource.auto.rawValue
        /// BCP-47: the same as `language`, under the name today's callers use; `nil` when left out.
        public var languageCode: String?
        /// BCP-47, for Google's texts and ours (the `openMeteo` source); new, so last by position.
        public var language: String?
        /// `summary`, `standard` or `full` (see `Detail`); nil for the call's default. Newest, so last by position.
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, days, source, languageCode, language, detail
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            days = try container.decodeWholeNumberIfPresent(forKey: .days, in: PollenRequest.daysRange) ?? days
            source = try container.decodeIfPresent(String.self, forKey: .source) ?? source
            languageCode = try container.decodeIfPresent(String.self, forKey: .languageCode)
            language = try container.decodeIfPresent(String.self, forKey: .language)
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PollenForecast, PollenSummary>
    {
        let detail = try context.detail(params.detail)
        // The two names are one param: both given and different is a contradiction, not a choice to make for them.
        if let language = params.language, let languageCode = params.languageCode, language != languageCode {
            throw BreezeError.invalidParameter(
                name: "language",
                reason: "and languageCode are the same param; give one, not \"\(language)\" and \"\(languageCode)\".")
        }
        // Reported under the name the caller used.
        let name = params.language == nil ? "languageCode" : "language"
        let code = params.language ?? params.languageCode ?? "en"
        let request = try pollenRequest(params, languageCode: code, name: name)
        var forecast = try await context.breeze.fetchPollen(request, call: context.call).localized(
            Language.Choice(code: code).language)
        if name != "languageCode" {
            forecast.ignoredParameters = forecast.ignoredParameters.map { $0 == "languageCode" ? name : $0 }
        }
        return Detailed(forecast, detail: detail, summarize: PollenSummary.init)
    }

    /// The checked request; a bad language code is named by the param the caller used.
    private static func pollenRequest(_ params: Params, languageCode: String, name: String) throws(BreezeError)
        -> PollenRequest
    {
        let coordinates = try Coordinates(latitude: params.latitude, longitude: params.longitude)
        let source = try PollenSource(parameter: params.source, field: "source")
        do {
            return try PollenRequest(
                coordinates: coordinates, days: params.days, source: source, languageCode: languageCode)
        } catch {
            guard case .invalidParameter("languageCode", let reason) = error else { throw error }
            throw .invalidParameter(name: name, reason: reason)
        }
    }
}
