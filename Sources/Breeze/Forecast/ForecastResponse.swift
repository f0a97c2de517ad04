import FoundationEssentials

/// The forecast API's answer for one location, decoded straight into the public sections.
///
/// Each section's units decide how its variables decode: unit `iso8601` means local time text (daily
/// `sunrise`, `sunset`), anything else a number or `null`. So nothing is decoded by trial.
struct ForecastResponse: Decodable {
    var forecast: Forecast

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation, timezone
        case timezoneAbbreviation = "timezone_abbreviation"
        case utcOffsetSeconds = "utc_offset_seconds"
        case currentUnits = "current_units"
        case current
        case hourlyUnits = "hourly_units"
        case hourly
        case dailyUnits = "daily_units"
        case daily
        case minutely15Units = "minutely_15_units"
        case minutely15 = "minutely_15"
        case weeklyUnits = "weekly_units"
        case weekly
        case monthlyUnits = "monthly_units"
        case monthly
    }

    /// The unit that marks a time-valued variable.
    static let timeUnit = "iso8601"

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        forecast = Forecast(
            latitude: try container.decode(Double.self, forKey: .latitude),
            longitude: try container.decode(Double.self, forKey: .longitude),
            elevation: try container.decodeIfPresent(Double.self, forKey: .elevation),
            timezone: try container.decode(String.self, forKey: .timezone),
            timezoneAbbreviation: try container.decode(String.self, forKey: .timezoneAbbreviation),
            utcOffsetSeconds: try container.decode(Int.self, forKey: .utcOffsetSeconds),
            current: try Self.current(in: container),
            hourly: try Self.series(in: container, key: .hourly, unitsKey: .hourlyUnits),
            daily: try Self.series(in: container, key: .daily, unitsKey: .dailyUnits),
            minutely15: try Self.series(in: container, key: .minutely15, unitsKey: .minutely15Units))
        forecast.weekly = try Self.series(in: container, key: .weekly, unitsKey: .weeklyUnits)
        forecast.monthly = try Self.series(in: container, key: .monthly, unitsKey: .monthlyUnits)
    }

    private static func current(in container: KeyedDecodingContainer<CodingKeys>) throws -> ForecastCurrent? {
        guard container.contains(.current), try !container.decodeNil(forKey: .current) else { return nil }
        let units = try container.decodeIfPresent([String: String].self, forKey: .currentUnits) ?? [:]
        let section = try container.nestedContainer(keyedBy: VariableKey.self, forKey: .current)
        var current = ForecastCurrent(
            time: try section.decode(String.self, forKey: VariableKey("time")),
            interval: try section.decode(Int.self, forKey: VariableKey("interval")), values: [:], text: [:],
            units: [:], weatherDescription: nil)
        for key in section.allKeys where key.stringValue != "time" && key.stringValue != "interval" {
            let unit = units[key.stringValue]
            if unit == timeUnit {
                current.text[key.stringValue] = .some(try section.decodeIfPresent(String.self, forKey: key))
            } else {
                current.values[key.stringValue] = .some(try section.decodeIfPresent(Double.self, forKey: key))
            }
            if let unit { current.units[key.stringValue] = displayUnit(unit) }
        }
        describeWeather(&current)
        return current
    }

    private static func series(
        in container: KeyedDecodingContainer<CodingKeys>, key: CodingKeys, unitsKey: CodingKeys
    ) throws -> ForecastSeries? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        let units = try container.decodeIfPresent([String: String].self, forKey: unitsKey) ?? [:]
        let section = try container.nestedContainer(keyedBy: VariableKey.self, forKey: key)
        let time = try section.decode([String].self, forKey: VariableKey("time"))
        var series = ForecastSeries(time: time, values: [:], text: [:], units: [:], weatherDescriptions: nil)
        for variable in section.allKeys where variable.stringValue != "time" {
            let unit = units[variable.stringValue]
            let count: Int
            if unit == timeUnit {
                let values = try section.decode([String?].self, forKey: variable)
                series.text[variable.stringValue] = values
                count = values.count
            } else {
                let values = try section.decodeNullableNumbers(forKey: variable)
                series.values[variable.stringValue] = values
                count = values.count
            }
            // Open-Meteo promises equal lengths; a mismatch means a broken body, not data to guess at.
            guard count == time.count else {
                throw DecodingError.dataCorruptedError(
                    forKey: variable, in: section,
                    debugDescription: "\(count) values for \(time.count) times")
            }
            if let unit { series.units[variable.stringValue] = displayUnit(unit) }
        }
        describeWeather(&series)
        return series
    }

    /// Adds the WMO description of `weather_code`, when it was asked for.
    static func describeWeather(_ current: inout ForecastCurrent) {
        let values = current.values
        let code = WeatherCode.variableNames.lazy.compactMap { values[$0] }.first ?? nil
        current.weatherDescription = WeatherCode(value: code)?.description
    }

    /// Adds the WMO description of each `weather_code` value, when it was asked for.
    static func describeWeather(_ series: inout ForecastSeries) {
        let values = series.values
        if let codes = WeatherCode.variableNames.lazy.compactMap({ values[$0] }).first {
            series.weatherDescriptions = codes.map { WeatherCode(value: $0)?.description }
        }
    }

    /// The unit as users write it: Open-Meteo spells miles per hour `mp/h`, everyone else (and its own
    /// `wind_speed_unit=mph`) `mph`.
    static func displayUnit(_ unit: String) -> String {
        unit == "mp/h" ? "mph" : unit
    }
}
