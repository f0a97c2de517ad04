import FoundationEssentials

/// What the cache did for one upstream. Coalescing is counted by `CoalescingHTTPClient` and merged in.
public struct UpstreamCacheStatistics: Sendable, Equatable, Codable {
    /// Answers served from memory.
    public var hits = 0
    /// Answers served from the persistent cache (then kept in memory).
    public var diskHits = 0
    /// Calls that went upstream (shared calls count once).
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
    /// Whether the processes of this host share one Open-Meteo budget and one fetch per question, and why not.
    public var fleet = HostFleet.Status(mode: .process, reason: "no resilience stack")

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
