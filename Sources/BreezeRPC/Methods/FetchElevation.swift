import Breeze
import JSONRPC

/// `fetchElevation`: the height above sea level of up to 100 points, in one upstream call.
public enum FetchElevation: BreezeMethod {
    public static let name = "fetchElevation"

    public struct Params: NamedParams {
        /// One point, or lists of points (see `Places`).
        var places: Places

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
        }
    }

    /// One entry per point, in order, also for a single point: the elevation API's own shape.
    public static func handle(_ params: Params, context: MethodContext) async throws -> [ElevationPoint] {
        try await context.breeze.fetchElevation(
            ElevationRequest(points: params.places.coordinates()), call: context.call)
    }
}
