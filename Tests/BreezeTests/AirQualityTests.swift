import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Air-quality bodies shaped like Open-Meteo's real answers: Float32 grid-centre coordinates,
/// integer AQI values, `229.0` style concentrations, and `null` where CAMS has no value.
private enum AirQualityFixture {
    static let currentUnits = #"""
        "current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","european_aqi":"EAQI","pm10":"μg/m³","pm2_5":"μg/m³","carbon_monoxide":"μg/m³","nitrogen_dioxide":"μg/m³","sulphur_dioxide":"undefined","ozone":"μg/m³","us_aqi_pm2_5":"USAQI","us_aqi_pm10":"USAQI","us_aqi_nitrogen_dioxide":"USAQI","us_aqi_sulphur_dioxide":"USAQI","us_aqi_ozone":"USAQI","us_aqi_carbon_monoxide":"USAQI"}
        """#

    /// Berlin: SO₂ missing (unit "undefined", value and sub-index `null`).
    static let current = #"""
        {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,
        """# + currentUnits + #"""
            ,"current":{"time":"2026-10-03T12:00","interval":3600,"us_aqi":65,"european_aqi":44,"pm10":28.2,"pm2_5":22.1,"carbon_monoxide":229.0,"nitrogen_dioxide":11.2,"sulphur_dioxide":null,"ozone":42.0,"us_aqi_pm2_5":65,"us_aqi_pm10":26,"us_aqi_nitrogen_dioxide":10,"us_aqi_sulphur_dioxide":null,"us_aqi_ozone":101,"us_aqi_carbon_monoxide":3}}
            """#

    /// Every value `null`, as for a point CAMS does not cover at that hour.
    static let allNull = #"""
        {"latitude":40.0,"longitude":116.399994,"generationtime_ms":0.03,"utc_offset_seconds":28800,"timezone":"Asia/Shanghai","timezone_abbreviation":"CST","elevation":47.0,"current_units":{"time":"iso8601","interval":"seconds"},"current":{"time":"2026-10-03T18:00","interval":3600,"us_aqi":null,"european_aqi":null,"pm10":null,"pm2_5":null,"carbon_monoxide":null,"nitrogen_dioxide":null,"sulphur_dioxide":null,"ozone":null,"us_aqi_pm2_5":null,"us_aqi_pm10":null,"us_aqi_nitrogen_dioxide":null,"us_aqi_sulphur_dioxide":null,"us_aqi_ozone":null,"us_aqi_carbon_monoxide":null}}
        """#

    /// A body without a `current` block (only the top-level keys).
    static let noCurrent = #"""
        {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.1,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0}
        """#

    /// Current plus three hours; ozone's sub-index is missing for the last hour, SO₂ is not sent at all.
    static let hourly = #"""
        {"latitude":52.5,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":7200,"timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI"},"current":{"time":"2026-10-03T12:00","interval":3600,"us_aqi":42},"hourly_units":{"time":"iso8601","us_aqi":"USAQI","pm2_5":"μg/m³","us_aqi_ozone":"USAQI"},"hourly":{"time":["2026-10-03T12:00","2026-10-03T13:00","2026-10-03T14:00"],"us_aqi":[42,44,null],"european_aqi":[30,31,33],"pm10":[20.1,20.5,21.0],"pm2_5":[10.2,null,11.0],"carbon_monoxide":[180.0,182.0,185.0],"nitrogen_dioxide":[9.1,9.8,10.4],"ozone":[55.0,57.0,58.0],"us_aqi_pm2_5":[42,44,46],"us_aqi_pm10":[18,19,19],"us_aqi_nitrogen_dioxide":[8,9,9],"us_aqi_ozone":[30,31,null],"us_aqi_carbon_monoxide":[2,2,2]}}
        """#
}

/// Asks for the air quality in Berlin through `http`: what most tests here ask.
private func airQualityInBerlin(_ http: FakeHTTPClient) async throws -> AirQuality {
    try await makeBreeze(http).airQuality(
        AirQualityRequest(coordinates: Coordinates(latitude: 52.52, longitude: 13.41)))
}

private let allVariables =
    "us_aqi,european_aqi,pm10,pm2_5,carbon_monoxide,nitrogen_dioxide,sulphur_dioxide,ozone,us_aqi_pm2_5,us_aqi_pm10,"
    + "us_aqi_nitrogen_dioxide,us_aqi_sulphur_dioxide,us_aqi_ozone,us_aqi_carbon_monoxide"

@Suite struct AirQualityTests {
    @Test func asksForCurrentValuesAndSubIndicesInTheLocalTimeZone() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: AirQualityFixture.current)
        _ = try await airQualityInBerlin(http)
        let request = try #require(http.requests.first)
        #expect(request.service == .airQuality)
        #expect(request.url.query == "latitude=52.52&longitude=13.41&current=\(allVariables)&timezone=auto")
    }

    @Test func asksForTheSameVariablesHourlyWhenForecastHoursAreGiven() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: AirQualityFixture.hourly)
        _ = try await makeBreeze(http).airQuality(
            AirQualityRequest(coordinates: Coordinates(latitude: -33.87, longitude: 151.21), forecastHours: 24))
        let request = try #require(http.requests.first)
        #expect(
            request.url.query
                == "latitude=-33.87&longitude=151.21&current=\(allVariables)&hourly=\(allVariables)"
                + "&forecast_hours=24&timezone=auto")
    }

    @Test func reportsGridCentreCoordinatesValuesStatusAndPollutants() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: AirQualityFixture.current)
        let air = try await airQualityInBerlin(http)
        #expect(air.time == "2026-10-03T12:00")
        #expect(air.latitude == 52.5 && air.longitude == 13.419998)
        #expect(air.timezone == "Europe/Berlin")
        #expect(air.usAQI == 65 && air.europeanAQI == 44)
        #expect(air.pm25 == 22.1 && air.pm10 == 28.2 && air.carbonMonoxide == 229 && air.nitrogenDioxide == 11.2)
        #expect(air.ozone == 42 && air.sulphurDioxide == nil)
        #expect(air.status?.level == .moderate && air.status?.color == .aqiModerate)
        #expect(air.europeanStatus?.level == .moderate && air.europeanStatus?.text == "Moderate")
        #expect(air.pollutants.map(\.id) == ["pm25", "pm10", "no2", "so2", "o3", "co"])
        #expect(air.pollutants.map(\.name) == ["PM2.5", "PM10", "NO₂", "SO₂", "O₃", "CO"])
        #expect(air.pollutants.map(\.usAQI) == [65, 26, 10, nil, 101, 3])
        #expect(air.pollutants.map(\.status) == [.moderate, .good, .good, nil, .unhealthy, .good])
        #expect(air.pollutants[0].value == 22.1 && air.pollutants[0].unit == "μg/m³")
        #expect(air.pollutants[3].value == nil && air.pollutants[3].unit == "undefined")
        #expect(air.hourly == nil)
    }

    @Test func keepsEveryMissingValueNullInTheEncodedJSON() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: AirQualityFixture.allNull)
        let air = try await makeBreeze(http).airQuality(
            AirQualityRequest(coordinates: Coordinates(latitude: 39.9, longitude: 116.4)))
        #expect(air.status == nil && air.europeanStatus == nil)
        let json = try sortedJSON(air)
        #expect(
            json.hasPrefix(
                #"{"carbonMonoxide":null,"europeanAQI":null,"europeanStatus":null,"hourly":null,"latitude":40,"#
                    + #""longitude":116.399994,"#
                    + #""nitrogenDioxide":null,"ozone":null,"pm10":null,"pm25":null,"pollutants":[{"fullName":"#
                    + #""Fine particulate matter","id":"pm25","name":"PM2.5","status":null,"unit":null,"usAQI":null,"#
                    + #""value":null},"#))
        #expect(
            json.hasSuffix(
                #""status":null,"sulphurDioxide":null,"time":"2026-10-03T18:00","timezone":"Asia/Shanghai","#
                    + #""usAQI":null}"#))
        #expect(!json.contains(":0,") && !json.contains(":0}"), "a missing value must never become 0")
    }

    @Test func missingCurrentBlockIsNoData() async {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: AirQualityFixture.noCurrent)
        await #expect(
            throws: BreezeError.noData(service: .airQuality, reason: "there are no current air-quality readings.")
        ) {
            try await airQualityInBerlin(http)
        }
    }

    @Test func returnsHourlySeriesWithNullsAndAllNullSeriesForVariablesNotSent() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: AirQualityFixture.hourly)
        let air = try await makeBreeze(http).airQuality(
            AirQualityRequest(coordinates: Coordinates(latitude: 52.52, longitude: 13.41), forecastHours: 3))
        let hourly = try #require(air.hourly)
        #expect(hourly.time == ["2026-10-03T12:00", "2026-10-03T13:00", "2026-10-03T14:00"])
        #expect(hourly.usAQI == [42, 44, nil])
        #expect(hourly.pm25 == [10.2, nil, 11])
        #expect(hourly.sulphurDioxide == [nil, nil, nil])
        #expect(hourly.subIndices["o3"] == [30, 31, nil])
        #expect(hourly.subIndices["so2"] == [nil, nil, nil])
        #expect(Set(hourly.subIndices.keys) == ["pm25", "pm10", "no2", "so2", "o3", "co"])
        #expect(try sortedJSON(hourly).contains(#""usAQI":[42,44,null]"#))
        #expect(air.pm25 == nil, "values absent from current stay null")
    }

    @Test func hourlySeriesOfTheWrongLengthIsBadServerResponse() async {
        let http = FakeHTTPClient()
        http.on(
            "/v1/air-quality",
            body: AirQualityFixture.hourly.replacingOccurrences(
                of: #""pm10":[20.1,20.5,21.0]"#, with: #""pm10":[20.1]"#))
        await #expect(
            throws: BreezeError.badServerResponse(
                service: .airQuality, status: 200, reason: "the hourly series 'pm10' has 1 values for 3 times")
        ) {
            try await makeBreeze(http).airQuality(
                AirQualityRequest(coordinates: Coordinates(latitude: 52.52, longitude: 13.41), forecastHours: 3))
        }
    }

    @Test(arguments: [-1, 169])
    func rejectsForecastHoursOutsideZeroToAWeek(hours: Int) {
        #expect(
            throws: BreezeError.invalidParameter(name: "forecastHours", reason: "must be from 0 to 168, not \(hours).")
        ) {
            try AirQualityRequest(coordinates: Coordinates(latitude: 0, longitude: 0), forecastHours: hours)
        }
    }

    @Test func rateLimitIsRateLimitedWithRetryAfter() async {
        let http = FakeHTTPClient()
        http.on(
            "/v1/air-quality", status: 429, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"],
            body: #"{"reason":"Too many concurrent requests","error":true}"#)
        await #expect(
            throws: BreezeError.rateLimited(
                service: .airQuality, retryAfterSeconds: 0, reason: "Too many concurrent requests")
        ) {
            try await airQualityInBerlin(http)
        }
    }

    @Test func serverErrorPageIsBadServerResponse() async {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", status: 503, body: "<html><head><title>503</title></head><body>down</body></html>")
        await #expect(
            throws: BreezeError.badServerResponse(service: .airQuality, status: 503, reason: "Service Unavailable")
        ) {
            try await airQualityInBerlin(http)
        }
    }

    @Test func streamingFailureAfterA200IsBadServerResponseWithTheUpstreamText() async {
        let http = FakeHTTPClient()
        let truncated = String(AirQualityFixture.current.prefix(180))
        http.on("/v1/air-quality", body: truncated + "Unexpected error while streaming data: timeout")
        await #expect(
            throws: BreezeError.badServerResponse(
                service: .airQuality, status: 200, reason: "Unexpected error while streaming data: timeout")
        ) {
            try await airQualityInBerlin(http)
        }
    }
}

@Suite struct AQIStatusTests {
    @Test(arguments: [
        (0.0, AQIStatus.Level.excellent), (25, .excellent), (25.4, .excellent), (25.5, .good), (26, .good),
        (50, .good), (51, .moderate), (75, .moderate), (76, .slightlyHigh), (100, .slightlyHigh),
        (101, .unhealthyForSensitiveGroups), (150, .unhealthyForSensitiveGroups), (151, .unhealthy),
        (200, .unhealthy), (201, .veryUnhealthy), (300, .veryUnhealthy), (301, .hazardous), (612, .hazardous),
    ])
    func placesValuesInTheBreezeBands(value: Double, level: AQIStatus.Level) throws {
        #expect(try #require(AQIStatus(usAQI: value)).level == level)
    }

    @Test(arguments: [
        (AQIStatus.Level.excellent, AQIStatus.Color.aqiGood, "Excellent"), (.good, .aqiGood, "Good"),
        (.moderate, .aqiModerate, "Moderate"), (.slightlyHigh, .aqiModerate, "Slightly High"),
        (.unhealthyForSensitiveGroups, .aqiUnhealthySensitive, "Unhealthy for Sensitive Groups"),
        (.unhealthy, .aqiUnhealthy, "Unhealthy"), (.veryUnhealthy, .aqiVeryUnhealthy, "Very Unhealthy"),
        (.hazardous, .aqiHazardous, "Hazardous"),
    ])
    func givesEachBandItsEPAColourNameAndAdvice(level: AQIStatus.Level, color: AQIStatus.Color, text: String) {
        let status = AQIStatus(level: level)
        #expect(status.color == color)
        #expect(status.text == text)
        #expect(!status.description.isEmpty && !status.tips.isEmpty)
    }

    @Test func noValueHasNoStatus() {
        #expect(AQIStatus(usAQI: nil) == nil)
        #expect(AQIStatus(usAQI: .nan) == nil)
    }

    @Test(arguments: [
        (0.0, Pollutant.Status.good), (50, .good), (50.4, .good), (51, .moderate), (100, .moderate),
        (101, .unhealthy), (480, .unhealthy),
    ])
    func ratesPollutantSubIndicesOnTheEPABoundaries(subIndex: Double, status: Pollutant.Status) {
        #expect(Pollutant.Status(subIndex: subIndex) == status)
    }

    @Test func encodesLevelAndColourAsStableNames() throws {
        let json = try sortedJSON(AQIStatus(level: .unhealthyForSensitiveGroups))
        #expect(json.contains(#""color":"aqiUnhealthySensitive""#))
        #expect(json.contains(#""level":"unhealthyForSensitiveGroups""#))
    }
}

@Suite struct EuropeanAQIStatusTests {
    @Test(arguments: [
        (0.0, EuropeanAQIStatus.Level.good), (20, .good), (20.5, .fair), (40, .fair), (41, .moderate),
        (60, .moderate), (61, .poor), (80, .poor), (81, .veryPoor), (100, .veryPoor), (101, .extremelyPoor),
        (350, .extremelyPoor),
    ])
    func placesValuesInTheEEABands(value: Double, level: EuropeanAQIStatus.Level) throws {
        #expect(try #require(EuropeanAQIStatus(europeanAQI: value)).level == level)
    }

    @Test(
        arguments: zip(
            EuropeanAQIStatus.Level.allCases, ["Good", "Fair", "Moderate", "Poor", "Very Poor", "Extremely Poor"]))
    func givesEachBandItsNameAndAdvice(level: EuropeanAQIStatus.Level, text: String) {
        let status = EuropeanAQIStatus(level: level)
        #expect(status.text == text)
        #expect(!status.description.isEmpty && !status.tips.isEmpty)
    }

    @Test func noValueHasNoStatus() {
        #expect(EuropeanAQIStatus(europeanAQI: nil) == nil)
        #expect(EuropeanAQIStatus(europeanAQI: .infinity) == nil)
    }
}
