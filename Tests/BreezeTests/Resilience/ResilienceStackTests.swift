import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import Breeze

/// The composed stack, as `BreezeCommand` builds it: the layers working together.
@Suite(.timeLimit(.minutes(1))) struct ResilienceStackTests {
    private func settings(_ configure: (inout ResilienceSettings) -> Void = { _ in }) -> ResilienceSettings {
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        configure(&settings)
        return settings
    }

    @Test func aThousandIdenticalCallsMakeOneRequestThenTheCacheAnswers() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let resilience = Resilience(settings: settings(), upstream: upstream, clock: TestClock(.manual))
        let request = forecastRequest()
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for _ in 0..<1000 { group.addTask { try await resilience.client.send(request) } }
            await yieldUntil { resilience.coalescer.waiterCount(for: request) == 1000 }
            await upstream.waitUntil { $0.held == 1 }  // the shared request has reached the upstream
            upstream.release()
            for try await response in group { #expect(response == .ok()) }
        }
        #expect(try await resilience.client.send(request) == .ok())
        #expect(upstream.snapshot.requests.count == 1)
        let stats = try #require(await resilience.statistics().upstreams[.forecast])
        #expect((stats.misses, stats.coalesced, stats.hits, stats.entries) == (1, 999, 1, 1))
    }

    /// The answer is stored inside the shared call, before it leaves the coalescer's table: a call that comes once
    /// the shared call is gone finds the answer in the cache, even before the first caller has run again.
    @Test func aSharedCallsAnswerIsCachedBeforeTheCallEnds() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let resilience = Resilience(settings: settings(), upstream: upstream, clock: TestClock(.manual))
        let first = Task { try await resilience.client.send(forecastRequest()) }
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        await yieldUntil { resilience.coalescer.inFlightCount == 0 }
        #expect(await resilience.statistics().upstreams[.forecast]?.entries == 1)
        #expect(try await resilience.client.send(forecastRequest()) == .ok())
        #expect(try await first.value == .ok())
        #expect(upstream.snapshot.requests.count == 1)
    }

    /// The upstream counts a request until it has answered it: when every caller gives up on a request on the
    /// wire, it runs to its answer, keeps its slot until then, and a caller who comes meanwhile joins it.
    @Test func whenEveryCallerGivesUpARequestOnTheWireRunsToItsAnswerWhichIsCached() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let resilience = Resilience(settings: settings(), upstream: upstream, clock: TestClock(.manual))
        let callers = (0..<5).map { _ in Task { try await resilience.client.send(forecastRequest()) } }
        await upstream.waitUntil { $0.held == 1 }
        await yieldUntil { resilience.coalescer.waiterCount(for: forecastRequest()) == 5 }
        for caller in callers { caller.cancel() }
        for caller in callers { await #expect(throws: CancellationError.self) { try await caller.value } }
        #expect(resilience.limiter.usage(.forecast).inUse == 1)
        let later = Task { try await resilience.client.send(forecastRequest()) }
        await yieldUntil { resilience.coalescer.waiterCount(for: forecastRequest()) == 1 }
        upstream.release()
        #expect(try await later.value == .ok())
        await yieldUntil { resilience.limiter.usage(.forecast) == (0, 0) }
        #expect(upstream.snapshot.requests.count == 1)
        #expect(upstream.snapshot.cancelled == 0)
        #expect(await resilience.statistics().upstreams[.forecast]?.entries == 1)
    }

    @Test func aDeadlineThatPassesWhileQueuedForASlotIsATimeoutAndFreesTheLine() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let clock = TestClock(.manual)
        let resilience = Resilience(
            settings: settings { $0.maxConcurrent[.forecast] = 1 }, upstream: upstream, clock: clock)
        let holder = Task { try await resilience.client.send(forecastRequest("n=1")) }
        await upstream.waitUntil { $0.held == 1 }
        let queued = Task {
            try await resilience.client.send(
                forecastRequest("n=2", deadline: Deadline(seconds: 0.3, from: clock.instant)))
        }
        await yieldUntil { resilience.limiter.usage(.forecast).waiting == 1 }
        await clock.waitForSleepers(2)  // both callers' deadline timers
        clock.advance(by: 0.3)
        await #expect(throws: BreezeError.timeout(service: .forecast, seconds: 0.3)) { try await queued.value }
        #expect(resilience.limiter.usage(.forecast) == (1, 0))
        upstream.release()
        _ = try await holder.value
        #expect(upstream.snapshot.requests.count == 1)
    }

    /// A distinct call waiting for a slot reaches the upstream when a slot frees, and leaves the line when its only
    /// caller gives up, never reaching the upstream.
    @Test func aCallWaitingForASlotStartsWhenOneFreesOrLeavesTheLineWithItsCaller() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let resilience = Resilience(
            settings: settings { $0.maxConcurrent[.forecast] = 1 }, upstream: upstream, clock: TestClock(.manual))
        let holder = Task { try await resilience.client.send(forecastRequest("n=1")) }
        await upstream.waitUntil { $0.held == 1 }
        let abandoned = Task { try await resilience.client.send(forecastRequest("n=2")) }
        await yieldUntil { resilience.limiter.usage(.forecast).waiting == 1 }
        let next = Task { try await resilience.client.send(forecastRequest("n=3")) }
        await yieldUntil { resilience.limiter.usage(.forecast).waiting == 2 }
        #expect(resilience.coalescer.inFlightCount == 3)

        abandoned.cancel()
        await #expect(throws: CancellationError.self) { try await abandoned.value }
        #expect(resilience.limiter.usage(.forecast) == (1, 1))
        #expect(resilience.coalescer.inFlightCount == 2)

        upstream.release()
        await upstream.waitUntil { $0.requests.count == 2 && $0.held == 1 }
        upstream.release()
        _ = try await (holder.value, next.value)
        #expect(upstream.snapshot.requests.map { $0.query["n"] ?? "" } == ["1", "3"])
        #expect(resilience.limiter.usage(.forecast) == (0, 0))
    }

    /// An answer on disk is served at once even when every slot of its upstream is held by a slow call: the
    /// cache is asked before anything that waits.
    @Test func aDiskHitDoesNotWaitForASlotHeldByASlowCall() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestClock(.manual)
        let onDisk = HTTPResponse.ok(#"{"from":"disk"}"#)
        DiskCache(directory: directory).write(
            CacheKey(forecastRequest("n=2")), CachedResponse(response: onDisk, storedAt: clock.now, ttl: 900))
        let upstream = FakeHTTPClient(gated: true)
        let resilience = Resilience(
            settings: settings {
                $0.cacheMode = .on
                $0.cacheDirectory = directory.path
                $0.maxConcurrent[.forecast] = 1
            }, upstream: upstream, clock: clock)
        let holder = Task { try await resilience.client.send(forecastRequest("n=1")) }
        await upstream.waitUntil { $0.held == 1 }
        let answered = Mutex(false)
        let cached = Task {
            let response = try await resilience.client.send(forecastRequest("n=2"))
            answered.withLock { $0 = true }
            return response
        }
        // Either it is answered, or (the fault this test is for) it joins the line behind the held slot.
        await yieldUntil { answered.withLock { $0 } || resilience.limiter.usage(.forecast).waiting == 1 }
        let joinedTheLine = resilience.limiter.usage(.forecast).waiting == 1
        #expect(!joinedTheLine)
        if joinedTheLine { cached.cancel() }  // so that the failing test ends
        upstream.release()
        _ = try await holder.value
        if !joinedTheLine { #expect(try await cached.value == onDisk) }
        #expect(upstream.snapshot.requests.map { $0.query["n"] ?? "" } == ["1"])
        #expect(await resilience.statistics().upstreams[.forecast]?.diskHits == 1)
    }

    @Test func cacheOffStillCoalescesButKeepsNothing() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let resilience = Resilience(
            settings: settings { $0.cacheMode = .off }, upstream: upstream, clock: TestClock(.manual))
        _ = try await resilience.client.send(forecastRequest())
        _ = try await resilience.client.send(forecastRequest())
        #expect(upstream.snapshot.requests.count == 2)
        let stats = await resilience.statistics()
        #expect(stats.mode == .off)
        #expect(resilience.cache == nil)
    }

    // MARK: - Through Breeze.fetch

    private struct Answer: Decodable, Equatable { var ok: Bool }

    /// A Breeze over the stack; its clock is manual, so the deadline timer only fires if a test moves time.
    private func breeze(_ upstream: FakeHTTPClient, clock: TestClock = TestClock(.manual)) -> Breeze {
        let resilience = Resilience(settings: settings(), upstream: upstream, clock: clock, jitter: { $0 })
        return Breeze(configuration: .test(), resilience: resilience)
    }

    @Test func a500ThenA200IsACorrectReply() async throws {
        let upstream = FakeHTTPClient { _, number in number == 1 ? .status(500) : .ok() }
        let clock = TestClock(.manual)
        let breeze = breeze(upstream, clock: clock)
        let call = Task {
            try await breeze.fetch(Answer.self, from: .forecast, query: [("a", "1")], call: Breeze.Call())
        }
        await clock.waitForSleepers(2)  // the deadline timer and the backoff
        #expect(clock.sleeps.sorted() == [0.2, 10])
        clock.advance(by: 0.2)
        #expect(try await call.value == Answer(ok: true))
        #expect(upstream.snapshot.requests.count == 2)
    }

    @Test func a400IsNotRetried() async throws {
        let upstream = FakeHTTPClient { _, _ in .status(400, #"{"error":true,"reason":"Invalid timezone"}"#) }
        await #expect(
            throws: BreezeError.badServerResponse(service: .forecast, status: 400, reason: "Invalid timezone")
        ) {
            try await breeze(upstream).fetch(Answer.self, from: .forecast, query: [("a", "1")], call: Breeze.Call())
        }
        #expect(upstream.snapshot.requests.count == 1)
    }

    @Test func a429WithALongRetryAfterIsRateLimitedAtOnce() async throws {
        let upstream = FakeHTTPClient { _, _ in .status(429, headers: ["Retry-After": "60"]) }
        await #expect(
            throws: BreezeError.rateLimited(service: .forecast, retryAfterSeconds: 60, reason: "x")
        ) {
            try await breeze(upstream).fetch(Answer.self, from: .forecast, query: [("a", "1")], call: Breeze.Call())
        }
        #expect(upstream.snapshot.requests.count == 1)
    }

    /// The domain's calls through the whole chain: a mix of calls to several Open-Meteo hosts (the climate's archive
    /// and forecast, forecasts, air quality, elevation), each host allowed more than the shared budget, never has
    /// more than the budget in flight.
    @Test func aMixOfCallsToOpenMeteoHostsStaysWithinTheSharedBudget() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let resilience = Resilience(
            settings: settings {
                $0.cacheMode = .off
                $0.openMeteoMaxInFlight = 3
            }, upstream: upstream, clock: TestClock(.manual))
        let breeze = makeBreeze(resilience.client)
        let places = try (0..<3).map { try Coordinates(latitude: 40 + Double($0), longitude: 5) }
        let requests = places.count * 5  // a climate's two, a forecast, air quality and elevation per place
        await withTaskGroup(of: Void.self) { group in
            for place in places {
                group.addTask { _ = try? await breeze.fetchClimate(ClimateRequest(coordinates: place)) }
                group.addTask { _ = try? await breeze.fetchWeatherData(WeatherDataRequest(forecastAt: place)) }
                group.addTask { _ = try? await breeze.fetchAirQuality(AirQualityRequest(coordinates: place)) }
                group.addTask { _ = try? await breeze.fetchElevation(ElevationRequest(points: [place])) }
            }
            // Release in rounds, each once the limiter has let through every request it will (`>=`, so a limiter
            // letting too many through is released too and fails the gauge, not the clock).
            while upstream.snapshot.completed < requests {
                await upstream.waitUntil { $0.completed == requests || $0.held >= min(3, requests - $0.completed) }
                upstream.release()
            }
        }
        #expect(Set(upstream.snapshot.requests.map(\.service)) == [.archive, .forecast, .airQuality, .elevation])
        #expect(upstream.snapshot.requests.count == requests)
        #expect(upstream.snapshot.maxInFlight == 3)
    }
}
