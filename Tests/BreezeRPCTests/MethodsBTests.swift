import Breeze
import BreezeRPC
import Foundation
import JSONRPC
import Testing

/// An upstream that answers each request from a fixed body per URL path suffix and records nothing else;
/// an unknown path fails the test.
private struct CannedHTTPClient: HTTPClient {
    let routes: [String: (status: Int, body: String)]

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let route = routes.first(where: { request.url.path.hasSuffix($0.key) })?.value else {
            Issue.record("unexpected request to \(request.redactedURL)")
            throw BreezeError.networkError(service: request.service, reason: "no canned route")
        }
        return HTTPResponse(status: route.status, body: Data(route.body.utf8))
    }
}

/// `fetchPollen` and `fetchClimate` through the catalog's router: params decoding and the JSON on the wire.
@Suite struct MethodsBTests {
    private func router(
        _ routes: [String: (status: Int, body: String)] = [:], googleKey: String? = nil
    ) -> Router {
        var configuration = BreezeConfiguration(googlePollenAPIKey: googleKey)
        configuration.archiveURL = "http://upstream.test/v1/archive"
        configuration.forecastURL = "http://upstream.test/v1/forecast"
        configuration.pollenProxyURL = "http://upstream.test/api/pollen"
        configuration.googlePollenURL = "http://upstream.test/v1/forecast:lookup"
        configuration.airQualityURL = "http://upstream.test/v1/air-quality"
        let breeze = Breeze(
            configuration: configuration, http: CannedHTTPClient(routes: routes),
            now: { Date(timeIntervalSince1970: 1_779_624_000) })  // 2026-05-24T12:00:00Z
        return Catalog.router(breeze: breeze, logger: .silent)
    }

    /// Calls `method` with `params` (JSON text) and returns the reply as text.
    private func call(_ router: Router, _ method: String, _ params: String) async throws(ResponseError) -> String {
        let text: JSONText
        do {
            text = try JSONText(validating: Array(params.utf8))
        } catch {
            Issue.record("test params are not JSON: \(error)")
            throw .internalError
        }
        return String(decoding: try await router.call(method, params: text.root, in: text), as: UTF8.self)
    }

    private func field(of error: ResponseError) -> String? {
        if case .string(let field)? = error.data?["field"] { return field }
        return nil
    }

    @Test func catalogListsBothMethods() {
        let names = router().methodNames
        #expect(names.contains("fetchPollen"))
        #expect(names.contains("fetchClimate"))
    }

    @Test(arguments: [
        ("fetchPollen", #"{"longitude":10}"#, "latitude"),
        ("fetchPollen", #"{"latitude":"51","longitude":10}"#, "latitude"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"days":"2"}"#, "days"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"days":9}"#, "days"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"source":"bing"}"#, "source"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"language":"de"}"#, "language"),
        ("fetchPollen", #"{"latitude":95,"longitude":10}"#, "latitude"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"date":"02-30"}"#, "date"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"years":1990}"#, "years"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"years":[1990,"2000"]}"#, "years[1]"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"years":[2030]}"#, "years"),
        ("fetchClimate", #"[51,10,"07-14",[2000],"kelvin"]"#, "temperatureUnit"),
    ])
    func badParamsAreInvalidParamsNamingTheField(method: String, params: String, expected: String) async {
        do {
            let reply = try await call(router(), method, params)
            Issue.record("expected -32602, got \(reply)")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(field(of: error) == expected)
            #expect(error.message.contains(expected))
        }
    }

    @Test func pollenResultWritesEveryItemFieldWithNullsForUnknowns() async throws {
        let body = #"""
            {"regionCode":"DE","dailyInfo":[{"date":{"year":2026,"month":5,"day":24},
             "pollenTypeInfo":[{"code":"GRASS","displayName":"Grass","inSeason":true,"indexInfo":{"code":"UPI","value":1,"category":"Very Low","indexDescription":"People with very high allergy to pollen are likely to experience symptoms","color":{"green":0.61960787,"blue":0.22745098}},"healthRecommendations":["Enjoy the outdoors."]},
              {"code":"TREE","displayName":"Tree"}]}]}
            """#
        let reply = try await call(
            router(["/api/pollen": (200, body)]), "fetchPollen", #"{"latitude":52.52,"longitude":13.41}"#)
        let grass =
            ##"{"appearance":null,"category":"Very Low","color":"#009E3A","crossReaction":null,"family":null,"##
            + #""healthRecommendations":["Enjoy the outdoors."],"id":"GRASS","imageUrl":null,"inSeason":true,"#
            + #""indexDescription":"People with very high allergy to pollen are likely to experience symptoms","#
            + #""isPlant":false,"name":"Grass","peakGrainsPerCubicMeter":null,"season":null,"type":null,"value":1}"#
        let tree =
            #"{"appearance":null,"category":null,"color":null,"crossReaction":null,"family":null,"#
            + #""healthRecommendations":null,"id":"TREE","imageUrl":null,"inSeason":null,"indexDescription":null,"#
            + #""isPlant":false,"name":"Tree","peakGrainsPerCubicMeter":null,"season":null,"type":null,"value":null}"#
        #expect(
            reply
                == #"{"days":[{"date":"2026-05-24","items":["# + grass + "," + tree
                + #"]}],"ignoredParameters":[],"regionCode":"DE","source":"proxy"}"#)
    }

    @Test func climateByPositionWritesChangeAsNullWithOnePoint() async throws {
        let archive = #"""
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.03,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"daily_units":{"time":"iso8601","temperature_2m_max":"°C"},"daily":{"time":["2000-07-14"],"temperature_2m_max":[21.5]}}
            """#
        let reply = try await call(
            router(["/v1/archive": (200, archive)]), "fetchClimate", #"[52.52,13.41,"07-14",[2000]]"#)
        #expect(
            reply
                == #"{"change":null,"date":"07-14","missingYears":[],"points":[{"date":"2000-07-14","temperature":21.5,"year":2000}],"unit":"°C"}"#
        )
    }

    @Test func uncoveredGooglePlaceIsNoDataOnTheWireWithoutTheKey() async {
        let body = #"""
            {"error":{"code":400,"message":"Information is unavailable for this location. Please try a different location.","status":"INVALID_ARGUMENT"}}
            """#
        do {
            _ = try await call(
                router(["/v1/forecast:lookup": (400, body)], googleKey: "AIzaSyTEST-0000000000000000000000000000"),
                "fetchPollen", #"{"latitude":20.59,"longitude":78.96,"source":"google"}"#)
            Issue.record("expected noData")
        } catch {
            #expect(error.code == .noData)
            #expect(error.type == "noData")
            #expect(!String(describing: error).contains("AIzaSyTEST"))
        }
    }
}
