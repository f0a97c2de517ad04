import FoundationEssentials

/// Building upstream URLs, calling them, and turning what comes back into values or typed errors.
extension Breeze {
    /// Sends `query` to `service` within `call` and turns a 2xx body into a value with `make`, in the calling task.
    ///
    /// - Throws: `BreezeError`: `badURL` when the configured base URL is unusable; `rateLimited` on 429;
    ///   `badServerResponse` on any other failure status (with the upstream's own reason) or on a 2xx body
    ///   that `make` cannot read (including Open-Meteo's "Unexpected error while streaming data" tail). Every
    ///   `BreezeError` leaves through `Redaction`, then `failure` (what the error means for this call): an
    ///   upstream, or a proxy in front of it, may echo the request URL, key included, in any error dialect.
    /// - Parameters:
    ///   - memoize: keep the value in `memo`, and serve it again for the same query and a byte-equal body instead
    ///     of calling `make`: only for a `make` that is a pure function of the body and of `request`.
    ///   - request: what, besides the body, the value depends on (the domain request, with its variables, units,
    ///     language); nil when it depends on the body alone.
    ///   - lifetime: how long the HTTP cache may keep the answer, judged from its body (the cache reads none).
    func fetch<T: Sendable>(
        from service: Upstream, query: [(String, String)], call: Call, memoize: Bool = false,
        dependingOn request: (any Hashable & Sendable)? = nil, lifetime: AnswerLifetime = .json,
        failure: (BreezeError) -> BreezeError = { $0 }, make: (Data) throws -> T
    ) async throws -> T {
        let upstreamRequest: HTTPRequest
        do {
            upstreamRequest = try self.request(service, query: query)
        } catch {
            throw failure(Redaction(configuration)(error))
        }
        return try await fetch(
            upstreamRequest, call: call, memoize: memoize, dependingOn: request, lifetime: lifetime, failure: failure,
            make: make)
    }

    /// Sends `upstreamRequest`, made by the caller (a path of its own, headers), as `fetch(from:query:…)` does.
    func fetch<T: Sendable>(
        _ upstreamRequest: HTTPRequest, call: Call, memoize: Bool = false,
        dependingOn request: (any Hashable & Sendable)? = nil, lifetime: AnswerLifetime = .json,
        failure: (BreezeError) -> BreezeError = { $0 }, make: (Data) throws -> T
    ) async throws -> T {
        let service = upstreamRequest.service
        var upstreamRequest = upstreamRequest
        upstreamRequest.deadline = call.deadline
        upstreamRequest.lifetime = lifetime
        do {
            let response = try await send(upstreamRequest)
            guard memoize, (200..<300).contains(response.status) else {
                return try Self.decode(response, from: service, make)
            }
            let key = AnswerMemo.Key(
                cacheKey: upstreamRequest.cacheKey, type: ObjectIdentifier(T.self),
                request: request.map(AnswerMemo.Request.init))
            if let value = memo.value(T.self, for: key, body: response.body) { return value }
            let value = try Self.decode(response, from: service, make)
            memo.store(value, for: key, body: response.body)
            return value
        } catch let error as BreezeError {
            throw failure(Redaction(configuration)(error))
        }
    }

    /// Fetches `query` from `service` and decodes the JSON body as `T`, as `fetch` does.
    func fetch<T: Decodable & Sendable>(
        _ type: T.Type, from service: Upstream, query: [(String, String)], call: Call
    ) async throws -> T {
        try await fetch(from: service, query: query, call: call) { body in try JSONDecoder().decode(T.self, from: body)
        }
    }

    /// An Open-Meteo weather answer about one place in the configured `upstreamFormat`: JSON decoded as `T`, or
    /// the first FlatBuffers message turned into `T` by `read`.
    ///
    /// - Throws: as `fetch`; an unreadable FlatBuffers body (or one with no message) is `badServerResponse`.
    /// The value is memoized (see `fetch`): `request` is what `read` depends on besides the message (nil when
    /// nothing), so that a value is never served for another request with the same query. The answer is cached
    /// as the format and `settling` say (`UpstreamFormat.lifetime`).
    func fetchWeather<T: Decodable & Sendable>(
        _ type: T.Type, from service: Upstream, query: [(String, String)], call: Call,
        dependingOn request: (any Hashable & Sendable)?, settling: AnswerSettling = .given,
        flatBuffers read: (WeatherApiResponse) throws(FlatBufferError) -> T,
        failure: (BreezeError) -> BreezeError = { $0 }
    ) async throws -> T {
        let format = configuration.upstreamFormat
        return try await fetch(
            from: service, query: format.query(query), call: call, memoize: true, dependingOn: request,
            lifetime: format.lifetime(settling), failure: failure
        ) { body in
            try format.decode(T.self, from: body, flatBuffers: read)
        }
    }

    /// An Open-Meteo weather answer about `placeCount` places (and models), one result per place, in order, each
    /// place's failure kept apart.
    ///
    /// JSON answers a list of places with an array of objects (a single object for one place); `json` turns
    /// each into a `U`. FlatBuffers answers one message per place and model, each carrying its place's index
    /// (or, with `grouping` `.inOrder`, one message per result); `flatBuffers` turns each place's messages, in
    /// order, into the same `U`. A place whose object or messages
    /// do not read as asked gets its own `badServerResponse` (or whatever `BreezeError` the mapping throws).
    /// - Throws: as `fetchWeather`, when the body as a whole cannot be read (not JSON, broken framing, the wrong
    ///   number of places).
    ///
    /// The results are memoized (see `fetch`): `request` is what `json` and `flatBuffers` depend on besides the
    /// body, so that results are never served for another request with the same query. With `readsNaN`, a JSON
    /// body's bare `nan` values (a place no model covers) read as `null` (see `BareNaN`). The answer is cached as
    /// the format and `settling` say.
    func fetchWeatherPlaces<T: Decodable, U: Sendable>(
        _ type: T.Type, from service: Upstream, query: [(String, String)], call: Call, placeCount: Int,
        grouping: MessageGrouping = .byPlace, dependingOn request: any Hashable & Sendable, readsNaN: Bool = false,
        settling: AnswerSettling = .given,
        json: (T) throws -> U,
        flatBuffers: ([WeatherApiResponse]) throws -> U,
        failure: (BreezeError) -> BreezeError = { $0 }
    ) async throws -> [Result<U, BreezeError>] {
        let format = configuration.upstreamFormat
        return try await fetch(
            from: service, query: format.query(query), call: call, memoize: true, dependingOn: request,
            lifetime: format.lifetime(settling), failure: failure
        ) { body in
            try format.places(
                T.self, in: readsNaN ? BareNaN.nulled(body) : body, count: placeCount, service: service,
                grouping: grouping, json: json,
                flatBuffers: flatBuffers)
        }
    }

    /// A 2xx `response` decoded with `decode`; any other status as the upstream's typed error.
    private static func decode<T>(_ response: HTTPResponse, from service: Upstream, _ decode: (Data) throws -> T)
        throws -> T
    {
        guard (200..<300).contains(response.status) else {
            throw UpstreamFailure.error(for: response, from: service)
        }
        do {
            return try decode(response.body)
        } catch let error as BreezeError {
            throw error  // already typed, e.g. the one place of a call failing on its own
        } catch {
            throw BreezeError.badServerResponse(
                service: service, status: response.status,
                reason: UpstreamFailure.undecodableReason(response.body, error))
        }
    }

    /// Sends `request` through `http`, writing the one `upstream` event at `info` when it ends: where the answer
    /// came from (cache, disk, a shared call or the upstream), its status or error type, time and retries.
    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard log.isEnabled(.info) else { return try await http.send(request) }
        let trace = UpstreamCallTrace(service: request.service, log: log)
        let started = ContinuousClock.now
        do {
            let response = try await UpstreamCallTrace.$current.withValue(trace) { try await http.send(request) }
            logUpstreamCall(request, trace, started: started, outcome: ("status", String(response.status)))
            return response
        } catch {
            logUpstreamCall(request, trace, started: started, outcome: ("error", Self.errorType(error)))
            throw error
        }
    }

    private func logUpstreamCall(
        _ request: HTTPRequest, _ trace: UpstreamCallTrace, started: ContinuousClock.Instant,
        outcome: (key: String, value: String)
    ) {
        let elapsed = (ContinuousClock.now - started) / .milliseconds(1)
        log.log(
            .info, "upstream",
            pairs: [
                ("upstream", request.service.rawValue), ("url", request.redactedURL), outcome,
                ("ms", elapsed.oneDecimalText), ("cache", trace.source.rawValue),
                ("retries", String(trace.retries)),
            ])
    }

    /// A failure's type for logs: the `BreezeError` case name, never its text (which quotes the upstream).
    private static func errorType(_ error: any Error) -> String {
        switch error {
        // Every case carries values, so the mirror's one child is labelled with the case name.
        case let error as BreezeError: Mirror(reflecting: error).children.first?.label ?? "breezeError"
        case is CancellationError: "cancelled"
        default: "other"
        }
    }
}
