import Breeze
import JSONRPC

/// `fetchAlerts`: the official warnings in force for a point or a list of points (NWS, ECCC, MeteoAlarm).
public enum FetchAlerts: BreezeMethod {
    public static let name = "fetchAlerts"
    public static let narrowing = ["detail"]

    public struct Params: NamedParams {
        /// One point, or lists of points (see `Places`).
        var places: Places
        /// The language of MeteoAlarm's texts (`de`, `fr-CH`); English, then the first, where it has none.
        var language: String = "en"
        var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, language, detail
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PlaceResults<PointResult>, PlaceResults<PointSummary>>
    {
        let detail = try context.detail(params.detail)
        let request = try AlertsRequest(points: params.places.coordinates(), language: params.language)
        let points = try await context.breeze.fetchAlerts(request, call: context.call)
        let result = try PlaceResults(points.map { $0.map(PointResult.init) }, isList: params.places.isList)
        return Detailed(result, detail: detail) { full in full.map(PointSummary.init) }
    }

    /// One point's warnings on the wire: `PointAlerts` with each failed source's JSON-RPC error under `errors`.
    public struct PointResult: Encodable, Sendable, Equatable {
        let alerts: PointAlerts

        init(_ alerts: PointAlerts) {
            self.alerts = alerts
        }

        public func encode(to encoder: any Encoder) throws {
            try Self.encode(alerts, listing: alerts.alerts, to: encoder)
        }

        private enum CodingKeys: String, CodingKey {
            case latitude, longitude, country, coverage, reason, sources, alerts, errors
        }

        /// `point` with `warnings` standing for its alerts: each in full, or its summary.
        fileprivate static func encode(_ point: PointAlerts, listing warnings: some Encodable, to encoder: any Encoder)
            throws
        {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeMembers([
                .latitude: point.latitude, .longitude: point.longitude, .country: point.country,
                .coverage: point.coverage, .reason: point.reason, .sources: point.sources, .alerts: warnings,
                .errors: point.errors.mapValues(\.responseError),
            ])
        }
    }

    /// A point at `summary`: each warning's event, severity and times, with its credit, and the coverage.
    public struct PointSummary: Encodable, Sendable, Equatable {
        let point: PointResult

        public func encode(to encoder: any Encoder) throws {
            try PointResult.encode(point.alerts, listing: point.alerts.alerts.map(Brief.init), to: encoder)
        }

        private struct Brief: Encodable {
            let alert: Alert

            private enum CodingKeys: String, CodingKey {
                case event, severity, sent, onset, expires, ends, attribution
            }

            func encode(to encoder: any Encoder) throws {
                var item = encoder.container(keyedBy: CodingKeys.self)
                try item.encodeMembers([
                    .event: alert.event, .severity: alert.severity, .sent: alert.sent, .onset: alert.onset,
                    .expires: alert.expires, .ends: alert.ends, .attribution: alert.attribution,
                ])
            }
        }
    }
}
