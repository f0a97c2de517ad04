import FoundationEssentials
import Synchronization

/// The in-memory cache of upstream answers, per upstream, with the counters `cacheStats` reports.
///
/// A class behind a `Mutex` rather than an actor: a hit is one dictionary lookup, cheaper than hopping onto an
/// actor and back, and every call asks. It does no I/O and never suspends while holding the lock: the disk
/// cache is read and written by the caching layers outside it, so a slow disk never holds up memory hits.
/// - Important: bounded per upstream; beyond `maxEntriesPerUpstream` the least recently used entry goes.
public final class ResponseCache: Sendable {
    private struct Entry {
        var cached: CachedResponse
        /// A logical clock tick of the last use, for least-recently-used eviction.
        var lastUsed: UInt64
    }

    private struct State {
        var entries: [Upstream: [CacheKey: Entry]] = [:]
        var counters: [Upstream: UpstreamCacheStatistics] = [:]
        var tick: UInt64 = 0
    }

    private let maxEntriesPerUpstream: Int
    private let state = Mutex(State())

    public init(maxEntriesPerUpstream: Int = 1000) {
        self.maxEntriesPerUpstream = max(1, maxEntriesPerUpstream)
    }

    /// The fresh answer for `key`, counted as a hit; nil when there is none (an expired entry is dropped).
    public func lookup(_ key: CacheKey, now: Date) -> HTTPResponse? {
        state.withLock { state in
            // Found once, then used by its index.
            guard let index = state.entries[key.service]?.index(forKey: key),
                let entry = state.entries[key.service]?.values[index]
            else { return nil }
            guard entry.cached.isFresh(at: now) else {
                state.entries[key.service]?.remove(at: index)
                return nil
            }
            state.tick += 1
            state.entries[key.service]?.values[index].lastUsed = state.tick
            state.counters[key.service, default: .init()].hits += 1
            return entry.cached.response
        }
    }

    /// Keeps `cached` under `key`, evicting the least recently used entries beyond the bound.
    public func store(_ key: CacheKey, _ cached: CachedResponse) {
        state.withLock { state in
            state.tick += 1
            state.entries[key.service, default: [:]][key] = Entry(cached: cached, lastUsed: state.tick)
            while let table = state.entries[key.service], table.count > maxEntriesPerUpstream,
                let oldest = table.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
            {
                state.entries[key.service]?[oldest] = nil
                state.counters[key.service, default: .init()].evictions += 1
            }
        }
    }

    /// Counts an answer found on disk (the caller then `store`s it here).
    public func recordDiskHit(_ service: Upstream) {
        state.withLock { $0.counters[service, default: .init()].diskHits += 1 }
    }

    /// Counts a call that went upstream.
    public func recordMiss(_ service: Upstream) {
        state.withLock { $0.counters[service, default: .init()].misses += 1 }
    }

    /// The counters and entry counts, per upstream. Async, as it was when the cache was an actor, so callers
    /// stay free to move it behind one again.
    public func statistics() async -> [Upstream: UpstreamCacheStatistics] {
        state.withLock { state in
            var result = state.counters
            for (service, table) in state.entries { result[service, default: .init()].entries = table.count }
            return result
        }
    }
}
