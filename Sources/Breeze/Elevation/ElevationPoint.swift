/// The height of one point above sea level.
public struct ElevationPoint: Sendable, Hashable, Encodable {
    /// The point as asked for (the elevation model is read at the point itself, not at a grid cell's centre).
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level (0 at sea); `nil` where the elevation model has no value for the point.
    public var elevation: Double?

    public init(latitude: Double, longitude: Double, elevation: Double?) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation
    }

    /// Writes `elevation` as `null` when there is none: the synthesized encoder would drop it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([.latitude: latitude, .longitude: longitude, .elevation: elevation])
    }
}
