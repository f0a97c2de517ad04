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
    /// statistics (`cacheStatistics()`) and its clock (`call(timeoutMilliseconds:progress:)`). Nil when `http` is a
    /// plain client, as in most tests.
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
    /// One call of this service, as the functions that ask upstreams take it: when it must be answered, and where
    /// its progress goes.
    ///
    /// Every upstream request of the call spends from its one deadline: retries, backoff, a `Retry-After`,
    /// waiting for a slot, the request itself. When it runs out, the request waiting then ends with
    /// `BreezeError.timeout` (with the budget's seconds) and whatever it waited for is cancelled. Without a
    /// deadline (the default, for a library caller that sets none) each request has `configuration.timeoutSeconds`
    /// of its own. Cancellation is the calling task's.
    public struct Call: Sendable {
        public var deadline: Deadline?
        /// Where a call of several upstream rounds reports how far it has got (`fetchClimate`, `fetchDashboard`).
        public var progress: CallProgress?

        public init(deadline: Deadline? = nil, progress: CallProgress? = nil) {
            self.deadline = deadline
            self.progress = progress
        }
    }

    /// A call starting now, within `milliseconds` when the caller gave them, else `configuration.timeoutSeconds`,
    /// on the resilience stack's clock.
    public func call(timeoutMilliseconds milliseconds: Int?, progress: CallProgress? = nil) -> Call {
        let seconds = milliseconds.map { Double($0) / 1000 } ?? configuration.timeoutSeconds
        let now = resilience?.clock.instant ?? .now
        return Call(deadline: Deadline(seconds: seconds, from: now), progress: progress)
    }

    /// What the cache and the coalescer have done so far, per upstream; mode `off` and no counters when this
    /// Breeze has no resilience stack.
    public func cacheStatistics() async -> CacheStatistics {
        await resilience?.statistics() ?? CacheStatistics(mode: .off, directory: nil, upstreams: [:])
    }
}
