import FoundationEssentials

/// Everything the Breeze app's main screen shows for one place: each part is its value or why it failed, and
/// the place's name.
public struct Dashboard: Sendable {
    public var airQuality: Result<AirQuality, any Error>
    public var pollen: Result<PollenForecast, any Error>
    public var climate: Result<ClimateComparison, any Error>
    public var forecast: Result<Forecast, any Error>
    /// The populated place nearest the point within the default radius, from the embedded table; nil when none
    /// lies within it (at sea).
    ///
    /// Not a part: it is read offline, so it has no error to report and never counts toward the dashboard failing.
    public var place: NearbyPlace?
}

extension Breeze {
    /// Fetches air quality, pollen (automatic source, today), the climate comparison for today and the default
    /// weather-card forecast, all at once, and names the nearest place (`PlaceTable.nearest`, default radius).
    ///
    /// One part failing (pollen has no coverage, the archive is rate limited…) never stops the others: each
    /// arrives as its own `Result`. `temperatureUnit` applies to the climate and forecast parts, `languageCode`
    /// (a BCP-47 tag) to the pollen part's request; the other texts are ours, put in a language afterwards with
    /// `Dashboard.localized(_:)`. Progress (`CallProgress`) is the parts arrived out of four.
    /// - Throws: `CancellationError` only, when the calling task is cancelled: a cancelled call fails as a
    ///   whole, not as four cancelled parts.
    public func fetchDashboard(
        _ coordinates: Coordinates, temperatureUnit: TemperatureUnit? = nil, languageCode: String = "en"
    ) async throws -> Dashboard {
        let progress = CallProgress.current
        let missing = CancellationError()
        var dashboard = Dashboard(
            airQuality: .failure(missing), pollen: .failure(missing), climate: .failure(missing),
            forecast: .failure(missing))
        // A part's arrival is reported, while its own progress (the climate's years) is not.
        await CallProgress.$current.withValue(nil) {
            await withTaskGroup(of: DashboardPart.self) { group in
                group.addTask {
                    .airQuality(
                        await Self.part {
                            try await fetchAirQuality(AirQualityRequest(coordinates: coordinates))[0].get()
                        })
                }
                group.addTask {
                    .pollen(
                        await Self.part {
                            try await fetchPollen(PollenRequest(coordinates: coordinates, languageCode: languageCode))
                        })
                }
                group.addTask {
                    .climate(
                        await Self.part {
                            try await fetchClimate(
                                ClimateRequest(coordinates: coordinates, temperatureUnit: temperatureUnit ?? .celsius))
                        })
                }
                group.addTask {
                    .forecast(
                        await Self.part {
                            try await fetchForecast(
                                ForecastRequest(coordinates: coordinates, temperatureUnit: temperatureUnit))[0].get()[0]
                        })
                }
                var completed = 0
                for await part in group {
                    switch part {
                    case .airQuality(let outcome): dashboard.airQuality = outcome
                    case .pollen(let outcome): dashboard.pollen = outcome
                    case .climate(let outcome): dashboard.climate = outcome
                    case .forecast(let outcome): dashboard.forecast = outcome
                    }
                    completed += 1
                    progress?.report(completed, 4)
                }
            }
        }
        try Task.checkCancellation()
        // The one error the look-up has is `noData`: no place within the radius, which the dashboard shows as none.
        dashboard.place = try? PlaceTable.embedded.nearest(to: coordinates)
        return dashboard
    }

    /// One part's value or error: a part that fails, even before its request is made, fails alone.
    private static func part<T>(_ fetch: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await fetch())
        } catch {
            return .failure(error)
        }
    }
}

/// One part of a dashboard as it arrived, its value or its error.
private enum DashboardPart: Sendable {
    case airQuality(Result<AirQuality, any Error>)
    case pollen(Result<PollenForecast, any Error>)
    case climate(Result<ClimateComparison, any Error>)
    case forecast(Result<Forecast, any Error>)
}
