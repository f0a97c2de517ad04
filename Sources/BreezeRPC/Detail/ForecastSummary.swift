import Breeze
import JSONRPC

/// One forecast as a person reads it: per day the high and low, precipitation, its chance, the strongest wind and
/// the dominant weather, each computed from a series of the answer and named in `sources`.
///
/// A day's value comes from the daily series when the call asked for it (`temperature_2m_max`…), else from the
/// hourly series of that date, else from the 15-minute one: the highest or lowest value, the sum of
/// precipitation, and the weather code that occurs most often (the more severe among equals), described in the
/// call's `language` as the answer itself describes it. A quantity with no series to come from is `null`.
public struct ForecastSummary: ComputedSummary, Equatable {
    let forecast: Forecast

    /// The summary's quantities: its name, the daily variable, the finer variable and how a day of it reduces.
    private static let quantities:
        [(name: String, daily: [String], fine: [String], reduce: @Sendable ([Double?]) -> Double?)] = [
            ("temperatureMax", ["temperature_2m_max"], ["temperature_2m"], DayStatistics.maximum),
            ("temperatureMin", ["temperature_2m_min"], ["temperature_2m"], DayStatistics.minimum),
            ("precipitation", ["precipitation_sum"], ["precipitation"], DayStatistics.sum),
            (
                "precipitationProbabilityMax", ["precipitation_probability_max"], ["precipitation_probability"],
                DayStatistics.maximum
            ),
            (
                "windSpeedMax", ["wind_speed_10m_max", "windspeed_10m_max"], ["wind_speed_10m", "windspeed_10m"],
                DayStatistics.maximum
            ),
            (
                "weatherCode", ["weather_code", "weathercode"], ["weather_code", "weathercode"],
                DayStatistics.mostFrequent
            ),
        ]

    public var json: JSONValue {
        let fine = [("hourly", forecast.hourly), ("minutely15", forecast.minutely15)].compactMap { name, series in
            series.map { (name: name, series: $0) }
        }
        let dates =
            forecast.daily?.time ?? fine.first.map { DayStatistics.days(of: $0.series.time).map(\.date) } ?? []
        var days = dates.map { date -> [String: JSONValue] in ["date": .string(date), "weather": .null] }
        var sources: [String: JSONValue] = [:]
        var units: [String: JSONValue] = [:]
        for quantity in Self.quantities {
            for day in days.indices { days[day][quantity.name] = .null }
            if let daily = forecast.daily,
                let name = quantity.daily.first(where: { daily.values[$0] != nil }), let values = daily.values[name]
            {
                sources[quantity.name] = .string("daily.\(name)")
                units[quantity.name] = JSONValue(daily.units[name])
                for (day, value) in values.enumerated() where day < days.count {
                    days[day][quantity.name] = JSONValue(value)
                    if quantity.name == "weatherCode" {
                        days[day]["weather"] = JSONValue(daily.weatherDescriptions?[day] ?? nil)
                    }
                }
                continue
            }
            guard
                let (section, series, name) = fine.lazy.compactMap({ section, series in
                    quantity.fine.first(where: { series.values[$0] != nil }).map { (section, series, $0) }
                }).first, let values = series.values[name]
            else { continue }
            sources[quantity.name] = .string("\(section).\(name)")
            units[quantity.name] = JSONValue(series.units[name])
            let byDate = Dictionary(
                DayStatistics.days(of: series.time).map { ($0.date, $0.indices) }, uniquingKeysWith: { $0 + $1 })
            for day in days.indices {
                guard case .string(let date)? = days[day]["date"], let indices = byDate[date] else { continue }
                let value = quantity.reduce(indices.map { values[$0] })
                days[day][quantity.name] = JSONValue(value)
                if quantity.name == "weatherCode", let value,
                    let index = indices.first(where: { values[$0] == value })
                {
                    days[day]["weather"] = JSONValue(series.weatherDescriptions?[index] ?? nil)
                }
            }
        }
        var summary: [String: JSONValue] = [
            "latitude": .number(forecast.latitude), "longitude": .number(forecast.longitude),
            "timezone": .string(forecast.timezone), "days": .array(days.map(JSONValue.object)),
            "sources": .object(sources), "units": .object(units),
        ]
        summary["current"] =
            forecast.current.map { current in
                [
                    "time": .string(current.time), "weather": JSONValue(current.weatherDescription),
                    "values": .object(current.values.mapValues(JSONValue.init)),
                    "units": .object(current.units.mapValues(JSONValue.string)),
                ]
            } ?? .null
        if let ignored = forecast.ignoredParameters {
            summary["ignoredParameters"] = .array(ignored.map(JSONValue.string))
        }
        return .object(summary)
    }
}

/// One place's forecasts summarised: the summary itself without models, else one per model, as the full answer.
public struct ForecastsByModelSummary: ComputedSummary, Equatable {
    let forecasts: ForecastsByModel

    public var json: JSONValue {
        let summaries = forecasts.forecasts.map { ForecastSummary(forecast: $0).json }
        guard !forecasts.models.isEmpty else { return summaries.first ?? .null }
        return [
            "models": .array(
                zip(forecasts.models, summaries).map { model, summary in
                    ["forecast": summary, "model": .string(model)]
                })
        ]
    }
}
