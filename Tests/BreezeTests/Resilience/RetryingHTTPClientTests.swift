import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite(.timeLimit(.minutes(1))) struct RetryingHTTPClientTests {
    /// A retrier over `upstream` whose backoff always draws its upper bound, so the recorded sleeps are exact.
    private func retrier(
        _ upstream: FakeHTTPClient, clock: TestClock, retries: Int = 2,
        jitter: @escaping @Sendable (Double) -> Double = { $0 }
    ) -> RetryingHTTPClient {
        var policy = RetryPolicy()
        policy.maxRetries = retries
        return RetryingHTTPClient(inner: upstream, policy: policy, clock: clock, jitter: jitter)
    }

    /// `request` with its call's deadline `seconds` from now, as `DeadlineHTTPClient` hands it down.
    private func within(_ seconds: Double, _ clock: TestClock, _ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.deadline = Deadline(seconds: seconds, from: clock.instant)
        return request
    }

    /// An upstream that answers `responses` in turn (the last one again after that).
    private func upstream(_ responses: HTTPResponse...) -> FakeHTTPClient {
        FakeHTTPClient { _, number in responses[min(number, responses.count) - 1] }
    }

    /// Sends the forecast request through a default retrier over `upstream`: the answer, and the backoff it slept.
    private func sendOnce(through upstream: FakeHTTPClient) async throws -> (HTTPResponse, sleeps: [Double]) {
        let clock = TestClock()
        let response = try await retrier(upstream, clock: clock).send(forecastRequest())
        return (response, clock.sleeps)
    }

    @Test func a500ThenA200IsOneRetryAndTheAnswer() async throws {
        let upstream = upstream(.status(500), .ok())
        let (response, sleeps) = try await sendOnce(through: upstream)
        #expect(response == .ok())
        #expect(upstream.snapshot.requests.count == 2)
        #expect(sleeps == [0.2])
    }

    @Test(arguments: [400, 401, 403, 404, 405, 422])
    func neverRetriesOtherClientErrors(status: Int) async throws {
        let upstream = upstream(.status(status))
        let (response, sleeps) = try await sendOnce(through: upstream)
        #expect(response.status == status)
        #expect(upstream.snapshot.requests.count == 1)
        #expect(sleeps.isEmpty)
    }

    @Test(arguments: [500, 502, 503, 504])
    func retriesTransientStatusesTwiceThenReturnsTheLastAnswer(status: Int) async throws {
        let upstream = upstream(.status(status))
        let (response, sleeps) = try await sendOnce(through: upstream)
        #expect(response.status == status)
        #expect(upstream.snapshot.requests.count == 3)
        #expect(sleeps == [0.2, 0.4])
    }

    @Test func retriesNetworkErrorsAndTimedOutAttempts() async throws {
        let upstream = FakeHTTPClient { request, number in
            switch number {
            case 1: throw BreezeError.networkError(service: request.service, reason: "refused")
            case 2: throw BreezeError.timeout(service: request.service, seconds: 1)
            default: return .ok()
            }
        }
        let response = try await retrier(upstream, clock: TestClock()).send(forecastRequest())
        #expect(response == .ok())
        #expect(upstream.snapshot.requests.count == 3)
    }

    @Test func rethrowsTheLastTransientErrorWhenRetriesAreUsedUp() async throws {
        let upstream = FakeHTTPClient { request, _ in
            throw BreezeError.networkError(service: request.service, reason: "refused")
        }
        await #expect(throws: BreezeError.networkError(service: .forecast, reason: "refused")) {
            try await retrier(upstream, clock: TestClock(), retries: 1).send(forecastRequest())
        }
        #expect(upstream.snapshot.requests.count == 2)
    }

    @Test func fullJitterDrawsBelowAnExponentialBoundWithACap() async throws {
        let upstream = upstream(.status(503))
        let clock = TestClock()
        let client = retrier(upstream, clock: clock, retries: 6, jitter: { Double.random(in: 0...$0) })
        _ = try await client.send(within(60, clock, forecastRequest()))
        let bounds = [0.2, 0.4, 0.8, 1.6, 2, 2]
        #expect(clock.sleeps.count == bounds.count)
        for (sleep, bound) in zip(clock.sleeps, bounds) { #expect(sleep >= 0 && sleep <= bound) }
        #expect(RetryPolicy().backoffBound(retry: 10) == 2)
    }

    @Test func doesNotBackOffPastTheDeadline() async throws {
        let upstream = upstream(.status(503), .ok())
        let clock = TestClock()
        let response = try await retrier(upstream, clock: clock).send(within(0.15, clock, forecastRequest()))
        #expect(response.status == 503)  // a 0.2 s backoff cannot end inside 0.15 s
        #expect(upstream.snapshot.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func givesEachAttemptAtMostTheTimeLeft() async throws {
        let upstream = upstream(.status(500), .ok())
        let clock = TestClock()
        _ = try await retrier(upstream, clock: clock).send(within(1, clock, forecastRequest(timeout: 10)))
        let timeouts = upstream.snapshot.requests.map(\.timeoutSeconds)
        #expect(timeouts.count == 2)
        #expect(timeouts[0] == 1)
        #expect(abs(timeouts[1] - 0.8) < 1e-6)  // 1 s minus the 0.2 s backoff (Date keeps ~0.1 µs)
    }

    @Test func anAttemptThatRunsOutTheDeadlineIsTheCallsTimeout() async throws {
        let clock = TestClock()
        let upstream = FakeHTTPClient { request, _ in
            clock.set(clock.now.addingTimeInterval(request.timeoutSeconds))
            throw BreezeError.timeout(service: request.service, seconds: request.timeoutSeconds)
        }
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.5)) {
            try await retrier(upstream, clock: clock).send(within(0.5, clock, forecastRequest()))
        }
        #expect(upstream.snapshot.requests.count == 1)
    }

    @Test func doesNotRetryCancellation() async throws {
        let upstream = FakeHTTPClient { _, _ in throw CancellationError() }
        await #expect(throws: CancellationError.self) {
            try await retrier(upstream, clock: TestClock()).send(forecastRequest())
        }
        #expect(upstream.snapshot.requests.count == 1)
    }

    // MARK: - 429

    @Test func a429WithAShortRetryAfterWaitsThenRetriesOnce() async throws {
        let upstream = upstream(.status(429, headers: ["Retry-After": "3"]), .ok())
        let (response, sleeps) = try await sendOnce(through: upstream)
        #expect(response == .ok())
        #expect(upstream.snapshot.requests.count == 2)
        #expect(sleeps == [3])
    }

    @Test func readsTheProxysRetryAfterFromTheBody() async throws {
        let body = #"{"error":"Too many requests. Please try again later.","retryAfter":2}"#
        let upstream = upstream(.status(429, body), .ok())
        let (response, sleeps) = try await sendOnce(through: upstream)
        #expect(response == .ok())
        #expect(sleeps == [2])
    }

    @Test(arguments: [["Retry-After": "30"], [:]])
    func a429WithALongOrNoRetryAfterGoesBackAtOnce(headers: [String: String]) async throws {
        let upstream = upstream(.status(429, headers: headers), .ok())
        let clock = TestClock()
        let response = try await retrier(upstream, clock: clock).send(forecastRequest(timeout: 10))
        #expect(response.status == 429)
        #expect(upstream.snapshot.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func waitsForRetryAfterOnlyOnceNeverLooping() async throws {
        let upstream = upstream(.status(429, headers: ["Retry-After": "1"]))
        let (response, sleeps) = try await sendOnce(through: upstream)
        #expect(response.status == 429)
        #expect(upstream.snapshot.requests.count == 2)
        #expect(sleeps == [1])
    }
}
