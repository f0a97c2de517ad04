import FoundationEssentials

/// Serves fresh answers from memory, then from disk (then kept in memory); asks the next layer for the rest.
///
/// At the top of the stack, so that an answer we have is served before anything that can wait or time out: it
/// costs no slot, no retry budget and no shared call, and it is never a timeout. What comes back from below was
/// stored there already (`CacheStoringHTTPClient`).
struct CachingHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let memory: ResponseCache
    /// The persistent cache, if enabled.
    let disk: DiskCache?
    let clock: any ResilienceClock

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let response = hit(request.cacheKey) { return response }
        return try await inner.send(request)
    }

    /// The fresh answer for `key` from memory, else from disk (then kept in memory), counted as a hit; nil when
    /// there is none.
    private func hit(_ key: CacheKey) -> HTTPResponse? {
        let now = clock.now
        if let response = memory.lookup(key, now: now) {
            UpstreamCallTrace.current?.source = .hit
            return response
        }
        guard key.service.storesOnDisk, let disk, let cached = disk.read(key, now: now) else { return nil }
        UpstreamCallTrace.current?.source = .diskHit
        memory.recordDiskHit(key.service)
        memory.store(key, cached)
        return cached.response
    }
}
