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
        try container.encodeMembers([
            .latitude: latitude, .longitude: longitude, .elevation: elevation, .timezone: timezone,
            .timezoneAbbreviation: timezoneAbbreviation, .utcOffsetSeconds: utcOffsetSeconds, .current: current,
            .hourly: hourly, .daily: daily, .minutely15: minutely15,
        ])
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
        try container.encodeMembers([
            .time: time, .values: values, .text: text, .units: units, .weatherDescriptions: weatherDescriptions,
        ])
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
        try container.encodeMembers([
            .time: time, .interval: interval, .values: values, .text: text, .units: units,
            .weatherDescription: weatherDescription,
        ])
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
        try container.encodeMembers([
            .time: time, .latitude: latitude, .longitude: longitude, .timezone: timezone, .usAQI: usAQI,
            .europeanAQI: europeanAQI, .pm25: pm25, .pm10: pm10, .carbonMonoxide: carbonMonoxide,
            .nitrogenDioxide: nitrogenDioxide, .sulphurDioxide: sulphurDioxide, .ozone: ozone, .status: status,
            .europeanStatus: europeanStatus, .pollutants: pollutants, .hourly: hourly,
        ])
        try container.encodeIfPresent(ignoredParameters, forKey: .ignoredParameters)
    }
}

extension AirQualityHourly: Encodable {
    private enum CodingKeys: String, CodingKey {
        case time, usAQI, europeanAQI, pm25, pm10, carbonMonoxide, nitrogenDioxide, sulphurDioxide, ozone, subIndices
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .time: time, .usAQI: usAQI, .europeanAQI: europeanAQI, .pm25: pm25, .pm10: pm10,
            .carbonMonoxide: carbonMonoxide, .nitrogenDioxide: nitrogenDioxide, .sulphurDioxide: sulphurDioxide,
            .ozone: ozone, .subIndices: subIndices,
        ])
    }
}

extension Pollutant: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, fullName, value, unit, usAQI, status
    }

    /// Writes every key, `null` for missing values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .id: id, .name: name, .fullName: fullName, .value: value, .unit: unit, .usAQI: usAQI, .status: status,
        ])
    }
}

extension ClimateComparison: Encodable {
    private enum CodingKeys: String, CodingKey {
        case date, unit, points, change, missingYears
    }

    /// `change` is written as `null` when there is nothing to compare.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .date: date, .unit: unit, .points: points, .change: change, .missingYears: missingYears,
        ])
    }
}

extension ClimatePoint: Encodable {
    private enum CodingKeys: String, CodingKey { case year, temperature, date }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([.year: year, .temperature: temperature, .date: date])
    }
}

extension AQIStatus: Encodable {
    private enum CodingKeys: String, CodingKey { case level, text, description, color, tips }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .level: level.rawValue, .text: text, .description: description, .color: color.rawValue, .tips: tips,
        ])
    }
}

extension EuropeanAQIStatus: Encodable {
    private enum CodingKeys: String, CodingKey { case level, text, description, tips }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([.level: level.rawValue, .text: text, .description: description, .tips: tips])
    }
}
