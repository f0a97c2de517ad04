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

extension PollenForecast: Encodable {
    private enum CodingKeys: String, CodingKey {
        case source, regionCode, days, ignoredParameters
    }

    /// `regionCode` is written as `null` when unknown, so the shape does not depend on the source.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .source: source, .regionCode: regionCode, .days: days, .ignoredParameters: ignoredParameters,
        ])
    }
}
