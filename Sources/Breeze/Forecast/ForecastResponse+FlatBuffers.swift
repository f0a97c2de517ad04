/// The forecast from a FlatBuffers message, identical to what the JSON answer decodes to.
extension ForecastResponse {
    init(_ message: WeatherApiResponse, request: WeatherDataRequest) throws(FlatBufferError) {
        try self.init(message, names: request.names(in:), firstWeek: request.firstWeek(utcOffsetSeconds:))
    }

    /// The answer to a request that asked for `hourly` names only, of any Open-Meteo API (air quality's too, which
    /// `WeatherDataRequest` does not describe).
    init(_ message: WeatherApiResponse, hourly: [String]) throws(FlatBufferError) {
        try self.init(message, names: { $0 == .hourly ? hourly : [] }, firstWeek: { _ in nil })
    }

    /// - Parameters:
    ///   - names: the names asked for per section, in query order (FlatBuffers answers carry positions only).
    ///   - firstWeek: the Monday a weekly section starts on, given the answer's UTC offset.
    private init(
        _ message: WeatherApiResponse, names: (ForecastSection) -> [String], firstWeek: (Int32) -> CivilDate?
    ) throws(FlatBufferError) {
        let offset = message.utcOffsetSeconds
        forecast = Forecast(
            latitude: message.latitude.jsonDouble, longitude: message.longitude.jsonDouble,
            elevation: message.elevation.isFinite ? message.elevation.jsonDouble : nil,
            // In GMT the strings are left out; the JSON answer says "GMT" for both.
            timezone: message.timezone ?? "GMT", timezoneAbbreviation: message.timezoneAbbreviation ?? "GMT",
            utcOffsetSeconds: Int(offset),
            current: try message.current.map { section throws(FlatBufferError) in
                try Self.current(section, names: names(.current), utcOffsetSeconds: offset)
            },
            hourly: try message.hourly.map { section throws(FlatBufferError) in
                try Self.series(section, names: names(.hourly), utcOffsetSeconds: offset)
            },
            daily: try message.daily.map { section throws(FlatBufferError) in
                try Self.series(section, names: names(.daily), utcOffsetSeconds: offset)
            },
            minutely15: try message.minutely15.map { section throws(FlatBufferError) in
                try Self.series(section, names: names(.minutely15), utcOffsetSeconds: offset)
            })
        forecast.weekly = try message.weekly.map { section throws(FlatBufferError) in
            let (count, year, month) = try section.axis()
            guard let monday = firstWeek(offset), monday.year == year, monday.month == month
            else {
                throw FlatBufferError(description: "the weekly section starts in \(year)-\(month), not as asked")
            }
            let times = (0..<count).map { CivilDate(daysSinceEpoch: monday.daysSinceEpoch + 7 * $0).iso }
            return try Self.series(section.variables, names: names(.weekly), time: times)
        }
        forecast.monthly = try message.monthly.map { section throws(FlatBufferError) in
            let (count, year, first) = try section.axis()
            let times = (0..<count).map { step in
                let month = first - 1 + step
                return CivilDate(year: year + month / 12, month: month % 12 + 1, day: 1).iso
            }
            return try Self.series(section.variables, names: names(.monthly), time: times)
        }
    }

    private static func current(_ section: VariablesWithTime, names: [String], utcOffsetSeconds: Int32)
        throws(FlatBufferError) -> ForecastCurrent
    {
        var current = ForecastCurrent(
            time: try LocalTime.text(section.time, utcOffsetSeconds: utcOffsetSeconds, dateOnly: false),
            interval: Int(section.interval), values: [:], text: [:], units: [:], weatherDescription: nil)
        // An ensemble's `current` is its control run alone.
        for (name, group) in try section.variables.grouped(names) {
            let variable = group[0]
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
        try series(
            section.variables, names: names, time: try section.localTimes(utcOffsetSeconds: utcOffsetSeconds),
            utcOffsetSeconds: utcOffsetSeconds)
    }

    /// The series of `variables` on the axis `time`: each name's control run in `values`, its members (when
    /// there are several) in `members`.
    private static func series(
        _ variables: [VariableWithValues], names: [String], time: [String], utcOffsetSeconds: Int32 = 0
    ) throws(FlatBufferError) -> ForecastSeries {
        var series = ForecastSeries(time: time, values: [:], text: [:], units: [:], weatherDescriptions: nil)
        for (name, group) in try variables.grouped(names) {
            let variable = group[0]
            if variable.isTime {
                series.text[name] = try variable.localTimes(count: time.count, utcOffsetSeconds: utcOffsetSeconds)
            } else {
                series.values[name] = try variable.roundedValues(count: time.count)
                if group.count > 1 {
                    series.members = series.members ?? [:]
                    series.members?[name] = try group.dropFirst().map { member throws(FlatBufferError) in
                        try member.roundedValues(count: time.count)
                    }
                }
            }
            series.units[name] = displayUnit(variable.unit.abbreviation)
        }
        describeWeather(&series)
        return series
    }
}
