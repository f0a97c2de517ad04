/// The forecast from a FlatBuffers message, identical to what the JSON answer decodes to.
extension ForecastResponse {
    init(_ message: WeatherApiResponse, request: ForecastRequest) throws(FlatBufferError) {
        let offset = message.utcOffsetSeconds
        forecast = Forecast(
            latitude: message.latitude.jsonDouble, longitude: message.longitude.jsonDouble,
            elevation: message.elevation.isFinite ? message.elevation.jsonDouble : nil,
            // In GMT the strings are left out; the JSON answer says "GMT" for both.
            timezone: message.timezone ?? "GMT", timezoneAbbreviation: message.timezoneAbbreviation ?? "GMT",
            utcOffsetSeconds: Int(offset),
            current: try message.current.map { section throws(FlatBufferError) in
                try Self.current(section, names: request.current, utcOffsetSeconds: offset)
            },
            hourly: try message.hourly.map { section throws(FlatBufferError) in
                try Self.series(section, names: request.hourly, utcOffsetSeconds: offset)
            },
            daily: try message.daily.map { section throws(FlatBufferError) in
                try Self.series(section, names: request.daily, utcOffsetSeconds: offset)
            },
            minutely15: try message.minutely15.map { section throws(FlatBufferError) in
                try Self.series(section, names: request.minutely15, utcOffsetSeconds: offset)
            })
    }

    private static func current(_ section: VariablesWithTime, names: [String], utcOffsetSeconds: Int32)
        throws(FlatBufferError) -> ForecastCurrent
    {
        var current = ForecastCurrent(
            time: try LocalTime.text(section.time, utcOffsetSeconds: utcOffsetSeconds, dateOnly: false),
            interval: Int(section.interval), values: [:], text: [:], units: [:], weatherDescription: nil)
        for (name, variable) in try section.named(names) {
            if variable.isTime {
                current.text[name] = .some(
                    try variable.localTimes(count: 1, utcOffsetSeconds: utcOffsetSeconds).first ?? nil)
            } else {
                current.values[name] = .some(variable.unit.rounded(variable.value))
            }
            current.units[name] = displayUnit(variable.unit.abbreviation)
        }
        describeWeather(&current)
        return current
    }

    private static func series(_ section: VariablesWithTime, names: [String], utcOffsetSeconds: Int32)
        throws(FlatBufferError) -> ForecastSeries
    {
        let time = try section.localTimes(utcOffsetSeconds: utcOffsetSeconds)
        var series = ForecastSeries(time: time, values: [:], text: [:], units: [:], weatherDescriptions: nil)
        for (name, variable) in try section.named(names) {
            if variable.isTime {
                series.text[name] = try variable.localTimes(count: time.count, utcOffsetSeconds: utcOffsetSeconds)
            } else {
                series.values[name] = try variable.roundedValues(count: time.count)
            }
            series.units[name] = displayUnit(variable.unit.abbreviation)
        }
        describeWeather(&series)
        return series
    }
}
