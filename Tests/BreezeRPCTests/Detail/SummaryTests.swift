import Foundation
import JSONRPC
import Testing

@testable import Breeze
@testable import BreezeRPC

/// `detail: summary`: every value computed from the answer's series, checked against values worked out by hand.
@Suite struct SummaryTests {
    static func forecast(daily: Bool) -> Forecast {
        Forecast(
            latitude: 52.5, longitude: 13.4, elevation: 38, timezone: "Europe/Berlin", timezoneAbbreviation: "CET",
            utcOffsetSeconds: 3600, current: nil,
            hourly: ForecastSeries(
                time: [
                    "2026-01-01T00:00", "2026-01-01T12:00", "2026-01-01T18:00", "2026-01-02T00:00", "2026-01-02T12:00",
                ],
                values: [
                    "temperature_2m": [1, 5, 3, -2, 4], "precipitation": [0.1, 0.2, nil, 1.25, 0.5],
                    "weather_code": [61, 3, 61, 3, 61],
                ],
                text: [:], units: ["temperature_2m": "°C", "precipitation": "mm", "weather_code": "wmo code"],
                weatherDescriptions: ["Leichter Regen", "Bedeckt", "Leichter Regen", "Bedeckt", "Leichter Regen"]),
            daily: daily
                ? ForecastSeries(
                    time: ["2026-01-01", "2026-01-02"], values: ["temperature_2m_max": [10, 11]], text: [:],
                    units: ["temperature_2m_max": "°C"], weatherDescriptions: nil) : nil)
    }

    @Test func aForecastDayIsReducedFromTheHourlySeriesWithoutDailyOnes() throws {
        let summary = ForecastSummary(forecast: Self.forecast(daily: false)).json
        let days = try #require(summary["days"])
        #expect(
            days
                == [
                    [
                        "date": "2026-01-01", "temperatureMax": 5, "temperatureMin": 1, "precipitation": 0.3,
                        "precipitationProbabilityMax": .null, "windSpeedMax": .null, "weatherCode": 61,
                        "weather": "Leichter Regen",
                    ],
                    [
                        // 3 and 61 occur as often: the more severe code wins.
                        "date": "2026-01-02", "temperatureMax": 4, "temperatureMin": -2, "precipitation": 1.75,
                        "precipitationProbabilityMax": .null, "windSpeedMax": .null, "weatherCode": 61,
                        "weather": "Leichter Regen",
                    ],
                ])
        #expect(summary["sources"]?["temperatureMax"] == "hourly.temperature_2m")
        #expect(summary["units"]?["precipitation"] == "mm")
    }

    @Test func aDailySeriesWinsOverTheHourlyOne() throws {
        let summary = ForecastSummary(forecast: Self.forecast(daily: true)).json
        #expect(summary["days"]?[0]?["temperatureMax"] == 10)
        #expect(summary["days"]?[1]?["temperatureMax"] == 11)
        #expect(summary["days"]?[1]?["temperatureMin"] == -2)
        #expect(summary["sources"]?["temperatureMax"] == "daily.temperature_2m_max")
        #expect(summary["sources"]?["temperatureMin"] == "hourly.temperature_2m")
    }

    @Test func airQualityNamesTheBandAndTheWorstPollutantNowAndPerDay() throws {
        let ids = ["pm25", "pm10", "no2", "so2", "o3", "co"]
        let subIndices: [Double?] = [40, 80, nil, 10, 60, 5]
        let hourly = AirQualityHourly(
            time: ["2026-01-01T22:00", "2026-01-01T23:00", "2026-01-02T00:00"], usAQI: [30, 120, 55],
            europeanAQI: [nil, nil, nil], pm25: [nil, nil, nil], pm10: [nil, nil, nil],
            carbonMonoxide: [nil, nil, nil],
            nitrogenDioxide: [nil, nil, nil], sulphurDioxide: [nil, nil, nil], ozone: [nil, nil, nil],
            subIndices: ["pm25": [30, 120, 20], "o3": [10, 20, 55], "no2": [nil, nil, nil]])
        let airQuality = AirQuality(
            time: "2026-01-01T22:00", latitude: 52.5, longitude: 13.4, timezone: "Europe/Berlin", usAQI: 80,
            europeanAQI: 30, pm25: 10, pm10: 20, carbonMonoxide: 100, nitrogenDioxide: 5, sulphurDioxide: 1, ozone: 60,
            status: AQIStatus(usAQI: 80, language: .de), europeanStatus: nil,
            pollutants: zip(ids, subIndices).map { id, subIndex in
                Pollutant(
                    id: id, name: id.uppercased(), fullName: id, value: 1, unit: "μg/m³", usAQI: subIndex,
                    status: Pollutant.Status(subIndex: subIndex))
            }, hourly: hourly)
        let summary = AirQualitySummary(airQuality: airQuality, language: .de).json
        #expect(summary["band"] == "slightlyHigh")
        #expect(summary["bandText"] == .string(AQIStatus(level: .slightlyHigh, language: .de).text))
        #expect(summary["worstPollutant"]?["id"] == "pm10")
        #expect(summary["worstPollutant"]?["usAQI"] == 80)
        #expect(
            summary["days"]
                == [
                    [
                        "date": "2026-01-01", "usAQIMax": 120, "band": "unhealthyForSensitiveGroups",
                        "bandText": .string(AQIStatus(level: .unhealthyForSensitiveGroups, language: .de).text),
                        "worstPollutant": "pm25", "worstPollutantName": "PM25",
                    ],
                    [
                        "date": "2026-01-02", "usAQIMax": 55, "band": "moderate",
                        "bandText": .string(AQIStatus(level: .moderate, language: .de).text), "worstPollutant": "o3",
                        "worstPollutantName": "O3",
                    ],
                ])
    }

    @Test func pollenNamesEachDaysPeakTypesFirstAmongEquals() {
        let items = [
            PollenItem(id: "GRASS", name: "Grass", value: 2, category: "Low", isPlant: false),
            PollenItem(id: "TREE", name: "Tree", value: 3, category: "Moderate", isPlant: false),
            PollenItem(id: "WEED", name: "Weed", value: nil, category: nil, isPlant: false),
            PollenItem(id: "BIRCH", name: "Birch", value: 3, category: "Moderate", isPlant: true),
        ]
        let summary = PollenSummary(
            pollen: PollenForecast(
                source: .google, regionCode: "DE", days: [PollenDay(date: "2026-04-01", items: items)])
        ).json
        #expect(
            summary["days"]?[0]?["peak"]
                == ["id": "TREE", "name": "Tree", "value": 3, "category": "Moderate", "isPlant": false])
        #expect(summary["days"]?[0]?["types"]?.arrayCount == 3)
        #expect(summary["regionCode"] == "DE")
    }

    @Test func climateNamesTheWarmestColdestAndMeanYears() {
        let points = [(2000, 20.5), (2005, 23.1), (2010, 19.0), (2015, 23.1)].map { year, temperature in
            ClimatePoint(year: year, temperature: temperature, date: "\(year)-07-14")
        }
        let summary = ClimateSummary(
            climate: ClimateComparison(date: "07-14", unit: "°C", points: points, change: 2.6, missingYears: [2020])
        ).json
        #expect(
            summary
                == [
                    "date": "07-14", "unit": "°C", "years": 4, "first": ["year": 2000, "temperature": 20.5],
                    "last": ["year": 2015, "temperature": 23.1], "change": 2.6,
                    "warmest": ["year": 2005, "temperature": 23.1], "coldest": ["year": 2010, "temperature": 19],
                    // (20.5 + 23.1 + 19 + 23.1) / 4 = 21.425
                    "mean": 21.4, "missingYears": [2020],
                ])
    }
}

extension JSONValue {
    fileprivate subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    fileprivate var arrayCount: Int? {
        if case .array(let elements) = self { return elements.count }
        return nil
    }
}

extension JSONWritable {
    /// What the summary writes, as a tree (the writer's other sink).
    fileprivate var json: JSONValue { (try? JSONWriter.tree(of: self)) ?? .null }
}
