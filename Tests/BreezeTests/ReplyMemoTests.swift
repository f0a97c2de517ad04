import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite struct ReplyMemoTests {
    @Test func servesAReplyOnlyForTheVeryBodyItWasMadeFrom() {
        let memo = ReplyMemo(capacity: 2)
        let body = Data("{\"a\":1}".utf8)
        memo.store(Array("reply".utf8), for: "forecast?x=1", body: body)
        #expect(memo.reply(for: "forecast?x=1", body: Data("{\"a\":1}".utf8)) == Array("reply".utf8))
        // A new body (the cached one expired and the upstream answered again) is not served the old reply.
        #expect(memo.reply(for: "forecast?x=1", body: Data("{\"a\":2}".utf8)) == nil)
        #expect(memo.reply(for: "forecast?x=2", body: body) == nil)
    }

    @Test func keepsAtMostItsCapacityDroppingTheLeastRecentlyUsed() {
        let memo = ReplyMemo(capacity: 2)
        let body = Data("b".utf8)
        memo.store([1], for: "one", body: body)
        memo.store([2], for: "two", body: body)
        _ = memo.reply(for: "one", body: body)
        memo.store([3], for: "three", body: body)
        #expect(memo.reply(for: "one", body: body) == [1])
        #expect(memo.reply(for: "two", body: body) == nil)
        #expect(memo.reply(for: "three", body: body) == [3])
    }

    @Test func theEncodedForecastIsWhatJSONEncoderWritesForTheDecodedOne() async throws {
        let body = #"""
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.04,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},"current":{"time":"2026-10-03T12:00","interval":900,"temperature_2m":17.4,"weather_code":3},"daily_units":{"time":"iso8601","temperature_2m_max":"°C","sunrise":"iso8601"},"daily":{"time":["2026-10-03","2026-10-04"],"temperature_2m_max":[20.6,null],"sunrise":["2026-10-03T07:07",null]}}
            """#
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: body)
        let breeze = makeBreeze(http)
        let request = try ForecastRequest(
            coordinates: Coordinates(latitude: 52.52, longitude: 13.41), current: ["temperature_2m", "weather_code"],
            daily: ["temperature_2m_max", "sunrise"], forecastDays: 2)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = [UInt8](try encoder.encode(try await breeze.fetchForecast(request)))
        #expect(try await breeze.fetchForecastJSON(request) == expected)
        #expect(try await breeze.fetchForecastJSON(request) == expected)  // from the memo this time
        #expect(http.requests.count == 3)
    }
}
