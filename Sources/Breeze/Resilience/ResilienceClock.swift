import FoundationEssentials

/// The time source of the resilience layer: what time it is, and waiting.
///
/// A protocol rather than `ContinuousClock` because cache entries outlive the process (wall-clock `Date`s on
/// disk) and because tests of TTLs, backoff, `Retry-After` and deadlines must run without real waiting: their
/// clock's `sleep` suspends until the test advances time.
public protocol ResilienceClock: Sendable {
    /// The current wall-clock time, for what outlives the process (cache entries).
    var now: Date { get }
    /// The current instant on a clock that never jumps, for deadlines.
    var instant: ContinuousClock.Instant { get }
    /// Suspends for `seconds`.
    ///
    /// - Throws: `CancellationError` as soon as the calling task is cancelled.
    func sleep(for seconds: Double) async throws
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: ResilienceClock {
    public init() {}

    public var now: Date { Date() }

    public var instant: ContinuousClock.Instant { .now }

    public func sleep(for seconds: Double) async throws {
        try await Task.sleep(for: .seconds(max(0, seconds)))
    }
}
