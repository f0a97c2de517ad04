/// Where pollen data comes from.
public enum PollenSource: String, ParameterChoice, Codable {
    /// `google` when a Google Pollen key is configured, else `proxy`. Never appears in a result.
    case auto
    /// Google Pollen directly, with `GOOGLE_POLLEN_API_KEY`.
    case google
    /// The Breeze pollen proxy, which holds a Google key of its own; one day only, English only.
    case proxy
    /// Open-Meteo's keyless CAMS pollen forecast; Europe only, six plants, levels from `PollenLevels`.
    case openMeteo
}

/// A checked `fetchPollen` request.
public struct PollenRequest: Sendable, Equatable {
    public let coordinates: Coordinates
    /// Days of forecast, 1…5 (Google's limit). The proxy always answers with one.
    public let days: Int
    public let source: PollenSource
    /// A BCP-47 tag for Google's texts; the proxy and Open-Meteo answer in English whatever it says.
    public let languageCode: String

    /// - Throws: `BreezeError.invalidParameter` naming `days` or `languageCode`.
    public init(
        coordinates: Coordinates, days: Int = 1, source: PollenSource = .auto, languageCode: String = "en"
    ) throws(BreezeError) {
        try checkRange(days, 1...5, name: "days")
        // Letters, digits and hyphens only: the code goes into Google's query and must look like a BCP-47 tag.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        guard (1...35).contains(languageCode.count), languageCode.allSatisfy(allowed.contains) else {
            throw .invalidParameter(
                name: "languageCode", reason: "must be a BCP-47 language tag such as 'en' or 'de-CH'.")
        }
        self.coordinates = coordinates
        self.days = days
        self.source = source
        self.languageCode = languageCode
    }
}

/// The `fetchPollen` result: pollen levels per day, pollen types first, then plants.
public struct PollenForecast: Sendable, Equatable {
    /// The source actually used (`auto` resolved to `google` or `proxy`).
    public var source: PollenSource
    /// Google's ISO 3166-1 alpha-2 region; `nil` for Open-Meteo and for places Google leaves unassigned.
    public var regionCode: String?
    public var days: [PollenDay]
    /// The request's parameters this answer could not honour (`days`, `languageCode`); empty when it did.
    public var ignoredParameters: [String]

    public init(source: PollenSource, regionCode: String?, days: [PollenDay], ignoredParameters: [String] = []) {
        self.source = source
        self.regionCode = regionCode
        self.days = days
        self.ignoredParameters = ignoredParameters
    }
}

/// One day of pollen data.
public struct PollenDay: Sendable, Equatable, Encodable {
    /// The calendar date, `YYYY-MM-DD` (Google's is a UTC date; Open-Meteo's the local date).
    public var date: String
    /// Pollen types (GRASS, TREE, WEED), then plants.
    public var items: [PollenItem]

    public init(date: String, items: [PollenItem]) {
        self.date = date
        self.items = items
    }
}

extension PollenForecast: Encodable {
    private enum CodingKeys: String, CodingKey {
        case source, regionCode, days, ignoredParameters
    }

    /// `regionCode` is written as `null` when unknown, so the shape does not depend on the source.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(regionCode, forKey: .regionCode)
        try container.encode(days, forKey: .days)
        try container.encode(ignoredParameters, forKey: .ignoredParameters)
    }
}
