import FoundationEssentials
import Synchronization

/// The in-memory cache of upstream answers, per upstream, with the counters `cacheStats` reports.
///
/// A class behind a `Mutex` rather than an actor: a hit is one dictionary lookup, cheaper than hopping onto an
/// actor and back, and every call asks. It does no I/O and never suspends while holding the lock: the disk
/// cache is read and written by the caching layers outside it, so a slow disk never holds up memory hits.
/// - Important: bounded per upstream (`LRUTable`); beyond `maxEntriesPerUpstream` the least recently used entry
///   goes.
public final class ResponseCache: Sendable {
    private struct State {
        var entries: [Upstream: LRUTable<CacheKey, CachedResponse>] = [:]
        var counters: [Upstream: UpstreamCacheStatistics] = [:]
    }

    private let maxEntriesPerUpstream: Int
    private let state = Mutex(State())

    public init(maxEntriesPerUpstream: Int = 1000) {
        self.maxEntriesPerUpstream = max(1, maxEntriesPerUpstream)
    }

    /// The fresh answer for `key`, counted as a hit; nil when there is none (an expired entry is dropped).
    public func lookup(_ key: CacheKey, now: Date) -> HTTPResponse? {
        state.withLock { state in
            guard let cached = state.entries[key.service]?.value(for: key) else { return nil }
            guard cached.isFresh(at: now) else {
                state.entries[key.service]?.removeValue(for: key)
                return nil
            }
            state.counters[key.service, default: .init()].hits += 1
            return cached.response
        }
    }

    /// Keeps `cached` under `key`, evicting the least recently used entry beyond the bound.
    public func store(_ key: CacheKey, _ cached: CachedResponse) {
        state.withLock { state in
            let evicted = state.entries[key.service, default: LRUTable(capacity: maxEntriesPerUpstream)]
                .store(cached, for: key)
            if evicted > 0 { state.counters[key.service, default: .init()].evictions += evicted }
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
