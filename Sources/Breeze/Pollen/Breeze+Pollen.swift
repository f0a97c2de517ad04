import FoundationEssentials

/// Pollen: Google Pollen directly, the Breeze proxy in front of it, or Open-Meteo's CAMS pollen for Europe.
extension Breeze {
    /// Pollen levels per day at a place, as the Breeze app's list items.
    ///
    /// - Throws: `BreezeError`: `notConfigured` for `google` without a key; `noData` where the source has no
    ///   coverage (Google's "Information is unavailable for this location", Open-Meteo's all-null pollen, or an
    ///   answer listing no days); `rateLimited` on 429; `badServerResponse` with the upstream's reason
    ///   otherwise. The proxy answers an uncovered place with 400 "Failed to fetch pollen data", the same as
    ///   for any other failure behind it, so through the proxy that stays a `badServerResponse`.
    /// - Important: the Google key never appears in a result or an error.
    public func fetchPollen(_ request: PollenRequest, call: Call = Call()) async throws -> PollenForecast {
        var forecast: PollenForecast
        switch request.source {
        case .auto:
            let hasKey = configuration.googlePollenAPIKey.map { !$0.isEmpty } ?? false
            forecast =
                hasKey
                ? try await fetchGooglePollen(request, call: call) : try await fetchProxyPollen(request, call: call)
        case .google:
            forecast = try await fetchGooglePollen(request, call: call)
        case .proxy:
            forecast = try await fetchProxyPollen(request, call: call)
        case .openMeteo:
            forecast = try await fetchOpenMeteoPollen(request, call: call)
        }
        forecast.ignoredParameters = Self.ignoredParameters(request, answer: forecast)
        return forecast
    }

    /// The parameters `answer` could not honour, so a caller never mistakes one English day for what it asked:
    /// `days` when fewer days came back than asked (the proxy always sends one), `languageCode` when a source
    /// that only speaks English (the proxy, Open-Meteo) was asked for another language.
    static func ignoredParameters(_ request: PollenRequest, answer: PollenForecast) -> [String] {
        var ignored: [String] = []
        if answer.days.count < request.days { ignored.append("days") }
        let language = request.languageCode.lowercased()
        if answer.source != .google, language != "en", !language.hasPrefix("en-") { ignored.append("languageCode") }
        return ignored
    }

    // MARK: - Google and the proxy

    private func fetchGooglePollen(_ request: PollenRequest, call: Call) async throws -> PollenForecast {
        let query = [
            ("location.latitude", String(request.coordinates.latitude)),
            ("location.longitude", String(request.coordinates.longitude)),
            ("days", String(request.days)),
            ("languageCode", request.languageCode),
            ("plantsDescription", "true"),
        ]
        return try await fetch(
            from: .googlePollen, query: query, call: call,
            failure: { error in
                // Google says 400 both for "no coverage here" and for real mistakes; only its message tells them
                // apart.
                if case .badServerResponse(.googlePollen, 400, let reason) = error,
                    reason.contains("Information is unavailable for this location")
                {
                    return .noData(service: .googlePollen, reason: reason)
                }
                return error
            }
        ) { body in
            try Self.pollenForecast(
                try JSONDecoder().decode(GooglePollenResponse.self, from: body), source: .google,
                service: .googlePollen, days: request.days)
        }
    }

    private func fetchProxyPollen(_ request: PollenRequest, call: Call) async throws -> PollenForecast {
        let query = [
            ("lat", String(request.coordinates.latitude)), ("lon", String(request.coordinates.longitude)),
        ]
        return try await fetch(from: .pollenProxy, query: query, call: call) { body in
            // The proxy always asks Google for one day in English; more days are not available through it.
            try Self.pollenForecast(
                try JSONDecoder().decode(GooglePollenResponse.self, from: body), source: .proxy,
                service: .pollenProxy, days: request.days)
        }
    }

    /// Google's answer as Breeze items: per day, the pollen types in GRASS, TREE, WEED order, then the plants
    /// in Google's order.
    static func pollenForecast(
        _ response: GooglePollenResponse, source: PollenSource, service: Upstream, days: Int
    ) throws(BreezeError) -> PollenForecast {
        let dayInfos = response.dailyInfo ?? []
        guard !dayInfos.isEmpty else {
            throw .noData(service: service, reason: "the answer lists no pollen days for this location.")
        }
        let pollenDays = dayInfos.prefix(days).map { day in
            let typeOrder = ["GRASS": 0, "TREE": 1, "WEED": 2]
            let types = (day.pollenTypeInfo ?? []).enumerated()
                .sorted { (typeOrder[$0.element.code] ?? 3, $0.offset) < (typeOrder[$1.element.code] ?? 3, $1.offset) }
                .map { pollenItem(type: $0.element) }
            return PollenDay(date: day.date.iso, items: types + (day.plantInfo ?? []).map(pollenItem(plant:)))
        }
        return PollenForecast(source: source, regionCode: response.regionCode, days: Array(pollenDays))
    }

    private static func pollenItem(type: GooglePollenResponse.PollenTypeInfo) -> PollenItem {
        PollenItem(
            id: type.code, name: type.displayName ?? type.code, value: indexValue(type.indexInfo),
            category: type.indexInfo?.category, isPlant: false,
            inSeason: inSeason(type.inSeason, hasData: type.indexInfo != nil),
            healthRecommendations: type.healthRecommendations, indexDescription: type.indexInfo?.indexDescription,
            color: type.indexInfo?.color?.hex)
    }

    private static func pollenItem(plant: GooglePollenResponse.PlantInfo) -> PollenItem {
        let description = plant.plantDescription
        return PollenItem(
            id: plant.code, name: plant.displayName ?? plant.code, value: indexValue(plant.indexInfo),
            category: plant.indexInfo?.category, isPlant: true,
            inSeason: inSeason(plant.inSeason, hasData: plant.indexInfo != nil || description != nil),
            imageUrl: description?.picture, family: description?.family, season: description?.season,
            appearance: description?.specialColors, crossReaction: description?.crossReaction,
            indexDescription: plant.indexInfo?.indexDescription, color: plant.indexInfo?.color?.hex,
            type: description?.type)
    }

    /// No `indexInfo` means no data (`nil`); an `indexInfo` without `value` is proto3 dropping the default 0.
    private static func indexValue(_ index: GooglePollenResponse.IndexInfo?) -> Int? {
        index.map { $0.value ?? 0 }
    }

    /// Proto3 drops `inSeason: false`; on an entry that has no data at all, its absence means "unknown".
    private static func inSeason(_ inSeason: Bool?, hasData: Bool) -> Bool? {
        inSeason ?? (hasData ? false : nil)
    }

    // MARK: - Open-Meteo

    private func fetchOpenMeteoPollen(_ request: PollenRequest, call: Call) async throws -> PollenForecast {
        let query =
            request.coordinates.openMeteoQuery + [
                ("hourly", OpenMeteoPlant.allCases.map(\.variable).joined(separator: ",")),
                ("forecast_days", String(request.days)),
                ("timezone", "auto"),
            ]
        let response = try await fetchWeather(
            OpenMeteoPollenResponse.self, from: .airQuality, query: query, call: call, dependingOn: nil,
            flatBuffers: { message throws(FlatBufferError) in try OpenMeteoPollenResponse(message) })
        do {
            return try Self.pollenForecast(response.hourly, days: request.days)
        } catch {
            throw Redaction(configuration)(error)
        }
    }

    /// Open-Meteo's hourly concentrations as Breeze items: each day's peak per plant mapped to a 0–5 level,
    /// and the types GRASS, TREE, WEED as the highest level among their plants.
    static func pollenForecast(_ hourly: OpenMeteoPollenResponse.Hourly, days: Int) throws(BreezeError)
        -> PollenForecast
    {
        // Group the hours by their local date (the first 10 characters of "YYYY-MM-DDTHH:MM"), in order.
        var dates: [String] = []
        var hoursByDate: [String: [Int]] = [:]
        for (index, time) in hourly.time.enumerated() {
            let date = String(time.prefix(10))
            if hoursByDate[date] == nil { dates.append(date) }
            hoursByDate[date, default: []].append(index)
        }
        var anyValue = false
        let pollenDays = dates.prefix(days).map { date in
            let hours = hoursByDate[date] ?? []
            let plants = OpenMeteoPlant.allCases.map { plant in
                let series = hourly.series(plant)
                let peak = hours.compactMap { $0 < series.count ? series[$0] : nil }.max()
                return (plant: plant, peak: peak, level: plant.thresholds.level(peak))
            }
            if plants.contains(where: { $0.peak != nil }) { anyValue = true }
            let types = OpenMeteoPlant.types.map { type in
                let level = plants.filter { $0.plant.type == type.code }.compactMap(\.level).max()
                return openMeteoItem(id: type.code, name: type.name, level: level, isPlant: false)
            }
            let items = plants.map { entry in
                var item = openMeteoItem(
                    id: entry.plant.code, name: entry.plant.name, level: entry.level, isPlant: true)
                item.family = entry.plant.family
                item.type = entry.plant.type
                item.peakGrainsPerCubicMeter = entry.peak
                return item
            }
            return PollenDay(date: date, items: types + items)
        }
        guard anyValue else {
            throw .noData(
                service: .airQuality,
                reason:
                    "Open-Meteo's pollen forecast (CAMS Europe) covers Europe only; every pollen value here is null.")
        }
        return PollenForecast(source: .openMeteo, regionCode: nil, days: Array(pollenDays))
    }

    private static func openMeteoItem(id: String, name: String, level: Int?, isPlant: Bool) -> PollenItem {
        PollenItem(
            id: id, name: name, value: level, category: level.map { PollenLevels.categories[$0] }, isPlant: isPlant,
            indexDescription: level.map { PollenLevels.descriptions[$0] })
    }
}
