import Foundation

/// A response kept for reuse, with when it was stored and for how long it stays fresh.
public struct CachedResponse: Sendable, Equatable {
    public var response: HTTPResponse
    public var storedAt: Date
    /// Seconds from `storedAt` during which the response may be served.
    public var ttl: Double

    public init(response: HTTPResponse, storedAt: Date, ttl: Double) {
        self.response = response
        self.storedAt = storedAt
        self.ttl = ttl
    }

    public var expiresAt: Date { storedAt.addingTimeInterval(ttl) }

    /// Fresh at `now`. An entry stored "in the future" (a clock set back) is not trusted.
    public func isFresh(at now: Date) -> Bool {
        storedAt <= now.addingTimeInterval(60) && now < expiresAt
    }
}

/// The in-memory cache of upstream answers, per upstream, with the counters `cacheStats` reports.
///
/// A class behind a lock, like the coalescer, rather than an actor: a hit is one dictionary lookup, cheaper than
/// hopping onto an actor and back, and every cache hit asks. It does no I/O and never suspends while holding the
/// lock: the disk cache is read and written by `CachingHTTPClient` outside it, so a slow disk never holds up
/// memory hits.
/// - Important: bounded per upstream; beyond `maxEntriesPerUpstream` the least recently used entry goes.
public final class ResponseCache: @unchecked Sendable {
    private struct Entry {
        var cached: CachedResponse
        /// A logical clock tick of the last use, for least-recently-used eviction.
        var lastUsed: UInt64
    }

    private let maxEntriesPerUpstream: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [Upstream: [CacheKey: Entry]] = [:]
    private var counters: [Upstream: UpstreamCacheStatistics] = [:]
    private var tick: UInt64 = 0

    public init(maxEntriesPerUpstream: Int = 1000) {
        self.maxEntriesPerUpstream = max(1, maxEntriesPerUpstream)
    }

    /// The fresh answer for `key`, counted as a hit; nil when there is none (an expired entry is dropped).
    public func lookup(_ key: CacheKey, now: Date) -> HTTPResponse? {
        lock.withLock {
            guard let entry = entries[key.service]?[key] else { return nil }
            guard entry.cached.isFresh(at: now) else {
                entries[key.service]?[key] = nil
                return nil
            }
            tick += 1
            entries[key.service]?[key]?.lastUsed = tick
            counters[key.service, default: .init()].hits += 1
            return entry.cached.response
        }
    }

    /// Keeps `cached` under `key`, evicting the least recently used entries beyond the bound.
    public func store(_ key: CacheKey, _ cached: CachedResponse) {
        lock.withLock {
            tick += 1
            entries[key.service, default: [:]][key] = Entry(cached: cached, lastUsed: tick)
            while let table = entries[key.service], table.count > maxEntriesPerUpstream,
                let oldest = table.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
            {
                entries[key.service]?[oldest] = nil
                counters[key.service, default: .init()].evictions += 1
            }
        }
    }

    /// Counts an answer found on disk (the caller then `store`s it here).
    public func recordDiskHit(_ service: Upstream) {
        lock.withLock { counters[service, default: .init()].diskHits += 1 }
    }

    /// Counts a call that had to go upstream.
    public func recordMiss(_ service: Upstream) {
        lock.withLock { counters[service, default: .init()].misses += 1 }
    }

    /// The counters and entry counts, per upstream. Async, as it was when the cache was an actor, so callers
    /// stay free to move it behind one again.
    public func statistics() async -> [Upstream: UpstreamCacheStatistics] {
        lock.withLock {
            var result = counters
            for (service, table) in entries { result[service, default: .init()].entries = table.count }
            return result
        }
    }
}

/// What the cache did for one upstream. Coalescing is counted by `CoalescingHTTPClient` and merged in.
public struct UpstreamCacheStatistics: Sendable, Equatable, Codable {
    /// Answers served from memory.
    public var hits = 0
    /// Answers served from the persistent cache (then kept in memory).
    public var diskHits = 0
    /// Calls that went upstream.
    public var misses = 0
    /// Calls that joined an identical call already in flight instead of sending their own.
    public var coalesced = 0
    /// Entries in memory now.
    public var entries = 0
    /// Entries dropped from memory to stay within the bound.
    public var evictions = 0

    public init() {}
}

/// Everything `cacheStats` reports.
public struct CacheStatistics: Sendable, Equatable {
    public var mode: ResilienceSettings.CacheMode
    /// The persistent cache's directory, when there is one.
    public var directory: String?
    /// Why the persistent cache is off although `mode` is `on` (the directory is unusable), if it is.
    public var diskProblem: String?
    public var upstreams: [Upstream: UpstreamCacheStatistics]
    /// What the persistent cache holds on disk now (every process's entries); nil without a disk cache.
    public var disk: DiskCacheUsage?

    /// Whether answers are kept on disk right now.
    public var diskEnabled: Bool { mode == .on && directory != nil && diskProblem == nil }

    public init(
        mode: ResilienceSettings.CacheMode, directory: String?, diskProblem: String? = nil,
        upstreams: [Upstream: UpstreamCacheStatistics]
    ) {
        self.mode = mode
        self.directory = directory
        self.diskProblem = diskProblem
        self.upstreams = upstreams
    }
}
