import FoundationEssentials

/// api.weather.gov's `/alerts/active?point=` answer: a GeoJSON FeatureCollection whose features are CAP alerts,
/// already matched to the point by the server (`geometry` is the storm polygon, or null for zone-based alerts).
struct NWSAlerts: Decodable {
    var features: [Lenient<Feature>]

    struct Feature: Decodable {
        var geometry: GeoJSONGeometry?
        var properties: Properties
    }

    struct Properties: Decodable {
        var id: String
        var areaDesc: String?
        var references: [Reference]?
        var sent: String
        var effective: String?
        var onset: String?
        var expires: String?
        var ends: String?
        var status: String?
        var messageType: String?
        var severity: String?
        var certainty: String?
        var urgency: String?
        var event: String?
        var sender: String?
        var senderName: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var language: String?
        var web: String?
        var eventCode: [String: [String]]?
        var replacedBy: String?

        private enum CodingKeys: String, CodingKey {
            case id, areaDesc, references, sent, effective, onset, expires, ends, status, messageType, severity
            case certainty, urgency, event, sender, senderName, headline, description, instruction, language, web
            case eventCode, replacedBy
        }
    }

    struct Reference: Decodable {
        var identifier: String
    }

    private enum CodingKeys: String, CodingKey {
        case features
    }

    /// The messages of a body.
    static func messages(_ body: Data) throws -> [AlertMessage] {
        try JSONDecoder().decode(NWSAlerts.self, from: body).features.compactMap(\.value).map(\.message)
    }
}

extension NWSAlerts.Feature {
    var message: AlertMessage {
        let p = properties
        let attribution = [AlertSource.nws.attribution, p.senderName].compactMap { $0 }.joined(separator: "; ")
        let alert = Alert(
            id: p.id, source: .nws, sender: p.sender, attribution: attribution, event: p.event ?? "Unknown",
            eventCode: p.eventCode?["NationalWeatherService"]?.first, severity: p.severity, urgency: p.urgency,
            certainty: p.certainty, awarenessLevel: nil, sent: p.sent, effective: p.effective, onset: p.onset,
            expires: p.expires, ends: p.ends, headline: p.headline, description: p.description,
            instruction: p.instruction, areaDesc: p.areaDesc, matchedBy: geometry == nil ? .zone : .polygon,
            web: p.web, language: p.language)
        return AlertMessage(
            identifier: p.id, isActual: p.status == "Actual", kind: .init(p.messageType),
            references: (p.references ?? []).map(\.identifier), isReplaced: p.replacedBy != nil, versions: [alert],
            coverage: .matched(alert.matchedBy))
    }
}
