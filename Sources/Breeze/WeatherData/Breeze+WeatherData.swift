import FoundationEssentials

/// Any of Open-Meteo's time-series APIs, read into the forecast's result shape.
extension Breeze {
    /// The answer at each place of `request`, in order: per place, one forecast per model asked for (one when no
    /// models were), or that place's own failure. `fetchForecast` and `fetchWeatherData` both come here.
    ///
    /// A request about several places (`request.isList`) is one upstream call, and a place the upstream answered
    /// badly fails on its own. A request about one place throws that place's failure, as the call's. With several
    /// models Open-Meteo's JSON answer gives the place (grid cell, elevation, time zone) and the `current` section
    /// once, from the first model; each model's forecast carries those, and only the first has `current`.
    /// FlatBuffers answers are read to the same result.
    ///
    /// The family's param set also gathers ensemble members into each series' `members`, and reads a place no model
    /// covers (Open-Meteo's 200 with `nan` coordinates, or its 400 "No data is available for this location") as
    /// `noData` for that place, which no layer retries.
    ///
    /// - Throws: for a request about one place, that place's failure; `BreezeError.invalidParameter` when
    ///   Open-Meteo rejects a variable or model name (naming the section when the name is in exactly one, else
    ///   `variables`) or the time zone; otherwise as `fetch`.
    public func fetchWeatherData(_ request: WeatherDataRequest, call: Call = Call()) async throws
        -> [Result<[Forecast], BreezeError>]
    {
        let service = request.api.upstream
        let failure = { (error: BreezeError) in Self.rejectedParameter(error, request: request) }
        let family = request.paramSet == .family
        let settling = AnswerSettling(service, lastDay: request.endDate.flatMap { WeatherDataRequest.date($0) })
        var places: [Result<[Forecast], BreezeError>]
        if !family, !request.isList, request.models.isEmpty {
            // The forecast's one place without models is one answer, read as such (its first message).
            let forecast = try await fetchWeather(
                ForecastResponse.self, from: service, query: request.query, call: call, dependingOn: request,
                flatBuffers: { message throws(FlatBufferError) in try ForecastResponse(message, request: request) },
                failure: failure
            ).forecast
            places = [.success([forecast])]
        } else {
            do {
                places = try await fetchWeatherPlaces(
                    WeatherDataAnswer.self, from: service, query: request.query, call: call,
                    placeCount: request.locations.count,
                    dependingOn: request, readsNaN: family, settling: settling,
                    json: { answer in
                        if family, answer.isNotCovered { throw Self.notCovered(request) }
                        return try answer.response.get().forecast.byModel(request)
                    },
                    flatBuffers: { messages in
                        if family, messages.contains(where: \.isNotCovered) { throw Self.notCovered(request) }
                        return try Forecast.byModel(messages, request: request)
                    }, failure: failure)
            } catch BreezeError.noData(let service, let reason) where family && request.isList {
                places = request.locations.map { _ in .failure(.noData(service: service, reason: reason)) }
            }
        }
        if !request.isList, case .failure(let error) = places[0] {
            throw failure(Redaction(configuration)(error))
        }
        return places
    }

    /// A place no model of the API covers.
    static func notCovered(_ request: WeatherDataRequest) -> BreezeError {
        .noData(
            service: request.api.upstream,
            reason: (request.models.isEmpty ? "no model" : request.models.joined(separator: ", "))
                + " of the \(request.api.rawValue) API covers this place; regional models cover only their area.")
    }

    /// What a failure of the API means for the caller: a 400 naming a variable or model is an `invalidParameter`
    /// naming it; the family's "no data" is `noData`; anything else is passed on.
    ///
    /// Open-Meteo names an unknown variable only inside a decoder message ("… from invalid String value foo."),
    /// whose type name changes between releases, so the match is on that phrase and the name after it.
    static func rejectedParameter(_ error: BreezeError, request: WeatherDataRequest) -> BreezeError {
        guard case .badServerResponse(let service, 400, let reason) = error else { return error }
        if request.paramSet == .family, reason.hasPrefix("No data is available for this location") {
            return notCovered(request)
        }
        if let name = refusedName(in: reason) {
            if request.models.contains(name) {
                return .invalidParameter(
                    name: "models",
                    reason: "Open-Meteo's \(request.api.rawValue) API does not serve the model '\(name)': \(reason)")
            }
            let sections = ForecastSection.allCases.filter { request.names(in: $0).contains(name) }
            let field = sections.count == 1 ? sections[0].rawValue : "variables"
            let what = name.isEmpty ? "a variable" : "the variable '\(name)'"
            // The forecast's own words name no API: it has one.
            let who = request.paramSet == .family ? "Open-Meteo's \(request.api.rawValue) API" : "Open-Meteo"
            return .invalidParameter(name: field, reason: "\(who) does not know \(what): \(reason)")
        }
        if reason.hasPrefix("Invalid timezone") {
            return .invalidParameter(name: "timezone", reason: "Open-Meteo does not know this time zone: \(reason)")
        }
        return .badServerResponse(service: service, status: 400, reason: reason)
    }

    /// The name a 400 of Open-Meteo's decoder refuses ("… from invalid String value foo."), `""` when none
    /// follows the phrase; `nil` for any other 400.
    static func refusedName(in reason: String) -> String? {
        guard let range = reason.firstRange(of: "invalid String value ") else { return nil }
        return String(reason[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }
}

/// One place's JSON answer: the forecast (or why it did not decode), and whether it is a place no model covers (its
/// coordinates `nan`, read as `null`, and no sections).
struct WeatherDataAnswer: Decodable {
    var response: Result<ForecastResponse, any Error>
    var isNotCovered: Bool

    private enum CodingKeys: String, CodingKey {
        case latitude
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isNotCovered = try container.decodeIfPresent(Double.self, forKey: .latitude) == nil
        // Without coordinates the forecast is not expected to decode: its failure is kept for the forecast's param
        // set, which reads such a place as the malformed answer it is.
        response =
            isNotCovered
            ? Result { try ForecastResponse(from: decoder) } : .success(try ForecastResponse(from: decoder))
    }
}
