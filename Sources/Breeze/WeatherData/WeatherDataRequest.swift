import FoundationEssentials

/// What `fetchWeatherData` asks of one of Open-Meteo's time-series APIs: places, variables per section, the time
/// window, units and the API's own params. `fetchForecast` asks the same of the forecast API with its narrower
/// param set (`init(forecastAt:…)`, `ParamSet.forecast`): one request type, one query, one reading.
///
/// Everything is checked against the API's facts (`WeatherAPI`) when the request is made, before any upstream
/// call: a section, param, day count or date the API does not have is an `invalidParameter` naming the param and
/// the API, since Open-Meteo would drop it silently.
public struct WeatherDataRequest: Sendable, Hashable, PlaceListRequest {
    public let api: WeatherAPI
    /// The param set it was made with, which keeps each method's defaults, checks and words.
    public let paramSet: ParamSet
    /// The place; in a call about several places (`at(_:)`), the first of them.
    public var coordinates: Coordinates { locations[0] }
    /// Every place asked about, in the order results come back.
    public internal(set) var locations: [Coordinates]
    /// Whether the caller gave a list of places (even of one), and so gets a list of results.
    public internal(set) var isList = false
    /// The upstream variable names per section, in query order; an empty list is a section not asked for.
    public let variables: [ForecastSection: [String]]
    /// The models asked for, in order, as sent; empty for the API's default.
    public let models: [String]
    /// The day window: days ahead and back, or a date range, or (single runs) the run and hours from it.
    public let forecastDays: Int?
    public let pastDays: Int?
    public let startDate: String?
    public let endDate: String?
    public let pastHours: Int?
    public let forecastHours: Int?
    /// The model run, `YYYY-MM-DDTHH:MM` (UTC); single runs only.
    public let run: String?
    /// The remaining query params, upstream name and value, in query order (units, time zone, cell selection…).
    let options: [QueryItem]

    /// A query param, upstream name and value.
    struct QueryItem: Hashable, Sendable {
        let name: String
        let value: String

        init(_ name: String, _ value: String) {
            (self.name, self.value) = (name, value)
        }
    }
    /// The Unix second the request was made at, kept only when weekly statistics are asked for: FlatBuffers
    /// answers lose the Monday they start on, which is found again from the window's first day.
    let madeAt: Int64?

    /// The params of a request, as the caller gave them; `nil` is "not given".
    public struct Parameters: Sendable {
        public var current, hourly, daily, minutely15, weekly, monthly: [String]?
        public var models: [String]?
        public var forecastDays, pastDays, pastHours, forecastHours: Int?
        public var startDate, endDate, run: String?
        public var temperatureUnit: TemperatureUnit?
        public var windSpeedUnit: WindSpeedUnit?
        public var precipitationUnit: PrecipitationUnit?
        public var lengthUnit: LengthUnit?
        public var timezone: String = "auto"
        public var temporalResolution: TemporalResolution?
        public var cellSelection: CellSelection?
        public var ensemble: Bool?
        public var disableBiasCorrection: Bool?
        public var tilt, azimuth: Double?

        public init() {}
    }

    /// - Parameters:
    ///   - now: the time the request is made at; "today" for the API's history limits is its UTC date.
    /// - Throws: `BreezeError.invalidParameter` naming the offending param (and the API, where the API is why).
    public init(api: WeatherAPI, coordinates: Coordinates, _ given: Parameters, now: Date) throws(BreezeError) {
        self.api = api
        paramSet = .family
        locations = [coordinates]
        let today = CivilDate(daysSinceEpoch: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))

        // Sections: each one the API has; none at all asks for the API's essentials.
        var variables: [ForecastSection: [String]] = [:]
        let sections: [(ForecastSection, [String]?)] = [
            (.current, given.current), (.hourly, given.hourly), (.daily, given.daily),
            (.minutely15, given.minutely15), (.weekly, given.weekly), (.monthly, given.monthly),
        ]
        for (section, names) in sections {
            guard let names else { continue }
            guard api.sections.contains(section) else {
                throw .invalidParameter(
                    name: section.rawValue,
                    reason: "the \(api.rawValue) API has no \(section.rawValue) section; it has "
                        + "\(api.sections.map(\.rawValue).joined(separator: ", ")).")
            }
            variables[section] = try Self.variables(names, in: section, api: api)
        }
        if sections.allSatisfy({ $0.1 == nil }) {
            variables[api.defaultVariables.section] = api.defaultVariables.names
        }
        guard variables.values.contains(where: { !$0.isEmpty }) else {
            throw .invalidParameter(
                name: api.sections.first?.rawValue ?? "daily",
                reason: "name at least one variable in a section the \(api.rawValue) API has: "
                    + "\(api.sections.map(\.rawValue).joined(separator: ", ")).")
        }
        self.variables = variables
        models =
            try given.models.map { names throws(BreezeError) in try Self.models(names, api: api) }
            ?? api.impliedModels

        // The API's own params.
        let extras: [(WeatherDataParameter, Bool)] = [
            (.temperatureUnit, given.temperatureUnit != nil), (.windSpeedUnit, given.windSpeedUnit != nil),
            (.precipitationUnit, given.precipitationUnit != nil), (.lengthUnit, given.lengthUnit != nil),
            (.pastHours, given.pastHours != nil), (.forecastHours, given.forecastHours != nil),
            (.run, given.run != nil), (.temporalResolution, given.temporalResolution != nil),
            (.cellSelection, given.cellSelection != nil), (.ensemble, given.ensemble != nil),
            (.disableBiasCorrection, given.disableBiasCorrection != nil), (.tilt, given.tilt != nil),
            (.azimuth, given.azimuth != nil),
        ]
        for (parameter, isGiven) in extras where isGiven && !api.parameters.contains(parameter) {
            throw .invalidParameter(
                name: parameter.rawValue, reason: "the \(api.rawValue) API does not take \(parameter.rawValue).")
        }

        // The window.
        let history = api.historyStart(today: today)
        let horizon = api.historyEnd(today: today)
        let maxPastDays = today.daysSinceEpoch - history.daysSinceEpoch
        let (daysDefault, daysMax) = api.forecastDays
        if api == .singleRun {
            guard let run = given.run else {
                throw .invalidParameter(
                    name: "run", reason: "the singleRun API needs run, the model run as YYYY-MM-DDTHH:MM (UTC).")
            }
            for (name, isGiven) in [
                ("startDate", given.startDate != nil), ("endDate", given.endDate != nil),
                ("pastDays", given.pastDays != nil),
            ] where isGiven {
                throw .invalidParameter(
                    name: name, reason: "the singleRun API counts from run; \(name) does not apply there.")
            }
            guard let day = Self.date(String(run.prefix(10))), run.count == 16, Self.isTimeOfDay(run.dropFirst(10)),
                day.daysSinceEpoch >= history.daysSinceEpoch, day.daysSinceEpoch <= today.daysSinceEpoch
            else {
                throw .invalidParameter(
                    name: "run",
                    reason:
                        "must be a model run as YYYY-MM-DDTHH:MM (UTC) from \(history.iso) to today, not \"\(run)\".")
            }
            self.run = run
        } else {
            run = nil
        }
        if given.startDate != nil || given.endDate != nil {
            guard let startText = given.startDate, let endText = given.endDate else {
                throw .invalidParameter(
                    name: given.startDate == nil ? "startDate" : "endDate",
                    reason: "startDate and endDate go together; give both, as YYYY-MM-DD.")
            }
            for (name, isGiven) in [
                ("forecastDays", given.forecastDays != nil), ("pastDays", given.pastDays != nil),
                ("pastHours", given.pastHours != nil), ("forecastHours", given.forecastHours != nil),
            ] where isGiven {
                throw .invalidParameter(
                    name: name, reason: "a date range (startDate, endDate) sets the window; leave out \(name).")
            }
            for (name, text) in [("startDate", startText), ("endDate", endText)] {
                guard let day = Self.date(text) else {
                    throw .invalidParameter(name: name, reason: "must be a date as YYYY-MM-DD, not \"\(text)\".")
                }
                guard day.daysSinceEpoch >= history.daysSinceEpoch, day.daysSinceEpoch <= horizon.daysSinceEpoch else {
                    throw .invalidParameter(
                        name: name,
                        reason: "the \(api.rawValue) API has data from \(history.iso) to \(horizon.iso); "
                            + "\(text) is outside.")
                }
            }
            guard let start = Self.date(startText), let end = Self.date(endText),
                start.daysSinceEpoch <= end.daysSinceEpoch
            else { throw .invalidParameter(name: "endDate", reason: "must not be before startDate.") }
            (startDate, endDate, forecastDays, pastDays) = (startText, endText, nil, nil)
        } else {
            let days = given.forecastDays ?? daysDefault
            guard (0...daysMax).contains(days) else {
                throw .invalidParameter(
                    name: "forecastDays", reason: "the \(api.rawValue) API takes 0 to \(daysMax) days, not \(days).")
            }
            let past = given.pastDays ?? 0
            guard (0...max(0, maxPastDays)).contains(past) else {
                throw .invalidParameter(
                    name: "pastDays",
                    reason: "the \(api.rawValue) API has data from \(history.iso): 0 to \(maxPastDays) days, "
                        + "not \(past).")
            }
            (startDate, endDate, forecastDays) = (nil, nil, days)
            pastDays = api == .singleRun ? nil : past
        }
        for (name, hours, limit) in [
            ("pastHours", given.pastHours, maxPastDays * 24), ("forecastHours", given.forecastHours, daysMax * 24),
        ] {
            if let hours, !(0...limit).contains(hours) {
                throw .invalidParameter(
                    name: name, reason: "the \(api.rawValue) API takes 0 to \(limit) hours, not \(hours).")
            }
        }
        (pastHours, forecastHours) = (given.pastHours, given.forecastHours)
        if let tilt = given.tilt, !(0...90).contains(tilt) {
            throw .invalidParameter(name: "tilt", reason: "must be 0 to 90 degrees from horizontal.")
        }
        if let azimuth = given.azimuth, !(-180...180).contains(azimuth) {
            throw .invalidParameter(name: "azimuth", reason: "must be -180 to 180 degrees (0 is south).")
        }
        try Self.checkTimezone(given.timezone)

        var options: [QueryItem] = []
        if let unit = given.temperatureUnit { options.append(QueryItem("temperature_unit", unit.rawValue)) }
        if let unit = given.windSpeedUnit { options.append(QueryItem("wind_speed_unit", unit.rawValue)) }
        if let unit = given.precipitationUnit { options.append(QueryItem("precipitation_unit", unit.rawValue)) }
        if let unit = given.lengthUnit { options.append(QueryItem("length_unit", unit.rawValue)) }
        options.append(QueryItem("timezone", given.timezone))
        if let value = given.temporalResolution { options.append(QueryItem("temporal_resolution", value.rawValue)) }
        if let value = given.cellSelection { options.append(QueryItem("cell_selection", value.rawValue)) }
        if given.ensemble == true { options.append(QueryItem("ensemble", "true")) }
        if given.disableBiasCorrection == true { options.append(QueryItem("disable_bias_correction", "true")) }
        if let tilt = given.tilt { options.append(QueryItem("tilt", Self.text(tilt))) }
        if let azimuth = given.azimuth { options.append(QueryItem("azimuth", Self.text(azimuth))) }
        self.options = options
        madeAt = variables[.weekly, default: []].isEmpty ? nil : Int64(now.timeIntervalSince1970.rounded(.down))
    }

    /// This request about each of `places` (1 to `Coordinates.maxPerCall`) in one upstream call, with a list of
    /// results in the same order.
    /// - Throws: `BreezeError.invalidParameter` naming `field` when there are none or too many.
    public func at(_ places: [Coordinates], field: String = "latitude") throws(BreezeError) -> WeatherDataRequest {
        try listed(at: places, field: field)
    }

    /// The query for the upstream, in a stable order (it is the cache key).
    var query: [(String, String)] {
        var query = Coordinates.openMeteoQuery(locations)
        for section in ForecastSection.allCases {
            if let names = variables[section], !names.isEmpty {
                query.append((section.upstreamName, names.joined(separator: ",")))
            }
        }
        if let run { query.append(("run", run)) }
        if let startDate, let endDate { query += [("start_date", startDate), ("end_date", endDate)] }
        if let forecastDays { query.append(("forecast_days", String(forecastDays))) }
        if let pastDays { query.append(("past_days", String(pastDays))) }
        if let pastHours { query.append(("past_hours", String(pastHours))) }
        if let forecastHours { query.append(("forecast_hours", String(forecastHours))) }
        query += options.map { ($0.name, $0.value) }
        if !models.isEmpty { query.append(("models", models.joined(separator: ","))) }
        return query
    }

    // MARK: - Checking names

    /// The upstream names for `names` in `section` of `api`, with repeats removed (first kept).
    ///
    /// Members are never asked for by name (`_memberNN`): they come as structure. `raw:NAME` is sent as is. On
    /// the APIs built on the forecast's variables the names are checked by `KnownVariables`, with the API's
    /// suffixes (`_previous_dayN`, `_spread`) allowed on a known name; elsewhere only their form and section are
    /// checked, and Open-Meteo's own refusal comes back as an `invalidParameter`.
    static func variables(_ names: [String], in section: ForecastSection, api: WeatherAPI) throws(BreezeError)
        -> [String]
    {
        var seen: Set<String> = []
        var result: [String] = []
        for name in names {
            let upstream = try variable(name, in: section, api: api)
            if seen.insert(upstream).inserted { result.append(upstream) }
        }
        return result
    }

    private static func variable(_ name: String, in section: ForecastSection, api: WeatherAPI) throws(BreezeError)
        -> String
    {
        if KnownVariables.matches(KnownVariables.rawPattern, name) {
            return String(name.dropFirst(KnownVariables.rawPrefix.count))
        }
        if KnownVariables.matches("_member[0-9]+(_|$)", name) {
            throw .invalidParameter(
                name: section.rawValue,
                reason: "\"\(name)\" names an ensemble member; ask for the variable alone: its members come in "
                    + "\"members\", the control run in \"values\".")
        }
        if section == .weekly || section == .monthly {
            guard KnownVariables.matches("^[a-z][a-z0-9_]{0,63}$", name) else { throw badForm(name, section) }
            if KnownVariables.weather.contains(name) {
                throw .invalidParameter(
                    name: section.rawValue,
                    reason: "\"\(name)\" is not a \(section.rawValue) statistic; these are named like "
                        + "\(name)_mean or \(name)_anomaly.")
            }
            return name
        }
        guard api.checksKnownNames else {
            guard KnownVariables.matches("^[a-z][a-z0-9_]{0,63}$", name) else { throw badForm(name, section) }
            try KnownVariables.checkSection(of: name, in: section)
            return name
        }
        if let pattern = api.suffixPattern, let regex = try? Regex(pattern), let suffix = name.firstRange(of: regex),
            section.knownNames.contains(String(name[..<suffix.lowerBound]))
        {
            return name
        }
        return try KnownVariables.upstreamName(name, in: section)
    }

    private static func badForm(_ name: String, _ section: ForecastSection) -> BreezeError {
        .invalidParameter(
            name: section.rawValue,
            reason: "\"\(name)\" is not an Open-Meteo variable name (lower case letters, digits and _).")
    }

    /// The upstream names of `names`: the forecast's models by `KnownModels` on the APIs that serve them, any
    /// well-formed name elsewhere (their model lists change with their upstreams; Open-Meteo refuses the rest).
    static func models(_ names: [String], api: WeatherAPI) throws(BreezeError) -> [String] {
        if api.servesForecastModels { return try KnownModels.upstreamNames(names) }
        guard !names.isEmpty else {
            throw .invalidParameter(
                name: "models", reason: "must name at least one model; leave it out for the default.")
        }
        var result: [String] = []
        for name in names {
            let upstream =
                KnownVariables.matches(KnownVariables.rawPattern, name)
                ? String(name.dropFirst(KnownVariables.rawPrefix.count)) : name
            guard KnownVariables.matches("^[A-Za-z0-9_]{1,64}$", upstream) else {
                throw .invalidParameter(
                    name: "models", reason: "\"\(name)\" is not an Open-Meteo model name (letters, digits, _).")
            }
            guard !result.contains(upstream) else {
                throw .invalidParameter(
                    name: "models",
                    reason: "names \"\(upstream)\" twice; each model gives one result, so name it once.")
            }
            result.append(upstream)
        }
        return result
    }

    // MARK: - Dates

    /// The date of `YYYY-MM-DD`, when it is one.
    static func date(_ text: some StringProtocol) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month),
            day >= 1
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        return CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date ? date : nil
    }

    /// Whether `text` is `THH:MM`.
    private static func isTimeOfDay(_ text: Substring) -> Bool {
        let parts = text.dropFirst().split(separator: ":")
        guard text.first == "T", parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return false }
        return (0..<24).contains(hour) && (0..<60).contains(minute)
    }

    /// A number for the query: no trailing `.0` on whole numbers.
    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

// MARK: - Choices

/// `length_unit`: wave heights in metres or feet (marine).
public enum LengthUnit: String, ParameterChoice {
    case metric, imperial
}

/// `temporal_resolution`: the model's own steps (`native`, e.g. 10-minute satellite images) or every 1, 3 or 6
/// hours.
public enum TemporalResolution: String, ParameterChoice {
    case native
    case hourly1 = "hourly_1"
    case hourly3 = "hourly_3"
    case hourly6 = "hourly_6"
}

/// `cell_selection`: which grid cell stands for a point.
public enum CellSelection: String, ParameterChoice {
    case land, sea, nearest
}
