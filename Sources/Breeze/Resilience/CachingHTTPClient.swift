import Foundation

/// Serves fresh answers from memory, then from disk, and keeps new 2xx answers in both.
///
/// Sits below the coalescer, so a thousand identical calls in flight store (and write to disk) once, and a
/// shared call that every caller abandoned is cancelled before it reaches the store. Sits above the retrier,
/// so what is stored is the final answer, never a transient failure.
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
        let key = CacheKey(request)
        let trace = UpstreamCallTrace.current
        if let response = hit(key) { return response }
        memory.recordMiss(key.service)
        let response = try await inner.send(request)
        // A cancelled call leaves no trace: its answer may be complete, but nobody asked for it any more.
        guard !Task.isCancelled else { throw CancellationError() }
        let storedAt = clock.now
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
    /// there is none. The coalescer asks this before sharing a call, so that a hit costs no shared task, no
    /// alarm, and never waits in line for an upstream slot (a shared call's task starts only with its slot, so a
    /// disk hit found there would wait behind a slow upstream).
    public func hit(_ key: CacheKey) -> HTTPResponse? {
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
