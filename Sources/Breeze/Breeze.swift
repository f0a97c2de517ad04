import Foundation

/// The Breeze service layer: cities, air quality, pollen, forecast and climate, over their upstream APIs.
///
/// A value type holding what every call needs; each feature lives in its own extension
/// (`Breeze+Cities.swift`, …). Usable as a Swift library on its own:
/// ```swift
/// let breeze = Breeze(configuration: BreezeConfiguration(), http: URLSessionHTTPClient())
/// let cities = try await breeze.searchCities(CitySearch(name: "Berlin"))
/// ```
public struct Breeze: Sendable {
    public let configuration: BreezeConfiguration
    public let http: any HTTPClient
    /// The current time; injectable so tests of "today" are deterministic.
    public let now: @Sendable () -> Date
    /// The caching, coalescing, retrying and limiting stack behind `http`, when there is one: for its
    /// statistics and its clock (deadlines). Nil when `http` is a plain client, as in most tests.
    public let resilience: Resilience?
    /// Where each upstream call and the decisions behind it are reported; off unless the caller connects it.
    public let log: EventLog
    /// Encoded replies beside the upstream bodies they came from (shared by every copy of this value).
    let replies = ReplyMemo()

    public init(
        configuration: BreezeConfiguration, http: any HTTPClient, now: @escaping @Sendable () -> Date = { Date() },
        resilience: Resilience? = nil, log: EventLog = .off
    ) {
        self.configuration = configuration
        self.http = http
        self.now = now
        self.resilience = resilience
        self.log = log
    }

    /// A Breeze whose `http` is `resilience`'s stack.
    public init(
        configuration: BreezeConfiguration, resilience: Resilience, now: @escaping @Sendable () -> Date = { Date() },
        log: EventLog = .off
    ) {
        self.init(configuration: configuration, http: resilience.client, now: now, resilience: resilience, log: log)
    }
}
