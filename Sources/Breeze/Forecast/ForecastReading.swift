/// What reading an Open-Meteo answer into `Forecast`s needs to know of the request besides the body: the names
/// asked for per section, in order (FlatBuffers answers carry no names, only positions), and the models.
///
/// `ForecastRequest` (the forecast API) and `WeatherDataRequest` (the whole family) read answers the same way.
protocol ForecastReading: Hashable, Sendable {
    /// The upstream names asked for in `section`, in query order; empty when the section was not asked for.
    func names(in section: ForecastSection) -> [String]
    /// The models asked for, in order; empty for the API's default.
    var models: [String] { get }
    /// The suffix a model's keys carry in a JSON answer about several models (`_MODEL`, with `best_match`
    /// renamed to the API's default).
    func keySuffix(of model: String) -> String
    /// Whether FlatBuffers messages must name the model asked for. Only the forecast API's model enum is exact;
    /// the others encode several models as one (`archive_best_match` as `best_match`), so only order counts.
    var checksModelEnum: Bool { get }
    /// Whether answers may carry ensemble members (`NAME_memberNN` keys, numbered FlatBuffers columns).
    var readsMembers: Bool { get }
    /// The local date of the first Monday a weekly section starts on, given the answer's UTC offset: FlatBuffers
    /// keep only its year and month.
    func firstWeek(utcOffsetSeconds: Int32) -> CivilDate?
}

extension ForecastRequest: ForecastReading {
    func names(in section: ForecastSection) -> [String] {
        switch section {
        case .current: current
        case .hourly: hourly
        case .daily: daily
        case .minutely15: minutely15
        case .weekly, .monthly: []
        }
    }

    func keySuffix(of model: String) -> String { "_" + model }
    var checksModelEnum: Bool { true }
    var readsMembers: Bool { false }
    func firstWeek(utcOffsetSeconds: Int32) -> CivilDate? { nil }
}
