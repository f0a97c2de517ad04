import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// The memo of decoded answers: a value is served again only for the same query, the same request and a
/// byte-equal body, and the memo stays bounded.
@Suite(.timeLimit(.minutes(1))) struct AnswerMemoTests {
    private static let berlin = try! Coordinates(latitude: 52.52, longitude: 13.41)

    private static func key(_ query: String, request: (any Hashable & Sendable)? = nil) -> AnswerMemo.Key {
        AnswerMemo.Key(
            cacheKey: forecastRequest(query).cacheKey, type: ObjectIdentifier(String.self),
            request: request.map(AnswerMemo.Request.init))
    }

    /// A forecast body whose one hourly temperature is `temperature`.
    private static func body(temperature: Double) -> String {
        #"{"latitude":52.52,"longitude":13.419998,"utc_offset_seconds":0,"timezone":"GMT","#
            + #""timezone_abbreviation":"GMT","elevation":38.0,"hourly_units":{"time":"iso8601","#
            + #""temperature_2m":"°C"},"hourly":{"time":["2026-10-03T00:00"],"temperature_2m":[\#(temperature)]}}"#
    }

    @Test func servesAValueOnlyForTheSameKeyAndAByteEqualBody() {
        let memo = AnswerMemo()
        let body = Data("one body".utf8)
        memo.store("decoded", for: Self.key("a=1"), body: body)
        #expect(memo.value(String.self, for: Self.key("a=1"), body: Data("one body".utf8)) == "decoded")
        #expect(memo.value(String.self, for: Self.key("a=1"), body: Data("one body!".utf8)) == nil)
        #expect(memo.value(String.self, for: Self.key("a=2"), body: body) == nil)
        #expect(memo.value(Int.self, for: Self.key("a=1"), body: body) == nil)
    }

    @Test func keysTheWholeRequestTheValueDependsOn() {
        let memo = AnswerMemo()
        let body = Data("one body".utf8)
        memo.store("for English", for: Self.key("a=1", request: ["language": "en"]), body: body)
        #expect(memo.value(String.self, for: Self.key("a=1", request: ["language": "de"]), body: body) == nil)
        #expect(memo.value(String.self, for: Self.key("a=1"), body: body) == nil)
        #expect(memo.value(String.self, for: Self.key("a=1", request: "en"), body: body) == nil)
        #expect(
            memo.value(String.self, for: Self.key("a=1", request: ["language": "en"]), body: body) == "for English")
    }

    @Test func keepsAtMostItsBoundPerUpstreamDroppingTheLeastRecentlyUsed() {
        let memo = AnswerMemo(maxEntriesPerUpstream: 2)
        let body = Data("body".utf8)
        memo.store("1", for: Self.key("n=1"), body: body)
        memo.store("2", for: Self.key("n=2"), body: body)
        #expect(memo.value(String.self, for: Self.key("n=1"), body: body) == "1")
        memo.store("3", for: Self.key("n=3"), body: body)
        #expect(memo.count(.forecast) == 2)
        #expect(memo.value(String.self, for: Self.key("n=2"), body: body) == nil)
        #expect(memo.value(String.self, for: Self.key("n=1"), body: body) == "1")
        #expect(memo.value(String.self, for: Self.key("n=3"), body: body) == "3")
    }

    /// Through the whole stack: a cache hit is served from the memo; once the cached body expires, the new body
    /// gives a new value.
    @Test func aNewBodyForTheSameQueryGivesANewValue() async throws {
        let upstream = FakeHTTPClient(gated: false) { _, number in
            .ok(Self.body(temperature: number == 1 ? 10.5 : 12.5))
        }
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        settings.cachePolicy.ttl[.forecast] = 60
        let clock = TestClock(.manual)
        let breeze = Breeze(
            configuration: .test(), resilience: Resilience(settings: settings, upstream: upstream, clock: clock))
        let request = try WeatherDataRequest(forecastAt: Self.berlin, current: [], hourly: ["temperature_2m"])
        func temperatures() async throws -> [Double?]? {
            try await breeze.forecast(request).hourly?.values["temperature_2m"]
        }
        #expect(try await temperatures() == [10.5])
        #expect(try await temperatures() == [10.5])
        #expect(upstream.snapshot.requests.count == 1)
        #expect(breeze.memo.count(.forecast) == 1)
        clock.set(clock.now.addingTimeInterval(61))
        #expect(try await temperatures() == [12.5])
        #expect(upstream.snapshot.requests.count == 2)
        #expect(try await temperatures() == [12.5])
        #expect(breeze.memo.count(.forecast) == 1)
    }

    /// Two queries answered with the same bytes: each gets the value read for its own request (here the models,
    /// in a different order), never the other's.
    @Test func identicalBodiesForTwoRequestsGiveEachItsOwnValue() async throws {
        let upstream = FakeHTTPClient(gated: false) { _, _ in .ok(PlacesAndModelsTests.twoModels) }
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        let breeze = Breeze(
            configuration: .test(),
            resilience: Resilience(settings: settings, upstream: upstream, clock: TestClock(.manual)))
        func firstTemperatures(_ models: [String]) async throws -> [Double?]? {
            let request = try WeatherDataRequest(
                forecastAt: Self.berlin, current: [], hourly: ["temperature_2m"], models: models)
            return try await breeze.fetchWeatherData(request)[0].get()[0].hourly?.values["temperature_2m"]
        }
        for _ in 0..<2 {
            #expect(try await firstTemperatures(["icon_seamless", "gfs_seamless"]) == [20.3, 21.1])
            #expect(try await firstTemperatures(["gfs_seamless", "icon_seamless"]) == [20.9, nil])
        }
        #expect(upstream.snapshot.requests.count == 2)
        #expect(breeze.memo.count(.forecast) == 2)
    }
}
