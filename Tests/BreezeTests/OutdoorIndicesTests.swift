import Foundation
import Testing

@testable import Breeze

/// The indices against their sources' own tables and worked examples.
@Suite struct OutdoorIndicesTests {
    // MARK: - NowCast

    /// EPA's worked example ("Computing the NowCast", EPA training): hours oldest → newest 50 80 75 90 82 53 64 74
    /// 21 10 16 13 µg/m³; w* = 10/90 → 0.5; NowCast 17.414 → 17.4 µg/m³ → AQI 66 on the 2024 breakpoints.
    @Test func epaWorkedExampleGivesAQI66() throws {
        let oldestFirst: [Double?] = [50, 80, 75, 90, 82, 53, 64, 74, 21, 10, 16, 13]
        let nowCast = try #require(OutdoorIndices.nowCast(oldestFirst.reversed()))
        #expect(abs(nowCast - 17.414) < 0.001)
        let truncated = OutdoorIndices.truncated(nowCast, step: 0.1)
        #expect(truncated == 17.4)
        #expect(OutdoorIndices.aqi(truncated, OutdoorIndices.pm25Breakpoints).aqi == 66)
    }

    /// A steadier series: w = 19/23 = 0.826, NowCast 20.48 → 20.4 µg/m³ → AQI 72.
    @Test func steadySeriesUsesItsOwnWeight() throws {
        let oldestFirst: [Double?] = [20, 21, 22, 20, 19, 21, 22, 23, 21, 20, 19, 20]
        let nowCast = try #require(OutdoorIndices.nowCast(oldestFirst.reversed()))
        #expect(OutdoorIndices.truncated(nowCast, step: 0.1) == 20.4)
        #expect(OutdoorIndices.aqi(20.4, OutdoorIndices.pm25Breakpoints).aqi == 72)
    }

    /// "2 of the past 3 hourly data points must be valid"; missing hours drop out of both sums.
    @Test(arguments: [
        ([nil, nil, 10, 10] as [Double?], nil as Double?),
        ([10, nil, nil, 10], nil),
        ([10, nil, 10, 10], 10),
        ([nil, 12, 12], 12),
        ([7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 100], 7),  // only 12 hours count
    ])
    func nowCastNeedsTwoOfTheLastThreeHours(newestFirst: [Double?], expected: Double?) {
        #expect(OutdoorIndices.nowCast(newestFirst) == expected)
    }

    // MARK: - AQI breakpoints (EPA TAD 2024, Table 6)

    /// Every edge of the 2024 PM2.5 table and of the PM10 table, from both sides.
    @Test(arguments: [
        (0.0, 0), (9.0, 50), (9.1, 51), (35.4, 100), (35.5, 101), (55.4, 150), (55.5, 151), (125.4, 200),
        (125.5, 201), (225.4, 300), (225.5, 301), (325.4, 500),
    ])
    func pm25Edges(concentration: Double, aqi: Int) {
        let index = OutdoorIndices.aqi(concentration, OutdoorIndices.pm25Breakpoints)
        #expect(index.aqi == aqi)
        #expect(!index.beyondIndex)
    }

    @Test(arguments: [
        (0.0, 0), (54.0, 50), (55.0, 51), (154.0, 100), (155.0, 101), (254.0, 150), (255.0, 151), (354.0, 200),
        (355.0, 201), (424.0, 300), (425.0, 301), (604.0, 500),
    ])
    func pm10Edges(concentration: Double, aqi: Int) {
        #expect(OutdoorIndices.aqi(concentration, OutdoorIndices.pm10Breakpoints).aqi == aqi)
    }

    /// Above the table: "beyond index", kept Hazardous.
    @Test func aboveTheTableIsBeyondIndex() {
        let index = OutdoorIndices.aqi(325.5, OutdoorIndices.pm25Breakpoints)
        #expect(index.beyondIndex)
        #expect(OutdoorIndices.Category(aqi: index.aqi) == .hazardous)
        #expect(OutdoorIndices.aqi(605, OutdoorIndices.pm10Breakpoints).beyondIndex)
    }

    /// The category edges: 50/51, 100/101, 150/151, 200/201, 300/301.
    @Test(arguments: [
        (50, OutdoorIndices.Category.good), (51, .moderate), (100, .moderate), (101, .unhealthyForSensitiveGroups),
        (150, .unhealthyForSensitiveGroups), (151, .unhealthy), (200, .unhealthy), (201, .veryUnhealthy),
        (300, .veryUnhealthy), (301, .hazardous), (500, .hazardous),
    ])
    func categoryEdges(aqi: Int, category: OutdoorIndices.Category) {
        #expect(OutdoorIndices.Category(aqi: aqi) == category)
    }

    /// Truncation, not rounding: 9.09 is still Good; 35.45 is 35.4, Moderate.
    @Test func concentrationsAreTruncatedBeforeTheTable() {
        #expect(OutdoorIndices.truncated(9.09, step: 0.1) == 9.0)
        #expect(OutdoorIndices.truncated(35.45, step: 0.1) == 35.4)
        #expect(OutdoorIndices.truncated(54.9, step: 1) == 54)
    }

    // MARK: - Heat index (NOAA WPC equation, NWS chart)

    /// The equation's anchors: the NWS chart example (96 °F, 65 % → 121 °F), the low-humidity and high-humidity
    /// adjustments, and Steadman's simple formula below 80 °F.
    @Test(arguments: [
        (96.0, 65.0, 121.0), (90.0, 50.0, 94.6), (100.0, 10.0, 94.1), (85.0, 90.0, 101.8), (75.0, 50.0, 74.8),
    ])
    func heatIndexAnchors(temperature: Double, humidity: Double, expected: Double) {
        let index = OutdoorIndices.heatIndexFahrenheit(temperature: temperature, humidity: humidity)
        #expect(abs(index - expected) < 0.1, "\(temperature) °F, \(humidity) % → \(index)")
    }

    /// Cells of the NWS heat index chart (https://www.weather.gov/safety/heat-index), which prints whole degrees.
    @Test(arguments: [
        (80.0, 40.0, 80.0), (90.0, 40.0, 91.0), (100.0, 40.0, 109.0), (104.0, 40.0, 119.0), (110.0, 40.0, 136.0),
        (86.0, 50.0, 88.0), (90.0, 50.0, 95.0), (96.0, 50.0, 108.0), (100.0, 50.0, 118.0), (84.0, 70.0, 90.0),
        (90.0, 70.0, 105.0), (94.0, 70.0, 119.0),
    ])
    func heatIndexChartCells(temperature: Double, humidity: Double, chart: Double) {
        let index = OutdoorIndices.heatIndexFahrenheit(temperature: temperature, humidity: humidity)
        #expect(abs(index - chart) <= 1, "\(temperature) °F, \(humidity) % → \(index), chart \(chart)")
    }

    // MARK: - Wind chill (NWS chart in °F and mph; ECCC chart in °C and km/h)

    @Test(arguments: [
        (0.0, 15.0, -19.0), (40.0, 5.0, 36.0), (20.0, 5.0, 13.0), (-20.0, 5.0, -34.0), (30.0, 15.0, 19.0),
        (-10.0, 15.0, -32.0), (20.0, 30.0, 1.0), (0.0, 30.0, -26.0), (-20.0, 30.0, -53.0),
    ])
    func windChillNWSChart(temperature: Double, wind: Double, chart: Double) {
        let chill = OutdoorIndices.windChillFahrenheit(temperature: temperature, windSpeed: wind)
        #expect(abs(chill.rounded() - chart) <= 0, "\(temperature) °F, \(wind) mph → \(chill)")
    }

    @Test(arguments: [
        (-25.0, 20.0, -37.0), (-5.0, 5.0, -7.0), (-10.0, 10.0, -15.0), (-20.0, 30.0, -33.0), (-30.0, 50.0, -49.0),
    ])
    func windChillECCCChart(temperature: Double, wind: Double, chart: Double) {
        let chill = OutdoorIndices.windChillCelsius(temperature: temperature, windSpeed: wind)
        #expect(abs(chill.rounded() - chart) <= 0, "\(temperature) °C, \(wind) km/h → \(chill)")
    }

    /// Calm air (≤ 4.8 km/h) and air above 10 °C: the wind chill is the air temperature.
    @Test func calmOrMildAirIsItsOwnWindChill() {
        #expect(OutdoorIndices.windChillCelsius(temperature: -45, windSpeed: 4.8) == -45)
        #expect(OutdoorIndices.windChillCelsius(temperature: -45, windSpeed: 0) == -45)
        #expect(OutdoorIndices.windChillCelsius(temperature: 10.5, windSpeed: 30) == 10.5)
        #expect(OutdoorIndices.windChillCelsius(temperature: -45, windSpeed: 4.9) < -45)
    }

    // MARK: - WBGT estimate (BoM)

    /// 30 °C and 60 %: e = 25.37 hPa, WBGT 30.9 °C.
    @Test func wbgtAnchor() {
        #expect(abs(OutdoorIndices.wbgtEstimateCelsius(temperature: 30, humidity: 60) - 30.9) < 0.05)
    }
}
