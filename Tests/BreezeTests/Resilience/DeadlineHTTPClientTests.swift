import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite(.timeLimit(.minutes(1))) struct DeadlineHTTPClientTests {
    @Test func cancelsTheCallAndThrowsTimeoutWhenTheDeadlinePasses() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let clock = TestClock(.manual)
        let client = DeadlineHTTPClient(inner: upstream, clock: clock)
        let call = Task {
            try await Deadline.$current.withValue(Deadline(seconds: 0.25, from: clock.now)) {
                try await client.send(forecastRequest())
            }
        }
        await upstream.waitUntil { $0.held == 1 }
        await clock.waitForSleepers(1)
        clock.advance(by: 0.24)
        #expect(upstream.snapshot.cancelled == 0)
        clock.advance(by: 0.01)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.25)) { try await call.value }
        #expect(upstream.snapshot.cancelled == 1)  // the upstream request was aborted, not left running
    }

    @Test func withoutADeadlineUsesTheRequestsOwnTimeout() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let clock = TestClock(.manual)
        let client = DeadlineHTTPClient(inner: upstream, clock: clock)
        let call = Task { try await client.send(forecastRequest(timeout: 3)) }
        await clock.waitForSleepers(1)
        clock.advance(by: 3)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 3)) { try await call.value }
    }

    @Test func anAnswerInTimeIsReturnedAndTheTimerStopped() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let clock = TestClock(.manual)
        let client = DeadlineHTTPClient(inner: upstream, clock: clock)
        let call = Task { try await client.send(forecastRequest()) }
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        #expect(try await call.value == .ok())
    }

    @Test func aDeadlineAlreadyPastSendsNothing() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let clock = TestClock(.manual)
        let client = DeadlineHTTPClient(inner: upstream, clock: clock)
        let deadline = Deadline(seconds: 1, from: clock.now.addingTimeInterval(-2))
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 1)) {
            try await Deadline.$current.withValue(deadline) { try await client.send(forecastRequest()) }
        }
        #expect(upstream.snapshot.requests.isEmpty)
    }

    @Test func subSecondDeadlinesWorkOnTheRealClock() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let client = DeadlineHTTPClient(inner: upstream, clock: SystemClock())
        let started = ContinuousClock.now
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.05)) {
            try await Deadline.$current.withValue(Deadline(seconds: 0.05, from: Date())) {
                try await client.send(forecastRequest(timeout: 60))
            }
        }
        // Ended by the 50 ms deadline, not the request's own 60 s: a wide bound, for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(upstream.snapshot.cancelled == 1)
    }
}
