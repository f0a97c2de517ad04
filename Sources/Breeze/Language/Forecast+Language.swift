/// A forecast with its WMO weather descriptions in another language.
extension Forecast {
    /// The same forecast with every weather description in `language`; the values (among them `weather_code`)
    /// stay as they are.
    public func localized(_ language: Language) -> Forecast {
        var copy = self
        copy.current = current?.localized(language)
        copy.hourly = hourly?.localized(language)
        copy.daily = daily?.localized(language)
        copy.minutely15 = minutely15?.localized(language)
        return copy
    }
}

extension ForecastCurrent {
    /// The same conditions with `weatherDescription` in `language`, when there is one.
    public func localized(_ language: Language) -> ForecastCurrent {
        guard weatherDescription != nil else { return self }
        var copy = self
        let code = WeatherCode.variableNames.lazy.compactMap { values[$0] }.first ?? nil
        copy.weatherDescription = WeatherCode(value: code)?.description(in: language)
        return copy
    }
}

extension ForecastSeries {
    /// The same series with `weatherDescriptions` in `language`, when there are any.
    public func localized(_ language: Language) -> ForecastSeries {
        guard weatherDescriptions != nil,
            let codes = WeatherCode.variableNames.lazy.compactMap({ values[$0] }).first
        else { return self }
        var copy = self
        copy.weatherDescriptions = codes.map { WeatherCode(value: $0)?.description(in: language) }
        return copy
    }
}
