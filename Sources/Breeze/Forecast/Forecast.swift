import Foundation

/// What `fetchForecast` asks for: a place, which variables in which sections, how many days, which units.
///
/// Variable names are checked against `KnownVariables` before any upstream call; a name behind its
/// `raw:` escape hatch is Open-Meteo's to judge, and its refusal comes back as an `invalidParameter`.
public struct ForecastRequest: Sendable, Hashable {
    public let coordinates: Coordinates
    /// Variables for the `current` section; empty means no such section.
    public let current: [String]
    public let hourly: [String]
    public let daily: [String]
    /// Variables in 15-minute steps (Open-Meteo's `minutely_15`); empty means no such section.
    public let minutely15: [String]
    /// Days of forecast from today, 1…16.
    public let forecastDays: Int
    /// Days before today to include, 0…92.
    public let pastDays: Int
    /// `nil` leaves the upstream default (celsius, km/h, mm).
    public let temperatureUnit: TemperatureUnit?
    public let windSpeedUnit: WindSpeedUnit?
    public let precipitationUnit: PrecipitationUnit?
    /// An IANA time zone name, or `auto` for the zone at the point.
    public let timezone: String

    /// The essentials of a weather card, asked for when none of the three sections is given.
    public static let defaultCurrent = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "weather_code", "wind_speed_10m", "is_day",
    ]
    public static let defaultHourly = ["temperature_2m", "precipitation_probability", "weather_code"]
    public static let defaultDaily = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum", "sunrise", "sunset",
    ]

    /// - Parameters:
    ///   - current, hourly, daily, minutely15: variable names per section; when all four are `nil`, the
    ///     weather-card defaults. Repeated names are sent once; `raw:NAME` is sent as `NAME`.
    /// - Throws: `BreezeError.invalidParameter` naming the offending field.
    public init(
        coordinates: Coordinates, current: [String]? = nil, hourly: [String]? = nil,
        daily: [String]? = nil, minutely15: [String]? = nil, forecastDays: Int = 7, pastDays: Int = 0,
        temperatureUnit: TemperatureUnit? = nil,
        windSpeedUnit: WindSpeedUnit? = nil, precipitationUnit: PrecipitationUnit? = nil, timezone: String = "auto"
    ) throws(BreezeError) {
        self.coordinates = coordinates
        let useDefaults = current == nil && hourly == nil && daily == nil && minutely15 == nil
        self.current = try Self.variables(useDefaults ? Self.defaultCurrent : current ?? [], in: .current)
        self.hourly = try Self.variables(useDefaults ? Self.defaultHourly : hourly ?? [], in: .hourly)
        self.daily = try Self.variables(useDefaults ? Self.defaultDaily : daily ?? [], in: .daily)
        self.minutely15 = try Self.variables(minutely15 ?? [], in: .minutely15)
        try checkRange(forecastDays, 1...16, name: "forecastDays")
        try checkRange(pastDays, 0...92, name: "pastDays")
        guard !timezone.isEmpty, timezone.count <= 64,
            timezone.unicodeScalars.allSatisfy({ $0.isASCII && (Self.timezoneCharacters.contains($0)) })
        else {
            throw .invalidParameter(
                name: "timezone", reason: "must be an IANA time zone such as \"Europe/Berlin\", or \"auto\".")
        }
        self.forecastDays = forecastDays
        self.pastDays = pastDays
        self.temperatureUnit = temperatureUnit
        self.windSpeedUnit = windSpeedUnit
        self.precipitationUnit = precipitationUnit
        self.timezone = timezone
    }

    private static let timezoneCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/_+-"))

    /// The upstream names for `names`, each checked by `KnownVariables`, with repeats removed (first kept).
    private static func variables(_ names: [String], in section: ForecastSection) throws(BreezeError) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for name in names {
            let upstream = try KnownVariables.upstreamName(name, in: section)
            if seen.insert(upstream).inserted { result.append(upstream) }
        }
        return result
    }

    /// The variables asked for, per section, in the order the query sends them.
    public var sections: [(section: ForecastSection, variables: [String])] {
        [(.current, current), (.hourly, hourly), (.daily, daily), (.minutely15, minutely15)]
    }
}

/// A closed set of values for a string parameter, parsed with an error that lists the choices.
public protocol ParameterChoice: RawRepresentable<String>, CaseIterable, Sendable {}

extension ParameterChoice {
    /// The choice named `value`.
    /// - Throws: `BreezeError.invalidParameter` naming `field` and listing the accepted values.
    public init(parameter value: String, field: String) throws(BreezeError) {
        guard let choice = Self(rawValue: value) else {
            let accepted = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidParameter(name: field, reason: "must be one of \(accepted), not \"\(value)\".")
        }
        self = choice
    }
}

/// `temperature_unit`.
public enum TemperatureUnit: String, ParameterChoice {
    case celsius, fahrenheit
}

/// `wind_speed_unit`.
public enum WindSpeedUnit: String, ParameterChoice {
    case kmh, ms, mph, kn
}

/// `precipitation_unit`.
public enum PrecipitationUnit: String, ParameterChoice {
    case mm, inch
}

/// A forecast for one place, in the sections asked for.
///
/// Every key is always written: a section not asked for (or not sent) is `null`, a missing value is `null`.
public struct Forecast: Sendable, Hashable, Encodable {
    /// The centre of the upstream's grid cell (not the requested point).
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level of the grid cell, when known.
    public var elevation: Double?
    /// The IANA time zone all times are in.
    public var timezone: String
    /// For display only: its spelling varies between upstream builds.
    public var timezoneAbbreviation: String
    /// The zone's offset at request time, applied to every time in the response.
    public var utcOffsetSeconds: Int
    public var current: ForecastCurrent?
    public var hourly: ForecastSeries?
    public var daily: ForecastSeries?
    /// The 15-minute section, when asked for with `minutely15`.
    public var minutely15: ForecastSeries?

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation, timezone, timezoneAbbreviation, utcOffsetSeconds, current, hourly, daily
        case minutely15
    }

    /// Writes every key, `null` for missing values: the synthesized encoder would drop them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(elevation, forKey: .elevation)
        try container.encode(timezone, forKey: .timezone)
        try container.encode(timezoneAbbreviation, forKey: .timezoneAbbreviation)
        try container.encode(utcOffsetSeconds, forKey: .utcOffsetSeconds)
        try container.encode(current, forKey: .current)
        try container.encode(hourly, forKey: .hourly)
        try container.encode(daily, forKey: .daily)
        try container.encode(minutely15, forKey: .minutely15)
    }
}

/// Conditions now: one value per variable.
public struct ForecastCurrent: Sendable, Hashable, Encodable {
    /// Local time, `YYYY-MM-DDTHH:MM`.
    public var time: String
    /// The length of the period the values describe, in seconds (900 on the forecast API).
    public var interval: Int
    /// Numeric variables, by Open-Meteo name; `null` where the model has no value.
    public var values: [String: Double?]
    /// Time-valued variables (unit `iso8601`), by name: kept as the upstream's local time text.
    public var text: [String: String?]
    /// The unit of every variable, as the upstream states it (`"undefined"` when the model lacks it).
    public var units: [String: String]
    /// The WMO description of `weather_code`; `null` when it was not asked for or has no value.
    public var weatherDescription: String?

    private enum CodingKeys: String, CodingKey {
        case time, interval, values, text, units, weatherDescription
    }

    /// Writes every key, `null` for missing values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(interval, forKey: .interval)
        try container.encodeNullable(values, forKey: .values)
        try container.encodeNullable(text, forKey: .text)
        try container.encode(units, forKey: .units)
        try container.encode(weatherDescription, forKey: .weatherDescription)
    }
}

/// A time series section (`hourly` or `daily`): one entry per time in every series.
public struct ForecastSeries: Sendable, Hashable, Encodable {
    /// Local times: `YYYY-MM-DDTHH:MM` hourly, `YYYY-MM-DD` daily.
    public var time: [String]
    /// Numeric series, by Open-Meteo name; `null` where the model has no value.
    public var values: [String: [Double?]]
    /// Time-valued series (unit `iso8601`, e.g. daily `sunrise`), by name, as local time text; `null` where
    /// there is none (a day without moonrise).
    public var text: [String: [String?]]
    /// The unit of every series, as the upstream states it.
    public var units: [String: String]
    /// The WMO description for each `weather_code` value; `null` when `weather_code` was not asked for.
    public var weatherDescriptions: [String?]?

    private enum CodingKeys: String, CodingKey {
        case time, values, text, units, weatherDescriptions
    }

    /// Writes every key, `null` for missing values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encodeNullable(values, forKey: .values)
        try container.encodeNullable(text, forKey: .text)
        try container.encode(units, forKey: .units)
        if let weatherDescriptions {
            try container.encodeNullable(weatherDescriptions, forKey: .weatherDescriptions)
        } else {
            try container.encodeNil(forKey: .weatherDescriptions)
        }
    }
}

// MARK: - Upstream

/// A coding key for names known only at run time: the variables a caller asked for.
struct VariableKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

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
