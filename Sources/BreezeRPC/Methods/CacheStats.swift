import Breeze
import JSONRPC

/// `cacheStats`: what the cache and the coalescer have done since start-up, per upstream, so users can see
/// them work (and see when the cache is off), and the disk cache as it is on disk, shared by every process.
public enum CacheStats: BreezeMethod {
    public static let name = "cacheStats"
    /// The counters are the process's own.
    public static let readsUpstream = false

    public struct Result: Encodable, JSONWritable, Equatable {
        /// False when `BREEZE_CACHE=off` (identical calls in flight are still coalesced).
        public var enabled: Bool
        /// `on` (memory and disk), `memory` or `off`.
        public var mode: String
        /// The persistent cache's directory, when answers are kept on disk.
        public var directory: String?
        /// Whether answers are being kept on disk: false when the mode is not `on`, or the directory is unusable.
        public var diskEnabled: Bool
        /// Why the persistent cache is off although the mode is `on` (read-only, not a directory, full, ...).
        public var diskProblem: String?
        /// Every upstream by its name (`forecast`, `pollenProxy`, …), zeros included, so the shape is stable.
        public var upstreams: [String: UpstreamCacheStatistics]
        /// The persistent cache as it is on disk, written by any process; absent without a disk cache.
        public var disk: DiskCacheUsage?
        /// Whether the processes of this host share one Open-Meteo budget and one fetch per question.
        public var fleet: Fleet
    }

    /// `host`: every process using this cache directory shares the Open-Meteo budget (`slots`) and one fetch per
    /// question; `process`: each process on its own, and `reason` says why.
    public struct Fleet: Encodable, Sendable, Equatable {
        public var mode: String
        public var reason: String?
        public var slots: Int?
    }

    public static func handle(_ params: NoParams, context: MethodContext) async throws -> Result {
        let statistics = await context.breeze.cacheStatistics()
        var upstreams: [String: UpstreamCacheStatistics] = [:]
        for service in Upstream.allCases {
            upstreams[service.rawValue] = statistics.upstreams[service] ?? UpstreamCacheStatistics()
        }
        return Result(
            enabled: statistics.mode != .off, mode: statistics.mode.rawValue, directory: statistics.directory,
            diskEnabled: statistics.diskEnabled, diskProblem: statistics.diskProblem, upstreams: upstreams,
            disk: statistics.disk,
            fleet: Fleet(
                mode: statistics.fleet.mode.rawValue, reason: statistics.fleet.reason, slots: statistics.fleet.slots))
    }
}
