/// The moment by which a call must be answered, shared by everything the call does.
///
/// One deadline per JSON-RPC call (from `timeoutMs` or `BREEZE_TIMEOUT`), made when the call starts
/// (`Breeze.call(timeoutMilliseconds:progress:)`) and carried explicitly: the domain puts it on every request of the
/// call (`HTTPRequest.deadline`), and `DeadlineHTTPClient` is the one place that ends a call when it passes.
/// Measured on a monotonic clock, so a wall clock set back or forward (NTP, a suspended laptop) neither
/// shortens nor stretches it.
public struct Deadline: Sendable, Hashable {
    /// When time is up.
    public var instant: ContinuousClock.Instant
    /// The whole budget in seconds, for messages ("did not answer within 0.25 s").
    public var seconds: Double

    /// A deadline `seconds` after `now`.
    public init(seconds: Double, from now: ContinuousClock.Instant) {
        self.instant = now.advanced(by: .seconds(seconds))
        self.seconds = seconds
    }

    /// The time left at `now`, in seconds; zero or less once the deadline has passed.
    public func remaining(at now: ContinuousClock.Instant) -> Double {
        let left = now.duration(to: instant)
        return Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
    }
}
