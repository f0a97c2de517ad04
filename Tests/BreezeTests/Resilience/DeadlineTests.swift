import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// The call's deadline, held by `DeadlineHTTPClient`: it ends the call with `timeout` wherever the call waits
/// below it, and nothing of it is left once the call has ended.
@Suite(.timeLimit(.minutes(1))) struct DeadlineTests {
    /// The deadline over a coalescer over a fake upstream that holds each request until released when `gated`,
    /// on a manual clock: the deadline's timer only fires when the test moves time.
    private func timed(gated: Bool) -> (FakeHTTPClient, TestClock, DeadlineHTTPClient, CoalescingHTTPClient) {
        let upstream = FakeHTTPClient(gated: gated)
        let clock = TestClock(.manual)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        return (upstream, clock, DeadlineHTTPClient(inner: coalescer, clock: clock), coalescer)
    }

    @Test func cancelsTheCallAndThrowsTimeoutWhenTheDeadlinePasses() async throws {
        let (upstream, clock, client, _) = timed(gated: true)
        let call = Task {
            try await client.send(forecastRequest(deadline: Deadline(seconds: 0.25, from: clock.instant)))
        }
        await upstream.waitUntil { $0.held == 1 }
        await clock.waitForSleepers(1)
        clock.advance(by: 0.24)
        #expect(upstream.snapshot.cancelled == 0)
        clock.advance(by: 0.01)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.25)) { try await call.value }
        await upstream.waitUntil { $0.cancelled == 1 }  // the upstream request was aborted, not left running
        #expect(clock.pendingCount == 0)
    }

    @Test func withoutADeadlineUsesTheRequestsOwnTimeout() async throws {
        let (_, clock, client, _) = timed(gated: true)
        let call = Task { try await client.send(forecastRequest(timeout: 3)) }
        await clock.waitForSleepers(1)
        clock.advance(by: 3)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 3)) { try await call.value }
    }

    @Test func theLayersBelowSeeTheDeadlineOnTheRequest() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let clock = TestClock(.manual)
        let deadline = Deadline(seconds: 2, from: clock.instant)
        _ = try await DeadlineHTTPClient(inner: upstream, clock: clock).send(forecastRequest(deadline: deadline))
        #expect(upstream.snapshot.requests.map(\.deadline) == [deadline])
    }

    @Test func anAnswerInTimeIsReturnedAndTheTimerStopped() async throws {
        let (upstream, clock, client, _) = timed(gated: true)
        let call = Task { try await client.send(forecastRequest()) }
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        #expect(try await call.value == .ok())
        #expect(clock.pendingCount == 0)
    }

    @Test func aDeadlineAlreadyPastSendsNothing() async throws {
        let (upstream, clock, client, _) = timed(gated: false)
        let deadline = Deadline(seconds: 1, from: clock.instant - .seconds(2))
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 1)) {
            try await client.send(forecastRequest(deadline: deadline))
        }
        #expect(upstream.snapshot.requests.isEmpty)
        #expect(clock.pendingCount == 0)
    }

    @Test func subSecondDeadlinesWorkOnTheRealClock() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let client = DeadlineHTTPClient(inner: coalescer, clock: SystemClock())
        let started = ContinuousClock.now
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.05)) {
            try await client.send(forecastRequest(timeout: 60, deadline: Deadline(seconds: 0.05, from: .now)))
        }
        // Ended by the 50 ms deadline, not the request's own 60 s: a wide bound, for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(30))
        await upstream.waitUntil { $0.cancelled == 1 }
        #expect(coalescer.inFlightCount == 0)
    }

    // MARK: - Nothing left behind

    enum Ending: String, CaseIterable, Sendable { case answered, failed, cancelled, timedOut }

    @Test(arguments: Ending.allCases)
    func aFinishedCallLeavesNoTimerBehind(ending: Ending) async throws {
        let upstream = FakeHTTPClient(gated: ending != .answered) { request, _ in
            if ending == .failed { throw BreezeError.networkError(service: request.service, reason: "down") }
            return .ok()
        }
        let clock = TestClock(.manual)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let client = DeadlineHTTPClient(inner: coalescer, clock: clock)
        let call = Task {
            try await client.send(
                forecastRequest(deadline: Deadline(seconds: ending == .timedOut ? 0.05 : 60, from: clock.instant)))
        }
        if ending != .answered {
            await upstream.waitUntil { $0.held == 1 }
            await clock.waitForSleepers(1)
        }
        switch ending {
        case .answered: #expect(try await call.value == .ok())
        case .failed:
            upstream.release()
            await #expect(throws: BreezeError.self) { try await call.value }
        case .cancelled:
            #expect(clock.pendingCount == 1)  // the call's one deadline, while it waits
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
        case .timedOut:
            clock.advance(by: 0.05)
            await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.05)) { try await call.value }
        }
        #expect(clock.pendingCount == 0)
        #expect(coalescer.inFlightCount == 0)
    }

    @Test func aCallerWhoLeavesASharedCallTakesItsTimerAlong() async throws {
        let (upstream, clock, client, _) = timed(gated: true)
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

    @Test func aMemoryHitSetsNoTimer() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let clock = TestClock(.manual)
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        let resilience = Resilience(settings: settings, upstream: upstream, clock: clock)
        #expect(try await resilience.client.send(forecastRequest()) == .ok())
        let timers = clock.sleeps.count  // the first call's deadline, if its timer started before the answer
        #expect(try await resilience.client.send(forecastRequest()) == .ok())
        #expect(clock.sleeps.count == timers)
        #expect(clock.pendingCount == 0)
        #expect(await resilience.statistics().upstreams[.forecast]?.hits == 1)
    }

    // MARK: - An answer we have is never a timeout

    /// The call reaches the stack with its deadline already past (its task waited for a CPU that long): the
    /// answer in memory, or on disk, is served all the same; without one, the call is a timeout.
    @Test(arguments: [ResilienceSettings.CacheMode.memory, .on])
    func anAnswerInTheCacheIsServedAfterTheDeadline(mode: ResilienceSettings.CacheMode) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock(.manual)
        let stored = HTTPResponse.ok(#"{"stored":true}"#)
        var settings = ResilienceSettings()
        settings.cacheMode = mode
        settings.cacheDirectory = directory.path
        let upstream = FakeHTTPClient(gated: false)
        let resilience = Resilience(settings: settings, upstream: upstream, clock: clock)
        let cached = CachedResponse(response: stored, storedAt: clock.now, ttl: 900)
        if mode == .on {
            DiskCache(directory: directory).write(forecastRequest().cacheKey, cached)  // by another process
        } else {
            try #require(resilience.cache).store(forecastRequest().cacheKey, cached)
        }
        let past = Deadline(seconds: 1, from: clock.instant - .seconds(2))
        let response = try await resilience.client.send(forecastRequest(deadline: past))
        #expect(response == stored)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 1)) {
            try await resilience.client.send(forecastRequest("n=2", deadline: past))
        }
        #expect(upstream.snapshot.requests.isEmpty)
        let stats = try #require(await resilience.statistics().upstreams[.forecast])
        #expect(mode == .on ? stats.diskHits == 1 : stats.hits == 1)
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
        #expect(clock.sleeps.sorted() == [wait, 10])
        let hurried = Task {
            try await resilience.client.send(forecastRequest(deadline: Deadline(seconds: 0.1, from: clock.instant)))
        }
        await clock.waitForSleepers(3)
        await yieldUntil { resilience.coalescer.waiterCount(for: forecastRequest()) == 2 }
        clock.advance(by: 0.1)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.1)) { try await hurried.value }
        #expect(resilience.coalescer.waiterCount(for: forecastRequest()) == 1)
        clock.advance(by: wait)
        #expect(try await patient.value == .ok())
        #expect(upstream.snapshot.requests.count == 2)
        #expect(clock.pendingCount == 0)
    }

    /// The caller leaves at its deadline; the request, already on the wire, runs to its answer (the upstream counts
    /// it until then), holding its slot until the answer is in, and the answer is kept for the next caller.
    @Test func aDeadlineThatPassesDuringTheHTTPRequestEndsTheCallWhileTheRequestRunsToItsAnswer() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let clock = TestClock(.manual)
        let resilience = Resilience(settings: ResilienceSettings(), upstream: upstream, clock: clock)
        let call = Task {
            try await resilience.client.send(forecastRequest(deadline: Deadline(seconds: 2, from: clock.instant)))
        }
        await upstream.waitUntil { $0.held == 1 }
        await clock.waitForSleepers(1)
        clock.advance(by: 2)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 2)) { try await call.value }
        #expect(resilience.limiter.usage(.forecast).inUse == 1)
        upstream.release()
        await yieldUntil { resilience.limiter.usage(.forecast) == (0, 0) }
        #expect(upstream.snapshot.cancelled == 0)
        #expect(await resilience.statistics().upstreams[.forecast]?.entries == 1)
        #expect(clock.pendingCount == 0)
    }

    // MARK: - Races

    /// The answer and the deadline arrive together: the caller gets one of them, and nothing is left.
    @Test func anAnswerRacingTheDeadlineEndsTheCallOnce() async throws {
        for _ in 0..<50 {
            let (upstream, clock, client, coalescer) = timed(gated: true)
            let call = Task { try await client.send(forecastRequest(timeout: 1)) }
            await upstream.waitUntil { $0.held == 1 }
            await clock.waitForSleepers(1)
            async let answer: Void = upstream.release()
            clock.advance(by: 1)
            await answer
            do {
                #expect(try await call.value == .ok())
            } catch {
                #expect(error as? BreezeError == .timeout(service: .forecast, seconds: 1))
            }
            #expect(clock.pendingCount == 0)
            #expect(coalescer.inFlightCount == 0)
        }
    }

    /// A cancellation racing the answer: the caller gets the answer or `CancellationError`, and nothing is left.
    @Test func aCancellationRacingTheAnswerEndsTheCallOnce() async throws {
        let (_, clock, client, coalescer) = timed(gated: false)
        for _ in 0..<200 {
            let call = Task { try await client.send(forecastRequest()) }
            call.cancel()
            do {
                #expect(try await call.value == .ok())
            } catch {
                #expect(error is CancellationError)
            }
        }
        #expect(clock.pendingCount == 0)
        #expect(coalescer.inFlightCount == 0)
    }
}
