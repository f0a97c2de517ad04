import Foundation

/// The time source of the resilience layer: what time it is, waiting, and alarms (deadlines).
///
/// A protocol rather than `ContinuousClock` because cache entries outlive the process (wall-clock `Date`s on
/// disk) and because tests of TTLs, backoff, `Retry-After` and deadlines must run without real waiting: their
/// clock's `sleep` suspends, and its alarms wait, until the test advances time.
public protocol ResilienceClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Suspends for `seconds`.
    ///
    /// - Throws: `CancellationError` as soon as the calling task is cancelled.
    func sleep(for seconds: Double) async throws
    /// Calls `ring` once, `seconds` from now, unless the alarm returned is cancelled first. Costs no task.
    func alarm(after seconds: Double, _ ring: @escaping @Sendable () -> Void) -> any Alarm
}

/// The real clock: `Date()`, `Task.sleep`, and the process's one `AlarmQueue`.
public struct SystemClock: ResilienceClock {
    /// Where alarms wait: the shared queue, or a queue of its own (for tests that count what is pending).
    public let alarms: AlarmQueue

    public init(alarms: AlarmQueue = .shared) {
        self.alarms = alarms
    }

    public var now: Date { Date() }

    public func sleep(for seconds: Double) async throws {
        try await Task.sleep(for: .seconds(max(0, seconds)))
    }

    public func alarm(after seconds: Double, _ ring: @escaping @Sendable () -> Void) -> any Alarm {
        alarms.alarm(after: seconds, ring)
    }
}
