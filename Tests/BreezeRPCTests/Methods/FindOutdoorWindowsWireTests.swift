import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// `findOutdoorWindows` through the catalog's router: params decoding and checks, and the JSON on the wire.
@Suite struct FindOutdoorWindowsWireTests {
    /// The element at `index` of a JSON array.
    static func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let elements)? = value, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("findOutdoorWindows"))
    }

    @Test(arguments: [
        (#"{"longitude":10}"#, "latitude", "latitude"),
        (#"{"latitude":51,"longitude":10,"hours":0}"#, "hours", "hours"),
        (#"{"latitude":51,"longitude":10,"hours":97}"#, "hours", "hours"),
        (#"{"latitude":51,"longitude":10,"activity":{"intensity":"jogging"}}"#, "activity.intensity", "vigorous"),
        (#"{"latitude":51,"longitude":10,"activity":{"durationMinutes":10}}"#, "activity.durationMinutes", "15"),
        (#"{"latitude":51,"longitude":10,"activity":{"pace":"fast"}}"#, "activity.pace", "intensity"),
        (
            #"{"latitude":51,"longitude":10,"profile":{"conditions":["asthma","flu"]}}"#, "profile.conditions[1]",
            "asthma, copd, lungDisease, heartDisease, pregnancy, diabetes"
        ),
        (
            #"{"latitude":51,"longitude":10,"profile":{"pollenAllergies":[{"taxon":"cat"}]}}"#,
            "profile.pollenAllergies[0].taxon", "alder, birch, grass, mugwort, olive, ragweed, tree, weed"
        ),
        (
            #"{"latitude":51,"longitude":10,"profile":{"pollenAllergies":[{"taxon":"birch","severity":"bad"}]}}"#,
            "profile.pollenAllergies[0].severity", "mild, severe"
        ),
        (#"{"latitude":51,"longitude":10,"profile":{"ageGroup":"baby"}}"#, "profile.ageGroup", "olderAdult"),
        (#"{"latitude":51,"longitude":10,"profile":{"astma":true}}"#, "profile.astma", "conditions"),
        (#"{"latitude":51,"longitude":10,"profile":{"heatSensitive":"yes"}}"#, "profile.heatSensitive", "true"),
        (#"{"latitude":51,"longitude":10,"constraints":{"earliest":"7am"}}"#, "constraints.earliest", "HH:MM"),
        (#"{"latitude":51,"longitude":10,"aqiScale":"uk"}"#, "aqiScale", "us, eu"),
        (#"{"latitude":51,"longitude":10,"temperatureUnit":"kelvin"}"#, "temperatureUnit", "celsius"),
        (#"{"latitude":95,"longitude":10}"#, "latitude", "latitude"),
    ])
    func badParamsAreInvalidParamsNamingTheField(params: String, field: String, saying: String) async throws {
        try await expectInvalidParams("findOutdoorWindows", params, field: field, saying: saying)
    }

    /// A calm day with ozone over the USG line from the fifth hour: the answer's shape on the wire.
    static let routes: [String: (status: Int, body: String)] = {
        let times = (0..<20).map { String(format: "\"2026-05-24T%02d:00\"", $0) }
        func series(_ value: String, _ count: Int = 8) -> String {
            "[" + Array(repeating: value, count: count).joined(separator: ",") + "]"
        }
        let forecast = """
            {"latitude":52.52,"longitude":13.42,"generationtime_ms":0.1,"utc_offset_seconds":7200,\
            "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,\
            "hourly_units":{"time":"iso8601","temperature_2m":"°C","relative_humidity_2m":"%",\
            "precipitation_probability":"%","weather_code":"wmo code","wind_speed_10m":"km/h","wind_gusts_10m":"km/h",\
            "uv_index":"","is_day":""},\
            "hourly":{"time":[\(times[12..<20].joined(separator: ","))],"temperature_2m":\(series("20")),\
            "relative_humidity_2m":\(series("50")),"precipitation_probability":\(series("0")),\
            "weather_code":\(series("0")),"wind_speed_10m":\(series("8")),"wind_gusts_10m":\(series("15")),\
            "uv_index":\(series("2")),"is_day":\(series("1"))}}
            """
        let ozone =
            "[" + (Array(repeating: "30", count: 16) + Array(repeating: "120", count: 4)).joined(separator: ",") + "]"
        let air = """
            {"latitude":52.5,"longitude":13.4,"generationtime_ms":0.1,"utc_offset_seconds":7200,\
            "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,\
            "hourly_units":{"time":"iso8601"},\
            "hourly":{"time":[\(times.joined(separator: ","))],"pm2_5":\(series("4", 20)),"pm10":\(series("8", 20)),\
            "us_aqi_ozone":\(ozone),"us_aqi_nitrogen_dioxide":\(series("10", 20)),\
            "us_aqi_sulphur_dioxide":\(series("2", 20)),"us_aqi_carbon_monoxide":\(series("5", 20)),\
            "european_aqi":\(series("15", 20))}}
            """
        return [
            "/v1/forecast": (200, forecast), "/v1/air-quality": (200, air),
            // Germany's warnings: none in force.
            "/feeds-germany": (200, #"{"warnings":[]}"#),
        ]
    }()

    @Test func answerNamesTheWindowItsEndAndItsSources() async throws {
        let reply = try await wireReply(
            wireRouter(Self.routes), "findOutdoorWindows",
            #"{"latitude":52.52,"longitude":13.41,"hours":8,"activity":{"intensity":"vigorous"}}"#)
        let answer = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
        let window = try #require(Self.element(answer["windows"], 0))
        #expect(window["start"] == "2026-05-24T12:00")
        #expect(window["end"] == "2026-05-24T16:00")
        #expect(window["level"] == "go")
        #expect(window["endsBecause"]?["factor"] == "ozone")
        #expect(window["endsBecause"]?["level"] == "caution")
        #expect(window["endsBecause"]?["threshold"] == 101)
        #expect(window["endsBecause"]?["source"] == "epa-ozone-guide")
        #expect(window["bestStartBasis"]?["heuristic"] == true)
        #expect(window["endsBecause"]?["heuristic"] == nil, "written only when true")
        #expect(window["endsBecause"]?["time"] == "2026-05-24T16:00")
        #expect(Self.element(Self.element(answer["hourly"], 0)?["factors"], 0)?["time"] == nil, "only where set")
        #expect(answer["note"]?["heuristic"] == nil)
        #expect(answer["ignoredParameters"] == nil)
        #expect(answer["coverage"]?["pm"] == "nowcast-on-model")
        #expect(answer["coverage"]?["pollen"] == "notAsked")
        #expect(answer["note"]?["messageKey"] == "note.notMedicalAdvice")
        #expect(answer["activity"]?["prolongedOrHeavy"] == true)
        #expect(Self.element(answer["hourly"], 7)?["indices"]?["pm25NowCast"] == 4)
        guard case .array(let sources)? = answer["sources"] else {
            Issue.record("no sources in \(reply)")
            return
        }
        #expect(sources.contains { $0["id"] == "epa-nowcast" && $0["url"] != nil })
    }

    /// The answer's own writer writes what `JSONEncoder` writes for the same values: keys sorted, numbers and
    /// texts (Japanese here) as it formats them, at every detail.
    @Test(arguments: ["full", "standard", "summary"])
    func answerIsWrittenAsJSONEncoderWritesIt(detail: String) async throws {
        let reply = try await wireReply(
            wireRouter(Self.routes), "findOutdoorWindows",
            #"{"latitude":52.52,"longitude":13.41,"hours":8,"profile":{"pollenAllergies":[{"taxon":"grass"}]},"#
                + #""temperatureUnit":"fahrenheit","language":"ja","detail":"\#(detail)"}"#)
        let answer = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
        #expect(try sortedJSON(answer) == reply)
    }

    @Test func messagesFollowTheLanguageAndKeysDoNot() async throws {
        let reply = try await wireReply(
            wireRouter(Self.routes), "findOutdoorWindows",
            #"{"latitude":52.52,"longitude":13.41,"hours":8,"language":"de","detail":"standard"}"#)
        let answer = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
        #expect(answer["note"]?["messageKey"] == "note.notMedicalAdvice")
        #expect(answer["note"]?["message"] == .string(OutdoorMessage.disclaimer.text(in: .de)))
        #expect(answer["hourly"] == nil)
    }

    @Test func summaryKeepsTheBestWindowPerDay() async throws {
        let reply = try await wireReply(
            wireRouter(Self.routes), "findOutdoorWindows",
            #"{"latitude":52.52,"longitude":13.41,"hours":8,"detail":"summary"}"#)
        let answer = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
        #expect(answer["best"] == "2026-05-24T12:00")
        #expect(Self.element(answer["days"], 0)?["date"] == "2026-05-24")
        #expect(Self.element(answer["days"], 0)?["endsBecause"] == "ozone")
    }
}
