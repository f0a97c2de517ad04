import FoundationEssentials

/// Conditions now: one value per variable.
public struct ForecastCurrent: Sendable, Hashable {
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
}
