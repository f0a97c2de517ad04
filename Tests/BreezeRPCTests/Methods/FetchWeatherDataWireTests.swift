import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// An ensemble answer: the control run and one member of `temperature_2m`, Open-Meteo's `_memberNN` keys.
private let ensemble = #"""
    {"latitude":52.5,"longitude":13.25,"generationtime_ms":0.1,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"hourly_units":{"time":"iso8601","temperature_2m":"°C","temperature_2m_member01":"°C"},"hourly":{"time":["2026-05-24T00:00"],"temperature_2m":[10.5],"temperature_2m_member01":[null]}}
    """#

/// `fetchWeatherData` through the real catalog and server: params decoding and the JSON on the wire.
@Suite struct FetchWeatherDataWireTests {
    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("fetchWeatherData"))
    }

    @Test func membersTravelAsStructureWithTheirCount() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":3,"method":"fetchWeatherData","params":{"api":"ensemble","latitude":52.52,"#
                + #""longitude":13.41,"hourly":["temperature_2m"],"forecastDays":1}}"#,
            upstream: ["/v1/ensemble": (200, ensemble)])
        let expected: String =
            #"{"id":3,"jsonrpc":"2.0","result":{"current":null,"daily":null,"elevation":38,"hourly":{"#
            + #""memberCount":2,"members":{"temperature_2m":[[null]]},"text":{},"time":["2026-05-24T00:00"],"#
            + #""units":{"temperature_2m":"°C"},"values":{"temperature_2m":[10.5]},"weatherDescriptions":null},"#
            + #""latitude":52.5,"longitude":13.25,"minutely15":null,"timezone":"GMT","timezoneAbbreviation":"GMT","#
            + #""utcOffsetSeconds":0}}"#
        #expect(reply == expected)
        #expect(upstream.requests.first?.service == .ensemble)
        #expect(
            upstream.requests.first?.url.query
                == "latitude=52.52&longitude=13.41&hourly=temperature_2m&forecast_days=1&past_days=0&timezone=auto")
    }

    @Test func paramsByPositionFollowTheSchemaOrder() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":4,"method":"fetchWeatherData","params":["ensemble",52.52,13.41,null,"#
                + #"["temperature_2m"]]}"#,
            upstream: ["/v1/ensemble": (200, ensemble)])
        #expect(reply.contains(#""memberCount":2"#))
        #expect(upstream.requests.count == 1)
    }

    @Test(arguments: [
        (#"{"latitude":0,"longitude":0,"hourly":["temperature_2m"]}"#, "api"),
        (#"{"api":"weather","latitude":0,"longitude":0,"hourly":["temperature_2m"]}"#, "api"),
        (#"{"api":"flood","latitude":0,"longitude":0,"hourly":["river_discharge"]}"#, "hourly"),
        (#"{"api":"marine","latitude":0,"longitude":0,"hourly":["wave_height"],"lengthUnit":"km"}"#, "lengthUnit"),
        (
            #"{"api":"ensemble","latitude":0,"longitude":0,"hourly":["temperature_2m"],"forecastDays":37}"#,
            "forecastDays"
        ),
        (
            #"{"api":"ensemble","latitude":0,"longitude":0,"hourly":["temperature_2m"],"forecastDays":1.5}"#,
            "forecastDays"
        ),
        (#"{"api":"singleRun","latitude":0,"longitude":0,"hourly":["temperature_2m"]}"#, "run"),
        (#"{"api":"forecast","latitude":0,"longitude":0,"hourly":["temperature_2m_max"]}"#, "hourly"),
        (#"{"api":"seasonal","latitude":0,"longitude":0,"weekly":["temperature_2m_mean"],"days":3}"#, "days"),
    ])
    func invalidParamsNameTheFieldBeforeAnyCall(params: String, field: String) async throws {
        try await expectInvalidParams("fetchWeatherData", params, field: field)
    }

    /// The reverse mistake was caught before; this one reached Open-Meteo until now.
    @Test func fetchForecastRefusesADailyNameInHourlyWithSuggestions() async throws {
        try await expectInvalidParams(
            "fetchForecast", #"{"latitude":0,"longitude":0,"hourly":["temperature_2m_max"]}"#, field: "hourly",
            saying: #""temperature_2m_max" is a daily variable: ask for it in daily. Did you mean"#)
    }
}
