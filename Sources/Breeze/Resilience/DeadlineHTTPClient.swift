import Foundation

/// Holds each call to its deadline: when `Deadline.current` (or, without one, the request's own
/// `timeoutSeconds`) passes, the call below is cancelled and the caller gets `BreezeError.timeout`.
///
/// Outermost, so the one deadline covers everything a call may wait for: a shared call, a slot, a backoff, a
/// `Retry-After`. Cancelling is how the time limit reaches the layers below: a caller that times out leaves
/// a shared call like any cancelled caller, leaves the line for a slot, and aborts its HTTP request.
/// Deadlines have sub-second precision here, whatever URLSession's whole-second timeouts do.
public struct DeadlineHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let clock: any ResilienceClock

    public init(inner: any HTTPClient, clock: any ResilienceClock) {
        self.inner = inner
        self.clock = clock
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let deadline = Deadline.current ?? Deadline(seconds: request.timeoutSeconds, from: clock.now)
        let remaining = deadline.remaining(at: clock.now)
        let timeout = BreezeError.timeout(service: request.service, seconds: deadline.seconds)
        UpstreamCallTrace.current?.debug(
            "deadline", ["seconds": deadline.seconds.plainText, "remainingMs": String(Int(remaining * 1000))])
        guard remaining > 0 else { throw timeout }
        let inner = self.inner
        let clock = self.clock
        return try await Deadline.$current.withValue(deadline) {
            try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask { try await inner.send(request) }
                group.addTask {
                    try await clock.sleep(for: remaining)
                    UpstreamCallTrace.current?.debug("deadline.expired", ["seconds": deadline.seconds.plainText])
                    throw timeout
                }
                // Whichever ends first decides; the other is cancelled (the call, or the timer).
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            }
        }
    }
}
