import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite struct RedactionTests {
    private let openMeteoKey = "omk7Qx2Lp9Vb4Nc8Rt1Zy6Wd"
    private let googleKey = "gpk3Hs5/Jf8Kd2+Mn7Pq4Tv9"
    private var redaction: Redaction { Redaction(secrets: [openMeteoKey, googleKey, nil, ""]) }

    @Test(arguments: [
        ("whole key", "rejected omk7Qx2Lp9Vb4Nc8Rt1Zy6Wd here", "rejected *** here"),
        ("8-character prefix", "key starts omk7Qx2L.", "key starts ***."),
        ("a piece from the middle", "…Lp9Vb4Nc…", "…***…"),
        ("percent-encoded", "key gpk3Hs5%2FJf8Kd2%2BMn7Pq4Tv9 rejected", "key *** rejected"),
        (
            "apikey= of any value", "GET /v1/forecast?latitude=1&apikey=zzz-unknown&x=2",
            "GET /v1/forecast?latitude=1&apikey=***&x=2"
        ),
        ("key= in any case", "url: https://h/v1?KEY=abc\"", "url: https://h/v1?KEY=***\""),
        ("ordinary text", "Parameter count must be between 1 and 100.", "Parameter count must be between 1 and 100."),
        ("short runs of key letters", "omk7 Qx2", "omk7 Qx2"),
    ])
    func masksKeysWhereverAndHoweverTheyAppear(_ case: String, text: String, expected: String) {
        #expect(redaction(text) == expected, "\(`case`)")
    }

    @Test func wordsAKeyHappensToContainStayReadable() {
        let redaction = Redaction(secrets: ["test-google-key-123456"])
        #expect(redaction("event=upstream upstream=googlePollen") == "event=upstream upstream=googlePollen")
        #expect(redaction("sent test-google-k") == "sent ***")
    }

    @Test func redactsEveryTextOfAnError() {
        let error = BreezeError.rateLimited(
            service: .forecast, retryAfterSeconds: 5, reason: "limit for apikey=\(openMeteoKey.prefix(10))")
        #expect(
            redaction(error) == .rateLimited(service: .forecast, retryAfterSeconds: 5, reason: "limit for apikey=***"))
    }

    @Test(arguments: [
        #"{"error":true,"reason":"Cannot process http://upstream.test/v1/forecast?latitude=52.52&apikey=KEY"}"#,
        #"{"reason":"Rejected key KEY8","error":true}"#,
    ])
    func openMeteoErrorsThatEchoTheKeyNeverCarryIt(body: String) async throws {
        let http = FakeHTTPClient()
        let key = openMeteoKey
        http.on(
            "/v1/forecast", status: 400,
            body: body.replacingOccurrences(of: "KEY8", with: String(key.prefix(8))).replacingOccurrences(
                of: "KEY", with: key))
        let breeze = makeBreeze(http) { $0.openMeteoAPIKey = key }
        let error = await #expect(throws: BreezeError.self) {
            try await breeze.forecast(WeatherDataRequest(forecastAt: Coordinates(latitude: 52.52, longitude: 13.41)))
        }
        let text = "\(String(describing: error))"
        #expect(!text.contains(String(key.prefix(8))))
        #expect(text.contains("***"))
    }
}
