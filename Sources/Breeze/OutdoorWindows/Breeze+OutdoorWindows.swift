import FoundationEssentials

/// Outdoor windows: when, in the next hours, this person can do this activity outside.
extension Breeze {
    /// The outdoor windows at each place of `request`, in order; each place its answer or its own failure.
    ///
    /// At most one forecast and one air-quality request (the air quality reaching 12 hours back, which the PM
    /// NowCast needs), plus, when the profile names pollen allergies, one pollen request per place outside CAMS
    /// Europe's area (Google Pollen with a key, else the Breeze proxy, as `fetchPollen`'s `auto`), all at once.
    /// None of them depends on the person, the activity, the constraints or `hours`, so another question about the
    /// same place is answered from the cache. A pollen source that fails or covers nothing makes pollen `unknown`;
    /// it never fails the answer.
    ///
    /// - Parameter alerts: the official warnings in force at each place (UTC spans), asked in the same round as the
    ///   other requests; nil for `fetchAlerts`' (see `outdoorAlerts`). Severe and Extreme warnings are `avoid` for
    ///   the hours they cover, others `caution`; a place whose sources failed is answered without them, as
    ///   `coverage.alerts` says.
    /// - Throws: as `fetchForecast` and `fetchAirQuality`, for a request about one place.
    public func findOutdoorWindows(
        _ request: OutdoorWindowsRequest,
        alerts source: (@Sendable ([Coordinates]) async -> [OutdoorAlerts])? = nil, call: Call = Call()
    ) async throws -> [Result<OutdoorWindows, BreezeError>] {
        let places = request.locations
        let pollenPlaces =
            request.profile.pollenAllergies.isEmpty ? [] : places.indices.filter { !Self.inCAMSEurope(places[$0]) }
        async let forecasts = outdoorSeries(.forecast, request: request, call: call)
        async let air = outdoorSeries(.airQuality, request: request, call: call)
        async let pollen = outdoorPollen(pollenPlaces.map { places[$0] }, call: call)
        async let warnings = outdoorAlerts(places, from: source, call: call)
        let (forecastResults, airResults, pollenResults) = try await (forecasts, air, pollen)
        let alerts = await warnings
        let pollenByPlace = Dictionary(uniqueKeysWithValues: zip(pollenPlaces, pollenResults))
        let planner = OutdoorPlanner(request: request)
        let results: [Result<OutdoorWindows, BreezeError>] = places.indices.map { index in
            Result { () throws(BreezeError) in
                try Self.outdoorWindows(
                    forecast: forecastResults[index].get(), air: airResults[index].get(),
                    pollen: pollenByPlace[index] ?? nil,
                    alerts: alerts.indices.contains(index) ? alerts[index] : nil,
                    request: request, planner: planner)
            }
        }
        if !request.isList, case .failure(let error) = results[0] { throw error }
        return results
    }

    /// CAMS Europe's area, where Open-Meteo's air-quality API carries hourly pollen: 30° N to 72° N, 25° W to
    /// 45° E (https://open-meteo.com/en/docs/air-quality-api, "CAMS European Air Quality Forecast").
    static func inCAMSEurope(_ place: Coordinates) -> Bool {
        (30...72).contains(place.latitude) && (-25...45).contains(place.longitude)
    }

    /// The forecast variables the rules read, hourly, in °C, km/h and %.
    static let outdoorForecastVariables = [
        "temperature_2m", "relative_humidity_2m", "precipitation_probability", "weather_code", "wind_speed_10m",
        "wind_gusts_10m", "uv_index", "is_day",
    ]
    /// The air-quality variables: concentrations for the NowCast, the gases' US sub-indices, the European index
    /// and the six CAMS pollen species.
    static let outdoorAirVariables =
        ["pm2_5", "pm10"] + outdoorAirFields.map(\.name) + OpenMeteoPlant.allCases.map(\.variable)

    /// A field of an hour's input that an upstream series fills as it is.
    private typealias OutdoorField = (name: String, field: any WritableKeyPath<OutdoorHourInput, Double?> & Sendable)
    /// The forecast variables an hour's input takes as they are, and the field each fills.
    private static let outdoorWeatherFields: [OutdoorField] = [
        ("relative_humidity_2m", \.humidity), ("precipitation_probability", \.precipitationProbability),
        ("wind_speed_10m", \.windSpeed), ("wind_gusts_10m", \.windGusts), ("uv_index", \.uvIndex),
    ]
    /// The air-quality sub-indices an hour's input takes as they are, and the field each fills.
    private static let outdoorAirFields: [OutdoorField] = [
        ("us_aqi_ozone", \.ozoneAQI), ("us_aqi_nitrogen_dioxide", \.nitrogenDioxideAQI),
        ("us_aqi_sulphur_dioxide", \.sulphurDioxideAQI), ("us_aqi_carbon_monoxide", \.carbonMonoxideAQI),
        ("european_aqi", \.europeanAQI),
    ]

    /// One of the two Open-Meteo requests for every place of `request`, each place its series or failure.
    private func outdoorSeries(_ service: Upstream, request: OutdoorWindowsRequest, call: Call) async throws
        -> [Result<Forecast, BreezeError>]
    {
        let reading = OutdoorReading(
            service: service,
            hourly: service == .forecast ? Self.outdoorForecastVariables : Self.outdoorAirVariables)
        var query = Coordinates.openMeteoQuery(request.locations)
        query.append(("hourly", reading.hourly.joined(separator: ",")))
        query.append(("forecast_hours", String(OutdoorWindowsRequest.upstreamHours)))
        if service == .airQuality { query.append(("past_hours", String(OutdoorWindowsRequest.nowCastHours))) }
        query.append(("timezone", "auto"))
        return try await fetchWeatherPlaces(
            ForecastResponse.self, from: service, query: query, call: call, placeCount: request.locations.count,
            dependingOn: reading, json: { response in response.forecast },
            flatBuffers: { messages in
                guard messages.count == 1 else {
                    throw BodyShapeError(description: "\(messages.count) answers for one place")
                }
                return try ForecastResponse(messages[0], hourly: reading.hourly).forecast
            })
    }

    /// The pollen forecast of each place (Google or the proxy, as `auto` picks), or nil where it failed.
    private func outdoorPollen(_ places: [Coordinates], call: Call) async -> [PollenForecast?] {
        guard !places.isEmpty else { return [] }
        return await withTaskGroup(of: (Int, PollenForecast?).self) { group in
            for (index, place) in places.enumerated() {
                group.addTask {
                    // Five days: every hour of the 96 a Google answer can reach (the proxy sends one).
                    let forecast = try? await self.fetchPollen(PollenRequest(coordinates: place, days: 5), call: call)
                    return (index, forecast)
                }
            }
            var results = [PollenForecast?](repeating: nil, count: places.count)
            for await (index, forecast) in group { results[index] = forecast }
            return results
        }
    }

    /// `fetchDashboard`'s `outdoors`: `findOutdoorWindows` with its defaults (a healthy adult, an hour of moderate
    /// activity, the next 24 hours), from the dashboard's own forecast (weather card plus the hourly fields the
    /// rules read, from the day before) and air quality (24 hours ahead, 12 back) answers.
    static func dashboardOutdoors(forecast: Forecast, air: AirQuality, alerts: OutdoorAlerts?) throws(BreezeError)
        -> OutdoorWindows
    {
        var request = try OutdoorWindowsRequest(
            coordinates: Coordinates(latitude: air.latitude, longitude: air.longitude),
            hours: OutdoorWindowsRequest.dashboardHours)
        request.includesHours = false
        var series = ForecastSeries(
            time: air.hourly?.time ?? [], values: [:], text: [:], units: [:], weatherDescriptions: nil)
        if let hourly = air.hourly {
            series.values = [
                "pm2_5": hourly.pm25, "pm10": hourly.pm10, "european_aqi": hourly.europeanAQI,
                "us_aqi_ozone": hourly.subIndices[PollutantID.o3.rawValue] ?? [],
                "us_aqi_nitrogen_dioxide": hourly.subIndices[PollutantID.no2.rawValue] ?? [],
                "us_aqi_sulphur_dioxide": hourly.subIndices[PollutantID.so2.rawValue] ?? [],
                "us_aqi_carbon_monoxide": hourly.subIndices[PollutantID.co.rawValue] ?? [],
            ]
        }
        // The air-quality answer's times are at the forecast's offset: both ask with `timezone=auto`.
        let airForecast = Forecast(
            latitude: air.latitude, longitude: air.longitude, elevation: nil, timezone: air.timezone,
            timezoneAbbreviation: forecast.timezoneAbbreviation, utcOffsetSeconds: forecast.utcOffsetSeconds,
            current: nil, hourly: series, daily: nil, minutely15: nil)
        return try outdoorWindows(
            forecast: forecast, air: airForecast, pollen: nil, alerts: alerts, request: request,
            planner: OutdoorPlanner(request: request), startingAt: air.time)
    }

    /// One place's answer from its two series and pollen, from the hour `startingAt` (local time text), or from the
    /// forecast's first hour.
    static func outdoorWindows(
        forecast: Forecast, air: Forecast, pollen: PollenForecast?, alerts: OutdoorAlerts?,
        request: OutdoorWindowsRequest, planner: OutdoorPlanner, startingAt start: String? = nil
    ) throws(BreezeError) -> OutdoorWindows {
        guard let weather = forecast.hourly else {
            throw .badServerResponse(service: .forecast, status: 200, reason: "the answer has no hourly section")
        }
        let first = start.map { start in weather.time.prefix { $0 < start }.count } ?? 0
        // The rules read °C: a forecast asked in Fahrenheit (the dashboard's, with `temperatureUnit`) is converted.
        let fahrenheit = weather.units["temperature_2m"] == "°F"
        let offset = Int64(forecast.utcOffsetSeconds)
        let airSeries = air.hourly
        let airOffset = Int64(air.utcOffsetSeconds)
        // Every series is looked up once, then read by index hour after hour.
        func airValues(_ name: String) -> [Double?] { airSeries?.values[name] ?? [] }
        func values(_ name: String) -> [Double?] { weather.values[name] ?? [] }
        let pm25 = airValues("pm2_5")
        let pm10 = airValues("pm10")
        let ozone = airValues("us_aqi_ozone")
        let airColumns = Self.outdoorAirFields.map { (series: airValues($0.name), field: $0.field) }
        let temperature = values("temperature_2m")
        let weatherCode = values("weather_code")
        let isDay = values("is_day")
        let weatherColumns = Self.outdoorWeatherFields.map { (series: values($0.name), field: $0.field) }
        var airIndex: [Int64: Int] = [:]
        // The air-quality horizon: the last hour with a particle or ozone value.
        var lastAirUTC: Int64?
        for (index, time) in (airSeries?.time ?? []).enumerated() {
            guard let utc = OutdoorTime.utc(time, offset: airOffset) else { continue }
            airIndex[utc] = index
            if Self.at(pm25, index) != nil || Self.at(ozone, index) != nil { lastAirUTC = max(lastAirUTC ?? utc, utc) }
        }

        let wanted = min(request.hours, max(0, weather.time.count - first))
        var hours: [OutdoorPlanner.Hour] = []
        hours.reserveCapacity(wanted)
        var truncatedAt: Int64?
        let taxa = Set(request.profile.pollenAllergies.map(\.taxon))
        let cell = try Coordinates(latitude: forecast.latitude, longitude: forecast.longitude)
        let usesCAMS = !taxa.isEmpty && inCAMSEurope(cell)
        // Each taxon with the CAMS species that count towards it, and their series.
        let camsTaxa = taxa.map { taxon in
            (
                taxon: taxon,
                species: OpenMeteoPlant.allCases.filter(taxon.camsSpecies.contains).map { plant in
                    (plant: plant, values: airValues(plant.variable))
                }
            )
        }
        let googleDays = pollen.map(Self.googleLevels) ?? [:]
        var pollenSeen = false
        for index in first..<first + wanted {
            guard let utc = OutdoorTime.utc(weather.time[index], offset: offset) else {
                throw .badServerResponse(
                    service: .forecast, status: 200, reason: "the time '\(weather.time[index])' is not a local time")
            }
            if let lastAirUTC, utc > lastAirUTC {
                truncatedAt = utc
                break
            }
            var input = OutdoorHourInput()
            input.temperature = Self.at(temperature, index).map {
                fahrenheit ? OutdoorIndices.celsius(fahrenheit: $0) : $0
            }
            input.weatherCode = Self.at(weatherCode, index).map { Int($0) }
            input.isDay = Self.at(isDay, index).map { $0 >= 1 }
            for column in weatherColumns { input[keyPath: column.field] = Self.at(column.series, index) }
            input.pollen.reserveCapacity(taxa.count)
            if let at = airIndex[utc] {
                input.pm25NowCast = OutdoorIndices.nowCast(Self.newestFirst(pm25, at))
                input.pm10NowCast = OutdoorIndices.nowCast(Self.newestFirst(pm10, at))
                for column in airColumns { input[keyPath: column.field] = Self.at(column.series, at) }
                if usesCAMS {
                    for (taxon, species) in camsTaxa {
                        let readings = species.compactMap { entry in
                            Self.at(entry.values, at).map { OutdoorPollen.reading(entry.plant, $0) }
                        }
                        if let worst = readings.max(by: { ($0.level, $0.value) < ($1.level, $1.value) }) {
                            input.pollen[taxon] = worst
                            pollenSeen = true
                        }
                    }
                }
            }
            if !usesCAMS, let day = googleDays[String(weather.time[index].prefix(10))] {
                for taxon in taxa {
                    let values = taxon.googleCodes.compactMap { day[$0] }
                    if let upi = values.max() {
                        input.pollen[taxon] = OutdoorPollen.reading(universalPollenIndex: upi)
                        pollenSeen = true
                    }
                }
            }
            input.alerts = (alerts?.alerts ?? []).filter { $0.start < utc + 3600 && $0.end > utc }
            hours.append(
                OutdoorPlanner.Hour(
                    time: weather.time[index], utc: utc,
                    localMinutes: OutdoorTime.minutesAfterMidnight(utc, offset: offset), input: input))
        }

        let judged = planner.judge(hours)
        let label = { (utc: Int64) in OutdoorTime.label(utc, offset: offset) }
        let plan = planner.plan(judged, label: label, horizonEnd: truncatedAt == nil ? .horizon : .airQualityHorizon)

        // A handful of sources among thousands of verdicts: a short list to search beats hashing each one.
        var used: [OutdoorSource] = request.aqiScale == .us ? [.epaNowCast, .epaSchools] : []
        for hour in judged {
            for factor in hour.factors where factor.hasSource && !used.contains(factor.source) {
                used.append(factor.source)
            }
        }
        if used.contains(.nwsWBGT) { used.append(.bomWBGT) }
        let pollenCoverage: String
        if taxa.isEmpty {
            pollenCoverage = "notAsked"
        } else if !pollenSeen {
            pollenCoverage = "unknown"
        } else {
            pollenCoverage = usesCAMS ? "cams" : (pollen?.source.rawValue ?? "unknown")
        }
        let coverage = OutdoorCoverage(
            airQuality: lastAirUTC == nil ? "unknown" : "open-meteo-cams",
            pm: request.aqiScale == .us ? "nowcast-on-model" : nil, pollen: pollenCoverage,
            pollenScale: !pollenSeen
                ? nil
                : usesCAMS
                    ? "daily thresholds applied to hourly model values"
                    : "daily index applied to every hour of its day",
            alerts: alerts?.coverage ?? "notAvailable", truncatedTo: truncatedAt.map(label),
            message: truncatedAt == nil ? nil : OutdoorNote(.airQualityHorizon))
        // The hours are kept only for `detail` `full`; the heat index, wind chill and WBGT are their factors' values.
        let hourly =
            !request.includesHours
            ? nil
            : judged.map { hour in
                let input = hour.hour.input
                let limiting = hour.level == .go ? [] : hour.factors.filter { $0.level == hour.level }.map(\.factor)
                func value(_ factor: String) -> Double? { hour.factors.first { $0.factor == factor }?.value }
                return OutdoorHour(
                    time: hour.hour.time, level: hour.excludedBy == nil ? hour.level.rawValue : "excluded",
                    limiting: limiting, factors: hour.factors,
                    indices: OutdoorIndexValues(
                        pm25NowCast: input.pm25NowCast.map { OutdoorIndices.truncated($0, step: 0.1) },
                        pm10NowCast: input.pm10NowCast.map { OutdoorIndices.truncated($0, step: 1) },
                        heatIndex: value("heatIndex"), windChill: value("windChill"), wbgt: value("wbgt")))
            }
        return OutdoorWindows(
            latitude: forecast.latitude, longitude: forecast.longitude, timezone: forecast.timezone,
            utcOffsetSeconds: forecast.utcOffsetSeconds, hours: hours.count, activity: request.activity,
            aqiScale: request.aqiScale, temperatureUnit: request.temperatureUnit, windows: plan.windows,
            best: plan.best, avoid: plan.avoid, leastBad: plan.leastBad, coverage: coverage,
            sources: OutdoorSource.allCases.filter(used.contains), note: OutdoorNote(.disclaimer), hourly: hourly)
    }

    /// The value at `index`, nil outside the series.
    private static func at(_ series: [Double?], _ index: Int) -> Double? {
        series.indices.contains(index) ? series[index] : nil
    }

    /// Up to 12 values ending at `index`, newest first (the NowCast's order), read in place.
    private static func newestFirst(_ series: [Double?], _ index: Int) -> ReversedCollection<ArraySlice<Double?>> {
        let end = series.indices.contains(index) ? index + 1 : 0
        return series[max(0, end - 12)..<end].reversed()
    }

    /// Google's (or the proxy's) Universal Pollen Index per local date and plant or type code.
    private static func googleLevels(_ forecast: PollenForecast) -> [String: [String: Int]] {
        var days: [String: [String: Int]] = [:]
        for day in forecast.days {
            var codes: [String: Int] = [:]
            for item in day.items { if let value = item.value { codes[item.id] = value } }
            days[day.date] = codes
        }
        return days
    }
}

/// What an outdoor request's answer depends on besides its query, for the memo of decoded answers: the API and the
/// hourly names asked for, in order (FlatBuffers answers carry positions only).
struct OutdoorReading: Hashable, Sendable {
    let service: Upstream
    let hourly: [String]
}
