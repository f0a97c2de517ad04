import FoundationEssentials

/// The official warnings at one place as `findOutdoorWindows` reads them: the hours each covers, and which
/// sources answered.
public struct OutdoorAlerts: Sendable, Hashable {
    /// `coverage.alerts` of the answer: the sources that answered (`meteoalarm`, `eccc, nws`), with the feeds that
    /// failed after `; failed:`; `none` where no source covers the place; `failed` where every source failed.
    public var coverage: String
    public var alerts: [OutdoorAlert]

    public init(coverage: String, alerts: [OutdoorAlert]) {
        self.coverage = coverage
        self.alerts = alerts
    }

    /// `fetchAlerts`' answer for the place, or its failure (the place's warnings are then not known).
    public init(_ answer: Result<PointAlerts, any Error>) {
        guard case .success(let point) = answer else {
            self.init(coverage: "failed", alerts: [])
            return
        }
        guard point.coverage != .none else {
            self.init(coverage: "none", alerts: [])
            return
        }
        var answered: [String] = []
        for used in point.sources where used.answered && !answered.contains(used.source.rawValue) {
            answered.append(used.source.rawValue)
        }
        var coverage = answered.sorted().joined(separator: ", ")
        if !point.errors.isEmpty { coverage += "; failed: " + point.errors.keys.sorted().joined(separator: ", ") }
        self.init(coverage: coverage, alerts: point.alerts.map(OutdoorAlert.init))
    }
}

extension OutdoorAlert {
    /// The hours `alert` covers, from its onset (else its effective time, else when it was sent) to its end (else
    /// its expiry); open-ended where the source gives no such time.
    init(_ alert: Alert) {
        let severity: Severity =
            switch alert.severity {
            case "Extreme": .extreme
            case "Severe": .severe
            case "Moderate": .moderate
            case "Minor": .minor
            // ECCC has no CAP severity: its orange and red warnings are as severe (`Alert.isSevere`).
            default: alert.isSevere ? .severe : .unknown
            }
        let source: OutdoorSource =
            switch alert.source {
            case .nws: .nwsAlerts
            case .eccc: .ecccAlerts
            case .meteoalarm: .meteoAlarm
            }
        self.init(
            severity: severity, event: alert.event, attribution: alert.attribution, source: source,
            start: (alert.startsAt ?? alert.sentAt).map { Int64($0.timeIntervalSince1970) } ?? .min,
            end: (alert.endsAt ?? alert.expiresAt).map { Int64($0.timeIntervalSince1970.rounded(.up)) } ?? .max)
    }
}

extension Breeze {
    /// The warnings at each of `places` for `findOutdoorWindows`: from `source` when the caller gives one, else
    /// from `fetchAlerts`, whose feeds are cached, so a dashboard or a `fetchAlerts` just before costs no request.
    ///
    /// Never fails: a place whose sources all failed has no warnings and `failed` as its coverage, and the windows
    /// are still answered.
    func outdoorAlerts(
        _ places: [Coordinates], from source: (@Sendable ([Coordinates]) async -> [OutdoorAlerts])?, call: Call
    ) async -> [OutdoorAlerts] {
        if let source { return await source(places) }
        do {
            return try await fetchAlerts(AlertsRequest(points: places), call: call).map {
                OutdoorAlerts($0.mapError { $0 })
            }
        } catch {
            // Cancellation, which the other requests of the call see too.
            return places.map { _ in OutdoorAlerts(.failure(error)) }
        }
    }
}
