import FoundationEssentials
import Glibc

/// The indices the outdoor rules read, each computed as its agency publishes it: the US AQI from concentrations,
/// the PM NowCast, the NWS heat index, the NWS/ECCC wind chill and an estimated WBGT.
///
/// Pure functions of numbers; every constant is cited beside it, and the tests replay each source's own tables.
public enum OutdoorIndices {
    // MARK: - US AQI

    /// One row of an AQI breakpoint table: concentrations `low...high` map linearly onto `indexLow...indexHigh`.
    public struct Breakpoint: Sendable, Hashable {
        public var low: Double
        public var high: Double
        public var indexLow: Int
        public var indexHigh: Int
    }

    /// PM2.5 (µg/m³, 24-hour), the 2024 revision effective 2024-05-06: Good/Moderate at 9.0, Unhealthy/Very
    /// Unhealthy at 125.4. EPA, "Technical Assistance Document for the Reporting of Daily Air Quality – the Air
    /// Quality Index (AQI)", EPA-454/B-24-002 (May 2024), Table 6, https://www.airnow.gov/publications/;
    /// final rule 89 FR 16202, https://www.federalregister.gov/d/2024-02637; fact sheet
    /// https://www.epa.gov/system/files/documents/2024-02/pm-naaqs-air-quality-index-fact-sheet.pdf
    public static let pm25Breakpoints = breakpoints([
        (0.0, 9.0), (9.1, 35.4), (35.5, 55.4), (55.5, 125.4), (125.5, 225.4), (225.5, 325.4),
    ])

    /// PM10 (µg/m³, 24-hour), unchanged by the 2024 revision. Same TAD, Table 6.
    public static let pm10Breakpoints = breakpoints([
        (0, 54), (55, 154), (155, 254), (255, 354), (355, 424), (425, 604),
    ])

    /// The index column every pollutant shares (TAD Table 6): Good 0–50, Moderate 51–100, USG 101–150, Unhealthy
    /// 151–200, Very Unhealthy 201–300, Hazardous 301–500.
    private static let indexBands = [(0, 50), (51, 100), (101, 150), (151, 200), (201, 300), (301, 500)]

    /// A pollutant's table: its concentration bands, row by row, beside the shared index bands.
    private static func breakpoints(_ concentrations: [(low: Double, high: Double)]) -> [Breakpoint] {
        zip(concentrations, indexBands).map { band, index in
            Breakpoint(low: band.low, high: band.high, indexLow: index.0, indexHigh: index.1)
        }
    }

    /// An AQI sub-index and whether the concentration lies above the table ("beyond index", kept Hazardous).
    public struct SubIndex: Sendable, Hashable {
        public var aqi: Int
        public var beyondIndex: Bool
    }

    /// The AQI of a concentration already truncated to the table's precision: TAD equation 1,
    /// `I = (I_Hi − I_Lo) / (BP_Hi − BP_Lo) × (C − BP_Lo) + I_Lo`, rounded to the nearest integer.
    public static func aqi(_ concentration: Double, _ table: [Breakpoint]) -> SubIndex {
        let c = max(0, concentration)
        for row in table where c <= row.high {
            // A truncated value never falls between two rows (9.05 is 9.0); clamp anyway so a gap reads low.
            let at = max(c, row.low)
            let index =
                Double(row.indexHigh - row.indexLow) / (row.high - row.low) * (at - row.low) + Double(row.indexLow)
            return SubIndex(aqi: Int(index.rounded(.toNearestOrAwayFromZero)), beyondIndex: false)
        }
        return SubIndex(aqi: table.last?.indexHigh ?? 500, beyondIndex: true)
    }

    /// `value` truncated to `step` (0.1 for PM2.5, 1 for PM10): AirNow, "The NowCast for PM2.5 and PM10",
    /// https://forum.airnowtech.org/t/the-nowcast-for-pm2-5-and-pm10/172. The epsilon keeps 17.4 from reading as
    /// 17.399999…; dividing by the scale keeps 174 / 10 at 17.4.
    public static func truncated(_ value: Double, step: Double) -> Double {
        let scale = (1 / step).rounded()
        return (value * scale + 1e-9).rounded(.down) / scale
    }

    /// The US AQI categories by index: 0–50 Good … 301+ Hazardous (TAD Table 2).
    public enum Category: Int, Sendable, Comparable, CaseIterable {
        case good, moderate, unhealthyForSensitiveGroups, unhealthy, veryUnhealthy, hazardous

        public init(aqi: Int) {
            switch aqi {
            case ...50: self = .good
            case 51...100: self = .moderate
            case 101...150: self = .unhealthyForSensitiveGroups
            case 151...200: self = .unhealthy
            case 201...300: self = .veryUnhealthy
            default: self = .hazardous
            }
        }

        /// The first index of the next category, the edge the rules measure headroom to; nil at the top.
        var nextEdge: Int? { [51, 101, 151, 201, 301, nil][rawValue] }
        var lowerEdge: Int { [0, 51, 101, 151, 201, 301][rawValue] }

        public static func < (left: Category, right: Category) -> Bool { left.rawValue < right.rawValue }
    }

    // MARK: - NowCast

    /// The EPA NowCast of PM2.5 or PM10 from hourly concentrations, newest first (`values[0]` is the hour itself,
    /// up to 12 used); nil when fewer than 2 of the 3 newest hours have a value.
    ///
    /// EPA, "Technical Information about the PM NowCast", https://nepis.epa.gov/Exe/ZyPURL.cgi?Dockey=P100X0J6.txt;
    /// AirNow-Tech, https://forum.airnowtech.org/t/the-nowcast-for-pm2-5-and-pm10/172: weight factor
    /// `w* = c_min / c_max`, floored at 0.5 ("approximates a 3-hour average"); `NowCast = Σ c_i w^(i−1) / Σ w^(i−1)`
    /// over the hours present; "2 of the past 3 hourly data points must be valid". Raw concentrations in, raw
    /// NowCast out (truncate it before the AQI).
    public static func nowCast(_ values: some Collection<Double?>) -> Double? {
        let recent = values.prefix(12)
        guard recent.prefix(3).count(where: { $0 != nil }) >= 2 else { return nil }
        var high = -Double.infinity
        var low = Double.infinity
        for case let value? in recent {
            high = max(high, value)
            low = min(low, value)
        }
        let weight = high > 0 ? max(low / high, 0.5) : 1
        var numerator = 0.0
        var denominator = 0.0
        var factor = 1.0
        for value in recent {
            if let value {
                numerator += value * factor
                denominator += factor
            }
            factor *= weight
        }
        return numerator / denominator
    }

    // MARK: - Heat

    /// The NWS heat index in °F from the air temperature (°F) and relative humidity (%).
    ///
    /// NOAA Weather Prediction Center, "The Heat Index Equation",
    /// https://www.wpc.ncep.noaa.gov/html/heatindex_equation.shtml: Steadman's simple formula first, averaged with
    /// the temperature; from 80 °F the Rothfusz regression, with its low-humidity (RH < 13 %, 80–112 °F) and
    /// high-humidity (RH > 85 %, 80–87 °F) adjustments.
    public static func heatIndexFahrenheit(temperature t: Double, humidity rh: Double) -> Double {
        let simple = 0.5 * (t + 61.0 + (t - 68.0) * 1.2 + rh * 0.094)
        guard (simple + t) / 2 >= 80 else { return (simple + t) / 2 }
        var index =
            -42.379 + 2.04901523 * t + 10.14333127 * rh - 0.22475541 * t * rh - 0.00683783 * t * t
            - 0.05481717 * rh * rh + 0.00122874 * t * t * rh + 0.00085282 * t * rh * rh
            - 0.00000199 * t * t * rh * rh
        if rh < 13, (80...112).contains(t) {
            index -= (13 - rh) / 4 * ((17 - abs(t - 95)) / 17).squareRoot()
        } else if rh > 85, (80...87).contains(t) {
            index += (rh - 85) / 10 * ((87 - t) / 5)
        }
        return index
    }

    /// An estimated wet-bulb globe temperature in °C for a sunny, light-wind hour, from the air temperature (°C)
    /// and relative humidity (%).
    ///
    /// Australian Bureau of Meteorology, "About the WBGT and Apparent Temperature indices",
    /// http://www.bom.gov.au/info/thermal_stress/: `WBGT ≈ 0.567·T + 0.393·e + 3.94`, with the vapour pressure
    /// `e = RH/100 · 6.105 · exp(17.27·T / (237.7 + T))` hPa. It "assumes moderately high radiation and light
    /// wind": meaningless at night, so the rules compute it in daylight only.
    public static func wbgtEstimateCelsius(temperature t: Double, humidity rh: Double) -> Double {
        let vapourPressure = rh / 100 * 6.105 * exp(17.27 * t / (237.7 + t))
        return 0.567 * t + 0.393 * vapourPressure + 3.94
    }

    // MARK: - Cold

    /// The wind chill in °C from the air temperature (°C) and the 10 m wind speed (km/h); the air temperature
    /// itself in calm air (≤ 4.8 km/h) or above 10 °C, where the index is not defined.
    ///
    /// Environment and Climate Change Canada / NWS 2001 wind chill index,
    /// https://www.canada.ca/en/environment-climate-change/services/weather-health/wind-chill-cold-weather/wind-chill-index.html
    /// and https://www.weather.gov/safety/cold-wind-chill-chart:
    /// `WC = 13.12 + 0.6215·T − 11.37·V^0.16 + 0.3965·T·V^0.16`.
    public static func windChillCelsius(temperature t: Double, windSpeed v: Double) -> Double {
        guard t <= 10, v > 4.8 else { return t }
        let power = pow(v, 0.16)
        return 13.12 + 0.6215 * t - 11.37 * power + 0.3965 * t * power
    }

    /// The NWS wind chill in °F from °F and mph, the chart's own units (same source, same formula in US units):
    /// `WC = 35.74 + 0.6215·T − 35.75·V^0.16 + 0.4275·T·V^0.16`, for T ≤ 50 °F and V > 3 mph.
    public static func windChillFahrenheit(temperature t: Double, windSpeed v: Double) -> Double {
        guard t <= 50, v > 3 else { return t }
        let power = pow(v, 0.16)
        return 35.74 + 0.6215 * t - 35.75 * power + 0.4275 * t * power
    }

    // MARK: - Units

    public static func fahrenheit(celsius: Double) -> Double { celsius * 9 / 5 + 32 }
    public static func celsius(fahrenheit: Double) -> Double { (fahrenheit - 32) * 5 / 9 }
}
