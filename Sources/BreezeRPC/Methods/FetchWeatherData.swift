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
        public var current: [String]?
        public var hourly: [String]?
        public var daily: [String]?
        public var minutely15: [String]?
        public var weekly: [String]?
        public var monthly: [String]?
        public var models: [String]?
        public var forecastDays: Int?
        public var pastDays: Int?
        public var startDate: String?
        public var endDate: String?
        public var pastHours: Int?
        public var forecastHours: Int?
        public var run: String?
        /// Kept as text here and parsed by the domain, so an unknown value names its field and lists the choices.
        public var temperatureUnit: String?
        public var windSpeedUnit: String?
        public var precipitationUnit: String?
        public var lengthUnit: String?
        public var timezone: String = "auto"
        public var temporalResolution: String?
        public var cellSelection: String?
        public var ensemble: Bool?
        public var disableBiasCorrection: Bool?
        public var tilt: Double?
        public var azimuth: Double?
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
            current = try container.decodeIfPresent([String].self, forKey: .current)
            hourly = try container.decodeIfPresent([String].self, forKey: .hourly)
            daily = try container.decodeIfPresent([String].self, forKey: .daily)
            minutely15 = try container.decodeIfPresent([String].self, forKey: .minutely15)
            weekly = try container.decodeIfPresent([String].self, forKey: .weekly)
            monthly = try container.decodeIfPresent([String].self, forKey: .monthly)
            models = try container.decodeIfPresent([String].self, forKey: .models)
            // The API's own limits are checked by the domain, which names the API.
            let days = 0...366
            let hours = 0...876_000
            forecastDays = try container.decodeWholeNumberIfPresent(forKey: .forecastDays, in: days)
            pastDays = try container.decodeWholeNumberIfPresent(forKey: .pastDays, in: 0...(200 * 366))
            startDate = try container.decodeIfPresent(String.self, forKey: .startDate)
            endDate = try container.decodeIfPresent(String.self, forKey: .endDate)
            pastHours = try container.decodeWholeNumberIfPresent(forKey: .pastHours, in: hours)
            forecastHours = try container.decodeWholeNumberIfPresent(forKey: .forecastHours, in: hours)
            run = try container.decodeIfPresent(String.self, forKey: .run)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            windSpeedUnit = try container.decodeIfPresent(String.self, forKey: .windSpeedUnit)
            precipitationUnit = try container.decodeIfPresent(String.self, forKey: .precipitationUnit)
            lengthUnit = try container.decodeIfPresent(String.self, forKey: .lengthUnit)
            timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? timezone
            temporalResolution = try container.decodeIfPresent(String.self, forKey: .temporalResolution)
            cellSelection = try container.decodeIfPresent(String.self, forKey: .cellSelection)
            ensemble = try container.decodeIfPresent(Bool.self, forKey: .ensemble)
            disableBiasCorrection = try container.decodeIfPresent(Bool.self, forKey: .disableBiasCorrection)
            tilt = try container.decodeIfPresent(Double.self, forKey: .tilt)
            azimuth = try container.decodeIfPresent(Double.self, forKey: .azimuth)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PlaceResults<ForecastsByModel>, PlaceResults<ForecastsByModelSummary>>
    {
        let detail = try context.detail(params.detail)
        let api = try WeatherAPI(parameter: params.api, field: "api")
        let locations = try params.places.coordinates()
        var given = WeatherDataRequest.Parameters()
        (given.current, given.hourly, given.daily) = (params.current, params.hourly, params.daily)
        (given.minutely15, given.weekly, given.monthly) = (params.minutely15, params.weekly, params.monthly)
        given.models = params.models
        (given.forecastDays, given.pastDays) = (params.forecastDays, params.pastDays)
        (given.startDate, given.endDate, given.run) = (params.startDate, params.endDate, params.run)
        (given.pastHours, given.forecastHours) = (params.pastHours, params.forecastHours)
        given.temperatureUnit = try params.temperatureUnit.map {
            try TemperatureUnit(parameter: $0, field: "temperatureUnit")
        }
        given.windSpeedUnit = try params.windSpeedUnit.map { try WindSpeedUnit(parameter: $0, field: "windSpeedUnit") }
        given.precipitationUnit = try params.precipitationUnit.map {
            try PrecipitationUnit(parameter: $0, field: "precipitationUnit")
        }
        given.lengthUnit = try params.lengthUnit.map { try LengthUnit(parameter: $0, field: "lengthUnit") }
        given.timezone = params.timezone
        given.temporalResolution = try params.temporalResolution.map {
            try TemporalResolution(parameter: $0, field: "temporalResolution")
        }
        given.cellSelection = try params.cellSelection.map { try CellSelection(parameter: $0, field: "cellSelection") }
        (given.ensemble, given.disableBiasCorrection) = (params.ensemble, params.disableBiasCorrection)
        (given.tilt, given.azimuth) = (params.tilt, params.azimuth)
        var request = try WeatherDataRequest(api: api, coordinates: locations[0], given, now: context.breeze.now())
        if params.places.isList { request = try request.at(locations) }
        let full = try ForecastsByModel.places(
            await context.breeze.fetchWeatherData(request, call: context.call),
            models: request.models == api.impliedModels ? [] : request.models,
            language: params.language, isList: request.isList)
        return Detailed(full, detail: detail) { $0.map(ForecastsByModelSummary.init) }
    }
}
