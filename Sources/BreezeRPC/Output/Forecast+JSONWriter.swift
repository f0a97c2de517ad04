import Breeze
import JSONRPC

/// The forecast as it is written on the wire, its one serialisation: the hot path of `fetchForecast`. The series
/// (`[Double?]`) are written in one go (see `JSONWriter.numbers`).
extension Forecast: JSONWritable {
    /// Every member, `null` when missing, except `ignoredParameters`, `weekly` and `monthly`, written only when set.
    public func write(to json: inout JSONWriter) {
        var members: [String: any JSONWritable] = [
            "current": current, "daily": daily, "elevation": elevation, "hourly": hourly, "latitude": latitude,
            "longitude": longitude, "minutely15": minutely15, "timezone": timezone,
            "timezoneAbbreviation": timezoneAbbreviation, "utcOffsetSeconds": utcOffsetSeconds,
        ]
        if let weekly { members["weekly"] = weekly }
        if let monthly { members["monthly"] = monthly }
        json.object(members, ignoredParameters: ignoredParameters)
    }
}

extension ForecastCurrent: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "interval": interval, "text": text, "time": time, "units": units, "values": values,
            "weatherDescription": weatherDescription,
        ])
    }
}

extension ForecastSeries: JSONWritable {
    /// `memberCount` and `members` only with members (an ensemble).
    public func write(to json: inout JSONWriter) {
        var written: [String: any JSONWritable] = [
            "text": text, "time": time, "units": units, "values": values, "weatherDescriptions": weatherDescriptions,
        ]
        if let members {
            written["memberCount"] = memberCount ?? 1
            written["members"] = members
        }
        json.object(written)
    }
}
