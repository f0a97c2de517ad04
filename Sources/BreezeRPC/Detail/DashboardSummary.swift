import Breeze
import JSONRPC

/// The dashboard as a person reads it: each part's summary in its place (`null` where the part failed), the
/// place and the parts' errors as the full dashboard has them.
public struct DashboardSummary: ComputedSummary, Equatable {
    let parts: FetchDashboard.Parts
    let language: Language

    public var json: JSONValue {
        var summary: [String: JSONValue] = [
            "airQuality": parts.airQuality.map { AirQualitySummary(airQuality: $0, language: language).json } ?? .null,
            "pollen": parts.pollen.map { PollenSummary(pollen: $0).json } ?? .null,
            "climate": parts.climate.map { ClimateSummary(climate: $0).json } ?? .null,
            "forecast": parts.forecast.map { ForecastSummary(forecast: $0).json } ?? .null,
            "outdoors": parts.outdoors.map { OutdoorWindowsSummary($0).json } ?? .null,
            "place": parts.place.map { JSONValue(encoding: $0) } ?? .null,
            "errors": JSONValue(encoding: parts.errors),
        ]
        if let ignored = parts.ignoredParameters {
            summary["ignoredParameters"] = .array(ignored.map(JSONValue.string))
        }
        return .object(summary)
    }
}
