import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// The lifetime each feature attaches to its upstream requests, judged as the HTTP cache judges it: the cache reads
/// no body, so what it keeps is decided here, by the request the domain made.
@Suite struct AnswerLifetimeTests {
    /// A seasonal answer with NaN in its hourly series (`WeatherDataTests`' fixture).
    private static let seasonalFlatBuffers =
        "BAIAACgAAAAAACIAIAAcABgAFAAAAAAAEwAAAAAAAAAAAAAADAAAAAgABAAiAAAAHAAAAFgAAADcAAAAAAAAbwAAGEIAAFRBAABSQsz///8MAAAAAgAAAAAF6gcBAAAABAAAABr///8AAwIACAAAAAAAAS8CAAAAAACMQQAASEEMABAADgANAAgABAAMAAAADAAAAAMAAAAAC+oHAgAAAEgAAAAkAAAAAAAeABAADwAOAAAACAAAAAYABQAAAAAAAAAAAAAABAAeAAAAAgwCAAgAAAAAACMvAwAAAAAAcEIAAARCAABIQp7///8AAwIACAAAAAAAAS8DAAAAAADAQAAAQEAAAMA/DAAgABQADAAIAAQADAAAABwAAAAQDgAAsGkSagAAAACAPxJqAAAAAAAAAAAEAAAAsAAAAHwAAAA8AAAAGAAAAAAAEgAQAA8ADgAAAAgAAAAGAAUAEgAAAAALAgAIAAAAAAAVLwMAAAAAAAA/AAAAPwAAwD/e////AgACAAgAAAAAAAEvAwAAAAAAKEEAAMB/AABIQQAAGgAQAA8ADgAAAAgAAAAGAAAAAAAAAAAABAAaAAAAAQACAAgAAAAAAAEvAwAAAAAAGEEAADBBAABAQRAAEAAPAA4AAAAIAAAABgAQAAAAAAACAAgAAAAAAAEvAwAAAAAAKEEAADBBAADAfw=="

    /// The TTL the cache gives `body` as the answer to the one request `fetch` sends, at `testNow` (2026-05-24).
    private func ttl(
        of body: HTTPResponse, format: UpstreamFormat, _ fetch: (Breeze) async throws -> Void
    ) async throws -> Double {
        let http = FakeHTTPClient { _, _ in body }
        let breeze = makeBreeze(http) { $0.upstreamFormat = format }
        try? await fetch(breeze)
        let sent = try #require(http.snapshot.requests.first)
        return CachePolicy().ttl(for: sent, response: body, now: testNow)
    }

    private func historical(from start: String, to end: String) throws -> WeatherDataRequest {
        var given = WeatherDataRequest.Parameters()
        (given.daily, given.startDate, given.endDate) = (["temperature_2m_max"], start, end)
        return try WeatherDataRequest(
            api: .historical, coordinates: Coordinates(latitude: 52.52, longitude: 13.41), given, now: testNow)
    }

    @Test(arguments: [
        ("2024-01-01", "2024-01-10", #"{"daily":{"t":[1.5]}}"#, 31_536_000.0),
        ("2024-01-01", "2024-01-10", #"{"daily":{"t":[null]}}"#, 3600),
        ("2026-05-10", "2026-05-20", #"{"daily":{"t":[1.5]}}"#, 3600),
        ("2024-01-01", "2024-01-10", "{\"daily\":{\"t\":[1.5]}}Unexpected error while streaming data", 0),
    ])
    func archiveAnswersOfFetchWeatherDataKeepLongOnceFinal(start: String, end: String, body: String, ttl: Double)
        async throws
    {
        let request = try historical(from: start, to: end)
        #expect(try await self.ttl(of: .ok(body), format: .json) { _ = try await $0.fetchWeatherData(request) } == ttl)
    }

    @Test func flatBuffersAnswersAreJudgedByTheirMessages() async throws {
        let old = try historical(from: "2024-01-01", to: "2024-01-10")
        // NaN in a series: a value not filled in yet.
        let withNaN = try #require(Data(base64Encoded: Self.seasonalFlatBuffers))
        let noSections = try #require(Data(base64Encoded: "IAAAABAAAAAAAAoAEAAMAAgABAAKAAAAAADAfwAAwH8AAMB/"))
        for (body, expected) in [(withNaN, 3600.0), (noSections, 31_536_000), (Data("{}".utf8), 0)] {
            let response = HTTPResponse(status: 200, body: body)
            #expect(
                try await ttl(of: response, format: .flatbuffers) { _ = try await $0.fetchWeatherData(old) } == expected
            )
        }
        // The forecast settles when given: NaN or not, its upstream's TTL.
        let forecast = try WeatherDataRequest(
            api: .forecast, coordinates: Coordinates(latitude: 52.52, longitude: 13.41), .init(), now: testNow)
        let response = HTTPResponse(status: 200, body: withNaN)
        #expect(
            try await ttl(of: response, format: .flatbuffers) { _ = try await $0.fetchWeatherData(forecast) } == 900)
    }

    @Test func theClimateArchiveIsFinalWhenNoValueIsMissing() async throws {
        // testNow is 2026-05-24: May 16 is this year's archive date, past the last week the archive fills in.
        let climate = try ClimateRequest(
            coordinates: Coordinates(latitude: 52.52, longitude: 13.41), date: "05-16", years: [2020, 2026])
        let final = HTTPResponse.ok(#"[{"t":[1.5]},{"t":[2.5]}]"#)
        let missing = HTTPResponse.ok(#"[{"t":[1.5]},{"t":[null]}]"#)
        #expect(try await ttl(of: final, format: .json) { _ = try await $0.fetchClimate(climate) } == 31_536_000)
        #expect(try await ttl(of: missing, format: .json) { _ = try await $0.fetchClimate(climate) } == 3600)
    }

    @Test func otherUpstreamsKeepWholeJSONForTheirTTL() async throws {
        let cities = { (breeze: Breeze) in _ = try await breeze.searchCities(CitySearch(name: "Berlin")) }
        #expect(try await ttl(of: .ok(#"{"results":[null]}"#), format: .json, cities) == 86400)
        #expect(try await ttl(of: .ok(#"{"results":["#), format: .json, cities) == 0)
    }
}

/// The rule every JSON upstream's answers are kept by: whole, well-formed JSON lasts; anything else is never stored.
@Suite struct JSONAnswerLifetimeTests {
    @Test(arguments: [
        (#"{"hourly":{"t":[1.5,null,-2e3],"u":"°C"},"ok":true,"list":[{},[]]}"#, AnswerLifetime.Verdict.lasting),
        (#"[1,"two",false,null]"#, .lasting),
        ("42", .lasting),
        (#"  "text"  "#, .lasting),
        (#"{"hourly":{"t":[1.5,2"#, .unusable),
        (#"{"daily":{"t":[1.5]}}Unexpected error while streaming data: timeout"#, .unusable),
        (#"[1,2"#, .unusable),
        (#"{"a":tru}"#, .unusable),
        (#"{"a":"unterminated}"#, .unusable),
        ("<html>502 Bad Gateway</html>", .unusable),
        ("", .unusable),
    ])
    func wholeWellFormedJSONLasts(body: String, verdict: AnswerLifetime.Verdict) {
        #expect(AnswerLifetime.json.verdict(on: Data(body.utf8), at: testNow) == verdict)
    }
}
