/// A point on Earth, checked: finite, latitude in [-90, 90], longitude in [-180, 180].
public struct Coordinates: Sendable, Hashable, Codable {
    public let latitude: Double
    public let longitude: Double

    /// - Throws: `BreezeError.invalidParameter` naming the offending field.
    public init(latitude: Double, longitude: Double) throws(BreezeError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidParameter(
                name: "latitude", reason: "must be a number from -90 to 90, not \(latitude.plainText).")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidParameter(
                name: "longitude", reason: "must be a number from -180 to 180, not \(longitude.plainText).")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The query items Open-Meteo expects, in the shortest form that round-trips.
    var openMeteoQuery: [(String, String)] {
        [("latitude", String(latitude)), ("longitude", String(longitude))]
    }
}

/// Checks that an optional integer parameter lies in `range`, naming the field when it does not.
public func checkRange(_ value: Int, _ range: ClosedRange<Int>, name: String) throws(BreezeError) {
    guard range.contains(value) else {
        throw .invalidParameter(
            name: name, reason: "must be from \(range.lowerBound) to \(range.upperBound), not \(value).")
    }
}
