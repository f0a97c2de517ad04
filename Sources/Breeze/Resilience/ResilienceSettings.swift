import FoundationEssentials

/// How much Breeze caches, retries and sends at once. Set from flags and environment variables by the binary.
public struct ResilienceSettings: Sendable, Equatable {
    /// Where answers are kept between calls.
    public enum CacheMode: String, Sendable, Equatable, CaseIterable {
        /// In memory and on disk (the default), so one-shot processes share answers.
        case on
        /// In memory only: nothing is written to disk.
        case memory
        /// Nothing is cached; identical calls in flight together are still coalesced.
        case off
    }

    public var cacheMode = CacheMode.on
    /// The persistent cache's directory; `nil` until the binary resolves the default from the environment.
    public var cacheDirectory: String?
    /// How long each upstream's answers stay fresh.
    public var cachePolicy = CachePolicy()
    /// Entries kept in memory per upstream before the least recently used is evicted.
    public var maxMemoryEntriesPerUpstream = 1000
    /// Files kept in the cache directory before the oldest are removed.
    public var maxDiskEntries = 2000
    /// Bytes kept in the cache directory before the oldest files are removed.
    public var maxDiskBytes = 64 << 20
    /// Retry policy for transient failures and 429s.
    public var retry = RetryPolicy()
    /// Requests sent at once to each upstream; more wait in line.
    public var maxConcurrent = Upstream.table(\.defaultMaxConcurrent)
    /// Requests sent at once to all Open-Meteo hosts together, beside each one's own limit (see
    /// `ConcurrencyLimiter.Pool.openMeteo`).
    public var openMeteoMaxInFlight = Self.defaultOpenMeteoMaxInFlight
    /// The largest upstream body accepted, counted after decompression; a larger one is a typed error.
    public var maxBodyBytes = CurlHTTPClient.defaultMaxBodyBytes

    /// One below the 5 requests in flight from one address above which Open-Meteo answers 429 "Too many
    /// concurrent requests", so another program on the same address still has room.
    public static let defaultOpenMeteoMaxInFlight = 4

    public init() {}

    /// These settings with every upstream's concurrency limit lowered so that all of them together stay within
    /// `sockets` (at least one each): a socket per request in flight must never exhaust the process's file
    /// descriptors.
    public func fitting(sockets: Int) -> ResilienceSettings {
        var fitted = self
        let share = max(1, sockets / max(1, maxConcurrent.count))
        if maxConcurrent.values.reduce(0, +) > sockets {
            fitted.maxConcurrent = maxConcurrent.mapValues { min($0, share) }
        }
        fitted.openMeteoMaxInFlight = max(1, min(openMeteoMaxInFlight, sockets))
        return fitted
    }

    /// `$XDG_CACHE_HOME/breeze-rpc`, else `$HOME/.cache/breeze-rpc`, else nil (no persistent cache).
    public static func defaultCacheDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/breeze-rpc" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/breeze-rpc" }
        return nil
    }
}
