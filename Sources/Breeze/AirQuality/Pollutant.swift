import FoundationEssentials

/// One pollutant's reading and its own US AQI sub-index.
public struct Pollutant: Sendable, Hashable {
    /// A stable identifier: `pm25`, `pm10`, `no2`, `so2`, `o3`, `co`.
    public var id: String
    /// The short name for display, e.g. "NO₂".
    public var name: String
    /// The full name, e.g. "Nitrogen dioxide".
    public var fullName: String
    /// The concentration, in `unit`.
    public var value: Double?
    /// The unit as the upstream states it (μg/m³ for all six), `null` when it states none.
    public var unit: String?
    /// This pollutant's US AQI sub-index, from the upstream (`us_aqi_pm2_5`, …).
    public var usAQI: Double?
    /// What the sub-index means; `null` when the sub-index is.
    public var status: Status?

    /// A coarse three-step rating of a sub-index, on the EPA's own boundaries: ≤ 50 good, ≤ 100 moderate,
    /// above that unhealthy (the EPA's "unhealthy for sensitive groups" and worse).
    public enum Status: String, Sendable, Hashable, Encodable, CaseIterable {
        case good, moderate, unhealthy

        /// The rating of a sub-index (rounded to an integer first, as AQI is reported); `nil` for no value.
        public init?(subIndex: Double?) {
            guard let subIndex, subIndex.isFinite else { return nil }
            self = .band(of: subIndex.rounded(), upperBounds: [50, 100])
        }
    }
}
