import FoundationEssentials

/// What `fetchAirQuality` asks for: a place, and how many hours of forecast to add.
public struct AirQualityRequest: Sendable, Hashable, PlaceListRequest {
    /// The place; in a call about several places (`at(_:)`), the first of them.
    public var coordinates: Coordinates { locations[0] }
    /// Every place asked about, in the order results come back.
    public internal(set) var locations: [Coordinates]
    /// The hours of forecast one may ask for: up to a week.
    public static let forecastHoursRange: ClosedRange<Int> = 0...168
    /// Whether this request was made about a list of places (`at(_:)`), even of one, and so answers with a list.
    public internal(set) var isList = false
    /// Hours of hourly forecast to include, 0…168; 0 means current conditions only.
    public let forecastHours: Int
    /// Past hours before the current one in `hourly`, 0…24 (the PM NowCast of `fetchDashboard`'s `outdoors` reads
    /// 12); only with `forecastHours`.
    public let pastHours: Int

    /// - Throws: `BreezeError.invalidParameter` naming `forecastHours` or `pastHours`.
    public init(coordinates: Coordinates, forecastHours: Int = 0, pastHours: Int = 0) throws(BreezeError) {
        self.locations = [coordinates]
        try checkRange(forecastHours, Self.forecastHoursRange, name: "forecastHours")
        try checkRange(pastHours, forecastHours > 0 ? 0...24 : 0...0, name: "pastHours")
        self.forecastHours = forecastHours
        self.pastHours = pastHours
    }

    /// This request about each of `places` (1 to `Coordinates.maxPerCall`), in one upstream call.
    /// - Throws: `BreezeError.invalidParameter` naming `field` when there are none or too many.
    public func at(_ places: [Coordinates], field: String = "latitude") throws(BreezeError) -> AirQualityRequest {
        try listed(at: places, field: field)
    }
}
