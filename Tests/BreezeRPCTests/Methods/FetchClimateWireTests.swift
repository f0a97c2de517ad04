import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// `fetchClimate` through the catalog's router: params decoding and the JSON on the wire.
@Suite struct FetchClimateWireTests {
    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("fetchClimate"))
    }

    @Test(arguments: [
        ("fetchClimate", #"{"latitude":51,"longitude":10,"date":"02-30"}"#, "date"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"years":1990}"#, "years"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"years":[1990,"2000"]}"#, "years[1]"),
        ("fetchClimate", #"{"latitude":51,"longitude":10,"years":[2030]}"#, "years"),
        ("fetchClimate", #"[51,10,"07-14",[2000],"kelvin"]"#, "temperatureUnit"),
    ])
    func badParamsAreInvalidParamsNamingTheField(method: String, params: String, expected: String) async throws {
        try await expectInvalidParams(method, params, field: expected)
    }

    @Test func climateByPositionWritesChangeAsNullWithOnePoint() async throws {
        let archive = #"""
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.03,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"daily_units":{"time":"iso8601","temperature_2m_max":"°C"},"daily":{"time":["2000-07-14"],"temperature_2m_max":[21.5]}}
            """#
        let reply = try await wireReply(
            wireRouter(["/v1/archive": (200, archive)]), "fetchClimate", #"[52.52,13.41,"07-14",[2000]]"#)
        #expect(
            reply
                == #"{"change":null,"date":"07-14","missingYears":[],"points":[{"date":"2000-07-14","temperature":21.5,"year":2000}],"unit":"°C"}"#
        )
    }
}
