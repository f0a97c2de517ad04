import FoundationEssentials

/// An element of a list that may not read: one malformed warning must not cost the feed's others.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// A GeoJSON `Polygon` or `MultiPolygon` as (longitude, latitude) rings; any other type has none.
struct GeoJSONGeometry: Decodable {
    let rings: [[(Double, Double)]]

    private enum CodingKeys: String, CodingKey {
        case type, coordinates
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let polygons: [[[[Double]]]] =
            switch type {
            case "Polygon": [try container.decode([[[Double]]].self, forKey: .coordinates)]
            case "MultiPolygon": try container.decode([[[[Double]]]].self, forKey: .coordinates)
            default: []
            }
        rings = polygons.flatMap { polygon in
            polygon.map { ring in ring.compactMap { $0.count >= 2 ? ($0[0], $0[1]) : nil } }
        }
    }
}
