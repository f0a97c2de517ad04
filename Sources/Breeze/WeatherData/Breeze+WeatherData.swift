import FoundationEssentials

/// Any of Open-Meteo's time-series APIs, read into the forecast's result shape.
extension Breeze {
    /// The answer at each place of `request`, in order: per place, one forecast per model asked for (one when no
    /// models were), or that place's own failure.
    ///
    /// As `fetchForecast`, plus: ensemble members are gathered into each series' `members`; a place no model
    /// covers (Open-Meteo's 200 with `nan` coordinates, or its 400 "No data is available for this location") is
    /// `noData` for that place, which no layer retries.
    ///
    /// - Throws: for a request about one place, that place's failure; `BreezeError.invalidParameter` when
    ///   Open-Meteo rejects a variable or model name; otherwise as `fetch`.
    public func fetchWeatherData(_ request: WeatherDataRequest, call: Call = Call()) async throws
        -> [Result<[Forecast], BreezeError>]
    {
        let service = request.api.upstream
        let failure = { (error: BreezeError) in Self.rejectedParameter(error, request: request) }
        let places: [Result<[Forecast], BreezeError>]
        do {
            places = try await fetchWeatherPlaces(
                WeatherDataAnswer.self, from: service, query: request.query, call: call,
                placeCount: request.locations.count,
                dependingOn: request, readsNaN: true,
                json: { answer in
                    guard let response = answer.response else { throw Self.notCovered(request) }
                    return try response.forecast.byModel(request)
                },
                flatBuffers: { messages in
                    if messages.contains(where: \.isNotCovered) { throw Self.notCovered(request) }
                    return try Forecast.byModel(messages, request: request)
                }, failure: failure)
        } catch BreezeError.noData(let service, let reason) where request.isList {
            places = request.locations.map { _ in .failure(.noData(service: service, reason: reason)) }
        }
        if !request.isList, case .failure(let error) = places[0] { throw error }
        return places
    }

    /// A place no model of the API covers.
    static func notCovered(_ request: WeatherDataRequest) -> BreezeError {
        .noData(
            service: request.api.upstream,
            reason: (request.models.isEmpty ? "no model" : request.models.joined(separator: ", "))
                + " of the \(request.api.rawValue) API covers this place; regional models cover only their area.")
    }

    /// What a failure of the API means for the caller: "no data" is `noData`; a 400 naming a variable or model
    /// is an `invalidParameter` naming it (as for the forecast); anything else is passed on.
    static func rejectedParameter(_ error: BreezeError, request: WeatherDataRequest) -> BreezeError {
        guard case .badServerResponse(let service, 400, let reason) = error else { return error }
        if reason.hasPrefix("No data is available for this location") { return notCovered(request) }
        if let name = refusedName(in: reason) {
            if request.models.contains(name) {
                return .invalidParameter(
                    name: "models",
                    reason: "Open-Meteo's \(request.api.rawValue) API does not serve the model '\(name)': \(reason)")
            }
            let sections = request.variables.filter { $0.value.contains(name) }.map(\.key.rawValue)
            let field = sections.count == 1 ? sections[0] : "variables"
            let what = name.isEmpty ? "a variable" : "the variable '\(name)'"
            return .invalidParameter(
                name: field, reason: "Open-Meteo's \(request.api.rawValue) API does not know \(what): \(reason)")
        }
        if reason.hasPrefix("Invalid timezone") {
            return .invalidParameter(name: "timezone", reason: "Open-Meteo does not know this time zone: \(reason)")
        }
        return .badServerResponse(service: service, status: 400, reason: reason)
    }
}

extension WeatherDataRequest: ForecastReading {
    func names(in section: ForecastSection) -> [String] { variables[section] ?? [] }

    func keySuffix(of model: String) -> String { "_" + (model == "best_match" ? api.defaultModelKey : model) }

    var checksModelEnum: Bool { false }
    var readsMembers: Bool { true }

    /// The Monday on or before the window's first day: `startDate`, or today (at the answer's offset) less
    /// `pastDays`.
    func firstWeek(utcOffsetSeconds: Int32) -> CivilDate? {
        let first: Int
        if let startDate, let date = Self.date(startDate) {
            first = date.daysSinceEpoch
        } else if let madeAt {
            let local = madeAt + Int64(utcOffsetSeconds)
            first = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) - (pastDays ?? 0)
        } else {
            return nil
        }
        // 1970-01-01 was a Thursday: days + 3 counts from a Monday.
        let sinceMonday = ((first + 3) % 7 + 7) % 7
        return CivilDate(daysSinceEpoch: first - sinceMonday)
    }
}

/// One place's JSON answer: the forecast, or `nil` for a place no model covers (its coordinates `nan`, read as
/// `null`, and no sections).
struct WeatherDataAnswer: Decodable {
    var response: ForecastResponse?

    private enum CodingKeys: String, CodingKey {
        case latitude
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        response =
            try container.decodeIfPresent(Double.self, forKey: .latitude) == nil
            ? nil : try ForecastResponse(from: decoder)
    }
}
