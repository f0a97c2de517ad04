import Breeze
import JSONRPC

/// `fetchDashboard`: air quality, pollen, the climate comparison and the forecast for one place, in one call.
///
/// The four parts are fetched concurrently. A part that fails is `null`, and its JSON-RPC error object (the
/// same one its own method would have returned) is in `errors` under the part's name; the others still arrive.
/// When every part failed there is nothing to show, so the call itself fails with `dashboardUnavailable`,
/// carrying the four errors. `place` names the point as `findPlace` would (offline, `null` at sea): it is not a
/// part, and never fails the call.
public enum FetchDashboard: BreezeMethod {
    public static let name = "fetchDashboard"
    public static let narrowing = ["detail"]

    public struct Params: NamedParams {
        public var latitude: Double
        public var longitude: Double
        /// `celsius` (default) or `fahrenheit`, for the climate and forecast parts.
        public var temperatureUnit: String?
        /// The language of every part's display texts (see `Language`); new, so last by position.
        public var language: String = "en"
        /// `summary`, `standard` or `full` (see `Detail`); nil for the call's default. Newest, so last by position.
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, temperatureUnit, language, detail
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try container.decode(Double.self, forKey: .latitude)
            longitude = try container.decode(Double.self, forKey: .longitude)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    /// The dashboard on the wire: every part key always present, `null` when that part failed, and `place`.
    public struct Parts: JSONWritable, Equatable {
        public var airQuality: AirQuality?
        public var pollen: PollenForecast?
        public var climate: ClimateComparison?
        public var forecast: Forecast?
        /// The best window in the next 24 hours for a healthy adult's hour-long moderate activity:
        /// `findOutdoorWindows`' answer with its best window only and no `hourly`; `null` when the air quality or the
        /// forecast failed.
        public var outdoors: OutdoorWindows?
        /// `fetchAlerts`' answer for the point; `null` when it failed (its error under `errors.alerts`).
        public var alerts: FetchAlerts.PointResult?
        /// `findPlace`'s answer for the point (the place's fields and the data's credit); `null` when no place lies
        /// within the default radius.
        public var place: FindPlace.Result?
        /// The error of each failed part, by part name; empty when everything arrived.
        public var errors: [String: ResponseError]
        /// `["language"]` when we have no texts in the language asked for, so they are in English; `nil`, and
        /// left out of the JSON, when every param was honoured.
        public var ignoredParameters: [String]?

        /// Every part, `null` when it failed; `ignoredParameters` only when set.
        public func write(to json: inout JSONWriter) {
            json.object(
                [
                    "airQuality": airQuality, "pollen": pollen, "climate": climate, "forecast": forecast,
                    "outdoors": outdoors, "alerts": alerts, "place": place, "errors": errors,
                ], ignoredParameters: ignoredParameters)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<Parts, DashboardSummary>
    {
        let detail = try context.detail(params.detail)
        // Bad params fail the whole call, before any request: every part would fail the same way.
        let coordinates = try Coordinates(latitude: params.latitude, longitude: params.longitude)
        let unit = try params.temperatureUnit.map { text throws(BreezeError) in
            try TemperatureUnit(parameter: text, field: "temperatureUnit")
        }
        // One language for the whole dashboard: the pollen source is asked in the language our texts are in.
        let choice = Language.Choice(code: params.language)
        // A cancelled call fails as a whole (-32800), not as four cancelled parts (see `Breeze.fetchDashboard`).
        var dashboard = try await context.breeze.fetchDashboard(
            coordinates, temperatureUnit: unit, languageCode: choice.language.rawValue, call: context.call)
        if choice.language != .en {
            dashboard = dashboard.localized(choice.language)
            // The pollen part names what it could not honour by the dashboard's param name.
            dashboard.pollen = dashboard.pollen.map { pollen in
                var pollen = pollen
                pollen.ignoredParameters = pollen.ignoredParameters.map { $0 == "languageCode" ? "language" : $0 }
                return pollen
            }
        }
        var result = try parts(dashboard)
        if choice.isIgnored { result.ignoredParameters = ["language"] }
        return Detailed(result, detail: detail) { DashboardSummary(parts: $0, language: choice.language) }
    }

    /// The dashboard on the wire; the call's error when every part failed.
    static func parts(_ dashboard: Dashboard) throws -> Parts {
        var errors: [String: ResponseError] = [:]
        func value<T>(_ part: Swift.Result<T, any Error>, _ name: String) -> T? {
            switch part {
            case .success(let value):
                return value
            case .failure(let error):
                errors[name] = ResponseError(mapping: error) ?? .internalError
                return nil
            }
        }
        let airQuality = value(dashboard.airQuality, "airQuality")
        let forecast = value(dashboard.forecast, "forecast")
        // Outdoors fails when a part it reads failed, whose error is already there; any other failure is its own.
        var outdoors: OutdoorWindows?
        switch dashboard.outdoors {
        case .success(let answer):
            outdoors = answer
            outdoors?.hourly = nil
            outdoors?.windows = answer.windows.filter { $0.start == answer.best }
        case .failure(let error):
            if airQuality != nil, forecast != nil {
                errors["outdoors"] = ResponseError(mapping: error) ?? .internalError
            }
        }
        let result = Parts(
            airQuality: airQuality, pollen: value(dashboard.pollen, "pollen"),
            climate: value(dashboard.climate, "climate"), forecast: forecast, outdoors: outdoors,
            alerts: value(dashboard.alerts, "alerts").map(FetchAlerts.PointResult.init),
            place: dashboard.place.map { FindPlace.Result(place: $0, attribution: PlaceTable.embedded.attribution) },
            errors: errors, ignoredParameters: nil)
        if result.airQuality == nil, result.pollen == nil, result.climate == nil, result.forecast == nil {
            throw unavailable(errors)
        }
        return result
    }

    /// The error for a dashboard whose every part failed: one message listing each part's, and the errors.
    static func unavailable(_ errors: [String: ResponseError]) -> ResponseError {
        let parts = errors.sorted { $0.key < $1.key }
        let reasons = parts.map { "\($0.key): \($0.value.message)" }.joined(separator: "; ")
        let details = Dictionary(
            uniqueKeysWithValues: parts.map { part in
                var object: [String: JSONValue] = [
                    "code": .number(Double(part.value.code.rawValue)), "message": .string(part.value.message),
                ]
                object["data"] = part.value.data
                return (part.key, JSONValue.object(object))
            })
        return ResponseError(
            code: .dashboardUnavailable, type: "dashboardUnavailable",
            message: "Every part of the dashboard failed (\(reasons)).", details: ["errors": .object(details)])
    }
}
