import FoundationEssentials

/// A time series section (`hourly` or `daily`): one entry per time in every series.
public struct ForecastSeries: Sendable, Hashable {
    /// Local times: `YYYY-MM-DDTHH:MM` hourly, `YYYY-MM-DD` daily.
    public var time: [String]
    /// Numeric series, by Open-Meteo name; `null` where the model has no value.
    public var values: [String: [Double?]]
    /// Time-valued series (unit `iso8601`, e.g. daily `sunrise`), by name, as local time text; `null` where
    /// there is none (a day without moonrise).
    public var text: [String: [String?]]
    /// The unit of every series, as the upstream states it.
    public var units: [String: String]
    /// The WMO description for each `weather_code` value; `null` when `weather_code` was not asked for.
    public var weatherDescriptions: [String?]?
    /// The ensemble members besides the control run (which is in `values`), by name: `members[name][i]` is the
    /// series of member i + 1. `nil`, and left out of the JSON, when the answer has no members, so answers
    /// without them stay as they were.
    public var members: [String: [[Double?]]]? = nil

    /// The size of the ensemble, the control run included; `nil` without members.
    public var memberCount: Int? {
        members.flatMap { $0.values.map(\.count).max() }.map { $0 + 1 }
    }
}
