import FoundationEssentials

/// Everything the Breeze app's main screen shows for one place: each part is its value or why it failed, and
/// the place's name.
public struct Dashboard: Sendable {
    public var airQuality: Result<AirQuality, any Error>
    public var pollen: Result<PollenForecast, any Error>
    public var climate: Result<ClimateComparison, any Error>
    public var forecast: Result<Forecast, any Error>
    /// The best window in the next 24 hours for a healthy adult's hour-long moderate activity (`findOutdoorWindows`
    /// with its defaults), from the air-quality, forecast and alerts answers; their error when either of the first
    /// two failed.
    public var outdoors: Result<OutdoorWindows, any Error>
    /// The official warnings for the point (`fetchAlerts`); `coverage: none` without a request where no source
    /// covers it. Not counted when deciding whether the dashboard failed, since it answers without any upstream
    /// where it has no source.
    public var alerts: Result<PointAlerts, any Error>
    /// The populated place nearest the point within the default radius, from the embedded table; nil when none
    /// lies within it (at sea).
    ///
    /// Not a part: it is read offline, so it has no error to report and never counts toward the dashboard failing.
    public var place: NearbyPlace?
}

extension Breeze {
    /// Fetches air quality, pollen (automatic source, today), the climate comparison for today and the default
    /// weather-card forecast, all at once, names the nearest place (`PlaceTable.nearest`, default radius), and from
    /// the air-quality and forecast answers finds the outdoor windows of the next 24 hours. The official warnings
    /// for the point (`fetchAlerts`) are asked beside them (no request where no source covers it) and feed the
    /// windows too.
    ///
    /// Four upstream requests at most, all at once: air quality, pollen, the climate's archive years (one request,
    /// see `fetchClimate`), and the forecast, which also carries the climate's recent year: it reaches back to
    /// that day (`pastDays`), and the forecast part drops the extra past days again, so it is the one
    /// `fetchForecast` gives for the default request. The price: that forecast's cache entry is not the plain
    /// request's, so a `fetchForecast` after a dashboard asks the upstream again.
    ///
    /// One part failing (pollen has no coverage, the archive is rate limited…) never stops the others: each
    /// arrives as its own `Result` (a failed forecast request is a missing recent year for the climate, as in
    /// `fetchClimate`). The air-quality request also asks for 24 hours ahead and 12 back, and the forecast for the
    /// hourly humidity, wind, gusts, UV and daylight, which `outdoors` reads; both parts drop them again, so they are
    /// what `fetchAirQuality` and `fetchForecast` give for the default requests (at the same price: a plain call
    /// after a dashboard asks the upstream again). `temperatureUnit` applies to the climate and forecast parts, `languageCode` (a BCP-47
    /// tag) to the pollen part's request; the other texts are ours, put in a language afterwards with
    /// `Dashboard.localized(_:)`. Progress (`CallProgress`) is the parts arrived out of four.
    /// - Throws: `CancellationError` only, when the calling task is cancelled: a cancelled call fails as a
    ///   whole, not as four cancelled parts.
    public func fetchDashboard(
        _ coordinates: Coordinates, temperatureUnit: TemperatureUnit? = nil, languageCode: String = "en",
        call: Call = Call()
    ) async throws -> Dashboard {
        let progress = call.progress
        // A part's arrival is reported, while its own progress (the climate's years) is not.
        let partCall = Call(deadline: call.deadline)
        let missing = CancellationError()
        var dashboard = Dashboard(
            airQuality: .failure(missing), pollen: .failure(missing), climate: .failure(missing),
            forecast: .failure(missing), outdoors: .failure(missing), alerts: .failure(missing))
        let weather = Result { () throws(BreezeError) in
            try DashboardWeather(coordinates, temperatureUnit: temperatureUnit, today: climateToday)
        }
        var archive: Result<[ClimateYearOutcome], any Error>?
        var forecast: Result<Forecast, any Error>?
        var air: Result<AirQuality, any Error> = .failure(missing)
        var climateArrived = false
        var completed = 0
        func arrived() {
            completed += 1
            progress?.report(completed, 4)
        }
        await withTaskGroup(of: DashboardPart.self) { group in
            group.addTask {
                .airQuality(
                    await Self.part {
                        try await fetchAirQuality(
                            AirQualityRequest(
                                coordinates: coordinates, forecastHours: OutdoorWindowsRequest.dashboardHours,
                                pastHours: OutdoorWindowsRequest.nowCastHours), call: partCall)[0].get()
                    })
            }
            group.addTask {
                .pollen(
                    await Self.part {
                        try await fetchPollen(
                            PollenRequest(coordinates: coordinates, languageCode: languageCode), call: partCall)
                    })
            }
            group.addTask {
                .archive(
                    await Self.part {
                        let weather = try weather.get()
                        return try await climateArchive(weather.plan, request: weather.climate, call: partCall)
                    })
            }
            group.addTask {
                .forecast(
                    await Self.part { try await fetchWeatherData(weather.get().forecast, call: partCall)[0].get()[0] })
            }
            group.addTask {
                .alerts(await Self.part { try await alerts(at: coordinates, language: languageCode, call: partCall) })
            }
            for await part in group {
                switch part {
                case .airQuality(let outcome):
                    air = outcome
                    // The part is the default request's answer: current conditions only.
                    dashboard.airQuality = outcome.map { full in
                        var airQuality = full
                        airQuality.hourly = nil
                        return airQuality
                    }
                    arrived()
                case .pollen(let outcome):
                    dashboard.pollen = outcome
                    arrived()
                case .archive(let outcome):
                    archive = outcome
                case .forecast(let outcome):
                    forecast = outcome
                    dashboard.forecast = outcome.flatMap { forecast in
                        Result { try weather.get().plain(forecast) }
                    }
                    arrived()
                case .alerts(let outcome):
                    dashboard.alerts = outcome
                }
                // The climate is complete once both of its answers are in.
                if !climateArrived, let archive, let forecast {
                    climateArrived = true
                    dashboard.climate = Result {
                        try weather.get().climate(archive: archive.get(), forecast: forecast)
                    }
                    arrived()
                }
            }
        }
        try Task.checkCancellation()
        dashboard.outdoors = Result {
            guard let forecast else { throw missing }
            return try Self.dashboardOutdoors(
                forecast: forecast.get(), air: air.get(), alerts: OutdoorAlerts(dashboard.alerts))
        }
        // The one error the look-up has is `noData`: no place within the radius, which the dashboard shows as none.
        dashboard.place = try? PlaceTable.embedded.nearest(to: coordinates)
        return dashboard
    }

    /// One part's value or error: a part that fails, even before its request is made, fails alone.
    private static func part<T>(_ fetch: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await fetch())
        } catch {
            return .failure(error)
        }
    }
}

/// The dashboard's climate and forecast requests, and how the one forecast answer serves both.
private struct DashboardWeather: Sendable {
    let climate: ClimateRequest
    let plan: ClimatePlan
    /// The default weather-card forecast, reaching back to the climate's recent day (`ClimatePlan.recent`) and
    /// at least two days ahead, as `fetchClimate`'s own request for it does.
    let forecast: WeatherDataRequest
    /// The past days `forecast` asks for beyond the plain request's.
    let extraPastDays: Int
    /// The hourly variables `forecast` asks for beyond the weather card's, for `outdoors`.
    static let outdoorHourly = ["relative_humidity_2m", "wind_speed_10m", "wind_gusts_10m", "uv_index", "is_day"]

    init(_ coordinates: Coordinates, temperatureUnit: TemperatureUnit?, today: CivilDate) throws(BreezeError) {
        climate = try ClimateRequest(coordinates: coordinates, temperatureUnit: temperatureUnit ?? .celsius)
        plan = try ClimatePlan(climate, today: today)
        let plain = try WeatherDataRequest(forecastAt: coordinates, temperatureUnit: temperatureUnit)
        let (plainPastDays, plainForecastDays) = (plain.pastDays ?? 0, plain.forecastDays ?? 0)
        let pastDays = max(plainPastDays, plan.recent.map { $0.daysAgo + 1 } ?? 0)
        // The weather card's daily section has `temperature_2m_max`, in the climate's unit (`nil` is Celsius).
        forecast = try WeatherDataRequest(
            forecastAt: coordinates, current: WeatherDataRequest.defaultCurrent,
            hourly: WeatherDataRequest.defaultHourly + Self.outdoorHourly, daily: WeatherDataRequest.defaultDaily,
            forecastDays: max(plainForecastDays, 2), pastDays: pastDays, temperatureUnit: temperatureUnit)
        extraPastDays = pastDays - plainPastDays
    }

    /// The forecast the plain request gives: `forecast`'s answer without the extra past days, in every series, and
    /// without the extra hourly variables.
    func plain(_ forecast: Forecast) throws(BreezeError) -> Forecast {
        var forecast = forecast
        for name in Self.outdoorHourly {
            forecast.hourly?.values[name] = nil
            forecast.hourly?.units[name] = nil
        }
        guard extraPastDays > 0 else { return forecast }
        guard let daily = forecast.daily, daily.time.count > extraPastDays else {
            throw .badServerResponse(
                service: .forecast, status: 200, reason: "the forecast has fewer days than the past days asked for")
        }
        // Local times: `YYYY-MM-DDTHH:MM` sorts after its day `YYYY-MM-DD`, and before the next.
        let firstDay = daily.time[extraPastDays]
        var trimmed = forecast
        trimmed.daily = daily.dropping(extraPastDays)
        trimmed.hourly = forecast.hourly.map { $0.dropping($0.time.prefix { $0 < firstDay }.count) }
        trimmed.minutely15 = forecast.minutely15.map { $0.dropping($0.time.prefix { $0 < firstDay }.count) }
        return trimmed
    }

    /// The climate comparison from the archive years' outcomes and the forecast's answer (its daily maxima hold
    /// the recent year's value; its failure is that year's).
    /// - Throws: as `fetchClimate`.
    func climate(archive: [ClimateYearOutcome], forecast: Result<Forecast, any Error>) throws -> ClimateComparison {
        var recentOutcome: ClimateYearOutcome?
        if let recent = plan.recent {
            switch forecast {
            case .success(let forecast):
                let daily = forecast.daily
                recentOutcome = plan.outcome(
                    index: recent.index, time: daily?.time ?? [], maximum: daily?.values["temperature_2m_max"] ?? [],
                    unit: daily?.units["temperature_2m_max"], requestUnit: climate.temperatureUnit)
            case .failure(let error as BreezeError):
                recentOutcome = try ClimateYearOutcome(failure: error)
            case .failure(let error):
                throw error
            }
        }
        return try plan.comparison(archive: archive, recent: recentOutcome)
    }
}

extension ForecastSeries {
    /// The series without its first `count` entries.
    fileprivate func dropping(_ count: Int) -> ForecastSeries {
        ForecastSeries(
            time: Array(time.dropFirst(count)), values: values.mapValues { Array($0.dropFirst(count)) },
            text: text.mapValues { Array($0.dropFirst(count)) }, units: units,
            weatherDescriptions: weatherDescriptions.map { Array($0.dropFirst(count)) })
    }
}

/// One answer the dashboard waits for, as it arrived.
private enum DashboardPart: Sendable {
    case airQuality(Result<AirQuality, any Error>)
    case pollen(Result<PollenForecast, any Error>)
    case archive(Result<[ClimateYearOutcome], any Error>)
    case forecast(Result<Forecast, any Error>)
    case alerts(Result<PointAlerts, any Error>)
}
