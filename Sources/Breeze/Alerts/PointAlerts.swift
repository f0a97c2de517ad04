/// The warnings in force for one point, and what was asked to find them.
public struct PointAlerts: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// The country of the nearest place (ISO 3166-1 alpha-2); nil at open sea or on polar ice.
    public var country: String?
    public var coverage: AlertCoverage
    /// Why coverage is not `full`: no source for the point, or which sources failed.
    public var reason: String?
    /// Every feed asked, with its credit.
    public var sources: [AlertSourceUsed]
    /// In force or announced, covering the point: most severe first, then by start.
    public var alerts: [Alert]
    /// The error of each feed that failed, by feed name (`nws`, `eccc`, `meteoalarm:DE`).
    public var errors: [String: BreezeError]
}

/// Whether the point's warnings could be read.
public enum AlertCoverage: String, Sendable, Encodable {
    /// Every source for the point answered.
    case full
    /// Some sources for the point failed (see `errors`): the warnings shown are the others'.
    case partial
    /// No source covers the point (see `reason`): the empty list means nothing is known, not that all is calm.
    case none
}

/// A feed asked for a point, and whom to credit for it.
public struct AlertSourceUsed: Sendable, Hashable, Encodable {
    public var source: AlertSource
    /// The MeteoAlarm member whose feed was read; nil for NWS and ECCC.
    public var country: String?
    public var attribution: String
    /// Whether it answered (`false`: see `errors`).
    public var answered: Bool

    private enum CodingKeys: String, CodingKey {
        case source, country, attribution, answered
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .source: source, .country: country, .attribution: attribution, .answered: answered,
        ])
    }
}
