import Breeze
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

@Suite struct FetchDashboardWireTests {
    /// The reply to `line`, with upstreams answering from `routes` and refusing connections on `refused` paths.
    private func reply(
        _ line: String, routes: [String: (status: Int, body: String)], refused: [String] = []
    ) async throws -> [String: Any] {
        let bytes = try await replyText(line, routes: routes, refused: refused)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes.utf8)) as? [String: Any])
    }

    /// The reply to `line` as written on the wire.
    private func replyText(
        _ line: String, routes: [String: (status: Int, body: String)], refused: [String] = []
    ) async throws -> String {
        // Berlin's warnings come from MeteoAlarm's German feed; every case here has none.
        let upstream = FakeHTTPClient(routes: ["/feeds-germany": (200, #"{"warnings":[]}"#)].merging(routes) { $1 })
        for path in refused {
            upstream.on(path) {
                throw BreezeError.networkError(service: $0.service, reason: "the connection was refused")
            }
        }
        let breeze = Breeze(configuration: .test(), http: upstream)
        let server = Server(router: Catalog.router(breeze: breeze, logger: .silent), logger: .silent)
        let bytes = try #require(await server.reply(to: Array(line.utf8)))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A minimal current air-quality answer: enough for one part to succeed.
    private static let airQualityBody = #"""
        {"latitude":52.5,"longitude":13.4,"timezone":"Europe/Berlin","current":{"time":"2026-10-03T12:00","us_aqi":40,"european_aqi":30}}
        """#

    @Test func aFailedPartIsNullWithItsErrorObjectUnderItsName() async throws {
        let reply = try await reply(
            #"{"jsonrpc":"2.0","id":1,"method":"fetchDashboard","params":[52.52,13.41]}"#,
            routes: ["/air-quality": (200, Self.airQualityBody), "/archive": (503, "<html>down</html>")],
            refused: ["/api/pollen", "/v1/forecast"])
        let result = try #require(reply["result"] as? [String: Any])
        #expect(
            Set(result.keys) == [
                "airQuality", "pollen", "climate", "forecast", "outdoors", "alerts", "place", "errors",
            ])
        // Outdoors reads the forecast, which failed: null, its cause under the forecast only.
        #expect(result["outdoors"] is NSNull)
        #expect((result["alerts"] as? [String: Any])?["coverage"] as? String == "full")
        #expect((result["airQuality"] as? [String: Any])?["usAQI"] as? Int == 40)
        for part in ["pollen", "climate", "forecast"] {
            #expect(result[part] is NSNull, "\(part) should be null")
        }
        let errors = try #require(result["errors"] as? [String: [String: Any]])
        #expect(Set(errors.keys) == ["pollen", "climate", "forecast"])
        #expect(errors["climate"]?["code"] as? Int == 1002)
        #expect((errors["climate"]?["data"] as? [String: Any])?["status"] as? Int == 503)
        #expect(errors["pollen"]?["code"] as? Int == 1003)
        #expect(((errors["forecast"]?["data"] as? [String: Any])?["type"]) as? String == "networkError")
    }

    @Test func thePlaceIsFindPlacesAnswerForThePoint() async throws {
        let dashboard = try await reply(
            #"{"jsonrpc":"2.0","id":1,"method":"fetchDashboard","params":[52.52,13.41]}"#,
            routes: ["/air-quality": (200, Self.airQualityBody)],
            refused: ["/api/pollen", "/v1/archive", "/v1/forecast"]
        )
        let found = try await reply(
            #"{"jsonrpc":"2.0","id":2,"method":"findPlace","params":[52.52,13.41]}"#, routes: [:])
        let place = try #require((dashboard["result"] as? [String: Any])?["place"] as? [String: Any])
        #expect(place["countryCode"] as? String == "DE" && place["name"] as? String == "Mitte")
        #expect((place["attribution"] as? String)?.contains("GeoNames") == true)
        #expect(NSDictionary(dictionary: place).isEqual(to: try #require(found["result"] as? [String: Any])))
        // Not a part: the errors name the three parts that failed, and nothing for the place.
        let errors = try #require((dashboard["result"] as? [String: Any])?["errors"] as? [String: Any])
        #expect(Set(errors.keys) == ["pollen", "climate", "forecast"])
    }

    /// At sea `place` is `null`, between `forecast` and `pollen` as the sorted keys put it; the rest is unchanged.
    @Test func noPlaceWithinTheRadiusIsNullAndNotAnError() async throws {
        let text = try await replyText(
            #"{"jsonrpc":"2.0","id":1,"method":"fetchDashboard","params":[0,-140]}"#,
            routes: ["/air-quality": (200, Self.airQualityBody)],
            refused: ["/api/pollen", "/v1/archive", "/v1/forecast"]
        )
        #expect(text.contains(#""forecast":null,"outdoors":null,"place":null,"pollen":null}}"#), "\(text)")
        #expect(text.contains(#""result":{"airQuality":{"#), "\(text)")
        #expect(text.contains(#""errors":{"climate":{"#) && !text.contains("GeoNames"), "\(text)")
    }

    @Test func everyPartFailedIsAnErrorCarryingEachPartsError() async throws {
        let reply = try await reply(
            #"{"jsonrpc":"2.0","id":1,"method":"fetchDashboard","params":[52.52,13.41]}"#,
            routes: ["/air-quality": (503, "<html><body>Service Unavailable</body></html>")],
            refused: ["/api/pollen", "/v1/archive", "/v1/forecast"])
        #expect(reply["result"] == nil)
        let error = try #require(reply["error"] as? [String: Any])
        #expect(error["code"] as? Int == 1008)
        let message = try #require(error["message"] as? String)
        #expect(
            message.hasPrefix(
                "Every part of the dashboard failed (airQuality: Open-Meteo air quality answered HTTP 503"))
        let data = try #require(error["data"] as? [String: Any])
        #expect(data["type"] as? String == "dashboardUnavailable")
        let errors = try #require(data["errors"] as? [String: [String: Any]])
        #expect(Set(errors.keys) == ["airQuality", "pollen", "climate", "forecast"])
        #expect(errors["airQuality"]?["code"] as? Int == 1002)
        #expect((errors["airQuality"]?["data"] as? [String: Any])?["status"] as? Int == 503)
        #expect(errors["pollen"]?["code"] as? Int == 1003)
    }

    @Test func badParamsFailTheWholeCallNamingTheField() async throws {
        let reply = try await reply(
            #"{"jsonrpc":"2.0","id":2,"method":"fetchDashboard","params":{"latitude":52.52,"longitude":13.41,"temperatureUnit":"kelvin"}}"#,
            routes: [:])
        let error = try #require(reply["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32602)
        #expect((error["data"] as? [String: Any])?["field"] as? String == "temperatureUnit")
    }
}
