import FoundationEssentials

/// Conditions now: one value per variable.
public struct ForecastCurrent: Sendable, Hashable, Encodable {
    /// Local time, `YYYY-MM-DDTHH:MM`.
    public var time: String
    /// The length of the period the values describe, in seconds (900 on the forecast API).
    public var interval: Int
    /// Numeric variables, by Open-Meteo name; `null` where the model has no value.
    public var values: [String: Double?]
    /// Time-valued variables (unit `iso8601`), by name: kept as the upstream's local time text.
    public var text: [String: String?]
    /// The unit of every variable, as the upstream states it (`"undefined"` when the model lacks it).
    public var units: [String: String]
    /// The WMO description of `weather_code`; `null` when it was not asked for or has no value.
    public var weatherDescription: String?

    private enum CodingKeys: String, CodingKey {
        case time, interval, values, text, units, weatherDescription
    }

    /// Writes every key, `null` for missing values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(interval, forKey: .interval)
        try container.encodeNullable(values, forKey: .values)
        try container.encodeNullable(text, forKey: .text)
        try container.encode(units, forKey: .units)
        try container.encode(weatherDescription, forKey: .weatherDescription)
    }
}
