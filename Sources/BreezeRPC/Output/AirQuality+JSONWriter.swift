import Breeze
import JSONRPC

/// Air quality as it is written on the wire, keys sorted, its one serialisation: with `forecastHours`, the hourly
/// series are most of the reply.
extension AirQuality: JSONWritable {
    /// Keys in sorted order: carbonMonoxide, europeanAQI, europeanStatus, hourly, ignoredParameters (only when
    /// set), latitude, longitude, nitrogenDioxide, ozone, pm10, pm25, pollutants, status, sulphurDioxide, time,
    /// timezone, usAQI.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.numberMembers(["carbonMonoxide": carbonMonoxide, "europeanAQI": europeanAQI], first: true)
        json.key("europeanStatus")
        json.write(europeanStatus)
        json.key("hourly")
        json.write(hourly)
        if let ignoredParameters {
            json.key("ignoredParameters")
            json.array(ignoredParameters) { $0.string($1) }
        }
        json.numberMembers([
            "latitude": latitude, "longitude": longitude, "nitrogenDioxide": nitrogenDioxide, "ozone": ozone,
            "pm10": pm10, "pm25": pm25,
        ])
        json.key("pollutants")
        json.array(pollutants) { $0.write($1) }
        json.key("status")
        json.write(status)
        json.numberMembers(["sulphurDioxide": sulphurDioxide])
        json.stringMembers(["time": time, "timezone": timezone])
        json.numberMembers(["usAQI": usAQI])
        json.endObject()
    }
}

extension AirQualityHourly: JSONWritable {
    /// Keys in sorted order: carbonMonoxide, europeanAQI, nitrogenDioxide, ozone, pm10, pm25, subIndices,
    /// sulphurDioxide, time, usAQI.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.seriesMembers(
            [
                "carbonMonoxide": carbonMonoxide, "europeanAQI": europeanAQI, "nitrogenDioxide": nitrogenDioxide,
                "ozone": ozone, "pm10": pm10, "pm25": pm25,
            ], first: true)
        json.key("subIndices")
        json.object(subIndices) { $0.numbers($1) }
        json.seriesMembers(["sulphurDioxide": sulphurDioxide])
        json.key("time")
        json.array(time) { $0.string($1) }
        json.seriesMembers(["usAQI": usAQI])
        json.endObject()
    }
}

extension Pollutant: JSONWritable {
    /// Keys in sorted order: fullName, id, name, status, unit, usAQI, value.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.stringMembers(
            ["fullName": fullName, "id": id, "name": name, "status": status?.rawValue, "unit": unit], first: true)
        json.numberMembers(["usAQI": usAQI, "value": value])
        json.endObject()
    }
}

extension AQIStatus: JSONWritable {
    /// Keys in sorted order: color, then the band's members.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("color", first: true)
        json.string(color.rawValue)
        json.bandMembers(description: description, level: level.rawValue, text: text, tips: tips, first: false)
        json.endObject()
    }
}

extension EuropeanAQIStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.bandMembers(description: description, level: level.rawValue, text: text, tips: tips, first: true)
        json.endObject()
    }
}

extension JSONWriter {
    /// The members both AQI scales share, in sorted order: description, level, text, tips.
    fileprivate mutating func bandMembers(
        description: String, level: String, text: String, tips: [String], first: Bool
    ) {
        stringMembers(["description": description, "level": level, "text": text], first: first)
        key("tips")
        array(tips) { $0.string($1) }
    }

    /// Members holding a string or `null`, already in sorted order.
    fileprivate mutating func stringMembers(_ members: KeyValuePairs<StaticString, String?>, first: Bool = false) {
        for (index, (name, value)) in members.enumerated() {
            key(name, first: first && index == 0)
            string(value)
        }
    }

    /// Members holding a number or `null`, already in sorted order.
    fileprivate mutating func numberMembers(_ members: KeyValuePairs<StaticString, Double?>, first: Bool = false) {
        for (index, (name, value)) in members.enumerated() {
            key(name, first: first && index == 0)
            number(value)
        }
    }

    /// Members holding a series, already in sorted order.
    fileprivate mutating func seriesMembers(_ members: KeyValuePairs<StaticString, [Double?]>, first: Bool = false) {
        for (index, (name, values)) in members.enumerated() {
            key(name, first: first && index == 0)
            numbers(values)
        }
    }
}
