/// What a `fetchClimate` request asks of the upstreams as of one day: the day of the year, each year's date, which
/// of them the archive answers (one request with a date range per year) and which one is recent enough to come
/// from the forecast endpoint instead.
struct ClimatePlan: Sendable {
    /// A year whose date lies within `Breeze.climateRecentDays` of today: the archive has no value for it yet.
    struct Recent: Sendable {
        /// Its index in `years`.
        var index: Int
        var day: CivilDate
        var daysAgo: Int
    }

    let monthDay: MonthDay
    /// The years compared, in order.
    let years: [Int]
    /// Each year's date, in the order of `years`: February 28 stands in for February 29 in non-leap years.
    let days: [CivilDate]
    /// The indexes in `years` of the years the archive answers, in order.
    let archive: [Int]
    /// The one year recent enough for the forecast endpoint, if any (the dates of two years lie a year apart, so
    /// at most one is within a week of today).
    let recent: Recent?

    /// - Throws: `BreezeError.invalidParameter` naming `years` for a year after `today`'s (see
    ///   `ClimateRequest.dayAndYears(asOf:)`).
    init(_ request: ClimateRequest, today: CivilDate) throws(BreezeError) {
        (monthDay, years) = try request.dayAndYears(asOf: today)
        let monthDay = monthDay
        days = years.map { year in
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return CivilDate(
                year: year, month: monthDay.month,
                day: monthDay.day == 29 && monthDay.month == 2 && !isLeap ? 28 : monthDay.day)
        }
        var archive: [Int] = []
        var recent: Recent?
        for (index, day) in days.enumerated() {
            let daysAgo = today.daysSinceEpoch - day.daysSinceEpoch
            if daysAgo < 0 { continue }  // later this year: nothing measured yet
            if daysAgo <= Breeze.climateRecentDays {
                recent = Recent(index: index, day: day, daysAgo: daysAgo)
            } else {
                archive.append(index)
            }
        }
        (self.archive, self.recent) = (archive, recent)
    }

    /// The year at `index` of `years`, from a daily maximum series (`time` as `YYYY-MM-DD`, `maximum` and its unit
    /// as the upstream states them): its value on the year's date, or `noValue`.
    ///
    /// Matched on the date: the forecast series spans several days, and the archive normalises impossible dates
    /// (1990-02-29 comes back as 1990-03-01).
    func outcome(index: Int, time: [String], maximum: [Double?], unit: String?, requestUnit: TemperatureUnit)
        -> ClimateYearOutcome
    {
        let day = days[index]
        guard let position = time.firstIndex(of: day.iso), position < maximum.count, let temperature = maximum[position]
        else { return .noValue }
        let pointUnit = unit ?? (requestUnit == .fahrenheit ? "°F" : "°C")
        return .value(ClimatePoint(year: years[index], temperature: temperature, date: day.iso), unit: pointUnit)
    }

    /// The comparison the outcomes come to: `archive` for the years in `self.archive`, in order, and `recent` for
    /// the recent year (nil when there is none); every other year is still to come.
    ///
    /// A year without a value is left out and listed in `missingYears`; when no year has one, the first failed
    /// year's error is thrown, or `noData` if every answer was simply empty.
    func comparison(archive archiveOutcomes: [ClimateYearOutcome], recent recentOutcome: ClimateYearOutcome?)
        throws(BreezeError) -> ClimateComparison
    {
        var outcomes = [ClimateYearOutcome](repeating: .noValue, count: years.count)
        for (index, outcome) in zip(archive, archiveOutcomes) { outcomes[index] = outcome }
        if let recent, let recentOutcome { outcomes[recent.index] = recentOutcome }
        var points: [ClimatePoint] = []
        var unit: String?
        var missing: [Int] = []
        var firstError: BreezeError?
        for (year, outcome) in zip(years, outcomes) {
            switch outcome {
            case .value(let point, let pointUnit):
                points.append(point)
                if unit == nil { unit = pointUnit }
            case .failed(let error):
                missing.append(year)
                if firstError == nil { firstError = error }
            case .noValue:
                missing.append(year)
            }
        }
        guard let unit, let first = points.first, let last = points.last else {
            throw firstError
                ?? .noData(service: .archive, reason: "no requested year has a temperature for \(monthDay) here.")
        }
        let change = points.count >= 2 ? ((last.temperature - first.temperature) * 10).rounded() / 10 : nil
        return ClimateComparison(
            date: monthDay.description, unit: unit, points: points, change: change, missingYears: missing)
    }
}

/// What one year of a climate comparison came to.
enum ClimateYearOutcome: Sendable {
    case value(ClimatePoint, unit: String)
    /// The upstream answered, without a value for the day (or the day is still to come).
    case noValue
    case failed(BreezeError)

    /// A failed year, for an upstream failure (so one bad answer does not sink the other years).
    ///
    /// - Throws: `error` itself when it is not the upstream's: configuration errors (`badURL`, `notConfigured`)
    ///   and a refused parameter would meet every year, so they fail the comparison.
    init(failure error: BreezeError) throws(BreezeError) {
        switch error {
        case .badServerResponse, .networkError, .timeout, .rateLimited, .noData:
            self = .failed(error)
        case .invalidParameter, .badURL, .notConfigured:
            throw error
        }
    }
}
