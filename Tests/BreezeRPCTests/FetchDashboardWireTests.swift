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
        let upstream = FakeHTTPClient(routes: routes)
        for path in refused {
            upstream.on(path) {
                throw BreezeError.networkError(service: $0.service, reason: "the connection was refused")
            }
        }
        let breeze = Breeze(configuration: .test(), http: upstream)
        let server = Server(router: Catalog.router(breeze: breeze, logger: .silent), logger: .silent)
        let bytes = try #require(await server.reply(to: Array(line.utf8)))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
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
        #expect(Set(result.keys) == ["airQuality", "pollen", "climate", "forecast", "errors"])
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
