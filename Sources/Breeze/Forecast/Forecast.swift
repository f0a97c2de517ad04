import FoundationEssentials

/// A forecast for one place, in the sections asked for.
///
/// Every key is always written: a section not asked for (or not sent) is `null`, a missing value is `null`.
public struct Forecast: Sendable, Hashable {
    /// The centre of the upstream's grid cell (not the requested point).
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level of the grid cell, when known.
    public var elevation: Double?
    /// The IANA time zone all times are in.
    public var timezone: String
    /// For display only: its spelling varies between upstream builds.
    public var timezoneAbbreviation: String
    /// The zone's offset at request time, applied to every time in the response.
    public var utcOffsetSeconds: Int
    public var current: ForecastCurrent?
    public var hourly: ForecastSeries?
    public var daily: ForecastSeries?
    /// The 15-minute section, when asked for with `minutely15`.
    public var minutely15: ForecastSeries?
    /// Weekly and monthly statistics (the seasonal API's); `nil`, and left out of the JSON, unless asked for.
    public var weekly: ForecastSeries? = nil
    public var monthly: ForecastSeries? = nil
    /// The params this answer could not honour (`language` when we have no texts in it, so they are in
    /// English); `nil`, and left out of the JSON, when every param was honoured, so such answers stay as they were.
    public var ignoredParameters: [String]? = nil
}

// MARK: - Upstream
