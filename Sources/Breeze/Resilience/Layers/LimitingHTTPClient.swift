/// Sends each request only once its upstream has a free slot in `limiter`.
///
/// Below the retrier, so a request waiting out a backoff or a `Retry-After` holds no slot, and each attempt
/// queues fairly behind the requests that were already waiting.
public struct LimitingHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let limiter: ConcurrencyLimiter

    public init(inner: any HTTPClient, limiter: ConcurrencyLimiter) {
        self.inner = inner
        self.limiter = limiter
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await limiter.acquire(request.service)
        defer { limiter.release(request.service) }
        return try await inner.send(request)
    }
}
