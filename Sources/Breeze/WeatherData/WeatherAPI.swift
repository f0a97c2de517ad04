/// One of Open-Meteo's time-series APIs, each described once: its upstream (host), default model, day limits,
/// history, sections and the params it takes. Every fact is an exhaustive switch, so adding an API is one case the
/// compiler walks you through; its cache lifetime is its `Upstream`'s.
///
/// Open-Meteo serves all of them from one controller with one query, and silently drops what an API does not
/// have: a section, a param, a day count past its limit. `WeatherDataRequest` refuses those here instead, naming
/// the param and the API, before any upstream call.
public enum WeatherAPI: String, ParameterChoice, Hashable {
    case forecast
    case historical
    case historicalForecast
    case previousRuns
    case singleRun
    case ensemble
    case seasonal
    case marine
    case flood
    case climateProjection
    case satellite

    /// The upstream (host) that answers it; `historical` is the archive.
    public var upstream: Upstream {
        switch self {
        case .forecast: .forecast
        case .historical: .archive
        case .historicalForecast: .historicalForecast
        case .previousRuns: .previousRuns
        case .singleRun: .singleRun
        case .ensemble: .ensemble
        case .seasonal: .seasonal
        case .marine: .marine
        case .flood: .flood
        case .climateProjection: .climateProjection
        case .satellite: .satellite
        }
    }

    /// What `best_match` (the default model) is called in the keys of an answer about several models.
    public var defaultModelKey: String {
        switch self {
        case .forecast, .historicalForecast, .previousRuns, .singleRun, .satellite: "best_match"
        case .historical: "archive_best_match"
        case .ensemble: "ncep_gefs_seamless"
        case .seasonal: "ecmwf_seasonal_seamless"
        case .marine: "marine_best_match"
        case .flood: "flood_best_match"
        case .climateProjection: "MRI_AGCM3_2_S"
        }
    }

    /// The models sent when the caller names none: the satellite host serves its plain archive without one.
    public var impliedModels: [String] {
        switch self {
        case .satellite: ["satellite_radiation_seamless"]
        case .forecast, .historical, .historicalForecast, .previousRuns, .singleRun, .ensemble, .seasonal, .marine,
            .flood, .climateProjection:
            []
        }
    }

    /// `forecastDays` when not given, and its upper limit (the lower one is 0).
    public var forecastDays: (default: Int, max: Int) {
        switch self {
        case .forecast: (7, 16)
        case .historical, .satellite: (1, 1)
        case .historicalForecast: (1, 16)
        case .previousRuns, .singleRun, .marine: (7, 16)
        case .ensemble: (7, 36)
        case .seasonal: (183, 217)
        case .flood: (92, 366)
        case .climateProjection: (7, 14)
        }
    }

    /// The first day with data (`startDate`, and how far `pastDays` reaches), as of `today` (UTC).
    func historyStart(today: CivilDate) -> CivilDate {
        switch self {
        case .forecast: CivilDate(daysSinceEpoch: today.daysSinceEpoch - 92)
        case .historical: CivilDate(year: 1940, month: 1, day: 1)
        case .historicalForecast, .previousRuns: CivilDate(year: 2016, month: 1, day: 1)
        case .singleRun: CivilDate(year: 2023, month: 1, day: 1)
        case .ensemble: CivilDate(daysSinceEpoch: today.daysSinceEpoch - 93)
        case .seasonal: CivilDate(year: 2025, month: 9, day: 1)
        case .marine: CivilDate(year: 1940, month: 1, day: 1)
        case .flood: CivilDate(year: 1984, month: 1, day: 1)
        case .climateProjection: CivilDate(year: 1950, month: 1, day: 1)
        case .satellite: CivilDate(year: 1983, month: 1, day: 1)
        }
    }

    /// The last day with data (`endDate`), as of `today` (UTC): the forecast horizon, or the projections' end.
    func historyEnd(today: CivilDate) -> CivilDate {
        switch self {
        case .historical, .satellite: today
        case .climateProjection: CivilDate(year: 2050, month: 12, day: 31)
        case .forecast, .historicalForecast, .previousRuns, .singleRun, .ensemble, .seasonal, .marine, .flood:
            CivilDate(daysSinceEpoch: today.daysSinceEpoch + forecastDays.max)
        }
    }

    /// The sections it answers; Open-Meteo drops the others silently.
    public var sections: [ForecastSection] {
        switch self {
        case .forecast, .historicalForecast, .previousRuns, .singleRun, .ensemble, .marine:
            [.current, .hourly, .daily, .minutely15]
        case .historical, .satellite: [.hourly, .daily]
        case .seasonal: [.hourly, .daily, .weekly, .monthly]
        case .flood, .climateProjection: [.daily]
        }
    }

    /// What is asked for when the caller names no variable: the essentials of each API, in the section it
    /// answers best.
    public var defaultVariables: (section: ForecastSection, names: [String]) {
        switch self {
        case .forecast, .historicalForecast, .previousRuns, .singleRun, .ensemble:
            (.hourly, ["temperature_2m", "precipitation", "weather_code"])
        case .historical, .seasonal, .climateProjection:
            (.daily, ["temperature_2m_max", "temperature_2m_min", "precipitation_sum"])
        case .marine: (.hourly, ["wave_height", "wave_direction", "wave_period"])
        case .flood: (.daily, ["river_discharge"])
        case .satellite: (.hourly, ["shortwave_radiation", "direct_radiation", "diffuse_radiation"])
        }
    }

    /// The params beyond places, sections, models, `timezone`, `language` and the day window that it takes.
    public var parameters: Set<WeatherDataParameter> {
        let units: Set<WeatherDataParameter> = [.temperatureUnit, .windSpeedUnit, .precipitationUnit]
        let hours: Set<WeatherDataParameter> = [.pastHours, .forecastHours]
        let tilted: Set<WeatherDataParameter> = [.tilt, .azimuth]
        return switch self {
        case .forecast, .historicalForecast, .previousRuns:
            units.union(hours).union(tilted).union([.temporalResolution, .cellSelection])
        case .singleRun:
            units.union(tilted).union([.run, .forecastHours, .temporalResolution, .cellSelection])
        case .ensemble: units.union(hours).union(tilted).union([.temporalResolution, .cellSelection])
        case .historical, .satellite: units.union(tilted).union([.temporalResolution, .cellSelection])
        case .seasonal: units.union([.temporalResolution, .cellSelection])
        case .marine: units.union(hours).union([.lengthUnit, .cellSelection])
        case .flood: [.ensemble, .cellSelection]
        case .climateProjection: units.union([.disableBiasCorrection, .cellSelection])
        }
    }

    /// Whether it serves the forecast's models, checked by `KnownModels` (a typo gets suggestions); the others'
    /// model lists change with their upstreams, so there any well-formed name goes and Open-Meteo refuses the rest.
    var servesForecastModels: Bool {
        switch self {
        case .forecast, .historicalForecast, .previousRuns, .singleRun: true
        case .historical, .ensemble, .seasonal, .marine, .flood, .climateProjection, .satellite: false
        }
    }

    /// How its variable names are checked before the call.
    ///
    /// The APIs built on the forecast's variables use `KnownVariables` (a typo gets suggestions, `raw:NAME`
    /// passes anything); marine and flood, and seasonal's weekly and monthly statistics, have vocabularies of
    /// their own that change with their models, so there only the name's form and the section are checked, and
    /// Open-Meteo's own refusal names the rest.
    var checksKnownNames: Bool {
        switch self {
        case .forecast, .historical, .historicalForecast, .previousRuns, .singleRun, .ensemble, .seasonal,
            .climateProjection, .satellite:
            true
        case .marine, .flood: false
        }
    }

    /// Variable name suffixes it accepts on a known name, by pattern: what was forecast N days before
    /// (`previousRuns`), the ensemble spread (`ensemble` and the archive's `era5_ensemble`).
    var suffixPattern: String? {
        switch self {
        case .previousRuns: "_previous_day[1-7]$"
        case .ensemble, .historical, .seasonal: "_spread$"
        case .forecast, .historicalForecast, .singleRun, .marine, .flood, .climateProjection, .satellite: nil
        }
    }
}

/// The params of `fetchWeatherData` only some APIs take, by wire name.
public enum WeatherDataParameter: String, CaseIterable, Sendable {
    case temperatureUnit, windSpeedUnit, precipitationUnit, lengthUnit
    case pastHours, forecastHours, run, temporalResolution, cellSelection, ensemble, disableBiasCorrection
    case tilt, azimuth
}
