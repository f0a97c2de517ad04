import Breeze
import Foundation

// The `Encodable` form the large results had before the binding became the one writer of them
// (`Sources/BreezeRPC/Output`): the reference `JSONWriterTests` hold the writers to, byte for byte through
// `JSONEncoder` (sorted keys, slashes unescaped), so that a member a writer drops, renames or misplaces fails a
// test; and the JSON the domain's tests read their models in. Test code only: the service writes each model one
// way.

extension Forecast: Encodable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation, timezone, timezoneAbbreviation, utcOffsetSeconds, current, hourly, daily
        case minutely15, ignoredParameters, weekly, monthly
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
        try container.encodeIfPresent(ignoredParameters, forKey: .ignoredParameters)
        try container.encodeIfPresent(weekly, forKey: .weekly)
        try container.encodeIfPresent(monthly, forKey: .monthly)
    }
}

extension ForecastSeries: Encodable {
    private enum CodingKeys: String, CodingKey {
        case time, values, text, units, weatherDescriptions, members, memberCount
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
        if let members {
            try container.encode(members, forKey: .members)
            try container.encode(memberCount ?? 1, forKey: .memberCount)
        }
    }
}

extension ForecastCurrent: Encodable {
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

extension AirQuality: Encodable {
    private enum CodingKeys: String, CodingKey {
        case time, latitude, longitude, timezone, usAQI, europeanAQI, pm25, pm10, carbonMonoxide, nitrogenDioxide
        case sulphurDioxide, ozone, status, europeanStatus, pollutants, hourly, ignoredParameters
    }

    /// Writes every key, `null` for missing values: the synthesized encoder would drop them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(timezone, forKey: .timezone)
        try container.encode(usAQI, forKey: .usAQI)
        try container.encode(europeanAQI, forKey: .europeanAQI)
        try container.encode(pm25, forKey: .pm25)
        try container.encode(pm10, forKey: .pm10)
        try container.encode(carbonMonoxide, forKey: .carbonMonoxide)
        try container.encode(nitrogenDioxide, forKey: .nitrogenDioxide)
        try container.encode(sulphurDioxide, forKey: .sulphurDioxide)
        try container.encode(ozone, forKey: .ozone)
        try container.encode(status, forKey: .status)
        try container.encode(europeanStatus, forKey: .europeanStatus)
        try container.encode(pollutants, forKey: .pollutants)
        try container.encode(hourly, forKey: .hourly)
        try container.encodeIfPresent(ignoredParameters, forKey: .ignoredParameters)
    }
}

extension AirQualityHourly: Encodable {
    private enum CodingKeys: String, CodingKey {
        case time, usAQI, europeanAQI, pm25, pm10, carbonMonoxide, nitrogenDioxide, sulphurDioxide, ozone, subIndices
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encodeNullable(usAQI, forKey: .usAQI)
        try container.encodeNullable(europeanAQI, forKey: .europeanAQI)
        try container.encodeNullable(pm25, forKey: .pm25)
        try container.encodeNullable(pm10, forKey: .pm10)
        try container.encodeNullable(carbonMonoxide, forKey: .carbonMonoxide)
        try container.encodeNullable(nitrogenDioxide, forKey: .nitrogenDioxide)
        try container.encodeNullable(sulphurDioxide, forKey: .sulphurDioxide)
        try container.encodeNullable(ozone, forKey: .ozone)
        try container.encodeNullable(subIndices, forKey: .subIndices)
    }
}

extension Pollutant: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, fullName, value, unit, usAQI, status
    }

    /// Writes every key, `null` for missing values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(usAQI, forKey: .usAQI)
        try container.encode(status, forKey: .status)
    }
}

extension ClimateComparison: Encodable {
    private enum CodingKeys: String, CodingKey {
        case date, unit, points, change, missingYears
    }

    /// `change` is written as `null` when there is nothing to compare.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(unit, forKey: .unit)
        try container.encode(points, forKey: .points)
        try container.encode(change, forKey: .change)
        try container.encode(missingYears, forKey: .missingYears)
    }
}

extension ClimatePoint: Encodable {
    private enum CodingKeys: String, CodingKey { case year, temperature, date }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(year, forKey: .year)
        try container.encode(temperature, forKey: .temperature)
        try container.encode(date, forKey: .date)
    }
}

extension AQIStatus: Encodable {
    private enum CodingKeys: String, CodingKey { case level, text, description, color, tips }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(level.rawValue, forKey: .level)
        try container.encode(text, forKey: .text)
        try container.encode(description, forKey: .description)
        try container.encode(color.rawValue, forKey: .color)
        try container.encode(tips, forKey: .tips)
    }
}

extension EuropeanAQIStatus: Encodable {
    private enum CodingKeys: String, CodingKey { case level, text, description, tips }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(level.rawValue, forKey: .level)
        try container.encode(text, forKey: .text)
        try container.encode(description, forKey: .description)
        try container.encode(tips, forKey: .tips)
    }
}
