import Breeze
import JSONRPC

/// The dashboard as a person reads it: each part's summary in its place (`null` where the part failed), the
/// place and the parts' errors as the full dashboard has them.
public struct DashboardSummary: JSONWritable, Equatable {
    let parts: FetchDashboard.Parts
    let language: Language

    /// `ignoredParameters` only when set.
    public func write(to json: inout JSONWriter) {
        json.object(
            [
                "airQuality": parts.airQuality.map { AirQualitySummary(airQuality: $0, language: language) },
                "pollen": parts.pollen.map(PollenSummary.init), "climate": parts.climate.map(ClimateSummary.init),
                "forecast": parts.forecast.map(ForecastSummary.init),
                "outdoors": parts.outdoors.map(OutdoorWindowsSummary.init),
                "alerts": parts.alerts.map(FetchAlerts.PointSummary.init), "place": parts.place, "errors": parts.errors,
            ], ignoredParameters: parts.ignoredParameters)
    }
}
