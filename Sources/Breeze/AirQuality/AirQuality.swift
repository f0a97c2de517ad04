import FoundationEssentials

/// Current air quality at a place, with what it means and, on request, the hours ahead.
///
/// Every key is always written; a value the upstream does not have is `null`, never 0, so a missing
/// reading can never pass for clean air.
public struct AirQuality: Sendable, Hashable {
    /// Local time of the reading, `YYYY-MM-DDTHH:MM` in `timezone`.
    public var time: String
    /// The centre of the upstream's grid cell the values belong to (not the requested point).
    public var latitude: Double
    public var longitude: Double
    /// The IANA time zone of `time`.
    public var timezone: String
    /// The US EPA AQI: the worst of the six pollutant sub-indices.
    public var usAQI: Double?
    /// The European AQI (EEA scale, 0–100+).
    public var europeanAQI: Double?
    /// Concentrations in μg/m³.
    public var pm25: Double?
    public var pm10: Double?
    public var carbonMonoxide: Double?
    public var nitrogenDioxide: Double?
    public var sulphurDioxide: Double?
    public var ozone: Double?
    /// What `usAQI` means; `null` when `usAQI` is.
    public var status: AQIStatus?
    /// What `europeanAQI` means on the EEA's scale; `null` when `europeanAQI` is.
    public var europeanStatus: EuropeanAQIStatus?
    /// PM2.5, PM10, NO₂, SO₂, O₃ and CO, in that order, each with its own sub-index.
    public var pollutants: [Pollutant]
    /// The hours ahead, when asked for with `forecastHours` > 0.
    public var hourly: AirQualityHourly?
    /// The params this answer could not honour (`language` when we have no texts in it, so they are in
    /// English); `nil`, and left out of the JSON, when every param was honoured, so such answers stay as they were.
    public var ignoredParameters: [String]? = nil
}

// MARK: - Upstream
