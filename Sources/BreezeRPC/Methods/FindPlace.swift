import Breeze
import JSONRPC

/// `findPlace`: the populated place nearest a point (offline, from the embedded GeoNames table), for one point or
/// a list of points (`latitude`/`longitude` lists).
///
/// It is the nearest place with at least 1,000 people within `radiusKm`, not the area that contains the point.
public enum FindPlace: BreezeMethod {
    public static let name = "findPlace"
    /// The table is embedded in the binary.
    public static let readsUpstream = false

    public struct Params: NamedParams {
        /// One point, or lists of points (see `Places`).
        var places: Places
        public var radiusKm = PlaceTable.defaultRadiusKm

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, radiusKm
        }

        /// Optional params may be absent or `null`; both mean the default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            radiusKm = try container.decodeIfPresent(Double.self, forKey: .radiusKm) ?? radiusKm
        }
    }

    /// The place, or for a list of points one entry per point in order (a point with no place within the radius
    /// as `{"error":…}`, the `noData` its own call would have answered); the data's credit once either way.
    public struct Result: Encodable, JSONWritable, Equatable {
        /// The place found for a single point.
        public var place: NearbyPlace?
        /// The entries for a list of points.
        public var places: [Swift.Result<NearbyPlace, BreezeError>]?
        /// GeoNames, its licence and what was changed, as CC BY 4.0 asks.
        public var attribution: String

        private enum CodingKeys: String, CodingKey {
            case places, attribution
        }

        private enum EntryKeys: String, CodingKey {
            case error
        }

        /// A single point's place with `attribution` beside its fields; a list as `{"places": […], "attribution"}`.
        public func encode(to encoder: any Encoder) throws {
            if let place { try place.encode(to: encoder) }
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let places {
                var list = container.nestedUnkeyedContainer(forKey: .places)
                for entry in places {
                    switch entry {
                    case .success(let place):
                        try list.encode(place)
                    case .failure(let error):
                        var object = list.nestedContainer(keyedBy: EntryKeys.self)
                        try object.encode(error.responseError, forKey: .error)
                    }
                }
            }
            try container.encode(attribution, forKey: .attribution)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws -> Result {
        let points = try params.places.coordinates()
        try PlaceTable.checkRadius(params.radiusKm)
        let table = PlaceTable.embedded
        guard params.places.isList else {
            let place = try table.nearest(to: points[0], withinKm: params.radiusKm)
            return Result(place: place, attribution: table.attribution)
        }
        let places = points.map { point in
            Swift.Result { () throws(BreezeError) in try table.nearest(to: point, withinKm: params.radiusKm) }
        }
        return Result(places: places, attribution: table.attribution)
    }
}
