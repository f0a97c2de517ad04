import FoundationEssentials

/// A page of MSC GeoMet's `weather-alerts` collection (OGC API Features): one feature per warning and region, in
/// English and French, with the region's polygon. Ended warnings stay in the collection (`status_en: ended`).
struct ECCCAlerts: Decodable {
    var numberMatched: Int?
    var features: [Lenient<Feature>]

    struct Feature: Decodable {
        var id: Identifier?
        var geometry: GeoJSONGeometry?
        var properties: Properties
    }

    /// A GeoJSON feature id: a string or a number.
    struct Identifier: Decodable {
        let text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }

    struct Properties: Decodable {
        var id: String?
        var alertCode: String?
        var alertNameEn: String?
        var alertNameFr: String?
        var alertShortNameEn: String?
        var alertShortNameFr: String?
        var alertTextEn: String?
        var alertTextFr: String?
        var featureNameEn: String?
        var featureNameFr: String?
        var statusEn: String?
        var riskColourEn: String?
        var publicationDatetime: String?
        var eventEndDatetime: String?
        var expirationDatetime: String?

        private enum CodingKeys: String, CodingKey {
            case id
            case alertCode = "alert_code"
            case alertNameEn = "alert_name_en"
            case alertNameFr = "alert_name_fr"
            case alertShortNameEn = "alert_short_name_en"
            case alertShortNameFr = "alert_short_name_fr"
            case alertTextEn = "alert_text_en"
            case alertTextFr = "alert_text_fr"
            case featureNameEn = "feature_name_en"
            case featureNameFr = "feature_name_fr"
            case statusEn = "status_en"
            case riskColourEn = "risk_colour_en"
            case publicationDatetime = "publication_datetime"
            case eventEndDatetime = "event_end_datetime"
            case expirationDatetime = "expiration_datetime"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case numberMatched, features
    }

    /// The page's messages and how many features the query matched in all (nil when the page does not say).
    static func page(_ body: Data) throws -> (messages: [AlertMessage], read: Int, matched: Int?) {
        let page = try JSONDecoder().decode(ECCCAlerts.self, from: body)
        return (page.features.compactMap { $0.value?.message }, page.features.count, page.numberMatched)
    }
}

extension ECCCAlerts.Feature {
    /// The feature as a message; nil for an ended (or cancelled) warning, or one without a time of issue or a
    /// polygon to match.
    var message: AlertMessage? {
        let p = properties
        let status = p.statusEn?.lowercased() ?? ""
        guard status != "ended", !status.contains("cancel"), let sent = p.publicationDatetime,
            let rings = geometry?.rings, !rings.isEmpty
        else { return nil }
        let identifier = p.id ?? id?.text ?? sent
        let colour = p.riskColourEn?.lowercased()
        func version(_ language: String, name: String?, short: String?, text: String?, area: String?) -> Alert? {
            guard name != nil || text != nil else { return nil }
            return Alert(
                id: identifier, source: .eccc, sender: nil, attribution: AlertSource.eccc.attribution,
                event: name ?? short ?? "Unknown", eventCode: p.alertCode, severity: nil, urgency: nil, certainty: nil,
                awarenessLevel: ["green", "yellow", "orange", "red"].contains(colour ?? "") ? colour : nil, sent: sent,
                effective: nil, onset: nil, expires: p.expirationDatetime, ends: p.eventEndDatetime, headline: short,
                description: text, instruction: nil, areaDesc: area, matchedBy: .polygon, web: nil, language: language)
        }
        let versions = [
            version("en", name: p.alertNameEn, short: p.alertShortNameEn, text: p.alertTextEn, area: p.featureNameEn),
            version("fr", name: p.alertNameFr, short: p.alertShortNameFr, text: p.alertTextFr, area: p.featureNameFr),
        ].compactMap { $0 }
        guard !versions.isEmpty else { return nil }
        return AlertMessage(
            identifier: identifier, isActual: true, kind: .alert, references: [], isReplaced: false,
            versions: versions, coverage: .polygons(rings))
    }
}
