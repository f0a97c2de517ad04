import FoundationEssentials

/// Lets identical requests in flight in different processes of one host make one upstream request: the first
/// process takes the question's lock (`HostFleet.lockFetch`) and fetches; the others wait for the lock and read
/// the answer it wrote to the persistent cache.
///
/// Below the coalescer, so a process asks once per question however many of its callers ask; above the storing
/// layer, so the answer is on disk before the lock is released. Waiting polls the lock and the disk (2 ms doubling
/// to 20 ms, with jitter) and ends with the call: its deadline or its caller cancels it. A holder that fails (an
/// error is not stored) or dies (the kernel releases its lock) leaves the question to the next process, which
/// reads the disk once more and then fetches itself.
struct HostCoalescingHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let fleet: HostFleet
    let disk: DiskCache
    let memory: ResponseCache
    let clock: any ResilienceClock

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = request.cacheKey
        guard fleet.sharesFetches(key.service) else { return try await inner.send(request) }
        let trace = UpstreamCallTrace.current
        var pause = 0.002
        var waited = false
        while true {
            switch fleet.lockFetch(key) {
            case .held(let lock):
                defer { fleet.unlockFetch(lock) }
                // Another process may have stored the answer since this call missed the cache above.
                if let response = stored(key) { return response }
                return try await inner.send(request)
            case .alone:
                return try await inner.send(request)
            case .busy:
                if let response = stored(key) { return response }
                if !waited { trace?.debug("fleet.waitFetch", [:]) }
                waited = true
                try await Task.sleep(for: .microseconds(Int(Double.random(in: pause / 2...pause) * 1_000_000)))
                pause = min(pause * 2, 0.02)
            }
        }
    }

    /// The fresh answer another process stored for `key`, counted as a disk hit and kept in memory; nil if none.
    private func stored(_ key: CacheKey) -> HTTPResponse? {
        guard let cached = disk.read(key, now: clock.now) else { return nil }
        UpstreamCallTrace.current?.source = .diskHit
        memory.recordDiskHit(key.service)
        memory.store(key, cached)
        return cached.response
    }
}
