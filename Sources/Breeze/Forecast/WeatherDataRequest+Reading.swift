import FoundationEssentials

/// What reading an Open-Meteo answer into `Forecast`s needs to know of the request besides the body: the names
/// asked for per section, in order (FlatBuffers answers carry no names, only positions), and the models.
extension WeatherDataRequest {
    /// The upstream names asked for in `section`, in query order; empty when the section was not asked for.
    func names(in section: ForecastSection) -> [String] { variables[section] ?? [] }

    /// The suffix a model's keys carry in a JSON answer about several models (`_MODEL`, with `best_match` renamed
    /// to the API's default).
    func keySuffix(of model: String) -> String { "_" + (model == "best_match" ? api.defaultModelKey : model) }

    /// Whether FlatBuffers messages must name the model asked for. Only the forecast API's model enum is exact,
    /// and `fetchForecast` checks it; the others encode several models as one (`archive_best_match` as
    /// `best_match`), so only order counts.
    var checksModelEnum: Bool { paramSet == .forecast }
    /// Whether answers may carry ensemble members (`NAME_memberNN` keys, numbered FlatBuffers columns): the
    /// family's param set reads them.
    var readsMembers: Bool { paramSet == .family }

    /// The Monday on or before the window's first day: `startDate`, or today (at the answer's offset) less
    /// `pastDays`.
    func firstWeek(utcOffsetSeconds: Int32) -> CivilDate? {
        let first: Int
        if let startDate, let date = Self.date(startDate) {
            first = date.daysSinceEpoch
        } else if let madeAt {
            let local = madeAt + Int64(utcOffsetSeconds)
            first = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) - (pastDays ?? 0)
        } else {
            return nil
        }
        // 1970-01-01 was a Thursday: days + 3 counts from a Monday.
        let sinceMonday = ((first + 3) % 7 + 7) % 7
        return CivilDate(daysSinceEpoch: first - sinceMonday)
    }
}
