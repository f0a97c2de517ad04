import Breeze
import JSONRPC

/// Air quality as it is written on the wire, its one serialisation: with `forecastHours`, the hourly series are
/// most of the reply.
extension AirQuality: JSONWritable {
    /// Every member, `null` when missing, except `ignoredParameters`, written only when set.
    public func write(to json: inout JSONWriter) {
        json.object(
            [
                "carbonMonoxide": carbonMonoxide, "europeanAQI": europeanAQI, "europeanStatus": europeanStatus,
                "hourly": hourly, "latitude": latitude, "longitude": longitude, "nitrogenDioxide": nitrogenDioxide,
                "ozone": ozone, "pm10": pm10, "pm25": pm25, "pollutants": pollutants, "status": status,
                "sulphurDioxide": sulphurDioxide, "time": time, "timezone": timezone, "usAQI": usAQI,
            ], ignoredParameters: ignoredParameters)
    }
}

extension AirQualityHourly: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "carbonMonoxide": carbonMonoxide, "europeanAQI": europeanAQI, "nitrogenDioxide": nitrogenDioxide,
            "ozone": ozone, "pm10": pm10, "pm25": pm25, "subIndices": subIndices, "sulphurDioxide": sulphurDioxide,
            "time": time, "usAQI": usAQI,
        ])
    }
}

extension Pollutant: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "fullName": fullName, "id": id, "name": name, "status": status?.rawValue, "unit": unit, "usAQI": usAQI,
            "value": value,
        ])
    }
}

extension AQIStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "color": color.rawValue, "description": description, "level": level.rawValue, "text": text, "tips": tips,
        ])
    }
}

extension EuropeanAQIStatus: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object(["description": description, "level": level.rawValue, "text": text, "tips": tips])
    }
}
