import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

private let airQuality = #"""
    {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","pm2_5":"μg/m³"},"current":{"time":"2026-10-03T12:00","interval":3600,"us_aqi":22,"pm2_5":null,"us_aqi_pm2_5":null}}
    """#

/// `fetchAirQuality` through the real catalog and server: params decoding and the JSON on the wire.
@Suite struct FetchAirQualityWireTests {
    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("fetchAirQuality"))
    }

    @Test func fetchAirQualityByPositionWritesMissingValuesAsNull() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":4,"method":"fetchAirQuality","params":[52.52,13.41]}"#,
            upstream: ["/v1/air-quality": (200, airQuality)])
        let result = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))["result"])
        #expect(result["usAQI"] == 22)
        #expect(result["pm25"] == .null && result["ozone"] == .null && result["hourly"] == .null)
        #expect(result["status"]?["level"] == "excellent" && result["status"]?["color"] == "aqiGood")
        #expect(result["latitude"] == 52.5 && result["longitude"] == 13.419998)
        guard case .array(let pollutants)? = result["pollutants"] else {
            Issue.record("pollutants is not an array: \(reply)")
            return
        }
        #expect(pollutants.count == 6)
        #expect(pollutants.first?["usAQI"] == .null && pollutants.first?["status"] == .null)
        #expect(pollutants.first?["unit"] == "μg/m³")
        #expect(reply.contains(#""carbonMonoxide":null,"europeanAQI":null,"europeanStatus":null,"hourly":null,"#))
        #expect(upstream.requests.first?.url.query?.contains("forecast_hours") == false)
    }

    @Test(arguments: [
        (#"[91,0]"#, "latitude"), (#"{"latitude":0}"#, "longitude"),
        (#"{"latitude":0,"longitude":"east"}"#, "longitude"),
        (#"{"latitude":0,"longitude":0,"forecastHours":169}"#, "forecastHours"),
        (#"{"latitude":0,"longitude":0,"forecastHours":1.5}"#, "forecastHours"),
    ])
    func fetchAirQualityInvalidParamsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("fetchAirQuality", params, field: field)
    }

    @Test func fetchAirQualityWithoutCurrentIsNoData() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":6,"method":"fetchAirQuality","params":{"latitude":1,"longitude":2}}"#,
            upstream: ["/v1/air-quality": (200, #"{"latitude":1.0,"longitude":2.0,"timezone":"GMT"}"#)])
        let error = try error(in: reply)
        #expect(error["code"] == 1006)
        #expect(error["data"]?["type"] == "noData")
    }

    @Test func listsOfPlacesGiveAListWhereAPlaceWithoutReadingsIsItsOwnNoData() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":7,"method":"fetchAirQuality","params":{"latitude":[52.52,1],"longitude":[13.41,2]}}"#,
            upstream: [
                "/v1/air-quality": (200, "[\(airQuality),{\"latitude\":1.0,\"longitude\":2.0,\"timezone\":\"GMT\"}]")
            ])
        let result = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))["result"])
        guard case .array(let places) = result, places.count == 2 else {
            Issue.record("expected a list of two places: \(reply)")
            return
        }
        #expect(places[0]["usAQI"] == 22)
        #expect(places[1]["error"]?["code"] == 1006 && places[1]["error"]?["data"]?["type"] == "noData")
        #expect(upstream.requests.count == 1)
        #expect(upstream.requests.first?.url.query?.hasPrefix("latitude=52.52,1.0&longitude=13.41,2.0&") == true)
    }

    @Test(arguments: [
        (#"{"latitude":[0,0,-91],"longitude":[0,0,0]}"#, "latitude[2]"),
        (#"{"latitude":[0,0],"longitude":[0]}"#, "longitude"), (#"{"latitude":[0],"longitude":0}"#, "longitude"),
    ])
    func placeListErrorsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("fetchAirQuality", params, field: field)
    }
}
