import Foundation

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
    /// arrives as its own `Result`. `temperatureUnit` applies to the climate and forecast parts. Progress
    /// (`CallProgress`) is the parts arrived out of four.
    public func fetchDashboard(_ coordinates: Coordinates, temperatureUnit: TemperatureUnit? = nil) async -> Dashboard {
        let progress = PartProgress(total: 4, listener: CallProgress.current)
        async let airQuality = outcome(progress) {
            try await fetchAirQuality(
                AirQualityRequest(coordinates: coordinates))
        }
        async let pollen = outcome(progress) { try await fetchPollen(PollenRequest(coordinates: coordinates)) }
        async let climate = outcome(progress) {
            try await fetchClimate(
                ClimateRequest(coordinates: coordinates, temperatureUnit: temperatureUnit ?? .celsius))
        }
        async let forecast = outcome(progress) {
            try await fetchForecast(
                ForecastRequest(
                    coordinates: coordinates, temperatureUnit: temperatureUnit))
        }
        return await Dashboard(airQuality: airQuality, pollen: pollen, climate: climate, forecast: forecast)
    }

    /// One part's value or error; its arrival is reported, while its own progress (the climate's years) is not.
    private func outcome<T>(_ progress: PartProgress, _ body: () async throws -> T) async -> Result<T, any Error> {
        defer { progress.partArrived() }
        do {
            return .success(try await CallProgress.$current.withValue(nil) { try await body() })
        } catch {
            return .failure(error)
        }
    }
}

/// Counts the parts of a call as they arrive and reports each arrival. The count and its report happen under
/// one lock, so reports from parts finishing at once never go backwards.
private final class PartProgress: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var completed = 0
    private let total: Int
    private let listener: CallProgress?

    init(total: Int, listener: CallProgress?) {
        self.total = total
        self.listener = listener
    }

    func partArrived() {
        guard let listener else { return }
        lock.withLock {
            completed += 1
            listener.report(completed, total)
        }
    }
}
