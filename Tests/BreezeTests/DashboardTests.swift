import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Bodies shaped like the upstreams' real answers.
private enum DashboardFixture {
    static let airQuality = #"""
        {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","pm2_5":"μg/m³"},"current":{"time":"2026-05-24T14:00","interval":3600,"us_aqi":42,"pm2_5":9.1}}
        """#
    static let forecast = #"""
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.1,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°F"},"current":{"time":"2026-05-24T14:00","interval":900,"temperature_2m":71.2},"daily_units":{"time":"iso8601","temperature_2m_max":"°F"},"daily":{"time":["2026-05-23","2026-05-24"],"temperature_2m_max":[70.1,74.3]}}
        """#
    /// The archive's answer for the one day asked for.
    static func archive(_ request: HTTPRequest) -> HTTPResponse {
        let day = request.query["start_date"] ?? ""
        let body =
            #"{"latitude":52.5,"longitude":13.4,"generationtime_ms":0.1,"utc_offset_seconds":7200,"#
            + #""timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"#
            + #""daily_units":{"time":"iso8601","temperature_2m_max":"°F"},"#
            + #""daily":{"time":[""# + day + #""],"temperature_2m_max":[66.0]}}"#
        return HTTPResponse(status: 200, body: Data(body.utf8))
    }
}

@Suite(.timeLimit(.minutes(1))) struct DashboardTests {
    @Test func fetchesTheFourPartsConcurrently() async throws {
        let http = FakeHTTPClient()
        // Air quality, pollen and the five archive years must all be in flight before any is answered.
        let barrier = Barrier(count: 7)
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
        http.on("/v1/forecast", body: DashboardFixture.forecast)
        let breeze = makeBreeze(http)

        let dashboard = try await breeze.fetchDashboard(
            try Coordinates(latitude: 52.52, longitude: 13.41), temperatureUnit: .fahrenheit)

        #expect(try dashboard.airQuality.get().usAQI == 42)
        #expect(try dashboard.forecast.get().current?.values["temperature_2m"] == 71.2)
        #expect(try dashboard.climate.get().points.count == 6)
        #expect(throws: BreezeError.self) { try dashboard.pollen.get() }
        // The unit reaches both parts that take it.
        let forecastQueries = http.requests.filter { $0.service == .forecast }.map(\.query)
        #expect(forecastQueries.count == 2)
        #expect(forecastQueries.allSatisfy { $0["temperature_unit"] == "fahrenheit" })
        #expect(
            http.requests.filter { $0.service == .archive }.allSatisfy { $0.query["temperature_unit"] == "fahrenheit" })
    }

    @Test func onePartFailingLeavesTheOthersIntact() async throws {
        let http = FakeHTTPClient()
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
        #expect(throws: BreezeError.self) { try atSea.airQuality.get() }
    }
}
