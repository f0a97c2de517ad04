import Foundation

/// Weather forecasts over the Open-Meteo forecast API.
extension Breeze {
    /// The forecast at a point, in the sections and units asked for.
    ///
    /// - Throws: `BreezeError.invalidParameter` when Open-Meteo rejects a variable name (naming `current`,
    ///   `hourly`, `daily` or `minutely15` when the name is in exactly one of them, else `variables`) or the
    ///   time zone;
    ///   otherwise as `pendingFetch`.
    public func fetchForecast(_ request: ForecastRequest) async throws -> Forecast {
        try await pendingForecast(request).value
    }

    /// `fetchForecast` with no task waiting: the request is on its way when this returns (see `Pending`).
    public func pendingForecast(_ request: ForecastRequest) async -> Pending<Forecast> {
        let asked = Box(request)
        return await pendingWeather(
            ForecastResponse.self, from: .forecast, query: Self.query(request),
            flatBuffers: { message throws(FlatBufferError) in try ForecastResponse(message, request: asked.value) },
            failure: { Self.rejectedParameter($0, request: asked.value) }, make: { $0.forecast })
    }

    /// `fetchForecast`'s result as JSON text (`Forecast.jsonBytes()`), kept beside the upstream body it came
    /// from: a call the HTTP cache answers is a byte comparison, not a decode and an encode.
    ///
    /// - Throws: as `fetchForecast`.
    public func fetchForecastJSON(_ request: ForecastRequest) async throws -> [UInt8] {
        try await pendingForecastJSON(request).value
    }

    /// `fetchForecastJSON` with no task waiting: the request is on its way when this returns (see `Pending`).
    public func pendingForecastJSON(_ request: ForecastRequest) async -> Pending<[UInt8]> {
        let asked = Box(request)
        return await fetchWeatherReply(
            ForecastResponse.self, from: .forecast, query: Self.query(request),
            flatBuffers: { message throws(FlatBufferError) in try ForecastResponse(message, request: asked.value) },
            encode: { $0.forecast.jsonBytes() }, failure: { Self.rejectedParameter($0, request: asked.value) })
    }

    /// `fetchForecast`'s result as JSON text for a call about several places (`request.isList`) or models
    /// (`request.models`), all in one upstream call and memoized as `fetchForecastJSON` is.
    ///
    /// For one place with models: `{"models":[{"forecast":…,"model":…},…]}`, one entry per model in order.
    /// For a list of places: an array in their order, each entry what the call about that place alone returns
    /// (a forecast, or the models object), or `{"error":…}` with `errorJSON` of that place's failure, so one
    /// place the upstream answered badly does not sink the others.
    ///
    /// With several models Open-Meteo's JSON answer gives the place (grid cell, elevation, time zone) and the
    /// `current` section once, from the first model; each model's forecast carries those, and only the first
    /// has `current`. FlatBuffers answers are read to the same result.
    ///
    /// - Throws: as `fetchForecast`, when the upstream refuses the whole call or sends an unreadable body.
    public func fetchForecastsJSON(
        _ request: ForecastRequest, errorJSON: @escaping @Sendable (BreezeError) -> [UInt8]
    ) async throws -> [UInt8] {
        try await pendingForecastsJSON(request, errorJSON: errorJSON).value
    }

    /// `fetchForecastsJSON` with no task waiting, as `pendingForecastJSON`.
    public func pendingForecastsJSON(
        _ request: ForecastRequest, errorJSON: @escaping @Sendable (BreezeError) -> [UInt8]
    ) async -> Pending<[UInt8]> {
        let asked = Box(request)
        return await fetchWeatherReplyList(
            ForecastResponse.self, from: .forecast, query: Self.query(request),
            placeCount: request.locations.count,
            json: { response throws in try response.forecast.byModel(asked.value) },
            flatBuffers: { messages throws in try Forecast.byModel(messages, request: asked.value) },
            encode: { places throws in
                let request = asked.value
                var writer = JSONWriter(capacity: 4096 * places.count)
                if request.isList {
                    writer.write(places, models: request.models, errorJSON: errorJSON)
                } else {
                    // One place: its failure is the call's, as without models.
                    writer.write(try places[0].get(), models: request.models)
                }
                return writer.bytes
            }, failure: { Self.rejectedParameter($0, request: asked.value) })
    }

    /// The forecast API query for `request`.
    private static func query(_ request: ForecastRequest) -> [(String, String)] {
        var query = Coordinates.openMeteoQuery(request.locations)
        query.reserveCapacity(12)
        for (section, variables) in request.sections where !variables.isEmpty {
            query.append((section.upstreamName, variables.joined(separator: ",")))
        }
        query.append(("forecast_days", String(request.forecastDays)))
        query.append(("past_days", String(request.pastDays)))
        if let unit = request.temperatureUnit { query.append(("temperature_unit", unit.rawValue)) }
        if let unit = request.windSpeedUnit { query.append(("wind_speed_unit", unit.rawValue)) }
        if let unit = request.precipitationUnit { query.append(("precipitation_unit", unit.rawValue)) }
        query.append(("timezone", request.timezone))
        if !request.models.isEmpty { query.append(("models", request.models.joined(separator: ","))) }
        return query
    }

    /// What a failure of the forecast API means for the caller: a 400 names the rejected parameter; anything
    /// else is passed on.
    static func rejectedParameter(_ error: BreezeError, request: ForecastRequest) -> BreezeError {
        guard case .badServerResponse(_, 400, let reason) = error else { return error }
        return rejectedParameter(reason, request: request)
    }

    /// What a 400 from the forecast API means for the caller.
    ///
    /// Open-Meteo names an unknown variable only inside a decoder message ("… from invalid String value
    /// foo."), whose type name changes between releases, so the match is on that phrase and the name after it.
    static func rejectedParameter(_ reason: String, request: ForecastRequest) -> BreezeError {
        let marker = "invalid String value "
        if let range = reason.range(of: marker) {
            let name = String(
                reason[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            if request.models.contains(name) {
                return .invalidParameter(
                    name: "models", reason: "Open-Meteo's forecast API does not serve the model '\(name)': \(reason)")
            }
            let sections = request.sections.filter { $0.variables.contains(name) }.map(\.section.rawValue)
            let field = sections.count == 1 ? sections[0] : "variables"
            let what = name.isEmpty ? "a variable" : "the variable '\(name)'"
            return .invalidParameter(name: field, reason: "Open-Meteo does not know \(what): \(reason)")
        }
        if reason.hasPrefix("Invalid timezone") {
            return .invalidParameter(name: "timezone", reason: "Open-Meteo does not know this time zone: \(reason)")
        }
        return .badServerResponse(service: .forecast, status: 400, reason: reason)
    }
}
