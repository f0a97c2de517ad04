import Breeze
import JSONRPC

/// Air quality written straight to JSON bytes, byte for byte what `JSONEncoder` with sorted keys writes for it
/// (see `JSONWriter`): with `forecastHours`, the hourly series are most of the reply.
extension AirQuality: JSONBytesConvertible {
    /// The JSON text of this reading, keys sorted.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 4096 + 16 * 8 * 15 * (hourly?.time.count ?? 0))
        writer.write(self)
        return writer.bytes
    }
}

extension JSONWriter {
    /// Keys in sorted order: carbonMonoxide, europeanAQI, europeanStatus, hourly, ignoredParameters (only when
    /// set), latitude, longitude, nitrogenDioxide, ozone, pm10, pm25, pollutants, status, sulphurDioxide, time,
    /// timezone, usAQI.
    mutating func write(_ airQuality: AirQuality) {
        beginObject()
        numberMembers(
            ["carbonMonoxide": airQuality.carbonMonoxide, "europeanAQI": airQuality.europeanAQI], first: true)
        key("europeanStatus")
        if let status = airQuality.europeanStatus { write(status) } else { null() }
        key("hourly")
        if let hourly = airQuality.hourly { write(hourly) } else { null() }
        if let ignored = airQuality.ignoredParameters {
            key("ignoredParameters")
            array(ignored) { $0.string($1) }
        }
        numberMembers([
            "latitude": airQuality.latitude, "longitude": airQuality.longitude,
            "nitrogenDioxide": airQuality.nitrogenDioxide, "ozone": airQuality.ozone, "pm10": airQuality.pm10,
            "pm25": airQuality.pm25,
        ])
        key("pollutants")
        array(airQuality.pollutants) { $0.write($1) }
        key("status")
        if let status = airQuality.status { write(status) } else { null() }
        numberMembers(["sulphurDioxide": airQuality.sulphurDioxide])
        stringMembers(["time": airQuality.time, "timezone": airQuality.timezone])
        numberMembers(["usAQI": airQuality.usAQI])
        endObject()
    }

    /// Keys in sorted order: carbonMonoxide, europeanAQI, nitrogenDioxide, ozone, pm10, pm25, subIndices,
    /// sulphurDioxide, time, usAQI.
    mutating func write(_ hourly: AirQualityHourly) {
        beginObject()
        seriesMembers(
            [
                "carbonMonoxide": hourly.carbonMonoxide, "europeanAQI": hourly.europeanAQI,
                "nitrogenDioxide": hourly.nitrogenDioxide, "ozone": hourly.ozone, "pm10": hourly.pm10,
                "pm25": hourly.pm25,
            ], first: true)
        key("subIndices")
        object(hourly.subIndices) { $0.numbers($1) }
        seriesMembers(["sulphurDioxide": hourly.sulphurDioxide])
        key("time")
        array(hourly.time) { $0.string($1) }
        seriesMembers(["usAQI": hourly.usAQI])
        endObject()
    }

    /// Keys in sorted order: fullName, id, name, status, unit, usAQI, value.
    mutating func write(_ pollutant: Pollutant) {
        beginObject()
        stringMembers(
            [
                "fullName": pollutant.fullName, "id": pollutant.id, "name": pollutant.name,
                "status": pollutant.status?.rawValue, "unit": pollutant.unit,
            ], first: true)
        numberMembers(["usAQI": pollutant.usAQI, "value": pollutant.value])
        endObject()
    }

    /// Keys in sorted order: color, then the band's members.
    mutating func write(_ status: AQIStatus) {
        beginObject()
        key("color", first: true)
        string(status.color.rawValue)
        bandMembers(
            description: status.description, level: status.level.rawValue, text: status.text, tips: status.tips,
            first: false)
        endObject()
    }

    mutating func write(_ status: EuropeanAQIStatus) {
        beginObject()
        bandMembers(
            description: status.description, level: status.level.rawValue, text: status.text, tips: status.tips,
            first: true)
        endObject()
    }

    /// The members both AQI scales share, in sorted order: description, level, text, tips.
    private mutating func bandMembers(description: String, level: String, text: String, tips: [String], first: Bool) {
        stringMembers(["description": description, "level": level, "text": text], first: first)
        key("tips")
        array(tips) { $0.string($1) }
    }

    /// Members holding a string or `null`, already in sorted order.
    private mutating func stringMembers(_ members: KeyValuePairs<StaticString, String?>, first: Bool = false) {
        for (index, (name, value)) in members.enumerated() {
            key(name, first: first && index == 0)
            string(value)
        }
    }

    /// Members holding a number or `null`, already in sorted order.
    private mutating func numberMembers(_ members: KeyValuePairs<StaticString, Double?>, first: Bool = false) {
        for (index, (name, value)) in members.enumerated() {
            key(name, first: first && index == 0)
            number(value)
        }
    }

    /// Members holding a series, already in sorted order.
    private mutating func seriesMembers(_ members: KeyValuePairs<StaticString, [Double?]>, first: Bool = false) {
        for (index, (name, values)) in members.enumerated() {
            key(name, first: first && index == 0)
            numbers(values)
        }
    }
}
