import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

private func flatBuffersBreeze(_ http: FakeHTTPClient) -> Breeze {
    makeBreeze(http) { $0.upstreamFormat = .flatbuffers }
}

@Suite struct FlatBuffersForecastTests {
    static let fixtureMissing = SharedFixtures.openMeteoForecast == nil

    @Test(.disabled(if: fixtureMissing, SharedFixtures.missingNote))
    func readsTheFirstLocationOfARealAnswerAsTheJSONWouldSayIt() async throws {
        let body = try #require(SharedFixtures.openMeteoForecast)
        let http = FakeHTTPClient()
        http.on("/v1/forecast") { _ in HTTPResponse(status: 200, body: body) }
        let forecast = try await flatBuffersBreeze(http).forecast(
            WeatherDataRequest(
                forecastAt: Coordinates(latitude: 52.52, longitude: 13.41), hourly: ["temperature_2m"], timezone: "GMT"
            ))
        #expect(http.requests.first?.query["format"] == "flatbuffers")
        #expect(forecast.latitude == 52.52 && forecast.longitude == 13.419998 && forecast.elevation == 38)
        #expect(forecast.timezone == "GMT" && forecast.timezoneAbbreviation == "GMT" && forecast.utcOffsetSeconds == 0)
        let hourly = try #require(forecast.hourly)
        #expect(hourly.time.count == 168)
        #expect(hourly.time.first == "2023-11-02T00:00" && hourly.time.last == "2023-11-08T23:00")
        #expect(hourly.units == ["temperature_2m": "°C"])
        #expect(hourly.values["temperature_2m"]?.prefix(3).elementsEqual([10.6, 10.3, 10.0]) == true)
        #expect(forecast.current == nil && forecast.daily == nil)
    }

    @Test(.disabled(if: fixtureMissing, SharedFixtures.missingNote))
    func moreOrFewerVariablesThanAskedForIsABadServerResponse() async throws {
        let body = try #require(SharedFixtures.openMeteoForecast)
        let http = FakeHTTPClient()
        http.on("/v1/forecast") { _ in HTTPResponse(status: 200, body: body) }
        await #expect {
            _ = try await flatBuffersBreeze(http).forecast(
                WeatherDataRequest(
                    forecastAt: Coordinates(latitude: 52.52, longitude: 13.41),
                    hourly: ["temperature_2m", "precipitation"]))
        } throws: { error in
            guard case BreezeError.badServerResponse(.forecast, 200, let reason) = error else { return false }
            return reason.contains("1 variables for the 2 asked for")
        }
    }

    @Test func errorBodiesStayJSONWithTheirTypedErrors() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", status: 400, body: #"{"error":true,"reason":"Invalid timezone"}"#)
        await #expect {
            _ = try await flatBuffersBreeze(http).forecast(
                WeatherDataRequest(forecastAt: Coordinates(latitude: 1, longitude: 2)))
        } throws: { error in
            guard case BreezeError.invalidParameter("timezone", _) = error else { return false }
            return true
        }
    }

    @Test(arguments: [
        (Data(), "the body was empty"),
        (Data([0x10, 0, 0, 0, 1, 2]), "the FlatBuffers body is unreadable"),
        (
            Data("{\"latitude\":52.5,Unexpected error while streaming data: boom".utf8),
            "Unexpected error while streaming data: boom"
        ),
    ])
    func unreadableBodiesAreBadServerResponses(body: Data, reason: String) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast") { _ in HTTPResponse(status: 200, body: body) }
        await #expect {
            _ = try await flatBuffersBreeze(http).forecast(
                WeatherDataRequest(forecastAt: Coordinates(latitude: 1, longitude: 2)))
        } throws: { error in
            guard case BreezeError.badServerResponse(.forecast, 200, let text) = error else { return false }
            return text.hasPrefix(reason)
        }
    }

    @Test func localTimesApplyTheOffsetAcrossDateLines() throws {
        #expect(try LocalTime.text(1_698_883_200, utcOffsetSeconds: 7200, dateOnly: false) == "2023-11-02T02:00")
        #expect(try LocalTime.text(1_698_883_200, utcOffsetSeconds: -3600, dateOnly: false) == "2023-11-01T23:00")
        #expect(try LocalTime.text(1_698_883_200, utcOffsetSeconds: -3600, dateOnly: true) == "2023-11-01")
        #expect(try LocalTime.text(-1, utcOffsetSeconds: 0, dateOnly: false) == "1969-12-31T23:59")
        #expect(throws: FlatBufferError.self) { try LocalTime.text(.max - 10, utcOffsetSeconds: 0, dateOnly: false) }
    }
}
