import Foundation

/// Building upstream URLs, calling them, and turning what comes back into values or typed errors.
extension Breeze {
    /// Like `pendingWeather`, but returns the result already encoded by `encode`, from `replies` when the upstream
    /// body is the very one an earlier call encoded (an HTTP cache hit or a coalesced call): no decoding, no
    /// encoding. Pending, as `fetchReply`.
    func fetchWeatherReply<T: Decodable & SendableMetatype>(
        _ type: T.Type, from service: Upstream, query: [(String, String)],
        flatBuffers read: @escaping @Sendable (WeatherApiResponse) throws(FlatBufferError) -> T,
        encode: @escaping @Sendable (T) throws -> [UInt8], failure: @escaping @Sendable (BreezeError) -> BreezeError
    ) async -> Pending<[UInt8]> {
        let format = configuration.upstreamFormat
        return await fetchReply(from: service, query: format.query(query), failure: failure) { body throws in
            try encode(try format.decode(T.self, from: body, flatBuffers: read))
        }
    }

    /// The answers for several places (and models) from one upstream call, one result per place, in order, each
    /// place's failure kept apart; returned already encoded by `encode`, memoized and pending as
    /// `fetchWeatherReply`'s.
    ///
    /// JSON answers a list of places with an array of objects (a single object for one place); `json` turns
    /// each into a `U`. FlatBuffers answers one message per place and model, each carrying its place's index;
    /// `flatBuffers` turns each place's messages, in order, into the same `U`. A place whose object or messages
    /// do not read as asked gets its own `badServerResponse` (or whatever `BreezeError` the mapping throws),
    /// while a body that cannot be read at all (not JSON, broken framing, the wrong number of places) fails the
    /// whole call as `pendingWeather` does.
    func fetchWeatherReplyList<T: Decodable & SendableMetatype, U>(
        _ type: T.Type, from service: Upstream, query: [(String, String)], placeCount: Int,
        json: @escaping @Sendable (T) throws -> U, flatBuffers: @escaping @Sendable ([WeatherApiResponse]) throws -> U,
        encode: @escaping @Sendable ([Result<U, BreezeError>]) throws -> [UInt8],
        failure: @escaping @Sendable (BreezeError) -> BreezeError
    ) async -> Pending<[UInt8]> {
        let format = configuration.upstreamFormat
        return await fetchReply(from: service, query: format.query(query), failure: failure) { body throws in
            try encode(
                try format.places(
                    T.self, in: body, count: placeCount, service: service, json: json, flatBuffers: flatBuffers))
        }
    }

    /// Sends `query` to `service` and turns a 2xx body into a reply with `make`, or takes the reply `make` gave
    /// for the very same body before from `replies`, which also keeps the request, built once per query; a
    /// failure is redacted, then passed through `failure` (what it means for this call).
    ///
    /// The answer comes as a `Pending` with no task waiting for it: the calling task returns once the request is
    /// on its way, and the reply is made on the thread that has the answer. What a waiting call keeps is only
    /// what these closures capture, so they capture little: the memo's slot, shared by every call of the same
    /// query, not the query, its key or the URL.
    func fetchReply(
        from service: Upstream, query: [(String, String)],
        failure: @escaping @Sendable (BreezeError) -> BreezeError = { $0 },
        make: @escaping @Sendable (Data) throws -> [UInt8]
    ) async -> Pending<[UInt8]> {
        let replies = self.replies
        let (slot, request): (ReplyMemo.Slot, HTTPRequest)
        do throws(BreezeError) {
            (slot, request) = try replies.slot(for: Self.memoKey(service, query)) { () throws(BreezeError) in
                try self.request(service, query: query)
            }
        } catch {
            return Pending(.failure(failure(Redaction(configuration)(error))))
        }
        return await pending(request, failure: failure) { body throws in
            if let reply = replies.reply(in: slot, body: body) { return reply }
            let reply = try make(body)
            replies.store(reply, in: slot, body: body)
            return reply
        }
    }

    /// Fetches `query` from `service` and decodes the body as `T`, in the calling task.
    ///
    /// - Throws: `BreezeError`: `badURL` when the configured base URL is unusable; `rateLimited` on 429;
    ///   `badServerResponse` on any other failure status (with the upstream's own reason) or on a 2xx body
    ///   that does not decode (including Open-Meteo's "Unexpected error while streaming data" tail).
    func fetch<T: Decodable & Sendable>(_ type: T.Type, from service: Upstream, query: [(String, String)])
        async throws -> T
    {
        try await pendingFetch(from: service, query: query) { body throws in
            try JSONDecoder().decode(T.self, from: body)
        }
        .value
    }

    /// Sends `query` to `service` and turns a 2xx body into a value with `make`, pending as `fetchReply`'s answer
    /// is, but kept nowhere: for results that depend on more than the upstream query (the cities matching a
    /// qualifier, the pollen days asked for), and for the parts of a call made of several.
    ///
    /// - Important: every error leaves through `Redaction`, then `failure`: an upstream (or a proxy in front of
    ///   it) may echo the request URL, key included, in any error dialect.
    func pendingFetch<T: Sendable>(
        from service: Upstream, query: [(String, String)],
        failure: @escaping @Sendable (BreezeError) -> BreezeError = { $0 },
        make: @escaping @Sendable (Data) throws -> T
    ) async -> Pending<T> {
        let request: HTTPRequest
        do throws(BreezeError) {
            request = try self.request(service, query: query)
        } catch {
            return Pending(.failure(failure(Redaction(configuration)(error))))
        }
        return await pending(request, failure: failure, make: make)
    }

    /// `request` sent, and a 2xx body turned into a value with `make`; any failure redacted, then passed through
    /// `failure`. The calling task returns once the request is on its way.
    private func pending<T: Sendable>(
        _ request: HTTPRequest, failure: @escaping @Sendable (BreezeError) -> BreezeError,
        make: @escaping @Sendable (Data) throws -> T
    ) async -> Pending<T> {
        let redaction = Redaction(configuration)
        let service = request.service
        let answer = Pending<T>()
        let leave = await send(request) { outcome in
            answer.resolve(
                Result { try Self.decode(outcome.get(), from: service, make) }
                    .mapError { error in (error as? BreezeError).map { failure(redaction($0)) } ?? error })
        }
        if let leave { answer.onCancel(leave) }
        return answer
    }

    /// An Open-Meteo weather answer in the configured `upstreamFormat`, turned into a value with `make`, pending
    /// as `pendingFetch`'s: JSON decoded as `T`, or FlatBuffers whose first message (the one location asked for)
    /// `read` turns into the same `T`.
    ///
    /// - Throws: as `pendingFetch`; an unreadable FlatBuffers body (or one with no message) is `badServerResponse`.
    func pendingWeather<T: Decodable & SendableMetatype, U: Sendable>(
        _ type: T.Type, from service: Upstream, query: [(String, String)],
        flatBuffers read: @escaping @Sendable (WeatherApiResponse) throws(FlatBufferError) -> T,
        failure: @escaping @Sendable (BreezeError) -> BreezeError = { $0 }, make: @escaping @Sendable (T) throws -> U
    ) async -> Pending<U> {
        let format = configuration.upstreamFormat
        return await pendingFetch(from: service, query: format.query(query), failure: failure) { body throws in
            try make(try format.decode(T.self, from: body, flatBuffers: read))
        }
    }

    /// `service?name=value&…`, the key of `query` in `replies`: written into one buffer of the right size, since
    /// appending its two dozen pieces to a `String` one by one cost as much as the rest of looking a reply up.
    static func memoKey(_ service: Upstream, _ query: [(String, String)]) -> String {
        var count = service.rawValue.utf8.count
        for (name, value) in query { count += 2 + name.utf8.count + value.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            func append(_ text: String) {
                for byte in text.utf8 {
                    buffer[end] = byte
                    end += 1
                }
            }
            append(service.rawValue)
            for (index, (name, value)) in query.enumerated() {
                append(index == 0 ? "?" : "&")
                append(name)
                append("=")
                append(value)
            }
            return end
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
    ///
    /// No task waits when `http` is the coalescer (the whole resilience stack): the answer goes to `deliver`,
    /// exactly once, possibly before this returns. Returns how to leave early (see `CoalescingHTTPClient.start`).
    /// Any other client is awaited in a task of its own.
    private func send(
        _ request: HTTPRequest, deliver: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) async -> (@Sendable () -> Void)? {
        // Without `info` events there is nothing to trace, and the waiting caller keeps no URL for the log line.
        guard log.isEnabled(.info) else { return await hand(request, to: deliver) }
        let trace = UpstreamCallTrace(service: request.service, log: log)
        let started = ContinuousClock.now
        let log = self.log
        return await UpstreamCallTrace.$current.withValue(trace) {
            await hand(request) { outcome in
                let ending =
                    switch outcome {
                    case .success(let response): ("status", String(response.status))
                    case .failure(let error): ("error", Self.errorType(error))
                    }
                Self.logUpstreamCall(request, trace, log, started: started, outcome: ending)
                deliver(outcome)
            }
        }
    }

    /// Hands `request` to `http`, as `send(_:key:deliver:)` without the trace.
    private func hand(
        _ request: HTTPRequest, to deliver: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) async -> (@Sendable () -> Void)? {
        // A task of its own, so that the parts of a call (the climate's years, the dashboard's parts) are in
        // flight at once with a plain client too; it inherits the call's deadline.
        let call = Task {
            do {
                deliver(.success(try await http.send(request)))
            } catch {
                deliver(.failure(error))
            }
        }
        return { call.cancel() }
    }

    private static func logUpstreamCall(
        _ request: HTTPRequest, _ trace: UpstreamCallTrace, _ log: EventLog, started: ContinuousClock.Instant,
        outcome: (key: String, value: String)
    ) {
        guard log.isEnabled(.info) else { return }
        let elapsed = (ContinuousClock.now - started) / .milliseconds(1)
        log.log(
            .info, "upstream",
            pairs: [
                ("upstream", request.service.rawValue), ("url", request.redactedURL), outcome,
                ("ms", String(format: "%.1f", elapsed)), ("cache", trace.source.rawValue),
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

    /// The request for `query` against the configured base URL of `service`, with the key that service needs.
    func request(_ service: Upstream, query: [(String, String)]) throws(BreezeError) -> HTTPRequest {
        var query = query
        let key = configuration.apiKey(service.key)
        switch service.key {
        case .none:
            break
        case .openMeteo:
            if let key { query.append(("apikey", key)) }
        case .googlePollen:
            guard let key else {
                throw .notConfigured(
                    setting: "GOOGLE_POLLEN_API_KEY",
                    reason: "Google Pollen needs an API key: set GOOGLE_POLLEN_API_KEY (or --google-pollen-api-key).")
            }
            query.append(("key", key))
        }
        let url = try Self.url(configuration.baseURL(for: service), query: query, service: service)
        return HTTPRequest(url: url, service: service, timeoutSeconds: configuration.timeoutSeconds)
    }

    /// `base` with `query` appended, every value percent-encoded so no value can inject a parameter.
    static func url(_ base: String, query: [(String, String)], service: Upstream) throws(BreezeError) -> URL {
        guard let components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false
        else {
            throw .badURL(
                service: service,
                reason: "the configured base URL '\(base)' is not an http(s) URL with a host; check its setting.")
        }
        let encoded = query.map { (percentEncode($0.0), percentEncode($0.1)) }
        var text = base
        // Exactly as long as it needs: a request waiting for a slot keeps its URL.
        text.reserveCapacity(encoded.reduce(base.utf8.count) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        for (index, (name, value)) in encoded.enumerated() {
            text += index > 0 || components.percentEncodedQuery != nil ? "&" : "?"
            text += name
            text += "="
            text += value
        }
        guard let url = URL(string: text) else {
            throw .badURL(service: service, reason: "the configured base URL '\(base)' cannot take a query.")
        }
        return url
    }

    /// Unreserved characters stay; so do commas, which Open-Meteo uses for lists. Everything else,
    /// including `&`, `=`, `+` and `#`, is percent-encoded.
    ///
    /// Byte by byte over the UTF-8, with upper-case hex digits, exactly as `addingPercentEncoding` writes it:
    /// that goes through CoreFoundation and cost a fifth of a cached call's instructions.
    static func percentEncode(_ value: String) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreservedOrComma(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(upperHexDigits[Int(byte >> 4)])
                encoded.append(upperHexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isUnreservedOrComma(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: ","):
            true
        default: false
        }
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)
}

/// Reading failure responses, whichever of the three error dialects the upstream speaks.
enum UpstreamFailure {
    /// The typed error for a failure status.
    static func error(for response: HTTPResponse, from service: Upstream) -> BreezeError {
        let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
        // Bounded: an error body is the upstream's text, and every text that leaves goes through `Redaction`.
        let reason = body?.reason.map { String($0.prefix(1000)) } ?? statusPhrase(response.status)
        if response.status == 429 {
            return .rateLimited(
                service: service,
                retryAfterSeconds: retryAfter(response.headers["retry-after"])
                    ?? body?.retryAfter.map(clampedRetryAfter),
                reason: reason)
        }
        return .badServerResponse(service: service, status: response.status, reason: reason)
    }

    /// Why a 2xx body did not decode, without echoing the body.
    static func undecodableReason(_ body: Data, _ error: any Error) -> String {
        let marker = Data("Unexpected error while streaming data".utf8)
        if let range = body.range(of: marker) {
            let tail = String(decoding: body[range.lowerBound...].prefix(200), as: UTF8.self)
            return tail.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if body.isEmpty { return "the body was empty" }
        return undecodableReason(error)
    }

    /// Why a value in a body did not decode, in words that name the field but quote nothing of the body.
    static func undecodableReason(_ error: any Error) -> String {
        switch error {
        case let error as FlatBufferError:
            return "the FlatBuffers body is unreadable: \(error.description)"
        case let error as BodyShapeError:
            return error.description
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return "the body is not valid JSON"
        case DecodingError.keyNotFound(let key, let context):
            return "the field '\(path(context.codingPath + [key]))' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "the field '\(path(context.codingPath))' has an unexpected type"
        case DecodingError.dataCorrupted(let context):
            return "the field '\(path(context.codingPath))' is invalid"
        default:
            return "the body does not have the expected shape"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// The largest wait reported, in seconds (about 68 years): an integer every JSON reader takes exactly, and
    /// the schema's maximum. Anything longer is clamped to it.
    static let maxRetryAfterSeconds = Int(Int32.max)

    /// `Retry-After` in seconds, from either of its forms (delta-seconds or an HTTP date), within
    /// `0...maxRetryAfterSeconds`; digits too many for any integer type count as the maximum.
    static func retryAfter(_ value: String?) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return clampedRetryAfter(Int(value) ?? maxRetryAfterSeconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return clampedRetryAfter(Int(min(Double(maxRetryAfterSeconds), date.timeIntervalSinceNow.rounded(.up))))
    }

    static func clampedRetryAfter(_ seconds: Int) -> Int { min(max(0, seconds), maxRetryAfterSeconds) }

    static func statusPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "HTTP status \(status)"
        }
    }
}

/// A body that reads but does not answer what was asked (say, fewer places), described for `badServerResponse`.
struct BodyShapeError: Error {
    var description: String
}

/// One place's object in an Open-Meteo answer about several, kept apart: a place that does not decode fails
/// alone.
struct PlaceAnswer<T: Decodable>: Decodable {
    var result: Result<T, any Error>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try T(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
}

/// The error bodies upstreams send: Open-Meteo `{"error":true,"reason":…}` (either key order), Google
/// `{"error":{"code":…,"message":…,"status":…}}`, and the Breeze proxy `{"error":"…","retryAfter":…}`.
struct ErrorBody: Decodable {
    var reason: String?
    var retryAfter: Int?

    private enum CodingKeys: String, CodingKey {
        case reason, error, retryAfter
    }

    private struct GoogleError: Decodable {
        var message: String?
        var status: String?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        retryAfter = try? container.decodeIfPresent(Int.self, forKey: .retryAfter)
        if let reason = try? container.decodeIfPresent(String.self, forKey: .reason) {
            self.reason = reason  // Open-Meteo; its "error" member is just `true`
        } else if let message = try? container.decodeIfPresent(String.self, forKey: .error) {
            reason = message  // the Breeze proxy
        } else if let google = try? container.decodeIfPresent(GoogleError.self, forKey: .error) {
            reason = google.message ?? google.status
        }
    }
}

extension UpstreamFormat {
    /// A 2xx body about `count` places in this format, one result per place (see `Breeze.fetchWeatherReplyList`).
    /// - Throws: when the body as a whole cannot be read.
    func places<T: Decodable, U>(
        _ type: T.Type, in body: Data, count: Int, service: Upstream, json: (T) throws -> U,
        flatBuffers: ([WeatherApiResponse]) throws -> U
    ) throws -> [Result<U, BreezeError>] {
        func place(_ body: () throws -> U) -> Result<U, BreezeError> {
            do {
                return .success(try body())
            } catch let error as BreezeError {
                return .failure(error)
            } catch {
                return .failure(
                    .badServerResponse(service: service, status: 200, reason: UpstreamFailure.undecodableReason(error)))
            }
        }
        switch self {
        case .json:
            let decoder = JSONDecoder()
            let answers =
                count == 1
                ? [try decoder.decode(PlaceAnswer<T>.self, from: body)]
                : try decoder.decode([PlaceAnswer<T>].self, from: body)
            guard answers.count == count else {
                throw BodyShapeError(description: "\(answers.count) answers for the \(count) places asked for")
            }
            return answers.map { answer in place { try json(answer.result.get()) } }
        case .flatbuffers:
            let messages = try WeatherApiResponse.messages(in: body)
            if let stray = messages.first(where: { !(0..<Int64(count)).contains($0.locationID) }) {
                throw BodyShapeError(
                    description: "a message is for place \(stray.locationID) of the \(count) asked for")
            }
            return (0..<count).map { index in
                place { try flatBuffers(messages.filter { $0.locationID == Int64(index) }) }
            }
        }
    }

    /// `query` asking for this format.
    func query(_ query: [(String, String)]) -> [(String, String)] {
        self == .flatbuffers ? query + [("format", "flatbuffers")] : query
    }

    /// A 2xx body in this format as `T`: JSON decoded, or the first FlatBuffers message (the one location
    /// asked for) turned into `T` by `read`.
    func decode<T: Decodable>(
        _ type: T.Type, from body: Data, flatBuffers read: (WeatherApiResponse) throws(FlatBufferError) -> T
    ) throws -> T {
        switch self {
        case .json:
            return try JSONDecoder().decode(T.self, from: body)
        case .flatbuffers:
            guard let first = try WeatherApiResponse.messages(in: body).first else {
                throw FlatBufferError(description: "the body holds no message")
            }
            return try read(first)
        }
    }
}
