import Foundation

/// Serves fresh answers from memory, then from disk, and keeps new 2xx answers in both.
///
/// At the top of the stack, so that an answer we have is served before anything that can wait or time out.
/// The callers of a shared call (the coalescer below) all come back with the one answer: the first to come
/// back stores it and the others find it stored. A cancelled call stores nothing: its answer may be complete,
/// but nobody asked for it any more.
public struct CachingHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let memory: ResponseCache
    /// The persistent cache, if enabled.
    public let disk: DiskCache?
    public let policy: CachePolicy
    public let clock: any ResilienceClock

    public init(
        inner: any HTTPClient, memory: ResponseCache, disk: DiskCache?, policy: CachePolicy,
        clock: any ResilienceClock
    ) {
        self.inner = inner
        self.memory = memory
        self.disk = disk
        self.policy = policy
        self.clock = clock
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = request.cacheKey
        if let response = hit(key) { return response }
        memory.recordMiss(key.service)
        let response = try await inner.send(request)
        guard !Task.isCancelled else { throw CancellationError() }
        let storedAt = clock.now
        if memory.holdsFresh(key, now: storedAt) { return response }  // stored by another caller of a shared call
        let trace = UpstreamCallTrace.current
        let ttl = policy.ttl(for: request, response: response, now: storedAt)
        if ttl > 0 {
            let cached = CachedResponse(response: response, storedAt: storedAt, ttl: ttl)
            memory.store(key, cached)
            disk?.write(key, cached)
            trace?.debug("cache.write", ["ttlSeconds": ttl.plainText, "disk": String(disk != nil)])
        } else {
            trace?.debug("cache.skip", ["status": String(response.status), "reason": "not cacheable"])
        }
        return response
    }

    /// The fresh answer for `key` from memory, else from disk (then kept in memory), counted as a hit; nil when
    /// there is none.
    private func hit(_ key: CacheKey) -> HTTPResponse? {
        let now = clock.now
        if let response = memory.lookup(key, now: now) {
            UpstreamCallTrace.current?.source = .hit
            return response
        }
        guard let disk, let cached = disk.read(key, now: now) else { return nil }
        UpstreamCallTrace.current?.source = .diskHit
        memory.recordDiskHit(key.service)
        memory.store(key, cached)
        return cached.response
    }
}
