import FoundationEssentials

/// Holds each call to its deadline: the one place the call's time budget is read and enforced.
///
/// The budget is the request's `deadline` (the call's, which the domain puts on every request of the call), or
/// without one the request's own `timeoutSeconds` from now. It goes down on the request for the layers that plan
/// within it (the retrier), and the rest of the stack runs in a child task raced against a timer: when the timer
/// wins, the child is cancelled, which reaches whatever it waits for (an identical call in flight, a slot, a backoff,
/// a `Retry-After`, the transfer), and the call ends with `BreezeError.timeout`.
///
/// Below the cache: an answer the cache holds is served whatever the time left, so it is never a timeout.
struct DeadlineHTTPClient: HTTPClient {
    let inner: any HTTPClient
    let clock: any ResilienceClock

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let now = clock.instant
        let deadline = request.deadline ?? Deadline(seconds: request.timeoutSeconds, from: now)
        let remaining = deadline.remaining(at: now)
        let trace = UpstreamCallTrace.current
        trace?.debug("deadline", ["seconds": deadline.seconds.plainText, "remainingMs": String(Int(remaining * 1000))])
        let timeout = BreezeError.timeout(service: request.service, seconds: deadline.seconds)
        guard remaining > 0 else { throw timeout }
        var timed = request
        timed.deadline = deadline
        let (inner, clock, sent) = (inner, clock, timed)
        // Two children, the call and its timer: whichever ends first ends the other (`nil` is the timer).
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask {
                try await clock.sleep(for: remaining)
                return nil
            }
            group.addTask { try await inner.send(sent) }
            defer { group.cancelAll() }
            guard let response = try await group.next() ?? nil else {
                trace?.debug("deadline.expired", ["seconds": deadline.seconds.plainText])
                throw timeout
            }
            return response
        }
    }
}
