import FoundationEssentials

/// The Breeze service layer: cities, air quality, pollen, forecast and climate, over their upstream APIs.
///
/// A value type holding what every call needs; each feature lives in its own extension
/// (`Breeze+Cities.swift`, …). Usable as a Swift library on its own:
/// ```swift
/// let breeze = Breeze(configuration: BreezeConfiguration(), http: CurlHTTPClient())
/// let cities = try await breeze.searchCities(CitySearch(name: "Berlin"))
/// ```
public struct Breeze: Sendable {
    public let configuration: BreezeConfiguration
    public let http: any HTTPClient
    /// The current time; injectable so tests of "today" are deterministic.
    public let now: @Sendable () -> Date
    /// The caching, coalescing, retrying and limiting stack behind `http`, when there is one: for its
    /// statistics (`cacheStatistics()`) and its clock (`withTimeBudget`). Nil when `http` is a plain client,
    /// as in most tests.
    let resilience: Resilience?
    /// Where each upstream call and the decisions behind it are reported; off unless the caller connects it.
    public let log: EventLog
    /// Values decoded from upstream bodies, so an answer served again from the cache is not decoded again;
    /// bounded like the memory cache, and shared by the copies of this `Breeze`.
    let memo: AnswerMemo
    /// Every upstream's base URL, checked and taken apart once, for building requests (`request(_:query:)`).
    let bases: [Upstream: Result<UpstreamBase, BreezeError>]

    public init(
        configuration: BreezeConfiguration, http: any HTTPClient, now: @escaping @Sendable () -> Date = { Date() },
        resilience: Resilience? = nil, log: EventLog = .off
    ) {
        self.configuration = configuration
        self.http = http
        self.now = now
        self.resilience = resilience
        self.log = log
        bases = Self.bases(configuration)
        memo = AnswerMemo(maxEntriesPerUpstream: resilience?.settings.maxMemoryEntriesPerUpstream ?? 1000)
    }

    /// A Breeze whose `http` is `resilience`'s stack.
    public init(
        configuration: BreezeConfiguration, resilience: Resilience, now: @escaping @Sendable () -> Date = { Date() },
        log: EventLog = .off
    ) {
        self.init(configuration: configuration, http: resilience.client, now: now, resilience: resilience, log: log)
    }
}

extension Breeze {
    /// Runs one call of this service (`body`) within its time budget: `milliseconds` when the caller gave one,
    /// else `configuration.timeoutSeconds`.
    ///
    /// The budget is bound as `Deadline.current`, which every upstream request of the call spends from:
    /// retries, backoff, a `Retry-After`, waiting for a slot, the request itself. When it runs out, the
    /// request waiting then ends with `BreezeError.timeout` (with the budget's seconds) and whatever it waited
    /// for is cancelled; nothing of the budget is left behind when the call ends.
    public func withTimeBudget<T>(milliseconds: Int?, _ body: () async throws -> T) async throws -> T {
        let seconds = milliseconds.map { Double($0) / 1000 } ?? configuration.timeoutSeconds
        let now = resilience?.clock.now ?? Date()
        return try await Deadline.$current.withValue(Deadline(seconds: seconds, from: now)) { try await body() }
    }

    /// What the cache and the coalescer have done so far, per upstream; mode `off` and no counters when this
    /// Breeze has no resilience stack.
    public func cacheStatistics() async -> CacheStatistics {
        await resilience?.statistics() ?? CacheStatistics(mode: .off, directory: nil, upstreams: [:])
    }
}
