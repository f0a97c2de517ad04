import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Answers of the family's APIs with their quirks: members as key suffixes, `best_match` renamed, weekly and
/// monthly statistics, and the bare `nan` of a place no model covers.
private enum Fixture {
    /// An ensemble answer: the control run and two members of `temperature_2m`, members of a daily variable.
    static let ensemble = #"""
        {"latitude":52.5,"longitude":13.25,"generationtime_ms":0.1,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C"},"current":{"time":"2026-05-24T12:00","interval":900,"temperature_2m":14.5},"hourly_units":{"time":"iso8601","temperature_2m":"°C","temperature_2m_member01":"°C","temperature_2m_member02":"°C"},"hourly":{"time":["2026-05-24T00:00","2026-05-24T01:00"],"temperature_2m":[10.5,11.0],"temperature_2m_member01":[9.5,null],"temperature_2m_member02":[10.0,12.5]},"daily_units":{"time":"iso8601","temperature_2m_max":"°C","temperature_2m_max_member01":"°C","temperature_2m_max_member02":"°C"},"daily":{"time":["2026-05-24"],"temperature_2m_max":[18.0],"temperature_2m_max_member01":[17.5],"temperature_2m_max_member02":[19.0]}}
        """#

    /// The same place's seasonal answer in JSON that `seasonalFlatBuffers` carries (written with the
    /// `flatbuffers` package: members, a spread, monthly statistics with a probability, weekly as Open-Meteo writes
    /// it, a `VariablesWithMonth` of the first Monday's month).
    static let seasonalJSON = #"""
        {"latitude":52.5,"longitude":13.25,"generationtime_ms":0.1,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"hourly_units":{"time":"iso8601","temperature_2m":"°C","temperature_2m_member01":"°C","temperature_2m_member02":"°C","temperature_2m_spread":"K"},"hourly":{"time":["2026-05-24T00:00","2026-05-24T01:00","2026-05-24T02:00"],"temperature_2m":[10.5,11.0,null],"temperature_2m_member01":[9.5,11.0,12.0],"temperature_2m_member02":[10.5,null,12.5],"temperature_2m_spread":[0.5,0.5,1.5]},"weekly_units":{"time":"iso8601","temperature_2m_mean":"°C"},"weekly":{"time":["2026-05-18","2026-05-25"],"temperature_2m_mean":[17.5,12.5]},"monthly_units":{"time":"iso8601","temperature_2m_mean":"°C","temperature_2m_anomaly_gt1":"%"},"monthly":{"time":["2026-11-01","2026-12-01","2027-01-01"],"temperature_2m_mean":[6.0,3.0,1.5],"temperature_2m_anomaly_gt1":[60,33,50]}}
        """#
    static let seasonalFlatBuffers = Data(
        base64Encoded:
            "BAIAACgAAAAAACIAIAAcABgAFAAAAAAAEwAAAAAAAAAAAAAADAAAAAgABAAiAAAAHAAAAFgAAADcAAAAAAAAbwAAGEIAAFRBAABSQsz///8MAAAAAgAAAAAF6gcBAAAABAAAABr///8AAwIACAAAAAAAAS8CAAAAAACMQQAASEEMABAADgANAAgABAAMAAAADAAAAAMAAAAAC+oHAgAAAEgAAAAkAAAAAAAeABAADwAOAAAACAAAAAYABQAAAAAAAAAAAAAABAAeAAAAAgwCAAgAAAAAACMvAwAAAAAAcEIAAARCAABIQp7///8AAwIACAAAAAAAAS8DAAAAAADAQAAAQEAAAMA/DAAgABQADAAIAAQADAAAABwAAAAQDgAAsGkSagAAAACAPxJqAAAAAAAAAAAEAAAAsAAAAHwAAAA8AAAAGAAAAAAAEgAQAA8ADgAAAAgAAAAGAAUAEgAAAAALAgAIAAAAAAAVLwMAAAAAAAA/AAAAPwAAwD/e////AgACAAgAAAAAAAEvAwAAAAAAKEEAAMB/AABIQQAAGgAQAA8ADgAAAAgAAAAGAAAAAAAAAAAABAAaAAAAAQACAAgAAAAAAAEvAwAAAAAAGEEAADBBAABAQRAAEAAPAA4AAAAIAAAABgAQAAAAAAACAAgAAAAAAAEvAwAAAAAAKEEAADBBAADAfw=="
    )!

    /// A place no model covers, as Open-Meteo prints it (not JSON) and as FlatBuffers carry it.
    static let notCoveredJSON =
        #"{"latitude":nan,"longitude":nan,"generationtime_ms":0.015,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT"}"#
    static let notCoveredFlatBuffers = Data(base64Encoded: "IAAAABAAAAAAAAoAEAAMAAgABAAKAAAAAADAfwAAwH8AAMB/")!

    /// An archive answer about two models: `best_match` is suffixed `archive_best_match`.
    static let archiveModels = #"""
        {"latitude":52.5,"longitude":13.25,"generationtime_ms":0.08,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":29.0,"daily_units":{"time":"iso8601","temperature_2m_max_archive_best_match":"°C","temperature_2m_max_era5":"°C"},"daily":{"time":["2024-01-01"],"temperature_2m_max_archive_best_match":[8.0],"temperature_2m_max_era5":[8.6]}}
        """#
}

private var berlin: Coordinates {
    get throws(BreezeError) { try Coordinates(latitude: 52.52, longitude: 13.41) }
}

private func request(_ api: WeatherAPI, _ change: (inout WeatherDataRequest.Parameters) -> Void = { _ in })
    throws(BreezeError) -> WeatherDataRequest
{
    var given = WeatherDataRequest.Parameters()
    given.hourly = ["temperature_2m"]
    change(&given)
    return try WeatherDataRequest(api: api, coordinates: try berlin, given, now: testNow)
}

private func only(_ places: [Result<[Forecast], BreezeError>]) throws -> Forecast {
    try #require(places.count == 1)
    let forecasts = try places[0].get()
    try #require(forecasts.count == 1)
    return forecasts[0]
}

@Suite struct WeatherDataTests {
    // MARK: - The query, on each API's own upstream

    @Test(arguments: [
        (
            WeatherAPI.forecast, Upstream.forecast,
            "latitude=52.52&longitude=13.41&hourly=temperature_2m&forecast_days=7&past_days=0&timezone=auto"
        ),
        (.historicalForecast, .historicalForecast, "hourly=temperature_2m&forecast_days=1&past_days=0&timezone=auto"),
        (.previousRuns, .previousRuns, "hourly=temperature_2m&forecast_days=7&past_days=0&timezone=auto"),
        (.ensemble, .ensemble, "hourly=temperature_2m&forecast_days=7&past_days=0&timezone=auto"),
        (.seasonal, .seasonal, "hourly=temperature_2m&forecast_days=183&past_days=0&timezone=auto"),
        (.marine, .marine, "hourly=temperature_2m&forecast_days=7&past_days=0&timezone=auto"),
        (
            .satellite, .satellite,
            "hourly=temperature_2m&forecast_days=1&past_days=0&timezone=auto&models=satellite_radiation_seamless"
        ),
        (.historical, .archive, "hourly=temperature_2m&forecast_days=1&past_days=0&timezone=auto"),
    ])
    func asksTheAPIsOwnUpstreamWithItsDefaults(api: WeatherAPI, upstream: Upstream, query: String) async throws {
        let http = FakeHTTPClient(respond: { _, _ in .ok(Fixture.ensemble) })
        _ = try await makeBreeze(http).fetchWeatherData(request(api))
        let sent = try #require(http.requests.first)
        #expect(sent.service == upstream)
        #expect(sent.url.query?.hasSuffix(query) == true, "\(sent.url.query ?? "")")
        #expect(sent.url.absoluteString.hasPrefix(BreezeConfiguration.testHost))
    }

    @Test func sendsTheAPIsOwnParams() async throws {
        let http = FakeHTTPClient(respond: { _, _ in .ok(Fixture.ensemble) })
        _ = try await makeBreeze(http).fetchWeatherData(
            request(.singleRun) {
                $0.hourly = ["temperature_2m"]
                $0.run = "2026-05-20T06:00"
                $0.forecastHours = 48
                $0.models = ["ecmwf_ifs025"]
                $0.tilt = 30
                $0.azimuth = -12.5
                $0.temporalResolution = .native
            })
        _ = try await makeBreeze(http).fetchWeatherData(
            request(.flood) {
                $0.hourly = nil
                $0.daily = ["river_discharge", "raw:river_discharge_p75"]
                $0.startDate = "2026-05-01"
                $0.endDate = "2026-06-30"
                $0.ensemble = true
                $0.cellSelection = .nearest
            })
        #expect(
            http.requests.map { $0.url.query ?? "" } == [
                "latitude=52.52&longitude=13.41&hourly=temperature_2m&run=2026-05-20T06%3A00&forecast_days=7"
                    + "&forecast_hours=48&timezone=auto&temporal_resolution=native&tilt=30&azimuth=-12.5"
                    + "&models=ecmwf_ifs025",
                "latitude=52.52&longitude=13.41&daily=river_discharge,river_discharge_p75&start_date=2026-05-01"
                    + "&end_date=2026-06-30&timezone=auto&cell_selection=nearest&ensemble=true",
            ])
    }

    // MARK: - Refused before any call

    /// What each API lacks, or a limit it has: refused naming the param (and the API), with no upstream call.
    @Test(arguments: [
        (WeatherAPI.flood, "hourly", "flood API has no hourly"),
        (.climateProjection, "current", "climateProjection API has no current"),
        (.historical, "minutely15", "historical API has no minutely15"),
        (.forecast, "weekly", "forecast API has no weekly"),
        (.ensemble, "forecastDays", "ensemble API takes 0 to 36 days, not 37"),
        (.historical, "startDate", "historical API has data from 1940-01-01"),
        (.satellite, "endDate", "satellite API has data from 1983-01-01 to 2026-05-24"),
        (.seasonal, "pastDays", "seasonal API has data from 2025-09-01"),
        (.singleRun, "run", "singleRun API needs run"),
        (.forecast, "run", "forecast API does not take run"),
        (.marine, "disableBiasCorrection", "marine API does not take disableBiasCorrection"),
        (.flood, "temperatureUnit", "flood API does not take temperatureUnit"),
        (.forecast, "lengthUnit", "forecast API does not take lengthUnit"),
        (.historical, "forecastDays", "historical API takes 0 to 1 days"),
        (.ensemble, "pastDays", "0 to 93 days"),
        (.historicalForecast, "pastHours", "a date range (startDate, endDate) sets the window"),
    ])
    func refusesWhatTheAPILacksBeforeAnyCall(api: WeatherAPI, field: String, reason: String) async throws {
        let http = FakeHTTPClient()  // no routes: any call fails the test
        let attempt = { () throws(BreezeError) -> WeatherDataRequest in
            try request(api) { given in
                switch field {
                case "hourly", "current", "minutely15", "weekly":
                    given.hourly = api.sections.contains(.hourly) || field == "hourly" ? ["temperature_2m"] : nil
                    given.daily = ["temperature_2m_max"]
                    if field == "current" { given.current = ["temperature_2m"] }
                    if field == "minutely15" { given.minutely15 = ["temperature_2m"] }
                    if field == "weekly" { given.weekly = ["temperature_2m_mean"] }
                case "forecastDays": given.forecastDays = api.forecastDays.max + 1
                case "startDate": (given.startDate, given.endDate) = ("1939-12-31", "1940-01-02")
                case "endDate": (given.startDate, given.endDate) = ("2026-05-20", "2026-05-25")
                case "pastDays": given.pastDays = api == .ensemble ? 94 : 300
                case "run": given.run = api == .singleRun ? nil : "2026-05-20T00:00"
                case "disableBiasCorrection": given.disableBiasCorrection = true
                case "temperatureUnit":
                    (given.hourly, given.daily, given.temperatureUnit) = (nil, ["river_discharge"], .fahrenheit)
                case "lengthUnit": given.lengthUnit = .imperial
                case "pastHours": (given.startDate, given.endDate, given.pastHours) = ("2026-05-01", "2026-05-02", 6)
                default: Issue.record("no case for \(field)")
                }
            }
        }
        let error = try #require(throws: BreezeError.self) { try attempt() }
        guard case .invalidParameter(let name, let text) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(name == field)
        #expect(text.contains(reason), "\(text)")
        #expect(http.requests.isEmpty)
    }

    @Test func refusesMembersByNameAndStatisticsOutsideTheirSections() throws {
        let member = try #require(throws: BreezeError.self) {
            _ = try request(.ensemble) { $0.hourly = ["temperature_2m_member07"] }
        }
        #expect("\(member)".contains("members"))
        let weekly = try #require(throws: BreezeError.self) {
            _ = try request(.seasonal) { $0.weekly = ["temperature_2m"] }
        }
        #expect("\(weekly)".contains("temperature_2m_mean"))
        // The API's own suffixes on a known name pass; elsewhere they are unknown names.
        #expect(
            try request(.previousRuns) { $0.hourly = ["temperature_2m_previous_day3"] }.names(in: .hourly) == [
                "temperature_2m_previous_day3"
            ])
        #expect(throws: BreezeError.self) {
            _ = try request(.forecast) { $0.hourly = ["temperature_2m_previous_day3"] }
        }
    }

    /// A daily name in a section of time steps is caught here, with suggestions, for both methods; Open-Meteo
    /// would answer with its decoder's text.
    @Test func refusesADailyVariableInTheHourlySection() throws {
        let forecast = try #require(throws: BreezeError.self) {
            _ = try WeatherDataRequest(forecastAt: try berlin, hourly: ["temperature_2m_max"])
        }
        let family = try #require(throws: BreezeError.self) {
            _ = try request(.historical) { $0.hourly = ["temperature_2m_max"] }
        }
        for error in [forecast, family] {
            guard case .invalidParameter(let name, let reason) = error else { throw error }
            #expect(name == "hourly" && reason.contains("daily variable") && reason.contains("Did you mean"))
        }
    }

    // MARK: - One result shape

    @Test func gathersEnsembleMembersUnderTheirVariable() async throws {
        let http = FakeHTTPClient(respond: { _, _ in .ok(Fixture.ensemble) })
        let forecast = try only(
            await makeBreeze(http).fetchWeatherData(
                request(.ensemble) {
                    $0.current = ["temperature_2m"]
                    $0.daily = ["temperature_2m_max"]
                }))
        let hourly = try #require(forecast.hourly)
        #expect(hourly.values == ["temperature_2m": [10.5, 11.0]])
        #expect(hourly.members == ["temperature_2m": [[9.5, nil], [10.0, 12.5]]])
        #expect(hourly.memberCount == 3 && hourly.units == ["temperature_2m": "°C"])
        #expect(forecast.daily?.members == ["temperature_2m_max": [[17.5], [19.0]]])
        #expect(forecast.current?.values == ["temperature_2m": 14.5])
    }

    @Test func flatBuffersAndJSONAnswersReadTheSame() async throws {
        let seasonal = try request(.seasonal) {
            $0.hourly = ["temperature_2m", "temperature_2m_spread"]
            $0.weekly = ["temperature_2m_mean"]
            $0.monthly = ["temperature_2m_mean", "temperature_2m_anomaly_gt1"]
        }
        let json = FakeHTTPClient(respond: { _, _ in .ok(Fixture.seasonalJSON) })
        let flat = FakeHTTPClient(respond: { _, _ in
            HTTPResponse(status: 200, headers: [:], body: Fixture.seasonalFlatBuffers)
        })
        let fromJSON = try only(await makeBreeze(json).fetchWeatherData(seasonal))
        let fromFlatBuffers = try only(
            await makeBreeze(flat) { $0.upstreamFormat = .flatbuffers }.fetchWeatherData(seasonal))
        #expect(fromJSON == fromFlatBuffers)
        #expect(fromFlatBuffers.hourly?.members == ["temperature_2m": [[9.5, 11.0, 12.0], [10.5, nil, 12.5]]])
        #expect(fromFlatBuffers.hourly?.values["temperature_2m_spread"] == [0.5, 0.5, 1.5])
        #expect(fromFlatBuffers.weekly?.time == ["2026-05-18", "2026-05-25"])
        #expect(fromFlatBuffers.monthly?.time == ["2026-11-01", "2026-12-01", "2027-01-01"])
        #expect(fromFlatBuffers.monthly?.values["temperature_2m_anomaly_gt1"] == [60, 33, 50])
        #expect(fromFlatBuffers.monthly?.units["temperature_2m_anomaly_gt1"] == "%")
    }

    @Test func readsTheNewFlatBuffersFields() throws {
        let message = try #require(try WeatherApiResponse.messages(in: Fixture.seasonalFlatBuffers).first)
        let hourly = try #require(message.hourly).variables
        #expect(hourly.map(\.ensembleMember) == [0, 1, 2, 0])
        #expect(hourly.last?.aggregation == .spread)
        let monthly = try #require(message.monthly)
        #expect(monthly.year == 2026 && monthly.month == 11 && monthly.count == 3)
        #expect(monthly.variables.map(\.probability) == [0, 2])
        let weekly = try #require(message.weekly)
        #expect(weekly.year == 2026 && weekly.month == 5 && weekly.count == 2)
    }

    /// Bounded fuzzing of the new fields (members, spread, probability, monthly, weekly as written): whatever
    /// the damage, reading the message and turning it into the result returns or throws, never crashes.
    @Test func mutatedFamilyBodiesAreReadOrRefusedNeverACrash() throws {
        let seasonal = try request(.seasonal) {
            $0.hourly = ["temperature_2m", "temperature_2m_spread"]
            $0.weekly = ["temperature_2m_mean"]
            $0.monthly = ["temperature_2m_mean", "temperature_2m_anomaly_gt1"]
        }
        var generator = SplitMix64(seed: 21)
        var (read, refused) = (0, 0)
        let rounds = ProcessInfo.processInfo.environment["BREEZE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3000
        for _ in 0..<rounds {
            let mutated = FlatBufferFuzzer.mutate(Fixture.seasonalFlatBuffers, using: &generator)
            do {
                for message in try WeatherApiResponse.messages(in: mutated) {
                    _ = try ForecastResponse(message, request: seasonal)
                }
                read += 1
            } catch {
                refused += 1
            }
        }
        #expect(read > 0 && refused > 0)
    }

    @Test func namesModelsByTheAPIsDefaultInMergedAnswers() async throws {
        let http = FakeHTTPClient(respond: { _, _ in .ok(Fixture.archiveModels) })
        let places = try await makeBreeze(http).fetchWeatherData(
            request(.historical) {
                ($0.hourly, $0.daily) = (nil, ["temperature_2m_max"])
                ($0.startDate, $0.endDate) = ("2024-01-01", "2024-01-01")
                $0.models = ["best_match", "era5"]
            })
        let forecasts = try places[0].get()
        #expect(forecasts.map { $0.daily?.values["temperature_2m_max"] } == [[8.0], [8.6]])
    }

    // MARK: - Not covered

    @Test(arguments: [false, true])
    func aPlaceNoModelCoversIsNoData(flatBuffers: Bool) async throws {
        let body = flatBuffers ? Fixture.notCoveredFlatBuffers : Data(Fixture.notCoveredJSON.utf8)
        let http = FakeHTTPClient(respond: { _, _ in HTTPResponse(status: 200, headers: [:], body: body) })
        let breeze = makeBreeze(http) { $0.upstreamFormat = flatBuffers ? .flatbuffers : .json }
        let error = try await #require(throws: BreezeError.self) {
            _ = try await breeze.fetchWeatherData(request(.satellite) { $0.hourly = ["shortwave_radiation"] })
        }
        guard case .noData(.satellite, let reason) = error else { throw error }
        #expect(reason.contains("of the satellite API covers this place"))
        #expect(http.requests.count == 1)
    }

    @Test func onePlaceNotCoveredLeavesTheOthers() async throws {
        let body = "[" + Fixture.ensemble + "," + Fixture.notCoveredJSON + "]"
        let http = FakeHTTPClient(respond: { _, _ in .ok(body) })
        let places = try await makeBreeze(http).fetchWeatherData(
            request(.ensemble).at([try berlin, try Coordinates(latitude: 40.7, longitude: -74)]))
        #expect(try places[0].get().first?.hourly?.memberCount == 3)
        guard case .failure(.noData(.ensemble, _)) = places[1] else {
            Issue.record("\(places[1])")
            return
        }
    }

    @Test func noDataIsAvailableForThisLocationIsNoData() async throws {
        let http = FakeHTTPClient(respond: { _, _ in
            .status(400, #"{"error":true,"reason":"No data is available for this location"}"#)
        })
        let error = try await #require(throws: BreezeError.self) {
            _ = try await makeBreeze(http).fetchWeatherData(
                request(.ensemble) { $0.models = ["meteoswiss_icon_ch1_ensemble"] })
        }
        guard case .noData(.ensemble, _) = error else { throw error }
    }
}
