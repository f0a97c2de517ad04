import Breeze

extension Breeze {
    /// The forecast of a request about one place and no models: the one value `fetchForecast` answers with.
    func forecast(_ request: WeatherDataRequest) async throws -> Forecast {
        try await fetchWeatherData(request)[0].get()[0]
    }

    /// The air quality of a request about one place: the one value `fetchAirQuality` answers with.
    func airQuality(_ request: AirQualityRequest) async throws -> AirQuality {
        try await fetchAirQuality(request)[0].get()
    }
}
