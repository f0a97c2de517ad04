import Breeze
import JSONRPC

/// `fetchForecast`: a weather forecast in the sections, variables and units asked for; for several places
/// (`latitude`/`longitude` lists) and/or weather models (`models`) in one upstream call.
public enum FetchForecast: BreezeMethod {
    public static let name = "fetchForecast"
    public static let narrowing = [
        "forecastDays", "pastDays", "hourly", "minutely15", "models", "latitude", "longitude", "detail",
    ]

    public struct Params: NamedParams {
        /// One place, or lists of places (see `Places`).
        var places: Places
        /// Open-Meteo variable names; all three `nil` means the weather-card defaults.
        public var current: [String]?
        public var hourly: [String]?
        public var daily: [String]?
        /// Variables in 15-minute steps; new, so last by position and outside the weather-card default.
        public var minutely15: [String]?
        public var forecastDays: Int = 7
        public var pastDays: Int = 0
        /// Kept as text here and parsed by the domain, so an unknown unit names its field and lists the choices.
        public var temperatureUnit: String?
        public var windSpeedUnit: String?
        public var precipitationUnit: String?
        public var timezone: String = "auto"
        /// Open-Meteo weather model names, one result each; new, so last by position.
        public var models: [String]?
        /// The language of the WMO weather descriptions (see `Language`); newer still, so after `models`.
        public var language: String = "en"
        /// `summary`, `standard` or `full` (see `Detail`); nil for the call's default. Newest, so last by position.
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, current, hourly, daily, forecastDays, pastDays, temperatureUnit, windSpeedUnit
            case precipitationUnit, timezone, minutely15, models, language, detail
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            current = try container.decodeIfPresent([String].self, forKey: .current)
            hourly = try container.decodeIfPresent([String].self, forKey: .hourly)
            daily = try container.decodeIfPresent([String].self, forKey: .daily)
            minutely15 = try container.decodeIfPresent([String].self, forKey: .minutely15)
            forecastDays =
                try container.decodeWholeNumberIfPresent(
                    forKey: .forecastDays, in: WeatherDataRequest.forecastDaysRange)
                ?? forecastDays
            pastDays =
                try container.decodeWholeNumberIfPresent(forKey: .pastDays, in: WeatherDataRequest.pastDaysRange)
                ?? pastDays
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            windSpeedUnit = try container.decodeIfPresent(String.self, forKey: .windSpeedUnit)
            precipitationUnit = try container.decodeIfPresent(String.self, forKey: .precipitationUnit)
            timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? timezone
            models = try container.decodeIfPresent([String].self, forKey: .models)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PlaceResults<ForecastsByModel>, PlaceResults<ForecastsByModelSummary>>
    {
        let detail = try context.detail(params.detail)
        let locations = try params.places.coordinates()
        let request = try WeatherDataRequest(
            forecastAt: locations[0],
            current: params.current,
            hourly: params.hourly, daily: params.daily, minutely15: params.minutely15,
            forecastDays: params.forecastDays,
            pastDays: params.pastDays,
            temperatureUnit: try params.temperatureUnit.map {
                try TemperatureUnit(parameter: $0, field: "temperatureUnit")
            },
            windSpeedUnit: try params.windSpeedUnit.map {
                try WindSpeedUnit(parameter: $0, field: "windSpeedUnit")
            },
            precipitationUnit: try params.precipitationUnit.map {
                try PrecipitationUnit(parameter: $0, field: "precipitationUnit")
            },
            timezone: params.timezone, models: params.models)
        let full = try await ForecastsByModel.fetch(
            request, at: locations, isList: params.places.isList, language: params.language, context)
        return Detailed(full, detail: detail) { $0.map(ForecastsByModelSummary.init) }
    }
}

/// One place's forecasts: the forecast itself when no models were asked for, else one per model, in order.
public struct ForecastsByModel: JSONWritable, Equatable {
    public var forecasts: [Forecast]
    /// The models asked for, in order; empty for the default one.
    public var models: [String]

    /// `request`, made for the first of `places`, about each of them when they are a list: fetched, its texts in
    /// `language`, as a method's result. The one place-or-list step of `fetchForecast` and `fetchWeatherData`.
    static func fetch(
        _ request: WeatherDataRequest, at places: [Coordinates], isList: Bool, language: String,
        _ context: MethodContext
    ) async throws -> PlaceResults<ForecastsByModel> {
        let request = isList ? try request.at(places) : request
        // The models sent when none were asked for are not the caller's: the result is the plain forecast.
        let models = request.models == request.api.impliedModels ? [] : request.models
        let choice = Language.Choice(code: language)
        return try PlaceResults(
            await context.breeze.fetchWeatherData(request, call: context.call).map { place in
                place.map { ForecastsByModel(forecasts: $0.map { $0.localized(choice) }, models: models) }
            }, isList: request.isList)
    }

    public func write(to json: inout JSONWriter) {
        json.write(ByModel(answers: forecasts, models: models))
    }
}

/// One place's answers, one per model, as written: the answer itself when no models were asked for, else
/// `{"models":[{"forecast":…,"model":…},…]}` in the order asked (the full forecasts, or their summaries).
struct ByModel<Answer: JSONWritable>: JSONWritable {
    let answers: [Answer]
    let models: [String]

    func write(to json: inout JSONWriter) {
        guard !models.isEmpty else { return json.write(answers.first) }
        json.object(["models": zip(models, answers).map { model, answer in Entry(answer: answer, model: model) }])
    }

    private struct Entry: JSONWritable {
        let answer: Answer
        let model: String

        func write(to json: inout JSONWriter) {
            json.object(["forecast": answer, "model": model])
        }
    }
}
