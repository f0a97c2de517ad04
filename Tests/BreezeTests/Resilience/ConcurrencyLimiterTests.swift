import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite(.timeLimit(.minutes(1))) struct ConcurrencyLimiterTests {
    /// A limiter with the given limits in front of an upstream that holds every request until released.
    private static func gatedClient(
        limits: [Upstream: Int], openMeteoLimit: Int = ResilienceSettings.defaultOpenMeteoMaxInFlight
    ) -> (upstream: FakeHTTPClient, limiter: ConcurrencyLimiter, client: LimitingHTTPClient) {
        let upstream = FakeHTTPClient(gated: true)
        let limiter = ConcurrencyLimiter(limits: limits, openMeteoLimit: openMeteoLimit)
        return (upstream, limiter, LimitingHTTPClient(inner: upstream, limiter: limiter))
    }

    @Test func twoHundredCallsWithALimitOfFourNeverHaveMoreThanFourInFlight() async throws {
        let (upstream, limiter, client) = Self.gatedClient(limits: [.forecast: 4])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { _ = try await client.send(forecastRequest("n=\(index)")) }
            }
            // Let the held requests go in rounds, each time once the limiter has filled every slot it will fill
            // (`>=`, so a limiter letting through too many is released too and fails the gauge, not the clock).
            while upstream.snapshot.completed < 200 {
                await upstream.waitUntil { $0.completed == 200 || $0.held >= min(4, 200 - $0.completed) }
                upstream.release()
            }
            try await group.waitForAll()
        }
        let state = upstream.snapshot
        #expect(state.requests.count == 200)
        #expect(state.maxInFlight == 4)
        #expect(limiter.usage(.forecast) == (0, 0))
    }

    @Test func eachUpstreamHasItsOwnSlots() async throws {
        let (upstream, limiter, client) = Self.gatedClient(limits: [.forecast: 1, .geocoding: 1])
        var geocoding = forecastRequest()
        geocoding.service = .geocoding
        let first = Task { try await client.send(forecastRequest()) }
        await upstream.waitUntil { $0.held == 1 }
        #expect(limiter.usage(.forecast) == (1, 0))
        let second = Task { try await client.send(geocoding) }
        // The geocoding request goes on to the upstream, or (wrongly) waits in a limiter line behind the forecast.
        await yieldUntil {
            upstream.snapshot.held == 2 || limiter.usage(.geocoding).waiting + limiter.usage(.openMeteo).waiting > 0
        }
        #expect(upstream.snapshot.held == 2, "both in flight despite a limit of 1 each: each upstream has its own slot")
        #expect(limiter.usage(.geocoding) == (1, 0))
        #expect(limiter.usage(.forecast) == (1, 0))
        upstream.release()
        _ = try await first.value
        await upstream.waitUntil { $0.completed == 2 || $0.held == 1 }  // a second that waited is held by now
        upstream.release()
        _ = try await second.value
    }

    @Test func waitersGetSlotsInTheOrderTheyArrived() async throws {
        let (upstream, limiter, client) = Self.gatedClient(limits: [.forecast: 1])
        let holder = Task { try await client.send(forecastRequest("n=0")) }
        await upstream.waitUntil { $0.held == 1 }
        var waiters: [Task<HTTPResponse, any Error>] = []
        for index in 1...20 {
            waiters.append(Task { try await client.send(forecastRequest("n=\(index)")) })
            await yieldUntil { limiter.usage(.forecast).waiting == index }
        }
        for index in 1...20 {
            upstream.release()
            await upstream.waitUntil { $0.requests.count == index + 1 && $0.held == 1 }
        }
        upstream.release()
        _ = try await holder.value
        for waiter in waiters { _ = try await waiter.value }
        let order = upstream.snapshot.requests.map { $0.query["n"] ?? "" }
        #expect(order == (0...20).map(String.init))
    }

    @Test func aCancelledWaiterLeavesTheLineWithoutTakingASlot() async throws {
        let (upstream, limiter, client) = Self.gatedClient(limits: [.forecast: 1])
        let holder = Task { try await client.send(forecastRequest("n=holder")) }
        await upstream.waitUntil { $0.held == 1 }
        let cancelled = Task { try await client.send(forecastRequest("n=cancelled")) }
        await yieldUntil { limiter.usage(.forecast).waiting == 1 }
        let next = Task { try await client.send(forecastRequest("n=next")) }
        await yieldUntil { limiter.usage(.forecast).waiting == 2 }

        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(limiter.usage(.forecast) == (1, 1))

        upstream.release()
        await upstream.waitUntil { $0.requests.count == 2 && $0.held == 1 }
        upstream.release()
        _ = try await (holder.value, next.value)
        #expect(upstream.snapshot.requests.map { $0.query["n"] ?? "" } == ["holder", "next"])
        #expect(limiter.usage(.forecast) == (0, 0))
    }

    @Test func aCallThatFailsGivesItsSlotBack() async throws {
        let upstream = FakeHTTPClient { request, _ in
            throw BreezeError.networkError(service: request.service, reason: "down")
        }
        let limiter = ConcurrencyLimiter(limits: [.forecast: 1])
        let client = LimitingHTTPClient(inner: upstream, limiter: limiter)
        for _ in 0..<3 { _ = try? await client.send(forecastRequest()) }
        #expect(upstream.snapshot.requests.count == 3)
        #expect(limiter.usage(.forecast) == (0, 0))
    }

    // MARK: - The shared Open-Meteo budget

    /// A request to `service`, numbered `n` in its query.
    private func request(_ service: Upstream, _ number: Int) -> HTTPRequest {
        var request = forecastRequest("n=\(number)")
        request.service = service
        return request
    }

    @Test func aMixOfOpenMeteoHostsNeverHasMoreThanTheSharedBudgetInFlight() async throws {
        // Four slots per host, so every host alone could exceed the shared three.
        let (upstream, limiter, client) = Self.gatedClient(limits: Upstream.table { _ in 4 }, openMeteoLimit: 3)
        let hosts = Upstream.allCases.filter { ConcurrencyLimiter.pools(for: $0).contains(.openMeteo) }
        #expect(Set(hosts).isSuperset(of: [.geocoding, .airQuality, .forecast, .archive, .elevation]))
        let total = 60
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<total {
                group.addTask { _ = try await client.send(request(hosts[index % hosts.count], index)) }
            }
            // Release in rounds, each once the limiter has let through every request it will (`>=`, so a limiter
            // letting too many through is released too and fails the gauge, not the clock).
            while upstream.snapshot.completed < total {
                await upstream.waitUntil { $0.completed == total || $0.held >= min(3, total - $0.completed) }
                upstream.release()
            }
            try await group.waitForAll()
        }
        #expect(upstream.snapshot.maxInFlight == 3)
        #expect(limiter.usage(.openMeteo) == (0, 0))
        for host in hosts { #expect(limiter.usage(host) == (0, 0)) }
    }

    @Test func upstreamsOutsideOpenMeteoDoNotCountTowardItsBudget() async throws {
        let (upstream, limiter, client) = Self.gatedClient(limits: [:], openMeteoLimit: 1)
        async let forecast = client.send(request(.forecast, 0))
        async let pollen = client.send(request(.pollenProxy, 1))
        async let google = client.send(request(.googlePollen, 2))
        await upstream.waitUntil { $0.held == 3 }  // all in flight despite a shared budget of 1
        let archive = Task { try await client.send(request(.archive, 3)) }
        await yieldUntil { limiter.usage(.openMeteo).waiting == 1 }
        #expect(upstream.snapshot.held == 3)  // the archive waits for the forecast's shared slot
        upstream.release()
        _ = try await (forecast, pollen, google)
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        _ = try await archive.value
        #expect(upstream.snapshot.requests.map { $0.query["n"] ?? "" }.suffix(1) == ["3"])
    }

    /// A request waiting for a shared slot holds its own upstream's slot; cancelled there, it gives that back
    /// and never reaches the upstream.
    @Test func aRequestCancelledWhileWaitingForTheSharedBudgetGivesBackItsOwnSlot() async throws {
        let (upstream, limiter, client) = Self.gatedClient(limits: [.forecast: 1, .archive: 1], openMeteoLimit: 1)
        let holder = Task { try await client.send(request(.forecast, 0)) }
        await upstream.waitUntil { $0.held == 1 }
        let waiter = Task { try await client.send(request(.archive, 1)) }
        await yieldUntil { limiter.usage(.openMeteo).waiting == 1 }
        #expect(limiter.usage(.archive) == (1, 0))

        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.usage(.archive) == (0, 0))
        #expect(limiter.usage(.openMeteo) == (1, 0))

        upstream.release()
        _ = try await holder.value
        #expect(upstream.snapshot.requests.count == 1)
        #expect(limiter.usage(.openMeteo) == (0, 0) && limiter.usage(.forecast) == (0, 0))
    }
}
