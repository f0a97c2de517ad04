/// A point on Earth, checked: finite, latitude in [-90, 90], longitude in [-180, 180].
public struct Coordinates: Sendable, Hashable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// - Parameter index: the place's position in a list of places, named in the error (`latitude[3]`).
    /// - Throws: `BreezeError.invalidParameter` naming the offending field.
    public init(latitude: Double, longitude: Double, index: Int? = nil) throws(BreezeError) {
        let position = index.map { "[\($0)]" } ?? ""
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidParameter(
                name: "latitude" + position, reason: "must be a number from -90 to 90, not \(latitude.plainText).")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidParameter(
                name: "longitude" + position,
                reason: "must be a number from -180 to 180, not \(longitude.plainText).")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The query items Open-Meteo expects, in the shortest form that round-trips.
    var openMeteoQuery: [(String, String)] {
        [("latitude", String(latitude)), ("longitude", String(longitude))]
    }

    /// The most places one call may ask about: Open-Meteo takes up to 1000 in one request, but each counts
    /// against the caller's quota, and a reply for 100 forecasts is already large.
    public static let maxPerCall = 100

    /// Checks that `places` holds 1 to `maxPerCall` places, naming `field` when it does not.
    public static func checkCount(_ places: [Coordinates], field: String) throws(BreezeError) {
        guard (1...maxPerCall).contains(places.count) else {
            throw .invalidParameter(
                name: field, reason: "must list 1 to \(maxPerCall) places, not \(places.count).")
        }
    }

    /// The query items for several places in one Open-Meteo call: comma-separated lists, in order.
    static func openMeteoQuery(_ places: [Coordinates]) -> [(String, String)] {
        if places.count == 1 { return places[0].openMeteoQuery }  // the common case, without a list to join
        return [
            ("latitude", places.map { String($0.latitude) }.joined(separator: ",")),
            ("longitude", places.map { String($0.longitude) }.joined(separator: ",")),
        ]
    }
}

/// Checks that an optional integer parameter lies in `range`, naming the field when it does not.
public func checkRange(_ value: Int, _ range: ClosedRange<Int>, name: String) throws(BreezeError) {
    guard range.contains(value) else {
        throw .invalidParameter(
            name: name, reason: "must be from \(range.lowerBound) to \(range.upperBound), not \(value).")
    }
}
