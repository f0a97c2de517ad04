/// The populated place nearest a point, from the embedded GeoNames table (`PlaceTable`).
///
/// The nearest place with at least 1,000 people, by great-circle distance: not the area that contains the
/// point, so near a border it may lie in the neighbouring country.
public struct NearbyPlace: Sendable, Hashable, Encodable {
    public var name: String
    /// The first-level administrative area (state, region), when the table knows its name.
    public var admin1: String?
    public var country: String
    /// ISO-3166-1 alpha-2, upper case.
    public var countryCode: String
    /// The IANA time zone name.
    public var timezone: String
    public var population: Int
    /// The place's own coordinates, in degrees.
    public var latitude: Double
    public var longitude: Double
    /// Great-circle distance from the point asked about, in kilometres, to 10 m.
    public var distanceKm: Double

    private enum CodingKeys: String, CodingKey {
        case name, admin1, country, countryCode, timezone, population, latitude, longitude, distanceKm
    }

    /// Writes every key, `null` for an unknown admin1: the synthesized encoder would drop it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .name: name, .admin1: admin1, .country: country, .countryCode: countryCode, .timezone: timezone,
            .population: population, .latitude: latitude, .longitude: longitude, .distanceKm: distanceKm,
        ])
    }
}
