import Breeze
import JSONRPC

/// The forecast as it is written on the wire, keys sorted, its one serialisation: the hot path of `fetchForecast`.
extension Forecast: JSONWritable {
    /// Keys in sorted order: current, daily, elevation, hourly, ignoredParameters (only when set), latitude,
    /// longitude, minutely15, monthly (only when set), timezone, timezoneAbbreviation, utcOffsetSeconds, weekly
    /// (only when set).
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("current", first: true)
        json.write(current)
        json.key("daily")
        json.write(daily)
        json.key("elevation")
        json.number(elevation)
        json.key("hourly")
        json.write(hourly)
        if let ignoredParameters {
            json.key("ignoredParameters")
            json.array(ignoredParameters) { $0.string($1) }
        }
        json.key("latitude")
        json.number(latitude)
        json.key("longitude")
        json.number(longitude)
        json.key("minutely15")
        json.write(minutely15)
        if let monthly {
            json.key("monthly")
            json.write(monthly)
        }
        json.key("timezone")
        json.string(timezone)
        json.key("timezoneAbbreviation")
        json.string(timezoneAbbreviation)
        json.key("utcOffsetSeconds")
        json.number(utcOffsetSeconds)
        if let weekly {
            json.key("weekly")
            json.write(weekly)
        }
        json.endObject()
    }
}

extension ForecastCurrent: JSONWritable {
    /// Keys in sorted order: interval, text, time, units, values, weatherDescription.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("interval", first: true)
        json.number(interval)
        json.key("text")
        json.object(text) { $0.string($1) }
        json.key("time")
        json.string(time)
        json.key("units")
        json.object(units) { $0.string($1) }
        json.key("values")
        json.object(values) { $0.number($1) }
        json.key("weatherDescription")
        json.string(weatherDescription)
        json.endObject()
    }
}

extension ForecastSeries: JSONWritable {
    /// Keys in sorted order: memberCount and members (only with members), text, time, units, values,
    /// weatherDescriptions.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        if let members {
            json.key("memberCount", first: true)
            json.number(memberCount ?? 1)
            json.key("members")
            json.object(members) { json, series in json.array(series) { $0.numbers($1) } }
        }
        json.key("text", first: members == nil)
        json.object(text) { json, texts in json.array(texts) { $0.string($1) } }
        json.key("time")
        json.array(time) { $0.string($1) }
        json.key("units")
        json.object(units) { $0.string($1) }
        json.key("values")
        json.object(values) { json, values in json.numbers(values) }
        json.key("weatherDescriptions")
        if let weatherDescriptions {
            json.array(weatherDescriptions) { $0.string($1) }
        } else {
            json.null()
        }
        json.endObject()
    }
}
