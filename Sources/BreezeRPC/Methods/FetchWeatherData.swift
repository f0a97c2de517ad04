import Breeze
import JSONRPC

/// `fetchWeatherData`: any of Open-Meteo's time-series APIs (`api`), in `fetchForecast`'s result shape; for
/// several places and/or models in one upstream call.
public enum FetchWeatherData: BreezeMethod {
    public static let name = "fetchWeatherData"
    public static let narrowing = [
        "startDate", "endDate", "forecastDays", "pastDays", "hourly", "minutely15", "models", "latitude", "longitude",
        "detail",
    ]

    public struct Params: NamedParams {
        public var api: String
        /// One place, or lists of places (see `Places`).
        var places: Places
        /// Every other param of the API, in the domain's own form: each is named once here, by its coding key.
        public var given = WeatherDataRequest.Parameters()
        /// The choices (units, resolution, cell selection) as text, parsed in `handle` so that an unknown value
        /// names its field and lists the choices.
        var choices: [CodingKeys: String] = [:]
        /// The language of the WMO weather descriptions (see `Language`).
        public var language: String = "en"
        /// `summary`, `standard` or `full` (see `Detail`); nil for the call's default. Newest, so last by position.
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case api, latitude, longitude, current, hourly, daily, minutely15, weekly, monthly, models
            case forecastDays, pastDays, startDate, endDate, pastHours, forecastHours, run
            case temperatureUnit, windSpeedUnit, precipitationUnit, lengthUnit, timezone
            case temporalResolution, cellSelection, ensemble, disableBiasCorrection, tilt, azimuth, language
            case detail
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            api = try container.decode(String.self, forKey: .api)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            func names(_ key: CodingKeys) throws -> [String]? {
                try container.decodeIfPresent([String].self, forKey: key)
            }
            (given.current, given.hourly, given.daily) = (try names(.current), try names(.hourly), try names(.daily))
            (given.minutely15, given.weekly, given.monthly) = (
                try names(.minutely15), try names(.weekly), try names(.monthly)
            )
            given.models = try names(.models)
            // The API's own limits are checked by the domain, which names the API.
            let days = 0...366
            let hours = 0...876_000
            given.forecastDays = try container.decodeWholeNumberIfPresent(forKey: .forecastDays, in: days)
            given.pastDays = try container.decodeWholeNumberIfPresent(forKey: .pastDays, in: 0...(200 * 366))
            given.startDate = try container.decodeIfPresent(String.self, forKey: .startDate)
            given.endDate = try container.decodeIfPresent(String.self, forKey: .endDate)
            given.pastHours = try container.decodeWholeNumberIfPresent(forKey: .pastHours, in: hours)
            given.forecastHours = try container.decodeWholeNumberIfPresent(forKey: .forecastHours, in: hours)
            given.run = try container.decodeIfPresent(String.self, forKey: .run)
            func choice(_ key: CodingKeys) throws {
                choices[key] = try container.decodeIfPresent(String.self, forKey: key)
            }
            for key in [CodingKeys.temperatureUnit, .windSpeedUnit, .precipitationUnit, .lengthUnit] { try choice(key) }
            given.timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? given.timezone
            try choice(.temporalResolution)
            try choice(.cellSelection)
            given.ensemble = try container.decodeIfPresent(Bool.self, forKey: .ensemble)
            given.disableBiasCorrection = try container.decodeIfPresent(Bool.self, forKey: .disableBiasCorrection)
            given.tilt = try container.decodeIfPresent(Double.self, forKey: .tilt)
            given.azimuth = try container.decodeIfPresent(Double.self, forKey: .azimuth)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }

        /// The choice given for `key`, parsed.
        func choice<Choice: ParameterChoice>(_ key: CodingKeys) throws(BreezeError) -> Choice? {
            try choices[key].map { text throws(BreezeError) in try Choice(parameter: text, field: key.stringValue) }
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PlaceResults<ForecastsByModel>, PlaceResults<ForecastsByModelSummary>>
    {
        let detail = try context.detail(params.detail)
        let api = try WeatherAPI(parameter: params.api, field: "api")
        let locations = try params.places.coordinates()
        var given = params.given
        given.temperatureUnit = try params.choice(.temperatureUnit)
        given.windSpeedUnit = try params.choice(.windSpeedUnit)
        given.precipitationUnit = try params.choice(.precipitationUnit)
        given.lengthUnit = try params.choice(.lengthUnit)
        given.temporalResolution = try params.choice(.temporalResolution)
        given.cellSelection = try params.choice(.cellSelection)
        let request = try WeatherDataRequest(api: api, coordinates: locations[0], given, now: context.breeze.now())
        let full = try await ForecastsByModel.fetch(
            request, at: locations, isList: params.places.isList, language: params.language, context)
        return Detailed(full, detail: detail) { $0.map(ForecastsByModelSummary.init) }
    }
}
