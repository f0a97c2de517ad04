import Foundation

/// The moment by which a call must be answered, shared by everything the call does.
///
/// One deadline per JSON-RPC call (from `timeoutMs` or `BREEZE_TIMEOUT`), bound as a task-local by the
/// binding so the HTTP stack below reads it without every method passing it along: retries, backoff,
/// queueing for a slot and `Retry-After` waits all spend from the same budget.
public struct Deadline: Sendable, Equatable {
    /// When time is up.
    public var instant: Date
    /// The whole budget in seconds, for messages ("did not answer within 0.25 s").
    public var seconds: Double

    /// A deadline `seconds` after `now`.
    public init(seconds: Double, from now: Date) {
        self.instant = now.addingTimeInterval(seconds)
        self.seconds = seconds
    }

    /// The time left at `now`, in seconds; zero or less once the deadline has passed.
    public func remaining(at now: Date) -> Double {
        instant.timeIntervalSince(now)
    }

    /// The deadline of the call this task works for, if the caller set one.
    @TaskLocal public static var current: Deadline?
}
