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
        do {
            return try await pendingDashboard(coordinates, temperatureUnit: temperatureUnit).value
        } catch {
            // Only a cancelled call gets here: then every part was cancelled.
            return Dashboard(
                airQuality: .failure(error), pollen: .failure(error), climate: .failure(error),
                forecast: .failure(error))
        }
    }

    /// `fetchDashboard` with no task waiting: every part's requests are on their way when this returns (see
    /// `Pending`). Cancelling it cancels every part, and it then fails with `CancellationError`.
    public func pendingDashboard(_ coordinates: Coordinates, temperatureUnit: TemperatureUnit? = nil) async
        -> Pending<Dashboard>
    {
        let progress = CallProgress.current
        // A part's arrival is reported, while its own progress (the climate's years) is not.
        let parts = await CallProgress.$current.withValue(nil) {
            [
                await part(DashboardPart.airQuality) {
                    await pendingAirQuality(try AirQualityRequest(coordinates: coordinates))
                },
                await part(DashboardPart.pollen) { await pendingPollen(try PollenRequest(coordinates: coordinates)) },
                await part(DashboardPart.climate) {
                    await pendingClimate(
                        try ClimateRequest(coordinates: coordinates, temperatureUnit: temperatureUnit ?? .celsius))
                },
                await part(DashboardPart.forecast) {
                    await pendingForecast(
                        try ForecastRequest(coordinates: coordinates, temperatureUnit: temperatureUnit))
                },
            ]
        }
        return Pending(all: parts, arrived: progress?.report).map { parts in
            let missing = CancellationError()
            var dashboard = Dashboard(
                airQuality: .failure(missing), pollen: .failure(missing), climate: .failure(missing),
                forecast: .failure(missing))
            for part in parts {
                switch part {
                case .airQuality(let outcome): dashboard.airQuality = outcome
                case .pollen(let outcome): dashboard.pollen = outcome
                case .climate(let outcome): dashboard.climate = outcome
                case .forecast(let outcome): dashboard.forecast = outcome
                }
            }
            return dashboard
        }
    }
}

extension Breeze {
    /// One part on its way, as `start` sends it; a request that cannot be made is that part's failure alone.
    fileprivate func part<T>(
        _ arrived: @escaping @Sendable (Result<T, any Error>) -> DashboardPart, _ start: () async throws -> Pending<T>
    ) async -> Pending<DashboardPart> {
        let pending: Pending<T>
        do {
            pending = try await start()
        } catch {
            pending = Pending(.failure(error))
        }
        return pending.mapOutcome(arrived)
    }
}

/// One part of a dashboard as it arrived, its value or its error: the parts come as one list.
private enum DashboardPart: Sendable {
    case airQuality(Result<AirQuality, any Error>)
    case pollen(Result<PollenForecast, any Error>)
    case climate(Result<ClimateComparison, any Error>)
    case forecast(Result<Forecast, any Error>)
}
