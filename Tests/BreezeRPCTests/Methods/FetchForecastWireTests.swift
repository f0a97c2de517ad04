import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

private let forecast = #"""
    {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.05,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},"current":{"time":"2026-10-03T12:00","interval":900,"temperature_2m":null,"weather_code":95}}
    """#

/// `fetchForecast` through the real catalog and server: params decoding and the JSON on the wire.
@Suite struct FetchForecastWireTests {
    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("fetchForecast"))
    }

    @Test func fetchForecastReplyKeepsNullsAndDescribesTheWeatherCode() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":7,"method":"fetchForecast","params":{"latitude":52.52,"longitude":13.41,"#
                + #""current":["temperature_2m","weather_code"],"temperatureUnit":"celsius"}}"#,
            upstream: ["/v1/forecast": (200, forecast)])
        let expected: String =
            #"{"id":7,"jsonrpc":"2.0","result":{"current":{"interval":900,"text":{},"time":"2026-10-03T12:00","#
            + #""units":{"temperature_2m":"°C","weather_code":"wmo code"},"#
            + #""values":{"temperature_2m":null,"weather_code":95},"weatherDescription":"Thunderstorm"},"#
            + #""daily":null,"elevation":38,"hourly":null,"latitude":52.52,"longitude":13.419998,"minutely15":null,"#
            + #""timezone":"Europe/Berlin","timezoneAbbreviation":"GMT+2","utcOffsetSeconds":7200}}"#
        #expect(reply == expected)
        #expect(
            upstream.requests.first?.url.query
                == "latitude=52.52&longitude=13.41&current=temperature_2m,weather_code&forecast_days=7&past_days=0"
                + "&temperature_unit=celsius&timezone=auto")
    }

    @Test(arguments: [
        (#"{"latitude":0,"longitude":0,"temperatureUnit":"kelvin"}"#, "temperatureUnit"),
        (#"{"latitude":0,"longitude":0,"windSpeedUnit":"mp/h"}"#, "windSpeedUnit"),
        (#"{"latitude":0,"longitude":0,"precipitationUnit":"cm"}"#, "precipitationUnit"),
        (#"{"latitude":0,"longitude":0,"hourly":"temperature_2m"}"#, "hourly"),
        (#"{"latitude":0,"longitude":0,"daily":["Sunrise"]}"#, "daily"),
        (#"{"latitude":0,"longitude":0,"forecastDays":17}"#, "forecastDays"),
        (#"[0,0,null,null,null,7,93]"#, "pastDays"), (#"{"latitude":0,"longitude":0,"pastDays":0.5}"#, "pastDays"),
        (#"{"latitude":0,"longitude":0,"days":3}"#, "days"),
    ])
    func fetchForecastInvalidParamsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("fetchForecast", params, field: field)
    }

    private static let upstreamRefusal =
        "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<A, B> from "
        + "invalid String value sunrise_time."

    /// A typo is refused here with the closest names; a `raw:` name is Open-Meteo's to refuse, with its reason.
    @Test(arguments: [
        (
            #""hourly":["temperature_2"]"#, "hourly", #"unknown variable "temperature_2". Did you mean temperature_2m"#,
            0
        ),
        (#""daily":["raw:sunrise_time"]"#, "daily", upstreamRefusal, 1),
    ])
    func fetchForecastUnknownVariableIsInvalidParamsNamingTheFieldAndWhy(
        variables: String, field: String, expected: String, upstreamCalls: Int
    ) async throws {
        try await expectInvalidParams(
            "fetchForecast", #"{"latitude":0,"longitude":0,"# + variables + "}", field: field, saying: expected,
            upstream: ["/v1/forecast": (400, #"{"reason":"\#(Self.upstreamRefusal)","error":true}"#)],
            upstreamCalls: upstreamCalls)
    }

    // MARK: - Several places and models

    /// One place's answer with an hourly section: `hourly` is "units|values" (their members).
    private static func place(_ latitude: Double, _ hourly: String) -> String {
        let parts = hourly.split(separator: "|", maxSplits: 1).map(String.init)
        return #"{"latitude":\#(latitude),"longitude":13.5,"utc_offset_seconds":0,"timezone":"GMT","#
            + #""timezone_abbreviation":"GMT","hourly_units":{"time":"iso8601",\#(parts[0])},"#
            + #""hourly":{"time":["2026-10-03T00:00"],\#(parts[1])}}"#
    }

    @Test func modelsGiveOneForecastPerModelInOrder() async throws {
        let body = Self.place(
            52.5,
            #""temperature_2m_icon_seamless":"°C","temperature_2m_gfs_seamless":"°C"|"#
                + #""temperature_2m_icon_seamless":[1.5],"temperature_2m_gfs_seamless":[null]"#)
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":10,"method":"fetchForecast","params":{"latitude":52.52,"longitude":13.41,"#
                + #""hourly":["temperature_2m"],"models":["icon_seamless","gfs_seamless"]}}"#,
            upstream: ["/v1/forecast": (200, body)])
        let forecast: (String) -> String = { values in
            #"{"current":null,"daily":null,"elevation":null,"hourly":{"text":{},"time":["2026-10-03T00:00"],"#
                + #""units":{"temperature_2m":"°C"},"values":{"temperature_2m":[\#(values)]},"#
                + #""weatherDescriptions":null},"latitude":52.5,"longitude":13.5,"minutely15":null,"timezone":"GMT","#
                + #""timezoneAbbreviation":"GMT","utcOffsetSeconds":0}"#
        }
        #expect(
            reply
                == #"{"id":10,"jsonrpc":"2.0","result":{"models":[{"forecast":\#(forecast("1.5")),"#
                + #""model":"icon_seamless"},{"forecast":\#(forecast("null")),"model":"gfs_seamless"}]}}"#)
        #expect(upstream.requests.count == 1)
        #expect(
            upstream.requests.first?.url.query?.hasSuffix("&timezone=auto&models=icon_seamless,gfs_seamless") == true)
    }

    @Test func listsOfPlacesGiveAListWithEachPlaceFailingAlone() async throws {
        let good = Self.place(52.5, #""temperature_2m":"°C"|"temperature_2m":[1.5]"#)
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":11,"method":"fetchForecast","params":{"latitude":[52.52,48.85],"#
                + #""longitude":[13.41,2.35],"hourly":["temperature_2m"]}}"#,
            upstream: ["/v1/forecast": (200, "[\(good),{\"latitude\":48.9}]")])
        let result = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))["result"])
        guard case .array(let places) = result, places.count == 2 else {
            Issue.record("expected a list of two places: \(reply)")
            return
        }
        #expect(places[0]["hourly"]?["values"]?["temperature_2m"] == [1.5])
        #expect(places[1]["error"]?["code"] == 1002)
        #expect(places[1]["error"]?["data"]?["type"] == "badServerResponse")
        #expect(places[1]["error"]?["message"] != nil)
        #expect(upstream.requests.count == 1)
        #expect(upstream.requests.first?.url.query?.hasPrefix("latitude=52.52,48.85&longitude=13.41,2.35&") == true)
    }

    @Test func aRefusalOfTheWholeCallIsTheCallsError() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":12,"method":"fetchForecast","params":{"latitude":[1,2],"longitude":[3,4]}}"#,
            upstream: ["/v1/forecast": (429, #"{"error":true,"reason":"Minutely API request limit exceeded."}"#)])
        #expect(try error(in: reply)["data"]?["type"] == "rateLimited")
    }

    @Test(arguments: [
        (#"{"latitude":[0,91],"longitude":[0,0]}"#, "latitude[1]"),
        (#"{"latitude":[0,0],"longitude":[0,-181]}"#, "longitude[1]"),
        (#"{"latitude":[0,"north"],"longitude":[0,0]}"#, "latitude[1]"),
        (#"{"latitude":[0,0],"longitude":[0]}"#, "longitude"), (#"{"latitude":[0],"longitude":0}"#, "longitude"),
        (#"{"latitude":0,"longitude":[0]}"#, "latitude"), (#"{"latitude":[],"longitude":[]}"#, "latitude"),
        (#"{"latitude":"52","longitude":0}"#, "latitude"),
        (#"{"latitude":0,"longitude":0,"models":["icon_seamles"]}"#, "models"),
        (#"{"latitude":0,"longitude":0,"models":["icon_seamless","icon_seamless"]}"#, "models"),
        (#"{"latitude":0,"longitude":0,"models":[]}"#, "models"),
        (#"{"latitude":0,"longitude":0,"models":"icon_seamless"}"#, "models"),
        (#"[0,0,null,null,null,7,0,null,null,null,"auto",null,["nope"]]"#, "models"),
    ])
    func placeListAndModelErrorsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("fetchForecast", params, field: field)
    }

    @Test func moreThanAHundredPlacesAreRefusedNamingLatitude() async throws {
        let list = "[" + Array(repeating: "1", count: 101).joined(separator: ",") + "]"
        try await expectInvalidParams(
            "fetchForecast", #"{"latitude":\#(list),"longitude":\#(list)}"#, field: "latitude",
            saying: "Invalid parameter 'latitude': must list 1 to 100 places, not 101.")
    }
}
