import Foundation

/// The HTTP stack that makes Breeze a good citizen upstream, composed once from `ResilienceSettings`:
///
/// ```
/// Coalescing (and the deadline) → Caching (memory, disk) → Retrying → Limiting → upstream (libcurl)
/// ```
/// - Coalescing first, holding each caller to its deadline: the call's one time budget covers every wait
///   below it, and expiry cancels them (when no other caller still wants the answer). Concurrent identical
///   calls share one trip through the cache, so an answer is stored (and written to disk) once; when every
///   caller gives up, the shared call is cancelled before it could store anything.
/// - Caching above retrying: only final answers are stored, and a hit costs no retry budget or slot. The
///   coalescer looks in memory first, so a hit shares nothing and sets no alarm.
/// - Retrying above limiting: a request waiting out a backoff or a `Retry-After` holds no slot, and each
///   attempt queues fairly behind requests already waiting.
/// - Limiting last: it bounds exactly what reaches the network.
///
/// A call waiting anywhere in the stack holds one alarm and, through `CoalescingHTTPClient.start`, no task of its
/// own; each distinct request is one shared task once it has a slot, and only an entry in the limiter's line
/// before: no timer task, no task group.
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

    /// - Parameter warn: told once, in words, when the persistent cache turns itself off.
    public init(
        settings: ResilienceSettings, upstream: any HTTPClient, clock: any ResilienceClock = SystemClock(),
        jitter: (@Sendable (Double) -> Double)? = nil, warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.clock = clock
        limiter = ConcurrencyLimiter(limits: settings.maxConcurrent)
        let limited = LimitingHTTPClient(inner: upstream, limiter: limiter)
        let retrying =
            if let jitter {
                RetryingHTTPClient(inner: limited, policy: settings.retry, clock: clock, jitter: jitter)
            } else {
                RetryingHTTPClient(inner: limited, policy: settings.retry, clock: clock)
            }
        var cached: any HTTPClient = retrying
        var cacheHit: (@Sendable (CacheKey) -> HTTPResponse?)?
        disk =
            settings.cacheMode == .on
            ? settings.cacheDirectory.map {
                DiskCache(
                    directory: URL(fileURLWithPath: $0, isDirectory: true), maxEntries: settings.maxDiskEntries,
                    maxBytes: settings.maxDiskBytes, warn: warn)
            } : nil
        if settings.cacheMode == .off {
            cache = nil
        } else {
            let memory = ResponseCache(maxEntriesPerUpstream: settings.maxMemoryEntriesPerUpstream)
            cache = memory
            let caching = CachingHTTPClient(
                inner: retrying, memory: memory, disk: disk, policy: settings.cachePolicy, clock: clock)
            cached = caching
            cacheHit = { caching.hit($0) }
        }
        coalescer = CoalescingHTTPClient(inner: cached, clock: clock, limiter: limiter, cacheHit: cacheHit)
        client = coalescer
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
        return statistics
    }
}
