/// Sends each request only once its upstream has a free slot in `limiter`, and an Open-Meteo request only once
/// it also holds one of the host's slots (`HostFleet`, when the processes of this host share one budget).
///
/// Below the retrier, so a request waiting out a backoff or a `Retry-After` holds no slot, and each attempt
/// queues fairly behind the requests that were already waiting. The slots are held until the answer is in, even
/// when every caller has left (see `Transmission`): the upstream counts the request until then.
public struct LimitingHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let limiter: ConcurrencyLimiter
    public let fleet: HostFleet?

    public init(inner: any HTTPClient, limiter: ConcurrencyLimiter, fleet: HostFleet? = nil) {
        self.inner = inner
        self.limiter = limiter
        self.fleet = fleet
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await limiter.acquire(request.service)
        defer { limiter.release(request.service) }
        let hostSlot = try await fleet?.takeSlot(for: request.service, line: limiter)
        defer { if let hostSlot { fleet?.giveBack(hostSlot) } }
        request.transmission?.began()
        defer { request.transmission?.ended() }
        return try await inner.send(request)
    }
}
