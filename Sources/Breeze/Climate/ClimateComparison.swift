/// The `fetchClimate` result: the daily maximum temperature on one day of the year, across years.
public struct ClimateComparison: Sendable, Equatable {
    /// The day compared, `MM-DD`.
    public var date: String
    /// The upstream's unit string, `°C` or `°F`.
    public var unit: String
    /// One point per year with data, sorted by year. Years without data are left out, never 0.
    public var points: [ClimatePoint]
    /// The last point's temperature minus the first's, rounded to 0.1; `nil` with fewer than two points.
    public var change: Double?
    /// The requested years that have no value (no data yet, or their upstream request failed), sorted.
    public var missingYears: [Int]

    public init(date: String, unit: String, points: [ClimatePoint], change: Double?, missingYears: [Int]) {
        self.date = date
        self.unit = unit
        self.points = points
        self.change = change
        self.missingYears = missingYears
    }
}

/// One year's daily maximum temperature.
public struct ClimatePoint: Sendable, Equatable {
    public var year: Int
    public var temperature: Double
    /// The calendar date the value is for, `YYYY-MM-DD`: February 28 stands in for February 29 in
    /// non-leap years.
    public var date: String
}
