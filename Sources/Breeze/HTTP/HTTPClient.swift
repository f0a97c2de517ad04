import FoundationEssentials

/// The seam between Breeze and the network: one request in, one response out.
///
/// Failure statuses (4xx, 5xx) are responses, not errors; the caller decodes them with the upstream's
/// own reason. Implementations throw `BreezeError.networkError` / `.timeout` for transport failures and
/// `CancellationError` when the calling task is cancelled. Every layer of the resilience stack is one of
/// these and sees only the next one (see `Resilience`).
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A GET request to an upstream.
public struct HTTPRequest: Sendable {
    /// The absolute URL as text, what goes on the wire.
    ///
    /// Kept as text, not as a `URL`: the cache key, the log line and libcurl all want the text, and a parsed
    /// `URL` keeps its parse beside it.
    public let urlText: String
    /// Which upstream this is, for errors, logs, limits and caching.
    public var service: Upstream {
        didSet { cacheKey = CacheKey(urlText: urlText, service: service, headers: headers) }
    }
    public var headers: [String: String] {
        didSet { cacheKey = CacheKey(urlText: urlText, service: service, headers: headers) }
    }
    /// The most time this request may take, in seconds.
    public var timeoutSeconds: Double
    /// What identifies the request for caching and coalescing, made once with the request so that no layer
    /// parses the URL again (and made anew if `service` or `headers` change).
    public private(set) var cacheKey: CacheKey
    /// When the call this request belongs to must be answered: put on by the domain from the call
    /// (`Breeze.Call`), or by `DeadlineHTTPClient` from `timeoutSeconds` when there was none, so that the layers
    /// below it plan within it.
    public var deadline: Deadline?
    /// How long an answer may be kept, judged by the feature that made the request (the cache reads no body);
    /// a whole JSON answer lasts its upstream's TTL unless the feature says otherwise.
    public var lifetime = AnswerLifetime.json
    /// The shared call this request is sent for, told when the request goes on the wire and when its answer is in:
    /// put on by `CoalescingHTTPClient`, reported by `LimitingHTTPClient` (see `Transmission`).
    public var transmission: Transmission?

    public init(url: URL, service: Upstream, headers: [String: String] = [:], timeoutSeconds: Double) {
        self.urlText = url.absoluteString
        self.service = service
        self.headers = headers
        self.timeoutSeconds = timeoutSeconds
        cacheKey = CacheKey(urlText: urlText, service: service, headers: headers)
    }

    /// A request to `urlText` whose `cacheKey` was made from the same parts (`UpstreamBase`), without parsing it.
    init(urlText: String, service: Upstream, cacheKey: CacheKey, timeoutSeconds: Double) {
        self.urlText = urlText
        self.service = service
        headers = [:]
        self.timeoutSeconds = timeoutSeconds
        self.cacheKey = cacheKey
    }

    /// The URL, parsed anew (the text always came from a `URL`).
    public var url: URL {
        guard let url = URL(string: urlText) else { preconditionFailure("an HTTPRequest's URL text no longer parses") }
        return url
    }

    /// The query parameter names whose values are secrets.
    public static let secretQueryNames: Set<String> = ["key", "apikey"]

    /// The URL with every secret query value replaced by `***`, safe for logs.
    public var redactedURL: String { Redaction.maskingQueryKeys(in: urlText) }
}

/// An upstream's answer, whatever its status.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}
