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
}
