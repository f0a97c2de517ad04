/// What `fetchElevation` asks for: the points, 1 to `maximumPoints`, in the order results come back.
public struct ElevationRequest: Sendable, Hashable {
    /// Every point asked about.
    public let points: [Coordinates]

    /// The most points Open-Meteo's elevation API answers in one call (each counts as one call of its quota).
    public static let maximumPoints = 100

    /// - Throws: `BreezeError.invalidParameter` naming `latitude` when there are no points or more than
    ///   `maximumPoints`.
    public init(points: [Coordinates]) throws(BreezeError) {
        guard (1...Self.maximumPoints).contains(points.count) else {
            throw .invalidParameter(
                name: "latitude", reason: "must list 1 to \(Self.maximumPoints) points, not \(points.count).")
        }
        self.points = points
    }
}
