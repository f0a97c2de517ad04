import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Forecast bodies with the real quirks: Float32 grid-centre coordinates,
/// `mp/h`, a variable the model lacks (unit `"undefined"`, all `null`), `null` gaps, and daily times as text.
private enum ForecastFixture {
    /// Fahrenheit, mph and inch; current, three hours and two days.
    static let full = #"""
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.0470876693725586,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°F","relative_humidity_2m":"%","apparent_temperature":"°F","weather_code":"wmo code","wind_speed_10m":"mp/h","is_day":""},"current":{"time":"2026-10-03T12:00","interval":900,"temperature_2m":68.2,"relative_humidity_2m":61,"apparent_temperature":null,"weather_code":3,"wind_speed_10m":7.6,"is_day":1},"hourly_units":{"time":"iso8601","temperature_2m":"°F","precipitation_probability":"%","weather_code":"wmo code","lifted_index":"undefined"},"hourly":{"time":["2026-10-03T00:00","2026-10-03T01:00","2026-10-03T02:00"],"temperature_2m":[60.1,59.4,null],"precipitation_probability":[0,5,10],"weather_code":[0,45,null],"lifted_index":[null,null,null]},"daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"°F","precipitation_sum":"inch","sunrise":"iso8601","sunset":"iso8601","moonrise":"iso8601"},"daily":{"time":["2026-10-03","2026-10-04"],"weather_code":[3,61],"temperature_2m_max":[69.1,66.2],"precipitation_sum":[0.0,0.122],"sunrise":["2026-10-03T07:36","2026-10-04T07:38"],"sunset":["2026-10-03T18:45","2026-10-04T18:43"],"moonrise":["2026-10-03T23:12",null]}}
        """#

    /// Daily only, on an ocean point: `Etc/GMT+9`, no elevation.
    static let dailyOnly = #"""
        {"latitude":-12.5,"longitude":-140.875,"generationtime_ms":0.03,"utc_offset_seconds":-32400,"timezone":"Etc/GMT+9","timezone_abbreviation":"-09","daily_units":{"time":"iso8601","uv_index_max":""},"daily":{"time":["2026-10-03"],"uv_index_max":[3.35]}}
        """#

    static let unknownVariable =
        #"{"error":true,"reason":"Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<VariableAndPreviousDay, PressureVariableAndPreviousDay, HeightVariableAndPreviousDay> from invalid String value temprature_2m."}"#
    static let unknownVariable2023 =
        #"{"reason":"Cannot initialize SurfaceAndPressureVariable<ForecastSurfaceVariable, ForecastPressureVariable> from invalid String value temprature_2m for key ","error":true}"#
}

/// The forecast for Berlin when Open-Meteo answers `body`.
private func berlinForecast(from body: String) async throws -> Forecast {
    let http = FakeHTTPClient()
    http.on("/v1/forecast", body: body)
    return try await makeBreeze(http).forecast(
        WeatherDataRequest(forecastAt: Coordinates(latitude: 52.52, longitude: 13.41)))
}

@Suite struct ForecastTests {
    @Test func asksForTheWeatherCardEssentialsWhenNoSectionIsGiven() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: ForecastFixture.full)
        _ = try await makeBreeze(http).forecast(
            WeatherDataRequest(forecastAt: Coordinates(latitude: 52.52, longitude: 13.41)))
        let request = try #require(http.requests.first)
        #expect(request.service == .forecast)
        let expected: String =
            "latitude=52.52&longitude=13.41"
            + "&current=temperature_2m,relative_humidity_2m,apparent_temperature,weather_code,wind_speed_10m,is_day"
            + "&hourly=temperature_2m,precipitation_probability,weather_code"
            + "&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,sunrise,sunset"
            + "&forecast_days=7&past_days=0&timezone=auto"
        #expect(request.url.query == expected)
    }

    /// A request without sections takes the defaults unchecked, which holds only while they need no checking.
    @Test func theWeatherCardDefaultsAreKnownNamesWithoutRepeats() throws {
        #expect(
            try WeatherDataRequest.forecastVariables(WeatherDataRequest.defaultCurrent, in: .current)
                == WeatherDataRequest.defaultCurrent)
        #expect(
            try WeatherDataRequest.forecastVariables(WeatherDataRequest.defaultHourly, in: .hourly)
                == WeatherDataRequest.defaultHourly)
        #expect(
            try WeatherDataRequest.forecastVariables(WeatherDataRequest.defaultDaily, in: .daily)
                == WeatherDataRequest.defaultDaily)
    }

    @Test func sendsOnlyTheGivenSectionsUnitsAndAnEncodedTimeZone() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: ForecastFixture.dailyOnly)
        _ = try await makeBreeze(http).forecast(
            WeatherDataRequest(
                forecastAt: Coordinates(latitude: 40.71, longitude: -74.01), current: [],
                hourly: ["temperature_2m", "uv_index", "temperature_2m"],
                forecastDays: 16, pastDays: 92, temperatureUnit: .fahrenheit, windSpeedUnit: .mph,
                precipitationUnit: .inch, timezone: "America/New_York"))
        let request = try #require(http.requests.first)
        let expected: String =
            "latitude=40.71&longitude=-74.01&hourly=temperature_2m,uv_index&forecast_days=16&past_days=92"
            + "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch"
            + "&timezone=America%2FNew_York"
        #expect(request.url.query == expected)
    }

    @Test func decodesCurrentValuesUnitsAndTheWeatherDescription() async throws {
        let forecast = try await berlinForecast(from: ForecastFixture.full)
        #expect(forecast.latitude == 52.52 && forecast.longitude == 13.419998 && forecast.elevation == 38)
        #expect(forecast.timezone == "Europe/Berlin" && forecast.timezoneAbbreviation == "GMT+2")
        #expect(forecast.utcOffsetSeconds == 7200)
        let current = try #require(forecast.current)
        #expect(current.time == "2026-10-03T12:00" && current.interval == 900)
        #expect(current.values["temperature_2m"] == 68.2)
        #expect(current.values["apparent_temperature"] == .some(nil), "a null value is kept as null")
        #expect(current.values["is_day"] == 1)
        #expect(current.values.count == 6 && current.text.isEmpty)
        #expect(current.units["wind_speed_10m"] == "mph", "Open-Meteo's mp/h is given as mph")
        #expect(current.units["temperature_2m"] == "°F" && current.units["is_day"] == "")
        #expect(current.units["time"] == nil && current.units["interval"] == nil)
        #expect(current.weatherDescription == "Overcast")
    }

    @Test func decodesHourlySeriesWithNullsAndVariablesTheModelLacks() async throws {
        let forecast = try await berlinForecast(from: ForecastFixture.full)
        let hourly = try #require(forecast.hourly)
        #expect(hourly.time.count == 3)
        #expect(hourly.values["temperature_2m"] == [60.1, 59.4, nil])
        #expect(hourly.values["lifted_index"] == [nil, nil, nil])
        #expect(hourly.units["lifted_index"] == "undefined")
        #expect(hourly.weatherDescriptions == ["Clear sky", "Fog", nil])
    }

    @Test func keepsDailySunriseAndSunsetAsLocalTimeText() async throws {
        let forecast = try await berlinForecast(from: ForecastFixture.full)
        let daily = try #require(forecast.daily)
        #expect(daily.time == ["2026-10-03", "2026-10-04"])
        #expect(daily.text["sunrise"] == ["2026-10-03T07:36", "2026-10-04T07:38"])
        #expect(daily.text["moonrise"] == ["2026-10-03T23:12", nil])
        #expect(daily.values["sunrise"] == nil)
        #expect(daily.values["precipitation_sum"] == [0, 0.122])
        #expect(daily.units["sunrise"] == "iso8601" && daily.units["precipitation_sum"] == "inch")
        #expect(daily.weatherDescriptions == ["Overcast", "Slight rain"])
    }

    @Test func writesNullsAndUnrequestedSectionsExplicitly() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: ForecastFixture.dailyOnly)
        let forecast = try await makeBreeze(http).forecast(
            WeatherDataRequest(forecastAt: Coordinates(latitude: -12.5, longitude: -140.9), daily: ["uv_index_max"]))
        let expected: String =
            #"{"current":null,"daily":{"text":{},"time":["2026-10-03"],"units":{"uv_index_max":""},"#
            + #""values":{"uv_index_max":[3.35]},"weatherDescriptions":null},"elevation":null,"hourly":null,"#
            + #""latitude":-12.5,"longitude":-140.875,"minutely15":null,"timezone":"Etc/GMT+9","#
            + #""timezoneAbbreviation":"-09","#
            + #""utcOffsetSeconds":-32400}"#
        #expect(try sortedJSON(forecast) == expected)
    }

    @Test func writesNullValuesInsideSections() async throws {
        let json = try sortedJSON(try await berlinForecast(from: ForecastFixture.full))
        #expect(json.contains(#""apparent_temperature":null"#))
        #expect(json.contains(#""lifted_index":[null,null,null]"#))
        #expect(json.contains(#""moonrise":["2026-10-03T23:12",null]"#))
        #expect(json.contains(#""weatherDescriptions":["Clear sky","Fog",null]"#))
    }

    @Test(arguments: [
        // Behind the raw: escape hatch, so that Open-Meteo is the one to refuse the name.
        (ForecastFixture.unknownVariable, ["temperature_2m"], ["raw:temprature_2m"], "daily"),
        (ForecastFixture.unknownVariable2023, ["raw:temprature_2m"], ["weather_code"], "hourly"),
        (ForecastFixture.unknownVariable, ["raw:temprature_2m"], ["raw:temprature_2m"], "variables"),
    ])
    func unknownVariableIsInvalidParameterNamingItsSection(
        body: String, hourly: [String], daily: [String], field: String
    ) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", status: 400, body: body)
        let request = try WeatherDataRequest(
            forecastAt: Coordinates(latitude: 52.52, longitude: 13.41), hourly: hourly, daily: daily)
        await #expect {
            try await makeBreeze(http).forecast(request)
        } throws: { error in
            guard case BreezeError.invalidParameter(let name, let reason) = error else { return false }
            return name == field && reason.contains("'temprature_2m'") && reason.contains("invalid String value")
        }
    }

    @Test(arguments: [
        ("temperature_2", ForecastSection.hourly, "Did you mean temperature_2m"),
        ("temprature_2m", .current, "Did you mean temperature_2m, temperature_20m"),
        ("temperature", .minutely15, "Did you mean temperature_2m, temperature_20m, temperature_40m?"),
        ("sunrise_time", .daily, "Did you mean sunrise?"),
        ("Temperature_2m", .hourly, "Did you mean temperature_2m"),
        ("xyzzy", .daily, "unknown variable \"xyzzy\". rpc.discover"),
    ])
    func unknownVariableIsRefusedBeforeAnyUpstreamCallWithTheClosestNames(
        name: String, section: ForecastSection, hint: String
    ) async throws {
        #expect {
            try WeatherDataRequest(
                forecastAt: Coordinates(latitude: 0, longitude: 0), current: section == .current ? [name] : nil,
                hourly: section == .hourly ? [name] : nil, daily: section == .daily ? [name] : nil,
                minutely15: section == .minutely15 ? [name] : nil)
        } throws: { error in
            guard case BreezeError.invalidParameter(let field, let reason) = error else { return false }
            return field == section.rawValue && reason.contains("\"\(name)\"") && reason.contains(hint)
        }
    }

    @Test func levelsRawNamesAndLegacySpellingsPassAndRawIsSentWithoutItsPrefix() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: ForecastFixture.dailyOnly)
        let request = try WeatherDataRequest(
            forecastAt: Coordinates(latitude: 52.52, longitude: 13.41),
            hourly: ["temperature_850hPa", "wind_speed_300m", "windspeed_10m"],
            daily: ["raw:brand_new_sum"], minutely15: ["precipitation"])
        _ = try await makeBreeze(http).forecast(request)
        let query = try #require(http.requests.first?.url.query)
        #expect(query.contains("hourly=temperature_850hPa,wind_speed_300m,windspeed_10m&daily=brand_new_sum"))
        #expect(query.contains("&minutely_15=precipitation&"))
        #expect(throws: BreezeError.self) {
            try WeatherDataRequest(forecastAt: Coordinates(latitude: 0, longitude: 0), daily: ["temperature_850hPa"])
        }
        #expect(throws: BreezeError.self) {
            try WeatherDataRequest(forecastAt: Coordinates(latitude: 0, longitude: 0), hourly: ["raw:a&b=c"])
        }
    }

    @Test func everyAirQualityVariableBreezeAsksForIsInTheTable() {
        let asked = Set(AirQualityVariable.allCases.map(\.rawValue) + OpenMeteoPlant.allCases.map(\.variable))
        #expect(asked.subtracting(KnownVariables.airQuality).isEmpty)
    }

    @Test func decodesTheMinutely15Section() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/v1/forecast",
            body: #"{"latitude":52.52,"longitude":13.42,"timezone":"GMT","timezone_abbreviation":"GMT","#
                + #""utc_offset_seconds":0,"minutely_15_units":{"time":"iso8601","precipitation":"mm"},"#
                + #""minutely_15":{"time":["2026-10-03T12:00","2026-10-03T12:15"],"precipitation":[0.1,null]}}"#)
        let forecast = try await makeBreeze(http).forecast(
            WeatherDataRequest(
                forecastAt: Coordinates(latitude: 52.52, longitude: 13.41), minutely15: ["precipitation"]))
        let section = try #require(forecast.minutely15)
        #expect(section.time == ["2026-10-03T12:00", "2026-10-03T12:15"])
        #expect(section.values["precipitation"] == [0.1, nil])
        #expect(forecast.hourly == nil && forecast.current == nil)
    }

    @Test func unknownTimeZoneIsInvalidParameterNamingTimezone() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", status: 400, body: #"{"reason":"Invalid timezone","error":true}"#)
        let request = try WeatherDataRequest(
            forecastAt: Coordinates(latitude: 52.52, longitude: 13.41), timezone: "Mars/Olympus_Mons")
        await #expect { try await makeBreeze(http).forecast(request) } throws: {
            isInvalidParameter($0, named: "timezone")
        }
    }

    @Test func otherRejectionsStayBadServerResponseWithTheUpstreamReason() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/v1/forecast", status: 400,
            body: #"{"error":true,"reason":"Forecast days is invalid. Allowed range 0 to 16. Given 16."}"#)
        await #expect(
            throws: BreezeError.badServerResponse(
                service: .forecast, status: 400, reason: "Forecast days is invalid. Allowed range 0 to 16. Given 16.")
        ) {
            try await makeBreeze(http).forecast(
                WeatherDataRequest(forecastAt: Coordinates(latitude: 52.52, longitude: 13.41)))
        }
    }

    @Test(arguments: [
        ("current", ["Temperature_2m"]), ("hourly", [""]), ("daily", ["sunrise,sunset"]),
        ("hourly", ["temperature_2m&past_days=90"]), ("daily", ["temperature 2m"]),
    ])
    func rejectsMalformedVariableNamesNamingTheSection(field: String, names variables: [String]) {
        #expect {
            try WeatherDataRequest(
                forecastAt: Coordinates(latitude: 0, longitude: 0), current: field == "current" ? variables : nil,
                hourly: field == "hourly" ? variables : nil, daily: field == "daily" ? variables : nil)
        } throws: { isInvalidParameter($0, named: field) }
    }

    @Test(arguments: [("forecastDays", 0), ("forecastDays", 17), ("pastDays", -1), ("pastDays", 93)])
    func rejectsDaysOutOfRangeNamingTheField(field: String, value: Int) {
        #expect {
            try WeatherDataRequest(
                forecastAt: Coordinates(latitude: 0, longitude: 0), forecastDays: field == "forecastDays" ? value : 7,
                pastDays: field == "pastDays" ? value : 0)
        } throws: { isInvalidParameter($0, named: field) }
    }

    @Test(arguments: ["", "Europe/Berlin&past_days=1", "Europe Berlin"])
    func rejectsMalformedTimeZonesNamingTimezone(timezone: String) {
        #expect {
            try WeatherDataRequest(forecastAt: Coordinates(latitude: 0, longitude: 0), timezone: timezone)
        } throws: { isInvalidParameter($0, named: "timezone") }
    }

    @Test func rejectsUnknownUnitsListingTheChoices() {
        #expect(
            throws: BreezeError.invalidParameter(
                name: "windSpeedUnit", reason: "must be one of kmh, ms, mph, kn, not \"mp/h\".")
        ) {
            try WindSpeedUnit(parameter: "mp/h", field: "windSpeedUnit")
        }
        #expect(throws: BreezeError.self) { try TemperatureUnit(parameter: "kelvin", field: "temperatureUnit") }
        #expect(throws: BreezeError.self) { try PrecipitationUnit(parameter: "cm", field: "precipitationUnit") }
        #expect(throws: Never.self) { try PrecipitationUnit(parameter: "inch", field: "precipitationUnit") }
    }

    /// A 200 whose body is not a whole forecast: a series shorter than its times, or Open-Meteo's streaming
    /// error written after the body had begun.
    @Test(arguments: [
        (
            ForecastFixture.full.replacingOccurrences(
                of: #""sunset":["2026-10-03T18:45","2026-10-04T18:43"]"#, with: #""sunset":["2026-10-03T18:45"]"#),
            "the field 'daily.sunset' is invalid"
        ),
        (
            String(ForecastFixture.full.prefix(400)) + "Unexpected error while streaming data: Timeout",
            "Unexpected error while streaming data: Timeout"
        ),
    ])
    func brokenBodyAfterA200IsBadServerResponse(body: String, reason: String) async {
        await #expect(throws: BreezeError.badServerResponse(service: .forecast, status: 200, reason: reason)) {
            try await berlinForecast(from: body)
        }
    }

    @Test func rateLimitIsRateLimitedWithRetryAfter() async {
        let http = FakeHTTPClient()
        http.on(
            "/v1/forecast", status: 429, headers: ["retry-after": "3600"],
            body: #"{"error":true,"reason":"Hourly API request limit exceeded. Please try again in the next hour."}"#)
        await #expect(
            throws: BreezeError.rateLimited(
                service: .forecast, retryAfterSeconds: 3600,
                reason: "Hourly API request limit exceeded. Please try again in the next hour.")
        ) {
            try await makeBreeze(http).forecast(
                WeatherDataRequest(forecastAt: Coordinates(latitude: 52.52, longitude: 13.41)))
        }
    }

    @Test func serverErrorPageIsBadServerResponse() async {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", status: 500, body: "<!DOCTYPE html><html><body>Internal error</body></html>")
        await #expect(
            throws: BreezeError.badServerResponse(service: .forecast, status: 500, reason: "Internal Server Error")
        ) {
            try await makeBreeze(http).forecast(
                WeatherDataRequest(forecastAt: Coordinates(latitude: 52.52, longitude: 13.41)))
        }
    }
}

@Suite struct WeatherCodeTests {
    @Test func describesEveryOneOfTheTwentyEightCodesDistinctly() {
        #expect(WeatherCode.allCases.count == 28)
        #expect(Set(WeatherCode.allCases.map(\.description)).count == 28)
    }

    @Test(arguments: [
        (0.0 as Double?, "Clear sky" as String?), (3.0, "Overcast"), (99, "Thunderstorm with heavy hail"),
        (4, nil), (2.5, nil), (nil, nil), (1e300, nil),
    ])
    func describesOnlyKnownWholeCodes(value: Double?, description: String?) {
        #expect(WeatherCode(value: value)?.description == description)
    }
}
