import Breeze
import BreezeRPC
import Foundation
import JSONRPC
import Testing

/// An upstream double for the wire tests: one fixed answer per path suffix, every request recorded, and a
/// test failure for any path it was not given.
private final class StubUpstream: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private let routes: [String: (status: Int, body: String)]
    private var sent: [URL] = []

    init(_ routes: [String: (status: Int, body: String)]) { self.routes = routes }

    var urls: [URL] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request.url) }
        guard let route = routes.first(where: { request.url.path.hasSuffix($0.key) })?.value else {
            Issue.record("unexpected request to \(request.redactedURL)")
            throw BreezeError.networkError(service: request.service, reason: "no stub route")
        }
        return HTTPResponse(status: route.status, body: Data(route.body.utf8))
    }
}

/// Sends one request line through the real catalog and server, returning the reply line and the stub.
private func exchange(_ line: String, upstream routes: [String: (status: Int, body: String)] = [:]) async throws
    -> (reply: String, upstream: StubUpstream)
{
    let upstream = StubUpstream(routes)
    var configuration = BreezeConfiguration()
    configuration.geocodingURL = "http://upstream.test/v1/search"
    configuration.airQualityURL = "http://upstream.test/v1/air-quality"
    configuration.forecastURL = "http://upstream.test/v1/forecast"
    let breeze = Breeze(configuration: configuration, http: upstream)
    let server = Server(router: Catalog.router(breeze: breeze, logger: .silent), logger: .silent)
    let reply = try #require(await server.reply(to: Array(line.utf8)))
    return (String(decoding: reply, as: UTF8.self), upstream)
}

/// The `error` member of a reply.
private func error(in reply: String) throws -> JSONValue {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
    return try #require(value["error"], "expected an error reply, got \(reply)")
}

private let brisbane = #"""
    {"results":[{"id":2174003,"name":"Brisbane","latitude":-27.46794,"longitude":153.02809,"feature_code":"PPLA","country_code":"AU","timezone":"Australia/Brisbane","country":"Australia","admin1":"Queensland"}],"generationtime_ms":0.5660057}
    """#

private let airQuality = #"""
    {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","pm2_5":"μg/m³"},"current":{"time":"2026-10-03T12:00","interval":3600,"us_aqi":22,"pm2_5":null,"us_aqi_pm2_5":null}}
    """#

private let forecast = #"""
    {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.05,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},"current":{"time":"2026-10-03T12:00","interval":900,"temperature_2m":null,"weather_code":95}}
    """#

@Suite struct MethodsATests {
    @Test func catalogListsTheThreeMethods() {
        let names = Catalog.methods.map { $0.name }
        #expect(names.contains("searchCities") && names.contains("fetchAirQuality") && names.contains("fetchForecast"))
    }

    @Test func searchCitiesByNameRepliesWithSortedKeysAndExplicitNulls() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"searchCities","params":{"name":"Brisbane","count":null}}"#,
            upstream: ["/v1/search": (200, brisbane)])
        let expected: String =
            #"{"id":1,"jsonrpc":"2.0","result":[{"admin1":"Queensland","admin2":null,"country":"Australia","#
            + #""countryCode":"AU","displayName":"Brisbane, Queensland, Australia","elevation":null,"id":2174003,"#
            + #""latitude":-27.46794,"longitude":153.02809,"name":"Brisbane","population":null,"#
            + #""timezone":"Australia/Brisbane"}]}"#
        #expect(reply == expected)
    }

    @Test func searchCitiesByPositionMapsOntoNameCountLanguageCountryCode() async throws {
        let (_, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":2,"method":"searchCities","params":["Bris",3,"de","au"]}"#,
            upstream: ["/v1/search": (200, brisbane)])
        let url = try #require(upstream.urls.first)
        #expect(url.query == "name=Bris&count=3&language=de&format=json&countryCode=AU")
    }

    @Test(arguments: [
        (#"{"count":5}"#, "name"), (#"{"name":"Berlin","count":"five"}"#, "count"),
        (#"{"name":"Berlin","count":0}"#, "count"), (#"{"name":"Berlin","count":2.5}"#, "count"),
        (#"{"name":7}"#, "name"),
        (#"{"name":"Berlin","countryCode":"Germany"}"#, "countryCode"),
    ])
    func searchCitiesInvalidParamsNameTheField(params: String, field: String) async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":3,"method":"searchCities","params":"# + params + "}")
        let error = try error(in: reply)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == .string(field))
        #expect(upstream.urls.isEmpty)
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
        #expect(upstream.urls.first?.query?.contains("forecast_hours") == false)
    }

    @Test(arguments: [
        (#"[91,0]"#, "latitude"), (#"{"latitude":0}"#, "longitude"),
        (#"{"latitude":0,"longitude":"east"}"#, "longitude"),
        (#"{"latitude":0,"longitude":0,"forecastHours":169}"#, "forecastHours"),
        (#"{"latitude":0,"longitude":0,"forecastHours":1.5}"#, "forecastHours"),
    ])
    func fetchAirQualityInvalidParamsNameTheField(params: String, field: String) async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":5,"method":"fetchAirQuality","params":"# + params + "}")
        let error = try error(in: reply)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == .string(field))
        #expect(upstream.urls.isEmpty)
    }

    @Test func fetchAirQualityWithoutCurrentIsNoData() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":6,"method":"fetchAirQuality","params":{"latitude":1,"longitude":2}}"#,
            upstream: ["/v1/air-quality": (200, #"{"latitude":1.0,"longitude":2.0,"timezone":"GMT"}"#)])
        let error = try error(in: reply)
        #expect(error["code"] == 1006)
        #expect(error["data"]?["type"] == "noData")
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
            upstream.urls.first?.query
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
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":8,"method":"fetchForecast","params":"# + params + "}")
        let error = try error(in: reply)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == .string(field))
        #expect(upstream.urls.isEmpty)
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
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":9,"method":"fetchForecast","params":{"latitude":0,"longitude":0,"#
                + variables + "}}",
            upstream: ["/v1/forecast": (400, #"{"reason":"\#(Self.upstreamRefusal)","error":true}"#)])
        let error = try error(in: reply)
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == .string(field))
        guard case .string(let message)? = error["message"] else {
            Issue.record("no message in \(reply)")
            return
        }
        #expect(message.contains(expected))
        #expect(upstream.urls.count == upstreamCalls)
    }
}
