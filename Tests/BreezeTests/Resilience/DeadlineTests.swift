import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// The call's deadline, held by `CoalescingHTTPClient` with an alarm: it ends the call with `timeout` wherever
/// the call waits, and nothing of it is left once the call has ended.
///
/// Serialized: the tests on the real clock share one `AlarmQueue` (a queue lives as long as the process) and
/// count what is pending on it.
@Suite(.serialized, .timeLimit(.minutes(1))) struct DeadlineTests {
    private static let alarms = AlarmQueue()

    /// A coalescer on a manual clock over a fake upstream that holds each request until released when `gated`.
    private func coalescer(gated: Bool) -> (FakeHTTPClient, TestClock, CoalescingHTTPClient) {
        let upstream = FakeHTTPClient(gated: gated)
        let clock = TestClock(.manual)
        return (upstream, clock, CoalescingHTTPClient(inner: upstream, clock: clock))
    }

    @Test func cancelsTheCallAndThrowsTimeoutWhenTheDeadlinePasses() async throws {
        let (upstream, clock, client) = coalescer(gated: true)
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
        #expect(clock.pendingCount == 0)
    }

    @Test func withoutADeadlineUsesTheRequestsOwnTimeout() async throws {
        let (_, clock, client) = coalescer(gated: true)
        let call = Task { try await client.send(forecastRequest(timeout: 3)) }
        await clock.waitForSleepers(1)
        clock.advance(by: 3)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 3)) { try await call.value }
    }

    @Test func anAnswerInTimeIsReturnedAndTheTimerStopped() async throws {
        let (upstream, clock, client) = coalescer(gated: true)
        let call = Task { try await client.send(forecastRequest()) }
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        #expect(try await call.value == .ok())
        #expect(clock.pendingCount == 0)
    }

    @Test func aDeadlineAlreadyPastSendsNothing() async throws {
        let (upstream, clock, client) = coalescer(gated: false)
        let deadline = Deadline(seconds: 1, from: clock.now.addingTimeInterval(-2))
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 1)) {
            try await Deadline.$current.withValue(deadline) { try await client.send(forecastRequest()) }
        }
        #expect(upstream.snapshot.requests.isEmpty)
        #expect(clock.pendingCount == 0)
    }

    @Test func subSecondDeadlinesWorkOnTheRealClock() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let alarms = Self.alarms
        let client = CoalescingHTTPClient(inner: upstream, clock: SystemClock(alarms: alarms))
        let started = ContinuousClock.now
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.05)) {
            try await Deadline.$current.withValue(Deadline(seconds: 0.05, from: Date())) {
                try await client.send(forecastRequest(timeout: 60))
            }
        }
        // Ended by the 50 ms deadline, not the request's own 60 s: a wide bound, for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(30))
        await upstream.waitUntil { $0.cancelled == 1 }
        #expect(alarms.pendingCount == 0)
    }

    // MARK: - Nothing left behind

    enum Ending: String, CaseIterable, Sendable { case answered, failed, cancelled, timedOut }

    @Test(arguments: Ending.allCases)
    func aFinishedCallLeavesNoAlarmBehind(ending: Ending) async throws {
        let upstream = FakeHTTPClient(gated: ending != .answered) { request, _ in
            if ending == .failed { throw BreezeError.networkError(service: request.service, reason: "down") }
            return .ok()
        }
        let alarms = Self.alarms
        let client = CoalescingHTTPClient(inner: upstream, clock: SystemClock(alarms: alarms))
        let call = Task {
            try await Deadline.$current.withValue(Deadline(seconds: ending == .timedOut ? 0.05 : 60, from: Date())) {
                try await client.send(forecastRequest())
            }
        }
        if ending != .answered { await upstream.waitUntil { $0.held == 1 } }
        switch ending {
        case .answered: #expect(try await call.value == .ok())
        case .failed:
            upstream.release()
            await #expect(throws: BreezeError.self) { try await call.value }
        case .cancelled:
            #expect(alarms.pendingCount == 1)  // the call's one deadline, while it waits
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
        case .timedOut:
            await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.05)) { try await call.value }
        }
        #expect(alarms.pendingCount == 0)
        #expect(client.inFlightCount == 0)
    }

    @Test func aCallerWhoLeavesASharedCallTakesItsAlarmAlong() async throws {
        let (upstream, clock, client) = coalescer(gated: true)
        let staying = Task { try await client.send(forecastRequest()) }
        let leaving = Task { try await client.send(forecastRequest()) }
        await clock.waitForSleepers(2)
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(clock.pendingCount == 1)
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        #expect(try await staying.value == .ok())
        #expect(clock.pendingCount == 0)
    }

    @Test func aMemoryHitSetsNoAlarm() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let clock = TestClock(.manual)
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        let resilience = Resilience(settings: settings, upstream: upstream, clock: clock)
        #expect(try await resilience.client.send(forecastRequest()) == .ok())
        #expect(try await resilience.client.send(forecastRequest()) == .ok())
        #expect(clock.sleeps == [10])  // the first call's deadline only
        #expect(clock.pendingCount == 0)
        #expect(await resilience.statistics().upstreams[.forecast]?.hits == 1)
    }

    // MARK: - Wherever the call waits

    /// The shared call is waiting out a backoff (after a 500) or a `Retry-After` (after a 429) when a caller who
    /// joined it runs out of time: that caller gets its `timeout`; the call goes on for the first caller.
    @Test(arguments: [
        (HTTPResponse.status(500), 0.2), (HTTPResponse.status(429, headers: ["Retry-After": "1"]), 1.0),
    ])
    func aDeadlineThatPassesDuringABackoffOrARetryAfterIsATimeout(first: HTTPResponse, wait: Double) async throws {
        let upstream = FakeHTTPClient { _, number in number == 1 ? first : .ok() }
        let clock = TestClock(.manual)
        var settings = ResilienceSettings()
        settings.cacheMode = .off
        let resilience = Resilience(settings: settings, upstream: upstream, clock: clock, jitter: { $0 })
        let patient = Task { try await resilience.client.send(forecastRequest()) }
        await clock.waitForSleepers(2)  // its deadline, and the wait
        #expect(clock.sleeps == [10, wait])
        let hurried = Task {
            try await Deadline.$current.withValue(Deadline(seconds: 0.1, from: clock.now)) {
                try await resilience.client.send(forecastRequest())
            }
        }
        await clock.waitForSleepers(3)
        clock.advance(by: 0.1)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.1)) { try await hurried.value }
        #expect(resilience.coalescer.waiterCount(for: forecastRequest()) == 1)
        clock.advance(by: wait)
        #expect(try await patient.value == .ok())
        #expect(upstream.snapshot.requests.count == 2)
        #expect(clock.pendingCount == 0)
    }

    @Test func aDeadlineThatPassesDuringTheHTTPRequestCancelsIt() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let clock = TestClock(.manual)
        let resilience = Resilience(settings: ResilienceSettings(), upstream: upstream, clock: clock)
        let call = Task {
            try await Deadline.$current.withValue(Deadline(seconds: 2, from: clock.now)) {
                try await resilience.client.send(forecastRequest())
            }
        }
        await upstream.waitUntil { $0.held == 1 }
        clock.advance(by: 2)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 2)) { try await call.value }
        await upstream.waitUntil { $0.cancelled == 1 }
        #expect(clock.pendingCount == 0)
    }

    // MARK: - Races

    /// The answer and the deadline arrive together: the caller gets one of them, and nothing is left.
    @Test func anAnswerRacingTheDeadlineEndsTheCallOnce() async throws {
        for _ in 0..<50 {
            let upstream = FakeHTTPClient(gated: true)
            let clock = TestClock(.manual)
            let client = CoalescingHTTPClient(inner: upstream, clock: clock)
            let call = Task { try await client.send(forecastRequest(timeout: 1)) }
            await upstream.waitUntil { $0.held == 1 }
            async let answer: Void = upstream.release()
            clock.advance(by: 1)
            await answer
            do {
                #expect(try await call.value == .ok())
            } catch {
                #expect(error as? BreezeError == .timeout(service: .forecast, seconds: 1))
            }
            #expect(clock.pendingCount == 0)
            #expect(client.inFlightCount == 0)
        }
    }

    /// A cancellation racing the answer: the caller gets the answer or `CancellationError`, and nothing is left.
    @Test func aCancellationRacingTheAnswerEndsTheCallOnce() async throws {
        let alarms = Self.alarms
        let client = CoalescingHTTPClient(inner: FakeHTTPClient(gated: false), clock: SystemClock(alarms: alarms))
        for _ in 0..<200 {
            let call = Task { try await client.send(forecastRequest()) }
            call.cancel()
            do {
                #expect(try await call.value == .ok())
            } catch {
                #expect(error is CancellationError)
            }
        }
        #expect(alarms.pendingCount == 0)
        #expect(client.inFlightCount == 0)
    }
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct AlarmQueueTests {
    private static let alarms = AlarmQueue()

    private final class Rings: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

        func ring(_ name: String) {
            let ready: CheckedContinuation<Void, Never>? = lock.withLock {
                names.append(name)
                guard let waiter, names.count >= waiter.count else { return nil }
                self.waiter = nil
                return waiter.continuation
            }
            ready?.resume()
        }

        func wait(for count: Int) async -> [String] {
            await withCheckedContinuation { continuation in
                let done: Bool = lock.withLock {
                    if names.count >= count { return true }
                    waiter = (count, continuation)
                    return false
                }
                if done { continuation.resume() }
            }
            return lock.withLock { names }
        }
    }

    @Test func ringsEachAlarmOnceInTheOrderTheyAreDue() async {
        let alarms = Self.alarms
        let rings = Rings()
        let set = [("c", 0.06), ("a", 0.02), ("b", 0.04)].map { name, seconds in
            alarms.alarm(after: seconds) { rings.ring(name) }
        }
        #expect(await rings.wait(for: 3) == ["a", "b", "c"])
        #expect(alarms.pendingCount == 0)
        set.forEach { $0.cancel() }  // after ringing: no effect
        #expect(alarms.pendingCount == 0)
    }

    @Test func aCancelledAlarmLeavesAtOnceAndNeverRings() async {
        let alarms = Self.alarms
        let rings = Rings()
        var set: [any Alarm] = []
        for index in 0..<500 {
            set.append(alarms.alarm(after: 600 + Double((index * 7919) % 500)) { rings.ring("late \(index)") })
        }
        #expect(alarms.pendingCount == 500)
        // Out of order, so entries leave from the middle of the heap as well as its top.
        for index in (0..<500).map({ ($0 * 263) % 500 }) { set[index].cancel() }
        #expect(alarms.pendingCount == 0)
        _ = alarms.alarm(after: 0.01) { rings.ring("soon") }
        #expect(await rings.wait(for: 1) == ["soon"])
    }
}
