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

        private enum CodingKeys: String, CodingKey {
            case latitude, longitude, country, coverage, reason, sources, alerts, errors
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(alerts.latitude, forKey: .latitude)
            try container.encode(alerts.longitude, forKey: .longitude)
            try container.encode(alerts.country, forKey: .country)
            try container.encode(alerts.coverage, forKey: .coverage)
            try container.encode(alerts.reason, forKey: .reason)
            try container.encode(alerts.sources, forKey: .sources)
            try container.encode(alerts.alerts, forKey: .alerts)
            try container.encode(alerts.errors.mapValues(\.responseError), forKey: .errors)
        }
    }

    /// A point at `summary`: each warning's event, severity and times, with its credit, and the coverage.
    public struct PointSummary: Encodable, Sendable, Equatable {
        let point: PointResult

        private enum CodingKeys: String, CodingKey {
            case latitude, longitude, country, coverage, reason, sources, alerts, errors
        }

        private enum AlertKeys: String, CodingKey {
            case event, severity, sent, onset, expires, ends, attribution
        }

        public func encode(to encoder: any Encoder) throws {
            let value = point.alerts
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value.latitude, forKey: .latitude)
            try container.encode(value.longitude, forKey: .longitude)
            try container.encode(value.country, forKey: .country)
            try container.encode(value.coverage, forKey: .coverage)
            try container.encode(value.reason, forKey: .reason)
            try container.encode(value.sources, forKey: .sources)
            var alerts = container.nestedUnkeyedContainer(forKey: .alerts)
            for alert in value.alerts {
                var item = alerts.nestedContainer(keyedBy: AlertKeys.self)
                try item.encode(alert.event, forKey: .event)
                try item.encode(alert.severity, forKey: .severity)
                try item.encode(alert.sent, forKey: .sent)
                try item.encode(alert.onset, forKey: .onset)
                try item.encode(alert.expires, forKey: .expires)
                try item.encode(alert.ends, forKey: .ends)
                try item.encode(alert.attribution, forKey: .attribution)
            }
            try container.encode(value.errors.mapValues(\.responseError), forKey: .errors)
        }
    }
}
