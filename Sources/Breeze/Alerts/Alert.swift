import FoundationEssentials

/// One official warning, in one shape for every source: CAP's fields (Common Alerting Protocol 1.2), as the
/// source wrote them.
///
/// Texts are verbatim, never rewritten. A field the source does not have is `nil` (written `null`), or `Unknown`
/// for `severity`, `urgency` and `certainty`, CAP's own word for it: nothing is invented.
public struct Alert: Sendable, Hashable, Encodable {
    /// The source's identifier of the message (CAP `identifier`; for ECCC the feature's id).
    public var id: String
    public var source: AlertSource
    /// CAP `sender` (an address or id of the issuing office); nil where the source has none.
    public var sender: String?
    /// Whom to credit, as the source's terms ask ("EUMETNET – MeteoAlarm; Deutscher Wetterdienst").
    public var attribution: String
    public var event: String
    /// The source's code for the event: NWS's three letters, MeteoAlarm's `awareness_type`, ECCC's `alert_code`.
    public var eventCode: String?
    /// `Extreme`, `Severe`, `Moderate`, `Minor` or `Unknown`.
    public var severity: String
    public var urgency: String
    public var certainty: String
    /// `green`, `yellow`, `orange` or `red` where the source colours its warnings (MeteoAlarm, ECCC); else nil.
    public var awarenessLevel: String?
    /// When the message was issued: always present, as MeteoAlarm's terms ask.
    public var sent: String
    public var effective: String?
    public var onset: String?
    /// When this message stops being current.
    public var expires: String?
    /// When the hazard is expected to end, where the source says.
    public var ends: String?
    public var headline: String?
    public var description: String?
    public var instruction: String?
    public var areaDesc: String?
    /// How the warning was found to cover the point (see `AlertMatch`).
    public var matchedBy: AlertMatch
    public var web: String?
    /// The language of the texts (a BCP-47 tag as the source wrote it).
    public var language: String?

    /// `sent`, `onset` (else `effective`, else `sent`), `expires` and `ends` as instants, for filtering and order.
    let sentAt: Date?
    let startsAt: Date?
    let expiresAt: Date?
    let endsAt: Date?

    init(
        id: String, source: AlertSource, sender: String?, attribution: String, event: String, eventCode: String?,
        severity: String?, urgency: String?, certainty: String?, awarenessLevel: String?, sent: String,
        effective: String?, onset: String?, expires: String?, ends: String?, headline: String?,
        description: String?, instruction: String?, areaDesc: String?, matchedBy: AlertMatch, web: String?,
        language: String?
    ) {
        self.id = id
        self.source = source
        self.sender = sender
        self.attribution = attribution
        self.event = event
        self.eventCode = eventCode
        self.severity = Self.cap(severity, among: AlertSeverity.words)
        self.urgency = Self.cap(urgency, among: ["Immediate", "Expected", "Future", "Past", "Unknown"])
        self.certainty = Self.cap(certainty, among: ["Observed", "Likely", "Possible", "Unlikely", "Unknown"])
        self.awarenessLevel = awarenessLevel
        self.sent = sent
        self.effective = effective
        self.onset = onset
        self.expires = expires
        self.ends = ends
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.areaDesc = areaDesc
        self.matchedBy = matchedBy
        self.web = web
        self.language = language
        sentAt = ISOTimestamp.date(sent)
        startsAt = ISOTimestamp.date(onset) ?? ISOTimestamp.date(effective) ?? sentAt
        expiresAt = ISOTimestamp.date(expires)
        endsAt = ISOTimestamp.date(ends)
    }

    /// `value` in CAP's spelling when it is one of `words` (case aside), else `Unknown`.
    private static func cap(_ value: String?, among words: [String]) -> String {
        guard let value else { return "Unknown" }
        return words.first { $0.lowercased() == value.lowercased() } ?? "Unknown"
    }

    /// Extreme first; then the earliest start; then the identifier, so the order never depends on the feed's.
    static func precedes(_ lhs: Alert, _ rhs: Alert) -> Bool {
        let (left, right) = (AlertSeverity.rank(lhs.severity), AlertSeverity.rank(rhs.severity))
        if left != right { return left < right }
        let (leftStart, rightStart) = (lhs.startsAt ?? .distantFuture, rhs.startsAt ?? .distantFuture)
        if leftStart != rightStart { return leftStart < rightStart }
        return lhs.id < rhs.id
    }

    private enum CodingKeys: String, CodingKey {
        case id, source, sender, attribution, event, eventCode, severity, urgency, certainty, awarenessLevel, sent
        case effective, onset, expires, ends, headline, description, instruction, areaDesc, matchedBy, web, language
    }

    /// Every key written, `null` where the source has nothing: the synthesized encoder would drop them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .id: id, .source: source, .sender: sender, .attribution: attribution, .event: event, .eventCode: eventCode,
            .severity: severity, .urgency: urgency, .certainty: certainty, .awarenessLevel: awarenessLevel,
            .sent: sent, .effective: effective, .onset: onset, .expires: expires, .ends: ends, .headline: headline,
            .description: description, .instruction: instruction, .areaDesc: areaDesc, .matchedBy: matchedBy,
            .web: web, .language: language,
        ])
    }

    /// Whether the warning is `Severe` or `Extreme`, or (from a source without CAP severities, as ECCC) orange or
    /// red: what an outdoor plan should avoid rather than mind.
    public var isSevere: Bool {
        switch severity {
        case "Extreme", "Severe": true
        case "Unknown": awarenessLevel == "orange" || awarenessLevel == "red"
        default: false
        }
    }

    /// The span the warning covers, from its start to its end (else its expiry); nil without both instants.
    public var period: Range<Date>? {
        guard let start = startsAt, let end = endsAt ?? expiresAt, start < end else { return nil }
        return start..<end
    }
}

/// CAP's severity words, most severe first.
enum AlertSeverity {
    static let words = ["Extreme", "Severe", "Moderate", "Minor", "Unknown"]

    static func rank(_ word: String) -> Int { words.firstIndex(of: word) ?? words.count }
}

/// The official services warnings come from.
public enum AlertSource: String, Sendable, Hashable, Encodable, CaseIterable {
    /// The US National Weather Service (api.weather.gov): the US and its territories, and US marine zones.
    case nws
    /// Environment and Climate Change Canada, through MSC GeoMet's `weather-alerts` collection.
    case eccc
    /// MeteoAlarm (EUMETNET): 38 European national services.
    case meteoalarm

    /// The credit every answer carries for this source.
    public var attribution: String {
        switch self {
        case .nws: "National Weather Service (weather.gov)"
        case .eccc: "Environment and Climate Change Canada"
        case .meteoalarm: "EUMETNET – MeteoAlarm"
        }
    }

    var upstream: Upstream {
        switch self {
        case .nws: .nws
        case .eccc: .eccc
        case .meteoalarm: .meteoalarm
        }
    }
}

/// How a warning was found to cover a point.
public enum AlertMatch: String, Sendable, Hashable, Encodable {
    /// The warning's own polygon contains the point (NWS storm-based warnings, ECCC, MeteoSwiss).
    case polygon
    /// NWS found the point in one of the warning's zones (its `geometry` is null).
    case zone
    /// One of the warning's MeteoAlarm areas (EMMA_ID) contains the point.
    case area
    /// No area contains the point (simplified borders leave slivers), but one of the warning's lies within
    /// `AlertAreaTable.nearKm` of it, in the point's own country.
    case nearArea
    /// The warning's areas are not in the embedded table and it has no polygon: it is for the point's country,
    /// and may not cover the point itself.
    case country
}
