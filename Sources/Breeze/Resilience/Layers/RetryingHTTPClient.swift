import FoundationEssentials

/// Tries again after transient failures, and once after a 429 whose `Retry-After` fits the deadline.
///
/// Transient: `networkError`, a `timeout` of one attempt, and 500/502/503/504. Nothing else is retried: any
/// other 4xx will not change by asking again, and a 429 without a usable `Retry-After` goes back at once so
/// the caller gets `rateLimited` with `retryAfterSeconds` and decides for itself. Backoff is exponential with
/// full jitter (a uniform draw below `base · 2ⁿ`, capped), which spreads out clients that failed together.
/// - Important: everything happens inside the call's deadline (`HTTPRequest.deadline`, set by
///   `DeadlineHTTPClient`; without one, the request's own `timeoutSeconds`): each attempt gets at most the time
///   left, and neither a backoff nor a `Retry-After` wait starts unless it ends before the deadline.
public struct RetryingHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let policy: RetryPolicy
    public let clock: any ResilienceClock
    /// Draws a backoff in `0...bound`; injectable so tests can pin the draw.
    public let jitter: @Sendable (_ bound: Double) -> Double

    /// The statuses that mean "try again": the server failed, not the request.
    public static let transientStatuses: Set<Int> = [500, 502, 503, 504]

    public init(
        inner: any HTTPClient, policy: RetryPolicy, clock: any ResilienceClock,
        jitter: @escaping @Sendable (_ bound: Double) -> Double = { Double.random(in: 0...max(0, $0)) }
    ) {
        self.inner = inner
        self.policy = policy
        self.clock = clock
        self.jitter = jitter
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let deadline = request.deadline ?? Deadline(seconds: request.timeoutSeconds, from: clock.instant)
        var retries = 0
        var waitedForRetryAfter = false
        while true {
            let remaining = deadline.remaining(at: clock.instant)
            guard remaining > 0 else { throw BreezeError.timeout(service: request.service, seconds: deadline.seconds) }
            var attempt = request
            attempt.timeoutSeconds = min(request.timeoutSeconds, remaining)
            let response: HTTPResponse
            do {
                response = try await inner.send(attempt)
            } catch let error as BreezeError where Self.isTransient(error) {
                if case .timeout = error, deadline.remaining(at: clock.instant) <= 0 {
                    // The attempt ran out of the call's time, not its own: report the call's budget.
                    throw BreezeError.timeout(service: request.service, seconds: deadline.seconds)
                }
                guard try await backOff(&retries, before: deadline, after: Self.errorName(error)) else { throw error }
                continue
            }
            if Self.transientStatuses.contains(response.status) {
                guard try await backOff(&retries, before: deadline, after: "status \(response.status)") else {
                    return response
                }
                continue
            }
            if response.status == 429, !waitedForRetryAfter, let wait = Self.retryAfter(response),
                Double(wait) < deadline.remaining(at: clock.instant)
            {
                waitedForRetryAfter = true
                UpstreamCallTrace.current?.noteRetry()
                UpstreamCallTrace.current?.debug("retry", ["after": "status 429", "delayMs": String(wait * 1000)])
                try await clock.sleep(for: Double(wait))
                continue
            }
            return response
        }
    }

    private static func errorName(_ error: BreezeError) -> String {
        if case .timeout = error { return "timeout" }
        return "networkError"
    }

    static func isTransient(_ error: BreezeError) -> Bool {
        switch error {
        case .networkError, .timeout: true
        default: false
        }
    }

    /// Seconds to wait according to the 429: the `Retry-After` header, else the proxy's body `retryAfter`.
    static func retryAfter(_ response: HTTPResponse) -> Int? {
        UpstreamFailure.retryAfter(response.headers["retry-after"])
            ?? (try? JSONDecoder().decode(ErrorBody.self, from: response.body))?.retryAfter
    }

    /// Waits before the next retry. False when retries are used up or the wait would not end before the deadline.
    private func backOff(_ retries: inout Int, before deadline: Deadline, after failure: String) async throws -> Bool {
        let trace = UpstreamCallTrace.current
        guard retries < policy.maxRetries else {
            trace?.debug("retry.giveUp", ["after": failure, "reason": "retries used up"])
            return false
        }
        retries += 1
        let delay = min(max(0, jitter(policy.backoffBound(retry: retries))), policy.backoffBound(retry: retries))
        guard delay < deadline.remaining(at: clock.instant) else {
            trace?.debug("retry.giveUp", ["after": failure, "reason": "the backoff would pass the deadline"])
            return false
        }
        trace?.noteRetry()
        trace?.debug("retry", ["after": failure, "attempt": String(retries + 1), "delayMs": String(Int(delay * 1000))])
        try await clock.sleep(for: delay)
        return true
    }
}
