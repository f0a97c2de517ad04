import FoundationEssentials

/// The moment by which a call must be answered, shared by everything the call does.
///
/// One deadline per JSON-RPC call (from `timeoutMs` or `BREEZE_TIMEOUT`), bound as a task-local by the
/// domain (`Breeze.withTimeBudget`) so that the HTTP stack reads it without every method passing it along.
/// `DeadlineHTTPClient` is the one place that reads it, and the one place that ends a call when it passes;
/// from there it travels down on the request (`HTTPRequest.deadline`).
public struct Deadline: Sendable, Hashable {
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
