/// A unit in Open-Meteo's FlatBuffers schema (`openmeteo_sdk.Unit`), with the two facts its JSON writer derives
/// from it: the unit string (`°C`, `mp/h`) and how many decimals a value in that unit is printed with.
///
/// Both come from one switch each, so the FlatBuffers path names units and rounds values exactly as the JSON the
/// same server would have sent.
public enum OpenMeteoUnit: UInt8, Sendable, CaseIterable {
    case undefined = 0
    case celsius, centimetre, cubicMetrePerCubicMetre, cubicMetrePerSecond, degreeDirection, dimensionlessInteger
    case dimensionless, europeanAirQualityIndex, fahrenheit, feet, fraction, gddCelsius, geopotentialMetre
    case grainsPerCubicMetre, gramPerKilogram, hectopascal, hours, inch, iso8601, joulePerKilogram, kelvin
    case kilopascal, kilogramPerSquareMetre, kilometresPerHour, knots, megajoulePerSquareMetre
    case metrePerSecondNotUnitConverted, metrePerSecond, metre, microgramsPerCubicMetre, milesPerHour, millimetre
    case pascal, perSecond, percentage, seconds, unixTime, usAirQualityIndex, wattPerSquareMetre, wmoCode
    case partsPerMillion, kilogramPerCubicMetre

    /// The unit as the JSON answer spells it (`hourly_units`), e.g. `°C`; `undefined` for a unit the model lacks.
    public var abbreviation: String {
        switch self {
        case .undefined: "undefined"
        case .celsius: "°C"
        case .fahrenheit: "°F"
        case .kelvin: "K"
        case .kilometresPerHour: "km/h"
        case .milesPerHour: "mp/h"
        case .knots: "kn"
        case .metrePerSecond, .metrePerSecondNotUnitConverted: "m/s"
        case .millimetre: "mm"
        case .centimetre: "cm"
        case .inch: "inch"
        case .feet: "ft"
        case .metre: "m"
        case .geopotentialMetre: "gpm"
        case .percentage: "%"
        case .hectopascal: "hPa"
        case .pascal: "Pa"
        case .degreeDirection: "°"
        case .wmoCode: "wmo code"
        case .wattPerSquareMetre: "W/m²"
        case .kilogramPerSquareMetre: "kg/m²"
        case .gramPerKilogram: "g/kg"
        case .perSecond: "s⁻¹"
        case .seconds: "s"
        case .cubicMetrePerCubicMetre: "m³/m³"
        case .cubicMetrePerSecond: "m³/s"
        case .kilopascal: "kPa"
        case .megajoulePerSquareMetre: "MJ/m²"
        case .joulePerKilogram: "J/kg"
        case .hours: "h"
        case .iso8601: "iso8601"
        case .unixTime: "unixtime"
        case .microgramsPerCubicMetre: "μg/m³"
        case .grainsPerCubicMetre: "grains/m³"
        case .dimensionless, .dimensionlessInteger: ""
        case .europeanAirQualityIndex: "EAQI"
        case .usAirQualityIndex: "USAQI"
        case .gddCelsius: "GGDc"
        case .fraction: "fraction"
        case .partsPerMillion: "ppm"
        case .kilogramPerCubicMetre: "kg/m³"
        }
    }

    /// Decimals Open-Meteo's writers print a value in this unit with (its `significantDigits`).
    public var decimals: Int {
        switch self {
        case .undefined, .percentage, .degreeDirection, .wmoCode, .iso8601, .unixTime, .geopotentialMetre, .pascal,
            .dimensionlessInteger, .europeanAirQualityIndex, .usAirQualityIndex, .partsPerMillion:
            0
        case .celsius, .fahrenheit, .kelvin, .kilometresPerHour, .milesPerHour, .knots, .hectopascal,
            .wattPerSquareMetre, .hours, .microgramsPerCubicMetre, .grainsPerCubicMetre, .joulePerKilogram:
            1
        case .metrePerSecond, .metrePerSecondNotUnitConverted, .millimetre, .metre, .kilopascal,
            .megajoulePerSquareMetre, .kilogramPerSquareMetre, .gramPerKilogram, .perSecond, .centimetre, .seconds,
            .dimensionless, .cubicMetrePerSecond, .gddCelsius, .kilogramPerCubicMetre:
            2
        case .inch, .feet, .cubicMetrePerCubicMetre, .fraction:
            3
        }
    }

    /// `value` as Open-Meteo's JSON writer prints it in this unit, read back: rounded to `decimals` in Float32
    /// arithmetic, half away from zero; nil for NaN and infinities, which that writer prints as `null`.
    ///
    /// The writer scales the magnitude by 10ⁿ in Float32, rounds to an integer and prints "int.frac"; the Double
    /// nearest that text is the integer divided by 10ⁿ (both exact in Double, and IEEE division rounds correctly),
    /// so no text is made here. Rounding in Double instead gives a different last digit for about a quarter of
    /// the values on a 0.05 grid.
    public func rounded(_ value: Float) -> Double? {
        guard value.isFinite else { return nil }
        let decimals = self.decimals
        if decimals == 0 {
            // The writer prints `Int(value.rounded())`: never "-0".
            let whole = value.rounded()
            return whole == 0 ? 0 : Double(whole)
        }
        let factor = Self.powersOfTen[decimals]
        let scaled = (value.magnitude * Float(factor)).rounded()
        let magnitude = Double(scaled) / factor
        // The writer tests `value < 0`, so -0.04 prints "-0.0" (read back as -0.0) and -0.0 prints "0.0".
        return value < 0 ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1000]
}

/// How a daily or aggregated value was made (`openmeteo_sdk.Aggregation`): `temperature_2m_max` is `maximum`.
public enum OpenMeteoAggregation: UInt8, Sendable, CaseIterable {
    case none = 0
    case minimum, maximum, mean, p10, p25, median, p75, p90, dominant, sum, spread, anomaly, sot10, sot90, efi
}
