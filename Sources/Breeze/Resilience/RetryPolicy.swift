#if canImport(Glibc)
import Glibc
#endif

/// When and how often to try again.
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt for transient failures (network errors, timeouts, 500/502/503/504).
    public var maxRetries = 2
    /// The first backoff's upper bound; each further retry doubles it, up to `backoffCap`.
    public var backoffBase: Double = 0.2
    public var backoffCap: Double = 2

    public init() {}

    /// The upper bound of the backoff before retry number `retry` (1-based): full jitter draws below it.
    public func backoffBound(retry: Int) -> Double {
        min(backoffCap, backoffBase * pow(2, Double(max(0, retry - 1))))
    }
}
