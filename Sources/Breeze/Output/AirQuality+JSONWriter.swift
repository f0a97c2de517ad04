/// Air quality written straight to JSON bytes, byte for byte what `JSONEncoder` with sorted keys writes for it
/// (see `JSONWriter`): with `forecastHours`, the hourly series are most of the reply.
extension AirQuality {
    /// The JSON text of this reading, keys sorted.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 4096 + 16 * 8 * 15 * (hourly?.time.count ?? 0))
        writer.write(self)
        return writer.bytes
    }
}

extension JSONWriter {
    /// Keys in sorted order: carbonMonoxide, europeanAQI, europeanStatus, hourly, latitude, longitude,
    /// nitrogenDioxide, ozone, pm10, pm25, pollutants, status, sulphurDioxide, time, timezone, usAQI.
    mutating func write(_ airQuality: AirQuality) {
        beginObject()
        key("carbonMonoxide", first: true)
        number(airQuality.carbonMonoxide)
        key("europeanAQI")
        number(airQuality.europeanAQI)
        key("europeanStatus")
        if let status = airQuality.europeanStatus { write(status) } else { null() }
        key("hourly")
        if let hourly = airQuality.hourly { write(hourly) } else { null() }
        key("latitude")
        number(airQuality.latitude)
        key("longitude")
        number(airQuality.longitude)
        key("nitrogenDioxide")
        number(airQuality.nitrogenDioxide)
        key("ozone")
        number(airQuality.ozone)
        key("pm10")
        number(airQuality.pm10)
        key("pm25")
        number(airQuality.pm25)
        key("pollutants")
        array(airQuality.pollutants) { $0.write($1) }
        key("status")
        if let status = airQuality.status { write(status) } else { null() }
        key("sulphurDioxide")
        number(airQuality.sulphurDioxide)
        key("time")
        string(airQuality.time)
        key("timezone")
        string(airQuality.timezone)
        key("usAQI")
        number(airQuality.usAQI)
        endObject()
    }

    /// Keys in sorted order: carbonMonoxide, europeanAQI, nitrogenDioxide, ozone, pm10, pm25, subIndices,
    /// sulphurDioxide, time, usAQI.
    mutating func write(_ hourly: AirQualityHourly) {
        beginObject()
        key("carbonMonoxide", first: true)
        numbers(hourly.carbonMonoxide)
        key("europeanAQI")
        numbers(hourly.europeanAQI)
        key("nitrogenDioxide")
        numbers(hourly.nitrogenDioxide)
        key("ozone")
        numbers(hourly.ozone)
        key("pm10")
        numbers(hourly.pm10)
        key("pm25")
        numbers(hourly.pm25)
        key("subIndices")
        object(hourly.subIndices) { $0.numbers($1) }
        key("sulphurDioxide")
        numbers(hourly.sulphurDioxide)
        key("time")
        array(hourly.time) { $0.string($1) }
        key("usAQI")
        numbers(hourly.usAQI)
        endObject()
    }

    /// Keys in sorted order: fullName, id, name, status, unit, usAQI, value.
    mutating func write(_ pollutant: Pollutant) {
        beginObject()
        key("fullName", first: true)
        string(pollutant.fullName)
        key("id")
        string(pollutant.id)
        key("name")
        string(pollutant.name)
        key("status")
        string(pollutant.status?.rawValue)
        key("unit")
        string(pollutant.unit)
        key("usAQI")
        number(pollutant.usAQI)
        key("value")
        number(pollutant.value)
        endObject()
    }

    /// Keys in sorted order: color, description, level, text, tips.
    mutating func write(_ status: AQIStatus) {
        beginObject()
        key("color", first: true)
        string(status.color.rawValue)
        key("description")
        string(status.description)
        key("level")
        string(status.level.rawValue)
        key("text")
        string(status.text)
        key("tips")
        array(status.tips) { $0.string($1) }
        endObject()
    }

    /// Keys in sorted order: description, level, text, tips.
    mutating func write(_ status: EuropeanAQIStatus) {
        beginObject()
        key("description", first: true)
        string(status.description)
        key("level")
        string(status.level.rawValue)
        key("text")
        string(status.text)
        key("tips")
        array(status.tips) { $0.string($1) }
        endObject()
    }

    /// A series of numbers, `null` for each missing one.
    mutating func numbers(_ values: [Double?]) {
        array(values) { $0.number($1) }
    }
}
