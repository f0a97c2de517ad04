import FoundationEssentials

/// A MeteoAlarm country feed (`feeds-<slug>`): `{"warnings":[{"uuid":…,"alert":{CAP}}]}`, each CAP alert with one
/// `info` block per language. Feeds keep expired warnings, and run to several megabytes.
struct MeteoAlarmFeed: Decodable {
    var warnings: [Lenient<Warning>]

    struct Warning: Decodable {
        var alert: CAPAlert
    }

    struct CAPAlert: Decodable {
        var identifier: String
        var sender: String?
        var sent: String
        var status: String?
        var msgType: String?
        /// Space-separated `sender,identifier,sent` triples (a bare identifier without commas).
        var references: String?
        var info: [Lenient<Info>]

        private enum CodingKeys: String, CodingKey {
            case identifier, sender, sent, status, msgType, references, info
        }
    }

    struct Info: Decodable {
        var language: String?
        var event: String?
        var severity: String?
        var urgency: String?
        var certainty: String?
        var effective: String?
        var onset: String?
        var expires: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var senderName: String?
        var web: String?
        var parameter: [Lenient<ValuePair>]?
        var area: [Lenient<Area>]?

        private enum CodingKeys: String, CodingKey {
            case language, event, severity, urgency, certainty, effective, onset, expires, headline, description
            case instruction, senderName, web, parameter, area
        }
    }

    struct ValuePair: Decodable {
        var valueName: String
        var value: String
    }

    struct Area: Decodable {
        var areaDesc: String?
        var geocode: [Lenient<ValuePair>]?
        /// CAP polygons, `"lat,lon lat,lon …"` (latitude first, unlike GeoJSON).
        var polygon: [String]?
    }

    private enum CodingKeys: String, CodingKey {
        case warnings
    }

    /// The messages of `country`'s feed.
    static func messages(_ body: Data, country: String) throws -> [AlertMessage] {
        try JSONDecoder().decode(MeteoAlarmFeed.self, from: body).warnings.compactMap {
            $0.value?.alert.message(country: country)
        }
    }

    /// The identifiers of a `references` text.
    static func identifiers(_ references: String?) -> [String] {
        (references ?? "").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map { triple in
            let parts = triple.split(separator: ",", omittingEmptySubsequences: false)
            return String(parts.count >= 2 ? parts[1] : triple)
        }
    }

    /// CAP polygon text as (longitude, latitude) points; nil when a pair does not read.
    static func ring(_ text: String) -> [(Double, Double)]? {
        var points: [(Double, Double)] = []
        for pair in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: ",")
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
                return nil
            }
            points.append((longitude, latitude))
        }
        return points.count >= 3 ? points : nil
    }

    /// The colour of an `awareness_level` value (`"2; yellow; Moderate"`); nil when it does not read.
    static func colour(_ value: String?) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: ";").map { $0.trimmingWhitespace().lowercased() }
        guard parts.count >= 2, ["green", "yellow", "orange", "red"].contains(parts[1]) else { return nil }
        return parts[1]
    }
}

extension MeteoAlarmFeed.CAPAlert {
    func message(country: String) -> AlertMessage? {
        let infos = info.compactMap(\.value)
        let versions = infos.map { info in
            let parameters = (info.parameter ?? []).compactMap(\.value)
            func parameter(_ name: String) -> String? { parameters.first { $0.valueName == name }?.value }
            let areas = (info.area ?? []).compactMap(\.value)
            let areaDesc = areas.compactMap(\.areaDesc).joined(separator: "; ")
            let attribution = [AlertSource.meteoalarm.attribution, info.senderName].compactMap { $0 }
                .joined(separator: "; ")
            return Alert(
                id: identifier, source: .meteoalarm, sender: sender, attribution: attribution,
                event: info.event ?? "Unknown", eventCode: parameter("awareness_type"), severity: info.severity,
                urgency: info.urgency, certainty: info.certainty,
                awarenessLevel: MeteoAlarmFeed.colour(parameter("awareness_level")), sent: sent,
                effective: info.effective, onset: info.onset, expires: info.expires, ends: nil,
                headline: info.headline, description: info.description, instruction: info.instruction,
                areaDesc: areaDesc.isEmpty ? nil : areaDesc, matchedBy: .country, web: info.web,
                language: info.language)
        }
        guard !versions.isEmpty else { return nil }
        // The areas are the same in every language; the first block's stand for all.
        let areas = (infos[0].area ?? []).compactMap(\.value).map { area in
            AlertMessage.FeedArea(
                codes: (area.geocode ?? []).compactMap(\.value).filter { $0.valueName == "EMMA_ID" }.map(\.value),
                rings: (area.polygon ?? []).compactMap(MeteoAlarmFeed.ring))
        }
        return AlertMessage(
            identifier: identifier, isActual: status == "Actual", kind: .init(msgType),
            references: MeteoAlarmFeed.identifiers(references), isReplaced: false, versions: versions,
            coverage: .areas(areas, country: country))
    }
}
