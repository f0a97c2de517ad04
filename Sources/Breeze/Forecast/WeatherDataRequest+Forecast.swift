import FoundationEssentials

/// `fetchForecast`'s request: the forecast API of the family, with its narrower param set (four sections, a day
/// window of days ahead and back, three units, the forecast's models).
///
/// One request type serves both methods; this is the forecast's way in. Variable names are checked against
/// `KnownVariables` before any upstream call; a name behind its `raw:` escape hatch is Open-Meteo's to judge, and
/// its refusal comes back as an `invalidParameter`.
extension WeatherDataRequest {
    /// Which param set a request was made with: it keeps each method's defaults, checks and words.
    public enum ParamSet: Sendable, Hashable {
        /// `fetchForecast`'s: the weather-card defaults, names checked by the forecast's vocabulary alone, no
        /// members, one place without models read as one answer, and the forecast's words for a refusal.
        case forecast
        /// `fetchWeatherData`'s: the whole family, with members, and places no model covers as `noData`.
        case family
    }

    /// The days of forecast one may ask for: Open-Meteo's limit.
    public static let forecastDaysRange: ClosedRange<Int> = 1...16
    /// The past days one may ask for: Open-Meteo's limit.
    public static let pastDaysRange: ClosedRange<Int> = 0...92

    /// The essentials of a weather card, asked for when none of the four sections is given.
    public static let defaultCurrent = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "weather_code", "wind_speed_10m", "is_day",
    ]
    public static let defaultHourly = ["temperature_2m", "precipitation_probability", "weather_code"]
    public static let defaultDaily = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum", "sunrise", "sunset",
    ]

    /// A forecast at `coordinates`.
    ///
    /// - Parameters:
    ///   - current, hourly, daily, minutely15: variable names per section; when all four are `nil`, the
    ///     weather-card defaults. Repeated names are sent once; `raw:NAME` is sent as `NAME`.
    ///   - models: weather model names (see `KnownModels`); `nil` for the upstream's default.
    /// - Throws: `BreezeError.invalidParameter` naming the offending field.
    public init(
        forecastAt coordinates: Coordinates, current: [String]? = nil, hourly: [String]? = nil,
        daily: [String]? = nil, minutely15: [String]? = nil, forecastDays: Int = 7, pastDays: Int = 0,
        temperatureUnit: TemperatureUnit? = nil, windSpeedUnit: WindSpeedUnit? = nil,
        precipitationUnit: PrecipitationUnit? = nil, timezone: String = "auto", models: [String]? = nil
    ) throws(BreezeError) {
        api = .forecast
        paramSet = .forecast
        locations = [coordinates]
        self.models = try models.map { names throws(BreezeError) in try KnownModels.upstreamNames(names) } ?? []
        if current == nil && hourly == nil && daily == nil && minutely15 == nil {
            // Known names without repeats (a test checks it), so there is nothing to check or drop: a request for
            // the weather card, the most common one, skips the checks.
            variables = [.current: Self.defaultCurrent, .hourly: Self.defaultHourly, .daily: Self.defaultDaily]
        } else {
            variables = [
                .current: try Self.forecastVariables(current ?? [], in: .current),
                .hourly: try Self.forecastVariables(hourly ?? [], in: .hourly),
                .daily: try Self.forecastVariables(daily ?? [], in: .daily),
                .minutely15: try Self.forecastVariables(minutely15 ?? [], in: .minutely15),
            ]
        }
        try checkRange(forecastDays, Self.forecastDaysRange, name: "forecastDays")
        try checkRange(pastDays, Self.pastDaysRange, name: "pastDays")
        try Self.checkTimezone(timezone)
        (self.forecastDays, self.pastDays) = (forecastDays, pastDays)
        (startDate, endDate, pastHours, forecastHours, run, madeAt) = (nil, nil, nil, nil, nil, nil)
        var options: [QueryItem] = []
        if let unit = temperatureUnit { options.append(QueryItem("temperature_unit", unit.rawValue)) }
        if let unit = windSpeedUnit { options.append(QueryItem("wind_speed_unit", unit.rawValue)) }
        if let unit = precipitationUnit { options.append(QueryItem("precipitation_unit", unit.rawValue)) }
        options.append(QueryItem("timezone", timezone))
        self.options = options
    }

    /// Checks that `timezone` looks like an IANA time zone name or `auto` (Open-Meteo judges the rest).
    /// - Throws: `BreezeError.invalidParameter` naming `timezone`.
    static func checkTimezone(_ timezone: String) throws(BreezeError) {
        guard !timezone.isEmpty, timezone.count <= 64,
            timezone.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/_+-".unicodeScalars.contains($0))
            })
        else {
            throw .invalidParameter(
                name: "timezone", reason: "must be an IANA time zone such as \"Europe/Berlin\", or \"auto\".")
        }
    }

    /// The upstream names for `names`, each checked by `KnownVariables` alone, with repeats removed (first kept).
    static func forecastVariables(_ names: [String], in section: ForecastSection) throws(BreezeError) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        // No spare capacity: a call waiting on the upstream keeps its request.
        result.reserveCapacity(names.count)
        for name in names {
            let upstream = try KnownVariables.upstreamName(name, in: section)
            if seen.insert(upstream).inserted { result.append(upstream) }
        }
        return result
    }
}
