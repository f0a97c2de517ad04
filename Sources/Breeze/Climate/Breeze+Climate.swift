import FoundationEssentials

/// The Breeze "climate" chart: how hot one day of the year was, decade by decade.
extension Breeze {
    /// Days back from today that are read from the forecast endpoint instead of the archive.
    ///
    /// ERA5 lags about five days, so the archive's most recent values are `null`; the forecast endpoint's
    /// `past_days` has them. Two days of margin cover the lag varying and the UTC/local date difference.
    static let climateRecentDays = 7

    /// The daily maximum temperature on `request.date` in each requested year.
    ///
    /// The years are fetched concurrently (the Breeze app fetches them one by one). A year whose value is
    /// `null`, lies in the future, or whose request fails with an upstream error is left out and listed in
    /// `missingYears`; when no year has a value, the first year's error is thrown (or `noData` if every
    /// answer was simply empty). February 29 reads February 28 in years that have no February 29.
    ///
    /// "Today" (the default date and the current year) is the UTC date of `now()`. Progress (`CallProgress`) is
    /// the years answered out of those requested.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `years` for a year after the current one (see
    ///   `ClimateRequest.dayAndYears(asOf:)`); `badURL` at once for a misconfigured base URL; otherwise as
    ///   described above.
    public func fetchClimate(_ request: ClimateRequest) async throws -> ClimateComparison {
        let today = CivilDate(daysSinceEpoch: Int((now().timeIntervalSince1970 / 86_400).rounded(.down)))
        let (monthDay, years) = try request.dayAndYears(asOf: today)
        let progress = CallProgress.current
        // One request per year, all at once: they are independent, and six sequential round trips are what
        // makes the app's chart slow. Open-Meteo queues a handful of concurrent requests per client.
        let outcomes = try await withThrowingTaskGroup(of: (Int, ClimateYearOutcome).self) { group in
            for (index, year) in years.enumerated() {
                group.addTask {
                    (index, try await climateOutcome(year: year, monthDay: monthDay, today: today, request: request))
                }
            }
            var outcomes = [ClimateYearOutcome](repeating: .noValue, count: years.count)
            var completed = 0
            for try await (index, outcome) in group {
                outcomes[index] = outcome
                completed += 1
                progress?.report(completed, years.count)
            }
            return outcomes
        }
        return try Self.comparison(of: Array(zip(years, outcomes)), on: monthDay)
    }

    /// The comparison the years' outcomes, in order, come to.
    private static func comparison(of outcomes: [(year: Int, outcome: ClimateYearOutcome)], on monthDay: MonthDay)
        throws(BreezeError) -> ClimateComparison
    {
        var points: [ClimatePoint] = []
        var unit: String?
        var missing: [Int] = []
        var firstError: BreezeError?
        for (year, outcome) in outcomes {
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

    /// One year's value: from the forecast endpoint for recent dates, from the archive otherwise.
    ///
    /// Upstream failures become `.failed` so one bad year does not sink the others; configuration errors
    /// (`badURL`, `notConfigured`) and cancellation fail it, since every year would meet them.
    private func climateOutcome(year: Int, monthDay: MonthDay, today: CivilDate, request: ClimateRequest)
        async throws -> ClimateYearOutcome
    {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let day = CivilDate(
            year: year, month: monthDay.month,
            day: monthDay.day == 29 && monthDay.month == 2 && !isLeap ? 28 : monthDay.day)
        let daysAgo = today.daysSinceEpoch - day.daysSinceEpoch
        guard daysAgo >= 0 else { return .noValue }  // later this year: nothing measured yet

        var query = request.coordinates.openMeteoQuery
        let service: Upstream
        if daysAgo <= Self.climateRecentDays {
            service = .forecast
            // One extra past day and two forecast days, because the series is in local time and "today" is UTC.
            query += [
                ("daily", "temperature_2m_max"), ("timezone", "auto"), ("past_days", String(daysAgo + 1)),
                ("forecast_days", "2"),
            ]
        } else {
            service = .archive
            query += [
                ("start_date", day.iso), ("end_date", day.iso), ("daily", "temperature_2m_max"), ("timezone", "auto"),
            ]
        }
        let unit = request.temperatureUnit
        if unit == .fahrenheit { query.append(("temperature_unit", "fahrenheit")) }

        let response: DailyMaximumResponse
        do {
            response = try await fetchWeather(
                DailyMaximumResponse.self, from: service, query: query, dependingOn: nil,
                flatBuffers: { message throws(FlatBufferError) in try DailyMaximumResponse(message) })
        } catch let error as BreezeError {
            switch error {
            case .badServerResponse, .networkError, .timeout, .rateLimited, .noData:
                return .failed(error)
            case .invalidParameter, .badURL, .notConfigured:
                throw error
            }
        }
        // Match on the date: the forecast series spans several days, and the archive normalises impossible
        // dates (1990-02-29 comes back as 1990-03-01).
        guard let index = response.daily.time.firstIndex(of: day.iso), index < response.daily.maximum.count,
            let temperature = response.daily.maximum[index]
        else { return .noValue }
        let pointUnit = response.units?.maximum ?? (unit == .fahrenheit ? "°F" : "°C")
        return .value(ClimatePoint(year: year, temperature: temperature, date: day.iso), unit: pointUnit)
    }
}

/// What one year's request came to.
private enum ClimateYearOutcome: Sendable {
    case value(ClimatePoint, unit: String)
    /// The upstream answered, without a value for the day (or the day is still to come).
    case noValue
    case failed(BreezeError)
}

/// The part of an archive or forecast answer with `daily=temperature_2m_max`.
private struct DailyMaximumResponse: Decodable, Sendable {
    var daily: Daily
    var units: Units?

    private enum CodingKeys: String, CodingKey {
        case daily
        case units = "daily_units"
    }

    struct Daily: Decodable, Sendable {
        var time: [String]
        var maximum: [Double?]

        private enum CodingKeys: String, CodingKey {
            case time
            case maximum = "temperature_2m_max"
        }
    }

    struct Units: Decodable, Sendable {
        var maximum: String?

        private enum CodingKeys: String, CodingKey {
            case maximum = "temperature_2m_max"
        }
    }

    /// From a FlatBuffers message: its one daily variable is `temperature_2m_max`.
    init(_ message: WeatherApiResponse) throws(FlatBufferError) {
        guard let section = message.daily else {
            throw FlatBufferError(description: "the answer has no daily section")
        }
        let time = try section.localTimes(utcOffsetSeconds: message.utcOffsetSeconds)
        guard let maximum = try section.named(["temperature_2m_max"]).first(where: { _ in true })?.1 else {
            throw FlatBufferError(description: "the answer has no daily maximum")
        }
        daily = Daily(time: time, maximum: try maximum.roundedValues(count: time.count))
        units = Units(maximum: maximum.unit.abbreviation)
    }
}
