import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Bodies shaped like the upstreams' real answers.
private enum DashboardFixture {
    /// MeteoAlarm's German feed without warnings: the dashboard's alerts at Berlin.
    static let noWarnings = #"{"warnings":[]}"#
    static let airQuality = #"""
        {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","pm2_5":"μg/m³"},"current":{"time":"2026-05-24T14:00","interval":3600,"us_aqi":42,"pm2_5":9.1}}
        """#
    static let forecast = #"""
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.1,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°F"},"current":{"time":"2026-05-24T14:00","interval":900,"temperature_2m":71.2},"daily_units":{"time":"iso8601","temperature_2m_max":"°F"},"daily":{"time":["2026-05-23","2026-05-24"],"temperature_2m_max":[70.1,74.3]}}
        """#
    /// The archive's answer for the days asked for, one range each: an array of one object per range.
    static func archive(_ request: HTTPRequest) -> HTTPResponse {
        let days = (request.query["start_date"] ?? "").split(separator: ",")
        let bodies = days.map { day in
            #"{"latitude":52.5,"longitude":13.4,"generationtime_ms":0.1,"utc_offset_seconds":7200,"#
                + #""timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"#
                + #""daily_units":{"time":"iso8601","temperature_2m_max":"°F"},"#
                + #""daily":{"time":[""# + day + #""],"temperature_2m_max":[66.0]}}"#
        }
        let body = bodies.count == 1 ? bodies[0] : "[" + bodies.joined(separator: ",") + "]"
        return HTTPResponse(status: 200, body: Data(body.utf8))
    }

    /// A forecast for the days the query asks for (`past_days` before 2026-05-24, the test clock's day, and
    /// `forecast_days` from it), every value a function of its time alone, as a real model's are: the same
    /// moment has the same value whatever the window.
    static func forecastWindow(_ request: HTTPRequest) -> HTTPResponse {
        let past = Int(request.query["past_days"] ?? "0") ?? 0
        let ahead = Int(request.query["forecast_days"] ?? "7") ?? 7
        let first = CivilDate(daysSinceEpoch: CivilDate(year: 2026, month: 5, day: 24).daysSinceEpoch - past)
        let days = (0..<(past + ahead)).map { CivilDate(daysSinceEpoch: first.daysSinceEpoch + $0) }
        let hours = days.flatMap { day in (0..<24).map { (day, $0) } }
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        let dayTimes = list(days.map { "\"\($0.iso)\"" })
        let maxima = list(days.map { String(Double($0.day) + 0.5) })
        let codes = list(days.map { String($0.day % 4) })
        let hourTimes = list(hours.map { "\"\($0.0.iso)T\(MonthDay.pad($0.1)):00\"" })
        let temperatures = list(hours.map { String(Double($0.0.day) + Double($0.1) / 10) })
        let body =
            #"{"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.1,"utc_offset_seconds":7200,"#
            + #""timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"#
            + #""current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C"},"#
            + #""current":{"time":"2026-05-24T14:00","interval":900,"temperature_2m":21.2},"#
            + #""hourly_units":{"time":"iso8601","temperature_2m":"°C"},"#
            + #""hourly":{"time":"# + hourTimes + #","temperature_2m":"# + temperatures + "},"
            + #""daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"°C"},"#
            + #""daily":{"time":"# + dayTimes + #","weather_code":"# + codes + #","temperature_2m_max":"# + maxima
            + "}}"
        return HTTPResponse(status: 200, body: Data(body.utf8))
    }
}

@Suite(.timeLimit(.minutes(1))) struct DashboardTests {
    @Test func asksFourRequestsAtOnce() async throws {
        let http = FakeHTTPClient()
        http.on("/feeds-germany", body: DashboardFixture.noWarnings)
        // Air quality, pollen, the archive and the forecast must all be in flight before any is answered.
        let barrier = Barrier(count: 4)
        http.on("/v1/air-quality") { _ in
            try await barrier.arrive()
            return HTTPResponse(status: 200, body: Data(DashboardFixture.airQuality.utf8))
        }
        http.on("/api/pollen") { _ in
            try await barrier.arrive()
            return HTTPResponse(status: 400, body: Data(#"{"error":"Failed to fetch pollen data"}"#.utf8))
        }
        http.on("/v1/archive") { request in
            try await barrier.arrive()
            return DashboardFixture.archive(request)
        }
        http.on("/v1/forecast") { _ in
            try await barrier.arrive()
            return HTTPResponse(status: 200, body: Data(DashboardFixture.forecast.utf8))
        }
        let breeze = makeBreeze(http)

        let dashboard = try await breeze.fetchDashboard(
            try Coordinates(latitude: 52.52, longitude: 13.41), temperatureUnit: .fahrenheit)

        #expect(try dashboard.airQuality.get().usAQI == 42)
        #expect(try dashboard.forecast.get().current?.values["temperature_2m"] == 71.2)
        #expect(try dashboard.forecast.get().daily?.time == ["2026-05-24"])  // the climate's past day dropped
        let climate = try dashboard.climate.get()
        #expect(climate.points.map(\.temperature) == [66.0, 66.0, 66.0, 66.0, 66.0, 74.3])
        #expect(throws: BreezeError.self) { try dashboard.pollen.get() }
        #expect(http.requests.count == 5, "the four parts and the country's warnings")
        #expect(try dashboard.alerts.get().coverage == .full)
        // The forecast carries the climate's current year; the unit reaches both parts that take it.
        let forecast = try #require(http.requests.first { $0.service == .forecast }?.query)
        #expect(forecast["past_days"] == "1" && forecast["forecast_days"] == "7")
        #expect(forecast["temperature_unit"] == "fahrenheit")
        let archive = try #require(http.requests.first { $0.service == .archive }?.query)
        #expect(archive["start_date"] == "1980-05-24,1990-05-24,2000-05-24,2010-05-24,2020-05-24")
        #expect(archive["temperature_unit"] == "fahrenheit")
    }

    /// The forecast part is what `fetchForecast` answers the default request, though the request behind it reaches
    /// a day further back for the climate.
    @Test func theForecastPartIsThePlainForecast() async throws {
        let http = FakeHTTPClient()
        http.on("/feeds-germany", body: DashboardFixture.noWarnings)
        http.on("/v1/forecast", DashboardFixture.forecastWindow)
        http.on("/v1/archive") { DashboardFixture.archive($0) }
        http.on("/v1/air-quality", body: DashboardFixture.airQuality)
        http.on("/api/pollen", status: 500, body: #"{"error":"Internal server error"}"#)
        let berlin = try Coordinates(latitude: 52.52, longitude: 13.41)

        let dashboard = try await makeBreeze(http).fetchDashboard(berlin)
        let plain = try await makeBreeze(http).fetchWeatherData(WeatherDataRequest(forecastAt: berlin))[0].get()[0]

        let forecast = try dashboard.forecast.get()
        #expect(forecast == plain)
        #expect(forecast.daily?.time.first == "2026-05-24" && forecast.hourly?.time.first == "2026-05-24T00:00")
        #expect(forecast.hourly?.time.count == 7 * 24 && forecast.daily?.weatherDescriptions?.count == 7)
        #expect(
            try dashboard.climate.get().points.last == ClimatePoint(year: 2026, temperature: 24.5, date: "2026-05-24"))
        #expect(WeatherDataRequest.defaultDaily.contains("temperature_2m_max"))  // what the climate reads
    }

    @Test func aFailedForecastIsTheClimatesMissingCurrentYear() async throws {
        let http = FakeHTTPClient()
        http.on("/feeds-germany", body: DashboardFixture.noWarnings)
        http.on("/v1/forecast", status: 502, body: "<html><body>502 Bad Gateway</body></html>")
        http.on("/v1/archive") { DashboardFixture.archive($0) }
        http.on("/v1/air-quality", body: DashboardFixture.airQuality)
        http.on("/api/pollen", status: 500, body: #"{"error":"Internal server error"}"#)

        let dashboard = try await makeBreeze(http).fetchDashboard(try Coordinates(latitude: 52.52, longitude: 13.41))

        #expect(throws: BreezeError.self) { try dashboard.forecast.get() }
        #expect(try dashboard.climate.get().missingYears == [2026])
        #expect(try dashboard.climate.get().points.count == 5)
    }

    @Test func onePartFailingLeavesTheOthersIntact() async throws {
        let http = FakeHTTPClient()
        http.on("/feeds-germany", body: DashboardFixture.noWarnings)
        http.on("/v1/air-quality", status: 429, body: #"{"reason":"Too many concurrent requests","error":true}"#)
        http.on("/api/pollen", status: 500, body: #"{"error":"Internal server error"}"#)
        http.on("/v1/archive") { DashboardFixture.archive($0) }
        http.on("/v1/forecast", body: DashboardFixture.forecast)
        let breeze = makeBreeze(http)

        let dashboard = try await breeze.fetchDashboard(try Coordinates(latitude: 52.52, longitude: 13.41))

        #expect(
            throws: BreezeError.rateLimited(
                service: .airQuality, retryAfterSeconds: nil, reason: "Too many concurrent requests")
        ) {
            try dashboard.airQuality.get()
        }
        #expect(
            throws: BreezeError.badServerResponse(service: .pollenProxy, status: 500, reason: "Internal server error")
        ) {
            try dashboard.pollen.get()
        }
        #expect(try dashboard.forecast.get().timezone == "Europe/Berlin")
        #expect(try dashboard.climate.get().points.isEmpty == false)
    }

    /// The place is looked up in the embedded table, not fetched: it arrives when every part fails, and a point
    /// with no place within the default radius (at sea) has none, without an error.
    @Test func namesTheNearestPlaceFromTheTableOrNoneAtSea() async throws {
        let http = FakeHTTPClient { _, _ in
            HTTPResponse(status: 400, body: Data(#"{"error":true,"reason":"Bad request"}"#.utf8))
        }
        let breeze = makeBreeze(http)

        let berlin = try await breeze.fetchDashboard(try Coordinates(latitude: 52.52, longitude: 13.41))
        let place = try #require(berlin.place)
        #expect(place.name == "Mitte" && place.admin1 == "Berlin" && place.countryCode == "DE")
        #expect(place.country == "Germany" && place.timezone == "Europe/Berlin" && place.distanceKm < 1)
        #expect(try place == PlaceTable.embedded.nearest(to: Coordinates(latitude: 52.52, longitude: 13.41)))
        #expect(throws: BreezeError.self) { try berlin.forecast.get() }

        let atSea = try await breeze.fetchDashboard(try Coordinates(latitude: 0, longitude: -140))
        #expect(atSea.place == nil)
        #expect(try atSea.alerts.get().coverage == .none, "no source at sea, and no request for it")
        #expect(http.requests.filter { $0.service == .meteoalarm }.count == 1)
        #expect(throws: BreezeError.self) { try atSea.airQuality.get() }
    }
}
