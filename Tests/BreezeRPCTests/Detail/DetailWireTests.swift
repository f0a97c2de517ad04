import Breeze
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// `detail` on the wire: a plain call without it answers as before, `full` is the plain answer, and an MCP tool
/// call without it gets `standard`, bounded.
@Suite struct DetailWireTests {
    /// Sixteen days of twenty hourly variables at one place, as Open-Meteo's JSON answer: larger than any budget.
    static let largeForecast: String = {
        let names = hourlyNames
        let times = (0..<384).map { hour in
            let day = 1 + hour / 24
            return "\"2026-10-\(day < 10 ? "0" : "")\(day)T\(hour % 24 < 10 ? "0" : "")\(hour % 24):00\""
        }
        let units = names.map { "\"\($0)\":\"°C\"" }.joined(separator: ",")
        let series = names.enumerated().map { index, name in
            "\"\(name)\":[" + (0..<384).map { "\(Double(($0 * 7 + index) % 400) / 10)" }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        return #"{"latitude":52.5,"longitude":13.5,"utc_offset_seconds":0,"timezone":"GMT","#
            + #""timezone_abbreviation":"GMT","hourly_units":{"time":"iso8601",\#(units)},"#
            + #""hourly":{"time":[\#(times.joined(separator: ","))],\#(series)}}"#
    }()

    static let hourlyNames = [
        "temperature_2m", "dew_point_2m", "apparent_temperature", "relative_humidity_2m", "cloud_cover",
        "precipitation_probability", "cloud_cover_low", "cloud_cover_mid", "cloud_cover_high", "precipitation", "rain",
        "showers", "snowfall", "weather_code", "pressure_msl", "surface_pressure", "wind_speed_10m", "wind_gusts_10m",
        "wind_direction_10m", "uv_index",
    ]

    static let hourly = "[" + hourlyNames.map { "\"\($0)\"" }.joined(separator: ",") + "]"

    static func router() -> Router { wireRouter(["/v1/forecast": (200, largeForecast)]) }

    static func params(_ detail: String?) -> String {
        #"{"latitude":52.52,"longitude":13.41,"forecastDays":16,"hourly":\#(hourly)"#
            + (detail.map { #","detail":"\#($0)""# } ?? "") + "}"
    }

    static func decoded(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func aPlainCallWithoutDetailIsTheFullAnswerByteForByte() async throws {
        let router = Self.router()
        let plain = try await wireReply(router, "fetchForecast", Self.params(nil))
        let full = try await wireReply(router, "fetchForecast", Self.params("full"))
        #expect(plain == full)
        #expect(plain.utf8.count > 30_000)
        #expect(!plain.contains("truncated"))
        #expect(try Self.decoded(plain)["hourly"]?["time"] == (try Self.decoded(full)["hourly"]?["time"]))
    }

    @Test func standardIsBoundedAndSaysWhatWasCut() async throws {
        let standard = try await wireReply(Self.router(), "fetchForecast", Self.params("standard"))
        #expect(standard.utf8.count <= ResultBudget.maxBytes)
        let value = try Self.decoded(standard)
        #expect(value["truncated"]?["of"] == 384)
        #expect(value["truncated"]?["cut"]?["hourly"]?["of"] == 384)
    }

    @Test func summaryIsOneEntryPerDay() async throws {
        let summary = try Self.decoded(try await wireReply(Self.router(), "fetchForecast", Self.params("summary")))
        guard case .array(let days)? = summary["days"] else {
            Issue.record("no days in \(summary)")
            return
        }
        #expect(days.count == 16)
    }

    /// `tools/call` through the router, its `structuredContent` as text.
    static func toolCall(_ router: Router, arguments: String) async throws -> String {
        let reply = try await wireReply(router, "tools/call", #"{"name":"fetchForecast","arguments":\#(arguments)}"#)
        let structured = try #require(try decoded(reply)["structuredContent"])
        return String(decoding: ResultBudget.encoded(structured), as: UTF8.self)
    }

    @Test func anMCPToolCallWithoutDetailGetsStandardAndFullIsThePlainAnswer() async throws {
        let router = Self.router()
        let standard = try await Self.toolCall(router, arguments: Self.params(nil))
        #expect(standard.utf8.count <= ResultBudget.maxBytes)
        #expect(try Self.decoded(standard)["truncated"] != nil)
        #expect(standard == (try await wireReply(router, "fetchForecast", Self.params("standard"))))
        let full = try await Self.toolCall(router, arguments: Self.params("full"))
        #expect(
            try Self.decoded(full) == (try Self.decoded(try await wireReply(router, "fetchForecast", Self.params(nil))))
        )
    }

    @Test func detailIsLastByPositionBeforeTimeoutMs() async throws {
        let archive = #"""
            {"latitude":52.52,"longitude":13.42,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","daily_units":{"time":"iso8601","temperature_2m_max":"°C"},"daily":{"time":["2000-07-14"],"temperature_2m_max":[21.5]}}
            """#
        let reply = try await wireReply(
            wireRouter(["/v1/archive": (200, archive)]), "fetchClimate",
            #"[52.52,13.41,"07-14",[2000],"celsius","summary",5000]"#)
        #expect(
            reply
                == #"{"change":null,"coldest":{"temperature":21.5,"year":2000},"date":"07-14","first":{"temperature":21.5,"#
                + #""year":2000},"last":{"temperature":21.5,"year":2000},"mean":21.5,"missingYears":[],"unit":"°C","#
                + #""warmest":{"temperature":21.5,"year":2000},"years":1}"#)
    }

    @Test func aToolWithoutDetailIsBoundedThroughMCPAndWholeOtherwise() async throws {
        let cities = (0..<100).map { index in
            #"{"id":\#(index),"name":"Springfield \#(index)","latitude":39.8,"longitude":-89.6,"country_code":"US","#
                + #""timezone":"America/Chicago","country":"United States","admin1":"Illinois","admin2":"Sangamon","#
                + #""population":116250,"elevation":182}"#
        }
        let router = wireRouter(["/v1/search": (200, #"{"results":[\#(cities.joined(separator: ","))]}"#)])
        let plain = try await wireReply(router, "searchCities", #"{"name":"Springfield","count":100}"#)
        #expect(plain.utf8.count > ResultBudget.maxBytes)
        let reply = try await wireReply(
            router, "tools/call", #"{"name":"searchCities","arguments":{"name":"Springfield","count":100}}"#)
        let structured = try #require(try Self.decoded(reply)["structuredContent"])
        #expect(ResultBudget.encoded(structured).count <= ResultBudget.maxBytes)
        guard case .array(let kept)? = structured["cities"] else {
            Issue.record("no cities in \(structured)")
            return
        }
        // Best match first: the first cities are the ones kept.
        guard case .array(let all) = try Self.decoded(plain) else {
            Issue.record("not a list: \(plain)")
            return
        }
        #expect(Array(all.prefix(kept.count)) == kept)
        #expect(structured["truncated"]?["returned"] == .number(Double(kept.count)))
        #expect(structured["truncated"]?["of"] == 100)
    }

    @Test(arguments: ["fetchForecast", "fetchAirQuality", "fetchPollen", "fetchClimate", "fetchDashboard"])
    func anUnknownDetailIsInvalidParamsListingTheChoices(method: String) async throws {
        try await expectInvalidParams(
            method, #"{"latitude":52.52,"longitude":13.41,"detail":"brief"}"#, field: "detail",
            saying: "summary, standard, full")
    }
}
