import Foundation

/// What `fetchAirQuality` asks for: a place, and how many hours of forecast to add.
public struct AirQualityRequest: Sendable, Hashable {
    public let coordinates: Coordinates
    /// Hours of hourly forecast to include, 0…168; 0 means current conditions only.
    public let forecastHours: Int

    /// - Throws: `BreezeError.invalidParameter` naming `forecastHours`.
    public init(coordinates: Coordinates, forecastHours: Int = 0) throws(BreezeError) {
        self.coordinates = coordinates
        try checkRange(forecastHours, 0...168, name: "forecastHours")
        self.forecastHours = forecastHours
    }
}
