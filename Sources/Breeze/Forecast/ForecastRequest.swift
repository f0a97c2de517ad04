import FoundationEssentials

/// What `fetchForecast` asks for: a place, which variables in which sections, how many days, which units.
///
/// Variable names are checked against `KnownVariables` before any upstream call; a name behind its
/// `raw:` escape hatch is Open-Meteo's to judge, and its refusal comes back as an `invalidParameter`.
public struct ForecastRequest: Sendable, Hashable {
    /// The place; in a call about several places (`at(_:)`), the first of them.
    public var coordinates: Coordinates { locations[0] }
    /// Every place asked about, in the order results come back.
    public private(set) var locations: [Coordinates]
    /// Whether the caller gave a list of places (even of one), and so gets a list of results.
    public private(set) var isList = false
    /// Variables for the `current` section; empty means no such section.
    public let current: [String]
    public let hourly: [String]
    public let daily: [String]
    /// Variables in 15-minute steps (Open-Meteo's `minutely_15`); empty means no such section.
    public let minutely15: [String]
    /// Days of forecast from today, 1…16.
    public let forecastDays: Int
    /// Days before today to include, 0…92.
    public let pastDays: Int
    /// `nil` leaves the upstream default (celsius, km/h, mm).
    public let temperatureUnit: TemperatureUnit?
    public let windSpeedUnit: WindSpeedUnit?
    public let precipitationUnit: PrecipitationUnit?
    /// An IANA time zone name, or `auto` for the zone at the point.
    public let timezone: String
    /// Open-Meteo weather models, one result each, in this order; empty means the upstream's `best_match` and a
    /// plain forecast as the result.
    public let models: [String]

    /// The days of forecast one may ask for: Open-Meteo's limit.
    public static let forecastDaysRange: ClosedRange<Int> = 1...16
    /// The past days one may ask for: Open-Meteo's limit.
    public static let pastDaysRange: ClosedRange<Int> = 0...92

    /// The essentials of a weather card, asked for when none of the three sections is given.
    public static let defaultCurrent = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "weather_code", "wind_speed_10m", "is_day",
    ]
    public static let defaultHourly = ["temperature_2m", "precipitation_probability", "weather_code"]
    public static let defaultDaily = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum", "sunrise", "sunset",
    ]

    /// - Parameters:
    ///   - current, hourly, daily, minutely15: variable names per section; when all four are `nil`, the
    ///     weather-card defaults. Repeated names are sent once; `raw:NAME` is sent as `NAME`.
    ///   - models: weather model names (see `KnownModels`); `nil` for the upstream's default.
    /// - Throws: `BreezeError.invalidParameter` naming the offending field.
    public init(
        coordinates: Coordinates, current: [String]? = nil, hourly: [String]? = nil,
        daily: [String]? = nil, minutely15: [String]? = nil, forecastDays: Int = 7, pastDays: Int = 0,
        temperatureUnit: TemperatureUnit? = nil,
        windSpeedUnit: WindSpeedUnit? = nil, precipitationUnit: PrecipitationUnit? = nil, timezone: String = "auto",
        models: [String]? = nil
    ) throws(BreezeError) {
        self.locations = [coordinates]
        self.models = try models.map { names throws(BreezeError) in try KnownModels.upstreamNames(names) } ?? []
        if current == nil && hourly == nil && daily == nil && minutely15 == nil {
            // Known names without repeats (a test checks it), so there is nothing to check or drop: a request for
            // the weather card, the most common one, skips the checks.
            (self.current, self.hourly, self.daily) = (Self.defaultCurrent, Self.defaultHourly, Self.defaultDaily)
            self.minutely15 = []
        } else {
            self.current = try Self.variables(current ?? [], in: .current)
            self.hourly = try Self.variables(hourly ?? [], in: .hourly)
            self.daily = try Self.variables(daily ?? [], in: .daily)
            self.minutely15 = try Self.variables(minutely15 ?? [], in: .minutely15)
        }
        try checkRange(forecastDays, Self.forecastDaysRange, name: "forecastDays")
        try checkRange(pastDays, Self.pastDaysRange, name: "pastDays")
        try Self.checkTimezone(timezone)
        self.forecastDays = forecastDays
        self.pastDays = pastDays
        self.temperatureUnit = temperatureUnit
        self.windSpeedUnit = windSpeedUnit
        self.precipitationUnit = precipitationUnit
        self.timezone = timezone
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

    /// This request about each of `places` (1 to `Coordinates.maxPerCall`) in one upstream call, with a list of
    /// results in the same order.
    /// - Throws: `BreezeError.invalidParameter` naming `field` when there are none or too many.
    public func at(_ places: [Coordinates], field: String = "latitude") throws(BreezeError) -> ForecastRequest {
        try Coordinates.checkCount(places, field: field)
        var request = self
        request.locations = places
        request.isList = true
        return request
    }

    /// The upstream names for `names`, each checked by `KnownVariables`, with repeats removed (first kept).
    static func variables(_ names: [String], in section: ForecastSection) throws(BreezeError) -> [String] {
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

    /// The variables asked for, per section, in the order the query sends them.
    public var sections: [(section: ForecastSection, variables: [String])] {
        [(.current, current), (.hourly, hourly), (.daily, daily), (.minutely15, minutely15)]
    }
}
