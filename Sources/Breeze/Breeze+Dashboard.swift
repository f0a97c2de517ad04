/// Everything the Breeze app's main screen shows for one place: each part is its value or why it failed.
public struct Dashboard: Sendable {
    public var airQuality: Result<AirQuality, any Error>
    public var pollen: Result<PollenForecast, any Error>
    public var climate: Result<ClimateComparison, any Error>
    public var forecast: Result<Forecast, any Error>
}

extension Breeze {
    /// Fetches air quality, pollen (automatic source, today), the climate comparison for today and the default
    /// weather-card forecast, all at once.
    ///
    /// One part failing (pollen has no coverage, the archive is rate limited…) never stops the others: each
    /// arrives as its own `Result`. `temperatureUnit` applies to the climate and forecast parts.
    public func fetchDashboard(_ coordinates: Coordinates, temperatureUnit: TemperatureUnit? = nil) async -> Dashboard {
        async let airQuality = outcome {
            try await fetchAirQuality(
                AirQualityRequest(latitude: coordinates.latitude, longitude: coordinates.longitude))
        }
        async let pollen = outcome { try await fetchPollen(PollenRequest(coordinates: coordinates)) }
        async let climate = outcome {
            try await fetchClimate(ClimateRequest(coordinates: coordinates, temperatureUnit: temperatureUnit?.rawValue))
        }
        async let forecast = outcome {
            try await fetchForecast(
                ForecastRequest(
                    latitude: coordinates.latitude, longitude: coordinates.longitude, temperatureUnit: temperatureUnit))
        }
        return await Dashboard(airQuality: airQuality, pollen: pollen, climate: climate, forecast: forecast)
    }

    private func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
