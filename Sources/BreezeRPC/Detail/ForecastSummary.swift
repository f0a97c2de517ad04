import Breeze
import JSONRPC

/// One forecast as a person reads it: per day the high and low, precipitation, its chance, the strongest wind and
/// the dominant weather, each computed from a series of the answer and named in `sources`.
///
/// A day's value comes from the daily series when the call asked for it (`temperature_2m_max`…), else from the
/// hourly series of that date, else from the 15-minute one: the highest or lowest value, the sum of
/// precipitation, and the weather code that occurs most often (the more severe among equals), described in the
/// call's `language` as the answer itself describes it. A quantity with no series to come from is `null`.
public struct ForecastSummary: JSONWritable, Equatable {
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

    /// One day: its date, the weather of its weather code, and each quantity's value (`nil` for `null`).
    private struct Day: JSONWritable {
        var date: String
        var weather: String?
        var values: [String: Double?] = [:]

        func write(to json: inout JSONWriter) {
            var members: [String: any JSONWritable] = ["date": date, "weather": weather]
            for quantity in ForecastSummary.quantities {
                // `updateValue`, not the subscript, which would drop a nil value instead of writing `null`.
                members.updateValue(values[quantity.name] ?? nil, forKey: quantity.name)
            }
            json.object(members)
        }
    }

    /// `ignoredParameters` only when set.
    public func write(to json: inout JSONWriter) {
        let (days, sources, units) = summarised()
        json.object(
            [
                "latitude": forecast.latitude, "longitude": forecast.longitude, "timezone": forecast.timezone,
                "days": days, "sources": sources, "units": units, "current": forecast.current.map(Current.init),
            ], ignoredParameters: forecast.ignoredParameters)
    }

    private struct Current: JSONWritable {
        let current: ForecastCurrent

        func write(to json: inout JSONWriter) {
            json.object([
                "time": current.time, "weather": current.weatherDescription, "values": current.values,
                "units": current.units,
            ])
        }
    }

    /// The days, and per quantity that has a series the series it came from and its unit.
    private func summarised() -> (days: [Day], sources: [String: String], units: [String: String?]) {
        let fine = [("hourly", forecast.hourly), ("minutely15", forecast.minutely15)].compactMap { name, series in
            series.map { (name: name, series: $0) }
        }
        let dates =
            forecast.daily?.time ?? fine.first.map { DayStatistics.days(of: $0.series.time).map(\.date) } ?? []
        var days = dates.map { Day(date: $0) }
        var sources: [String: String] = [:]
        var units: [String: String?] = [:]
        for quantity in Self.quantities {
            if let daily = forecast.daily,
                let name = quantity.daily.first(where: { daily.values[$0] != nil }), let values = daily.values[name]
            {
                sources[quantity.name] = "daily.\(name)"
                units[quantity.name] = daily.units[name]
                for (day, value) in values.enumerated() where day < days.count {
                    days[day].values[quantity.name] = value
                    if quantity.name == "weatherCode" {
                        days[day].weather = daily.weatherDescriptions?[day] ?? nil
                    }
                }
                continue
            }
            guard
                let (section, series, name) = fine.lazy.compactMap({ section, series in
                    quantity.fine.first(where: { series.values[$0] != nil }).map { (section, series, $0) }
                }).first, let values = series.values[name]
            else { continue }
            sources[quantity.name] = "\(section).\(name)"
            units[quantity.name] = series.units[name]
            let byDate = Dictionary(
                DayStatistics.days(of: series.time).map { ($0.date, $0.indices) }, uniquingKeysWith: { $0 + $1 })
            for day in days.indices {
                guard let indices = byDate[days[day].date] else { continue }
                let value = quantity.reduce(indices.map { values[$0] })
                days[day].values[quantity.name] = value
                if quantity.name == "weatherCode", let value,
                    let index = indices.first(where: { values[$0] == value })
                {
                    days[day].weather = series.weatherDescriptions?[index] ?? nil
                }
            }
        }
        return (days, sources, units)
    }
}

/// One place's forecasts summarised: the summary itself without models, else one per model, as the full answer.
public struct ForecastsByModelSummary: JSONWritable, Equatable {
    let forecasts: ForecastsByModel

    public func write(to json: inout JSONWriter) {
        json.write(ByModel(answers: forecasts.forecasts.map(ForecastSummary.init), models: forecasts.models))
    }
}
