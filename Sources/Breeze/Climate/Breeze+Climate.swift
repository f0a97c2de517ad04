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
    /// Two upstream requests at most, at once: every archive year in one archive request with a date range per
    /// year, and the one recent year (within `climateRecentDays`, where the archive has no value yet) from the
    /// forecast endpoint. A year whose value is `null`, lies in the future, or whose request fails with an
    /// upstream error is left out and listed in `missingYears`: when the archive request fails as a whole, every
    /// archive year is missing and the comparison holds the recent year alone. When no year has a value, the
    /// first year's error is thrown (or `noData` if every answer was simply empty). February 29 reads February 28
    /// in years that have no February 29.
    ///
    /// "Today" (the default date and the current year) is the UTC date of `now()`. Progress (`CallProgress`) is
    /// the years answered out of those requested: the years still to come at once, then the archive's and the
    /// recent year's as their answers arrive.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `years` for a year after the current one (see
    ///   `ClimateRequest.dayAndYears(asOf:)`); `badURL` at once for a misconfigured base URL; otherwise as
    ///   described above.
    public func fetchClimate(_ request: ClimateRequest, call: Call = Call()) async throws -> ClimateComparison {
        let plan = try ClimatePlan(request, today: climateToday)
        let progress = call.progress
        var completed = plan.years.count - plan.archive.count - (plan.recent == nil ? 0 : 1)
        if completed > 0 { progress?.report(completed, plan.years.count) }
        let (archive, recent) = try await withThrowingTaskGroup(of: ClimateAnswer.self) { group in
            group.addTask { .archive(try await climateArchive(plan, request: request, call: call)) }
            if let recent = plan.recent {
                group.addTask { .recent(try await climateRecent(recent, of: plan, request: request, call: call)) }
            }
            var archive: [ClimateYearOutcome] = []
            var recent: ClimateYearOutcome?
            for try await answer in group {
                switch answer {
                case .archive(let outcomes):
                    archive = outcomes
                    completed += outcomes.count
                case .recent(let outcome):
                    recent = outcome
                    completed += 1
                }
                progress?.report(completed, plan.years.count)
            }
            return (archive, recent)
        }
        return try plan.comparison(archive: archive, recent: recent)
    }

    /// Today's UTC date by the domain's clock: the climate's default day and current year.
    var climateToday: CivilDate {
        CivilDate(daysSinceEpoch: Int((now().timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// The archive years of `plan`, in order: one archive request with a date range per year (Open-Meteo answers
    /// several `start_date`/`end_date` pairs for one place with one result per range); none without archive years.
    ///
    /// A range the upstream answered badly fails alone; an upstream failure of the whole request fails every
    /// archive year (see `ClimateYearOutcome.init(failure:)`). The answer is cached under the whole list of ranges:
    /// a call about other years (or another day) asks again, even for a year an earlier call had; calls with the
    /// default years, the dashboard's among them, share it all day.
    /// - Throws: the errors that would meet every year (`badURL`, `notConfigured`), and cancellation.
    func climateArchive(_ plan: ClimatePlan, request: ClimateRequest, call: Call) async throws
        -> [ClimateYearOutcome]
    {
        guard !plan.archive.isEmpty else { return [] }
        let dates = plan.archive.map { plan.days[$0].iso }.joined(separator: ",")
        var query = request.coordinates.openMeteoQuery
        query += [("start_date", dates), ("end_date", dates), ("daily", "temperature_2m_max"), ("timezone", "auto")]
        if request.temperatureUnit == .fahrenheit { query.append(("temperature_unit", "fahrenheit")) }
        let ranges: [Result<DailyMaximumResponse, BreezeError>]
        do {
            ranges = try await fetchWeatherPlaces(
                DailyMaximumResponse.self, from: .archive, query: query, call: call, placeCount: plan.archive.count,
                grouping: .inOrder, dependingOn: plan.archive.count,
                settling: AnswerSettling(.archive, lastDay: plan.archive.map { plan.days[$0] }.max()),
                json: { $0 },
                flatBuffers: { messages in try DailyMaximumResponse(messages) })
        } catch let error as BreezeError {
            let failed = try ClimateYearOutcome(failure: error)
            return plan.archive.map { _ in failed }
        }
        return try zip(plan.archive, ranges).map { index, range throws(BreezeError) in
            switch range {
            case .success(let response): response.outcome(index: index, of: plan, request: request)
            case .failure(let error): try ClimateYearOutcome(failure: error)
            }
        }
    }

    /// The recent year of `plan` from the forecast endpoint, with one extra past day and two forecast days, because
    /// the series is in local time and "today" is UTC.
    ///
    /// - Throws: as `climateArchive`.
    private func climateRecent(
        _ recent: ClimatePlan.Recent, of plan: ClimatePlan, request: ClimateRequest, call: Call
    )
        async throws -> ClimateYearOutcome
    {
        var query = request.coordinates.openMeteoQuery
        query += [
            ("daily", "temperature_2m_max"), ("timezone", "auto"), ("past_days", String(recent.daysAgo + 1)),
            ("forecast_days", "2"),
        ]
        if request.temperatureUnit == .fahrenheit { query.append(("temperature_unit", "fahrenheit")) }
        do {
            let response = try await fetchWeather(
                DailyMaximumResponse.self, from: .forecast, query: query, call: call, dependingOn: nil,
                flatBuffers: { message throws(FlatBufferError) in try DailyMaximumResponse(message) })
            return response.outcome(index: recent.index, of: plan, request: request)
        } catch let error as BreezeError {
            return try ClimateYearOutcome(failure: error)
        }
    }
}

/// One of the (at most two) answers a climate comparison waits for.
private enum ClimateAnswer: Sendable {
    case archive([ClimateYearOutcome])
    case recent(ClimateYearOutcome)
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

    /// The year at `index` of `plan`'s years, as this answer has it.
    func outcome(index: Int, of plan: ClimatePlan, request: ClimateRequest) -> ClimateYearOutcome {
        plan.outcome(
            index: index, time: daily.time, maximum: daily.maximum, unit: units?.maximum,
            requestUnit: request.temperatureUnit)
    }

    /// From the one FlatBuffers message of a date range.
    init(_ messages: [WeatherApiResponse]) throws {
        guard messages.count == 1 else { throw BodyShapeError(description: "\(messages.count) answers for one range") }
        try self.init(messages[0])
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
