import FoundationEssentials

/// The HTTP stack that makes Breeze a good citizen upstream, composed once from `ResilienceSettings`:
///
/// ```
/// Caching → Deadline → Coalescing → HostCoalescing → CacheStoring → Retrying → Limiting → upstream (libcurl)
/// ```
/// Each layer is an `HTTPClient` that sees only the next one; a call goes down and its answer comes back in the
/// caller's task (only a shared call runs in a task of its own). What travels with the request is computed
/// once: its `cacheKey` when it is made, its `deadline` at the deadline layer.
/// - Caching first: an answer we have (memory, then disk) is served before anything that can wait, so it is
///   never a timeout and costs no slot, no retry budget and no shared call.
/// - Deadline next, the one place the call's time budget is read and enforced: it bounds every wait below it
///   (an identical call in flight, a backoff, a `Retry-After`, a slot, the transfer), and cancels that wait
///   when time is up.
/// - Coalescing: identical calls share one trip, retries included; each caller leaves on its own (cancelled,
///   or out of time), and the last one out cancels the shared call, unless its request is on the wire: the
///   upstream counts it until it answers, so it runs to its answer and keeps its slots (`Transmission`).
/// - HostCoalescing: the same across the processes of this host that share the cache directory (`HostFleet`):
///   one fetches, the others read its answer from disk.
/// - CacheStoring inside the shared call: the answer is stored once, before the callers have it (so a caller
///   who comes a moment later finds it in the cache), and never by a call everybody abandoned. The cache is
///   thus read above the deadline and written below the coalescer: two layers, one `ResponseCache`.
/// - Retrying below storing, above limiting: only final answers are stored; a request waiting out a backoff or
///   a `Retry-After` holds no slot, and each attempt queues fairly behind requests already waiting.
/// - Limiting last: it bounds exactly what reaches the network, per upstream and across all Open-Meteo hosts,
///   and (`HostFleet`) across the processes of this host.
///
/// Locking: every layer's shared state sits in a `Synchronization.Mutex` (the coalescer's table, the limiter's
/// lines, the memory cache). Its critical sections are short and never suspend, and cancellation handlers,
/// which are synchronous, must reach that state at once; an actor would need a hop, and a task, for both.
public final class Resilience: Sendable {
    /// The composed client to hand to `Breeze`.
    public let client: any HTTPClient
    public let clock: any ResilienceClock
    public let settings: ResilienceSettings
    /// The in-memory cache; nil when caching is off.
    public let cache: ResponseCache?
    public let coalescer: CoalescingHTTPClient
    public let limiter: ConcurrencyLimiter
    /// The persistent cache; nil unless the mode is `on` with a directory.
    public let disk: DiskCache?
    /// What the processes of this host share: the Open-Meteo budget and one fetch per question.
    public let fleet: HostFleet

    /// - Parameter warn: told once, in words, when the persistent cache turns itself off.
    public init(
        settings: ResilienceSettings, upstream: any HTTPClient, clock: any ResilienceClock = SystemClock(),
        jitter: (@Sendable (Double) -> Double)? = nil, warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.clock = clock
        limiter = ConcurrencyLimiter(limits: settings.maxConcurrent, openMeteoLimit: settings.openMeteoMaxInFlight)
        let disk =
            settings.cacheMode == .on
            ? settings.cacheDirectory.map {
                DiskCache(
                    directory: URL(fileURLWithPath: $0, isDirectory: true), maxEntries: settings.maxDiskEntries,
                    maxBytes: settings.maxDiskBytes, warn: warn)
            } : nil
        fleet = HostFleet(settings: settings, disk: disk, warn: warn)
        let limited = LimitingHTTPClient(inner: upstream, limiter: limiter, fleet: fleet)
        let retrying =
            if let jitter {
                RetryingHTTPClient(inner: limited, policy: settings.retry, clock: clock, jitter: jitter)
            } else {
                RetryingHTTPClient(inner: limited, policy: settings.retry, clock: clock)
            }
        let memory =
            settings.cacheMode == .off
            ? nil : ResponseCache(maxEntriesPerUpstream: settings.maxMemoryEntriesPerUpstream)
        (self.disk, cache) = (disk, memory)
        let storing: any HTTPClient =
            memory.map {
                CacheStoringHTTPClient(
                    inner: retrying, memory: $0, disk: disk, policy: settings.cachePolicy, clock: clock)
            } ?? retrying
        let shared: any HTTPClient =
            if let disk, let memory {
                HostCoalescingHTTPClient(inner: storing, fleet: fleet, disk: disk, memory: memory, clock: clock)
            } else {
                storing
            }
        coalescer = CoalescingHTTPClient(inner: shared)
        let timed = DeadlineHTTPClient(inner: coalescer, clock: clock)
        client = memory.map { CachingHTTPClient(inner: timed, memory: $0, disk: disk, clock: clock) } ?? timed
    }

    /// What the cache and the coalescer have done so far, per upstream.
    public func statistics() async -> CacheStatistics {
        var upstreams = await cache?.statistics() ?? [:]
        for (service, count) in coalescer.coalescedCounts() {
            upstreams[service, default: .init()].coalesced = count
        }
        var statistics = CacheStatistics(
            mode: settings.cacheMode, directory: settings.cacheMode == .on ? settings.cacheDirectory : nil,
            diskProblem: disk?.problem, upstreams: upstreams)
        statistics.disk = disk?.usage()
        statistics.fleet = fleet.status
        return statistics
    }
}
