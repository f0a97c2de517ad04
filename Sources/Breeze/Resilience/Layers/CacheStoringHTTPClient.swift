import FoundationEssentials

/// Keeps new 2xx answers in memory and on disk, and counts the calls that went upstream (`misses`); a shared call
/// whose answer another one stored a moment ago is answered from memory.
///
/// Below the coalescer, inside the shared call: identical calls in flight store (and write to disk) once, and
/// before the shared call ends, so that a caller who comes a moment later finds the answer in the cache
/// instead of starting the call again. An answer that arrives after every caller left (the shared call ran on
/// because its request was on the wire, see `Transmission`) is stored too: the upstream spent it, and the next
/// caller may want it. Above the retrier, so that what is stored is the final answer, never a transient failure.
struct CacheStoringHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let memory: ResponseCache
    /// The persistent cache, if enabled.
    let disk: DiskCache?
    let policy: CachePolicy
    let clock: any ResilienceClock

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = request.cacheKey
        // A caller that missed the cache just before the last shared call for this key stored its answer, and
        // reached the coalescer just after that call ended, starts a shared call of its own: this layer runs once
        // per shared call, so it looks again before going upstream.
        if let response = memory.lookup(key, now: clock.now) {
            UpstreamCallTrace.current?.source = .hit
            return response
        }
        memory.recordMiss(key.service)
        let response = try await inner.send(request)
        let storedAt = clock.now
        let ttl = policy.ttl(for: request, response: response, now: storedAt)
        let trace = UpstreamCallTrace.current
        if ttl > 0 {
            let cached = CachedResponse(response: response, storedAt: storedAt, ttl: ttl)
            memory.store(key, cached)
            let disk = key.service.storesOnDisk ? disk : nil
            disk?.write(key, cached)
            trace?.debug("cache.write", ["ttlSeconds": ttl.plainText, "disk": String(disk != nil)])
        } else {
            trace?.debug("cache.skip", ["status": String(response.status), "reason": "not cacheable"])
        }
        return response
    }
}
