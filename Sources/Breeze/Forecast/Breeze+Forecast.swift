import FoundationEssentials

/// Weather forecasts over the Open-Meteo forecast API.
extension Breeze {
    /// The forecast at each place of `request`, in order: per place, one forecast per weather model asked for
    /// (one forecast when no models were), or that place's own failure.
    ///
    /// A request about several places (`request.isList`) is one upstream call, and a place the upstream answered
    /// badly fails on its own. A request about one place throws that place's failure, as the call's.
    ///
    /// With several models Open-Meteo's JSON answer gives the place (grid cell, elevation, time zone) and the
    /// `current` section once, from the first model; each model's forecast carries those, and only the first
    /// has `current`. FlatBuffers answers are read to the same result.
    ///
    /// - Throws: `BreezeError.invalidParameter` when Open-Meteo rejects a variable name (naming `current`,
    ///   `hourly`, `daily` or `minutely15` when the name is in exactly one of them, else `variables`), a model or
    ///   the time zone; otherwise as `fetch`.
    public func fetchForecast(_ request: ForecastRequest, call: Call = Call()) async throws
        -> [Result<[Forecast], BreezeError>]
    {
        let failure = { (error: BreezeError) in Self.rejectedParameter(error, request: request) }
        guard request.isList || !request.models.isEmpty else {
            let forecast = try await fetchWeather(
                ForecastResponse.self, from: .forecast, query: Self.query(request), call: call, dependingOn: request,
                flatBuffers: { message throws(FlatBufferError) in try ForecastResponse(message, request: request) },
                failure: failure
            ).forecast
            return [.success([forecast])]
        }
        let places = try await fetchWeatherPlaces(
            ForecastResponse.self, from: .forecast, query: Self.query(request), call: call,
            placeCount: request.locations.count,
            dependingOn: request, json: { response in try response.forecast.byModel(request) },
            flatBuffers: { messages in try Forecast.byModel(messages, request: request) }, failure: failure)
        if !request.isList, case .failure(let error) = places[0] {
            throw failure(Redaction(configuration)(error))
        }
        return places
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

    /// The name a 400 of Open-Meteo's decoder refuses ("… from invalid String value foo."), `""` when none
    /// follows the phrase; `nil` for any other 400.
    static func refusedName(in reason: String) -> String? {
        guard let range = reason.firstRange(of: "invalid String value ") else { return nil }
        return String(reason[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }

    /// What a 400 from the forecast API means for the caller.
    ///
    /// Open-Meteo names an unknown variable only inside a decoder message ("… from invalid String value
    /// foo."), whose type name changes between releases, so the match is on that phrase and the name after it.
    static func rejectedParameter(_ reason: String, request: ForecastRequest) -> BreezeError {
        if let name = refusedName(in: reason) {
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
