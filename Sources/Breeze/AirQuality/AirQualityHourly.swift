import FoundationEssentials

/// Hourly air quality: one entry per hour in every series, `null` where the upstream has no value.
public struct AirQualityHourly: Sendable, Hashable {
    /// Local times, `YYYY-MM-DDTHH:MM`.
    public var time: [String]
    public var usAQI: [Double?]
    public var europeanAQI: [Double?]
    public var pm25: [Double?]
    public var pm10: [Double?]
    public var carbonMonoxide: [Double?]
    public var nitrogenDioxide: [Double?]
    public var sulphurDioxide: [Double?]
    public var ozone: [Double?]
    /// Each pollutant's US AQI sub-index series, keyed by pollutant id (`pm25`, `no2`, …).
    public var subIndices: [String: [Double?]]
}
