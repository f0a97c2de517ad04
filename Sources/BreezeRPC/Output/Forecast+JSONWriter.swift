import Breeze
import JSONRPC

/// The forecast written straight to JSON bytes, byte for byte what `JSONEncoder` with sorted keys writes
/// for it (see `JSONWriter`): the hot path of `fetchForecast`.
extension Forecast: JSONBytesConvertible {
    /// The JSON text of this forecast, keys sorted.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 4096 + 8 * ((hourly?.time.count ?? 0) * (hourly?.values.count ?? 0)))
        writer.write(self)
        return writer.bytes
    }
}

extension JSONWriter {
    /// Keys in sorted order: current, daily, elevation, hourly, ignoredParameters (only when set), latitude,
    /// longitude, minutely15, timezone, timezoneAbbreviation, utcOffsetSeconds.
    mutating func write(_ forecast: Forecast) {
        beginObject()
        key("current", first: true)
        if let current = forecast.current { write(current) } else { null() }
        key("daily")
        write(forecast.daily)
        key("elevation")
        number(forecast.elevation)
        key("hourly")
        write(forecast.hourly)
        if let ignored = forecast.ignoredParameters {
            key("ignoredParameters")
            array(ignored) { $0.string($1) }
        }
        key("latitude")
        number(forecast.latitude)
        key("longitude")
        number(forecast.longitude)
        key("minutely15")
        write(forecast.minutely15)
        if let monthly = forecast.monthly {
            key("monthly")
            write(monthly)
        }
        key("timezone")
        string(forecast.timezone)
        key("timezoneAbbreviation")
        string(forecast.timezoneAbbreviation)
        key("utcOffsetSeconds")
        number(forecast.utcOffsetSeconds)
        if let weekly = forecast.weekly {
            key("weekly")
            write(weekly)
        }
        endObject()
    }

    /// Keys in sorted order: interval, text, time, units, values, weatherDescription.
    mutating func write(_ current: ForecastCurrent) {
        beginObject()
        key("interval", first: true)
        number(current.interval)
        key("text")
        object(current.text) { $0.string($1) }
        key("time")
        string(current.time)
        key("units")
        object(current.units) { $0.string($1) }
        key("values")
        object(current.values) { $0.number($1) }
        key("weatherDescription")
        string(current.weatherDescription)
        endObject()
    }

    /// Keys in sorted order: memberCount and members (only with members), text, time, units, values,
    /// weatherDescriptions.
    mutating func write(_ series: ForecastSeries?) {
        guard let series else { return null() }
        beginObject()
        if let members = series.members {
            key("memberCount", first: true)
            number(series.memberCount ?? 1)
            key("members")
            object(members) { writer, series in writer.array(series) { $0.numbers($1) } }
        }
        key("text", first: series.members == nil)
        object(series.text) { writer, texts in writer.array(texts) { $0.string($1) } }
        key("time")
        array(series.time) { $0.string($1) }
        key("units")
        object(series.units) { $0.string($1) }
        key("values")
        object(series.values) { writer, values in writer.numbers(values) }
        key("weatherDescriptions")
        if let descriptions = series.weatherDescriptions {
            array(descriptions) { $0.string($1) }
        } else {
            null()
        }
        endObject()
    }
}
