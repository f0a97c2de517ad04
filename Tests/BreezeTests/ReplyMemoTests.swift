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

    @Test func aQuerysKeyIsItsServiceAndItsItemsInOrder() {
        #expect(Breeze.memoKey(.forecast, []) == "forecast")
        #expect(
            Breeze.memoKey(.forecast, [("latitude", "52.52,40.1"), ("timezone", "Europe/Zürich"), ("x", "")])
                == "forecast?latitude=52.52,40.1&timezone=Europe/Zürich&x=")
    }

    @Test func buildsTheRequestOncePerKeyAndKeepsNoFailure() throws {
        let memo = ReplyMemo(capacity: 2)
        let request = HTTPRequest(
            url: try #require(URL(string: "http://h/v1/forecast?x=1")), service: .forecast,
            timeoutSeconds: 10)
        var made = 0
        let make = { () throws(BreezeError) -> HTTPRequest in
            made += 1
            return request
        }
        #expect(try memo.slot(for: "forecast?x=1", request: make).1 == request)
        #expect(try memo.slot(for: "forecast?x=1", request: make).1 == request)
        #expect(made == 1)
        let failure = BreezeError.badURL(service: .forecast, reason: "no")
        #expect(throws: failure) { try memo.slot(for: "forecast?x=2") { () throws(BreezeError) in throw failure } }
        #expect(try memo.slot(for: "forecast?x=2", request: make).1 == request)
        #expect(made == 2)
        // The reply kept beside a request is still served only for its own body.
        memo.store([1], for: "forecast?x=1", body: Data("b".utf8))
        #expect(memo.reply(for: "forecast?x=1", body: Data("b".utf8)) == [1])
        #expect(memo.reply(for: "forecast?x=2", body: Data("b".utf8)) == nil)
    }

    /// The forecast body the fake upstream sends for `latitude`, with `temperature` as the current temperature.
    private static func forecastBody(latitude: String, temperature: Double) -> Data {
        Data(
            (#"{"latitude":\#(latitude),"longitude":13.4,"generationtime_ms":0.04,"utc_offset_seconds":0,"#
                + #""timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"#
                + #""current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C"},"#
                + #""current":{"time":"2026-10-03T12:00","interval":900,"temperature_2m":\#(temperature)}}"#).utf8)
    }

    private static func currentTemperature(_ reply: [UInt8]) throws -> Double? {
        let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any]
        return ((object?["current"] as? [String: Any])?["values"] as? [String: Any])?["temperature_2m"] as? Double
    }

    @Test func aCachedCallAfterTheBodysTTLIsAnsweredFromTheNewBody() async throws {
        // The upstream's answer changes with every request it sees: the n-th says n degrees.
        let upstream = FakeHTTPClient { _, number in
            HTTPResponse(status: 200, body: Self.forecastBody(latitude: "52.5", temperature: Double(number)))
        }
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        settings.cachePolicy.ttl[.forecast] = 60
        let clock = TestClock(.manual)
        let breeze = Breeze(
            configuration: .test(), resilience: Resilience(settings: settings, upstream: upstream, clock: clock))
        let request = try ForecastRequest(
            coordinates: Coordinates(latitude: 52.5, longitude: 13.4), current: ["temperature_2m"])
        #expect(try Self.currentTemperature(try await breeze.fetchForecastJSON(request)) == 1)
        #expect(try Self.currentTemperature(try await breeze.fetchForecastJSON(request)) == 1)  // a hit
        clock.advance(by: 61)
        #expect(try Self.currentTemperature(try await breeze.fetchForecastJSON(request)) == 2)
        #expect(try Self.currentTemperature(try await breeze.fetchForecastJSON(request)) == 2)
        #expect(upstream.requests.count == 2)
    }

    @Test func aMemoNeverServesOneRequestTheReplyOfAnother() async throws {
        // Each place and unit gets its own temperature, so a reply shows which request it was made for.
        let upstream = FakeHTTPClient { request, _ in
            let latitude = request.query["latitude"] ?? ""
            let temperature = (latitude == "52.5" ? 1.0 : 2.0) + (request.query["temperature_unit"] == nil ? 0 : 10)
            return HTTPResponse(status: 200, body: Self.forecastBody(latitude: latitude, temperature: temperature))
        }
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        let breeze = Breeze(
            configuration: .test(),
            resilience: Resilience(settings: settings, upstream: upstream, clock: TestClock(.manual)))
        func request(latitude: Double, unit: TemperatureUnit? = nil) throws -> ForecastRequest {
            try ForecastRequest(
                coordinates: Coordinates(latitude: latitude, longitude: 13.4), current: ["temperature_2m"],
                temperatureUnit: unit)
        }
        let requests = [
            (try request(latitude: 52.5), 1.0), (try request(latitude: 40.5), 2.0),
            (try request(latitude: 52.5, unit: .fahrenheit), 11.0),
        ]
        for _ in 0..<3 {
            for (request, temperature) in requests {
                #expect(try Self.currentTemperature(try await breeze.fetchForecastJSON(request)) == temperature)
            }
        }
        #expect(upstream.requests.count == 3)  // one each; every other call was a hit
    }
}
