import FoundationEssentials

/// Hourly air quality: one entry per hour in every series, `null` where the upstream has no value.
public struct AirQualityHourly: Sendable, Hashable, Encodable {
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

    private enum CodingKeys: String, CodingKey {
        case time, usAQI, europeanAQI, pm25, pm10, carbonMonoxide, nitrogenDioxide, sulphurDioxide, ozone, subIndices
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encodeNullable(usAQI, forKey: .usAQI)
        try container.encodeNullable(europeanAQI, forKey: .europeanAQI)
        try container.encodeNullable(pm25, forKey: .pm25)
        try container.encodeNullable(pm10, forKey: .pm10)
        try container.encodeNullable(carbonMonoxide, forKey: .carbonMonoxide)
        try container.encodeNullable(nitrogenDioxide, forKey: .nitrogenDioxide)
        try container.encodeNullable(sulphurDioxide, forKey: .sulphurDioxide)
        try container.encodeNullable(ozone, forKey: .ozone)
        try container.encodeNullable(subIndices, forKey: .subIndices)
    }
}
