import FoundationEssentials

/// One message of a feed as read, before it is matched to a point: its lifecycle (CAP `status`, `msgType`,
/// `references`), the warning in each language the source gives, and what tells whether it covers a point.
struct AlertMessage: Sendable {
    enum Kind: Sendable {
        case alert, update, cancel

        /// CAP's `msgType`: `Update` and `Cancel` by name, anything else (`Alert`, `Ack`, `Error`) an alert.
        init(_ messageType: String?) {
            switch messageType?.lowercased() {
            case "update": self = .update
            case "cancel": self = .cancel
            default: self = .alert
            }
        }
    }

    /// How to tell whether the message covers a point.
    enum Coverage: Sendable {
        /// The source matched the point itself (NWS's `?point=` query).
        case matched(AlertMatch)
        /// Polygons of its own, as (longitude, latitude) rings tested with the even-odd rule (ECCC).
        case polygons([[(Double, Double)]])
        /// MeteoAlarm areas of `country`'s feed: each its EMMA_ID codes, or a polygon of its own.
        case areas([FeedArea], country: String)
    }

    /// One `area` of a MeteoAlarm warning.
    struct FeedArea: Sendable {
        var codes: [String]
        /// (longitude, latitude) rings, from the area's CAP `polygon` strings (MeteoSwiss writes them).
        var rings: [[(Double, Double)]]
        /// The embedded areas of `codes`, looked up once when the feed is read rather than for every point.
        var known: [Int]

        init(codes: [String], rings: [[(Double, Double)]], table: AlertAreaTable = .embedded) {
            self.codes = codes
            self.rings = rings
            known = codes.compactMap(table.index(of:))
        }
    }

    var identifier: String
    /// CAP `status` is `Actual` (not `Test`, `Exercise`, `System` or `Draft`).
    var isActual: Bool
    var kind: Kind
    /// The identifiers of the messages this one updates or cancels.
    var references: [String]
    /// NWS marks a message a later one superseded (`replacedBy`).
    var isReplaced: Bool
    /// The warning in each language the source gives, in the source's order; never empty.
    var versions: [Alert]
    var coverage: Coverage

    /// The version in `language` (its primary subtag, `de` for `de-CH`), else English, else the first.
    func version(in language: String) -> Alert {
        let wanted = Self.primary(language)
        return versions.first { $0.language.map(Self.primary) == wanted }
            ?? versions.first { $0.language.map(Self.primary) == "en" } ?? versions[0]
    }

    static func primary(_ tag: String) -> String {
        String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}

/// What a point needs to be matched against messages: where it is, its own country and which of the embedded
/// areas contain it.
struct AlertPoint: Sendable {
    let coordinates: Coordinates
    /// The country of the nearest place (`PlaceTable`), which a warning matched by country must be for.
    let country: String?
    let areas: AlertAreaTable

    init(_ coordinates: Coordinates, country: String?, areas: AlertAreaTable = .embedded) {
        self.coordinates = coordinates
        self.country = country
        self.areas = areas
    }

    /// How `coverage` covers this point, or nil when it does not.
    func match(_ coverage: AlertMessage.Coverage) -> AlertMatch? {
        let x = coordinates.longitude
        let y = coordinates.latitude
        switch coverage {
        case .matched(let match):
            return match
        case .polygons(let rings):
            return PolygonTest.contains(x: x, y: y, rings: rings) ? .polygon : nil
        case .areas(let feedAreas, let country):
            var uncheckable = false
            var near: [Int] = []
            for area in feedAreas {
                if !area.rings.isEmpty {
                    if PolygonTest.contains(x: x, y: y, rings: area.rings) { return .polygon }
                    continue
                }
                let known = area.known
                if known.isEmpty {
                    uncheckable = true
                    continue
                }
                if known.contains(where: { areas.contains($0, coordinates) }) { return .area }
                near += known
            }
            guard country == self.country else { return nil }
            // A sliver between simplified neighbours: only where no area of the country contains the point.
            // Looked up only here: the scan over every area is for this rare case, not for each point.
            if !near.isEmpty, !areas.areas(containing: coordinates).contains(where: { areas.country($0) == country }),
                near.contains(where: {
                    (areas.distanceKm($0, coordinates, limitKm: AlertAreaTable.nearKm) ?? .infinity)
                        <= AlertAreaTable.nearKm
                })
            {
                return .nearArea
            }
            return uncheckable ? .country : nil
        }
    }

    /// The warnings of `messages` in force at `now` that cover this point, each in `language` where the source
    /// has it, in no particular order.
    ///
    /// Only `Actual` messages count. A `Cancel` covering the point is dropped with the messages it references;
    /// an unexpired `Update` covering the point drops the messages it references, as does NWS's `replacedBy`; a
    /// version whose `expires` has passed is dropped. Supersession is judged where the point is, since a Cancel or
    /// Update may cover only part of the original's area.
    func inForce(_ messages: [AlertMessage], at now: Date, language: String) -> [Alert] {
        var matched: [(AlertMessage, AlertMatch)] = []
        for message in messages where message.isActual {
            // Expired warnings (most of a MeteoAlarm feed) are neither shown nor supersede anything: skipped before
            // the costlier match. A Cancel counts whatever its own expiry.
            if message.kind != .cancel, message.versions.allSatisfy({ Self.isExpired($0, at: now) }) { continue }
            if let match = match(message.coverage) { matched.append((message, match)) }
        }
        var dropped = Set<String>()
        for (message, _) in matched {
            switch message.kind {
            case .cancel:
                dropped.formUnion(message.references)
            case .update where !Self.isExpired(message.version(in: language), at: now):
                dropped.formUnion(message.references)
            case .update, .alert:
                break
            }
        }
        var alerts: [Alert] = []
        for (message, match) in matched
        where message.kind != .cancel && !message.isReplaced && !dropped.contains(message.identifier) {
            var alert = message.version(in: language)
            guard !Self.isExpired(alert, at: now) else { continue }
            alert.matchedBy = match
            alerts.append(alert)
        }
        return alerts
    }

    static func isExpired(_ alert: Alert, at now: Date) -> Bool {
        alert.expiresAt.map { $0 <= now } ?? false
    }
}
