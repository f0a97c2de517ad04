import Breeze
import JSONRPC

/// `findOutdoorWindows`: when, in the next hours, this person can do this activity outside, from air quality,
/// pollen and weather, with every verdict's value, threshold and source.
public enum FindOutdoorWindows: BreezeMethod {
    public static let name = "findOutdoorWindows"
    public static let narrowing = ["hours", "latitude", "longitude", "detail"]

    public struct Params: NamedParams {
        /// One place, or lists of places (see `Places`).
        var places: Places
        public var hours: Int = 24
        var activity: ActivityParams?
        var profile: ProfileParams?
        var constraints: ConstraintsParams?
        public var aqiScale: String?
        public var temperatureUnit: String?
        public var language: String = "en"
        public var detail: String?

        /// The by-position order.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case latitude, longitude, hours, activity, profile, constraints, aqiScale, temperatureUnit, language
            case detail
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            places = try Places.decode(from: container, latitude: .latitude, longitude: .longitude)
            hours =
                try container.decodeWholeNumberIfPresent(forKey: .hours, in: OutdoorWindowsRequest.hoursRange) ?? hours
            activity = try container.decodeIfPresent(ActivityParams.self, forKey: .activity)
            profile = try container.decodeIfPresent(ProfileParams.self, forKey: .profile)
            constraints = try container.decodeIfPresent(ConstraintsParams.self, forKey: .constraints)
            aqiScale = try container.decodeIfPresent(String.self, forKey: .aqiScale)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    /// `activity`: `intensity` and `durationMinutes`.
    struct ActivityParams: Decodable, Sendable {
        var intensity: String?
        var durationMinutes: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case intensity, durationMinutes
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            intensity = try container.decodeIfPresent(String.self, forKey: .intensity)
            durationMinutes = try container.decodeWholeNumberIfPresent(
                forKey: .durationMinutes, in: OutdoorActivity.durationRange)
        }
    }

    /// `profile`: who is going out. Every field optional; none is a healthy adult.
    struct ProfileParams: Decodable, Sendable {
        var conditions: [String]?
        var ageGroup: String?
        var unusuallySensitive: Bool?
        var pollenAllergies: [AllergyParams]?
        var heatSensitive: Bool?
        var sunSensitive: Bool?
        var coldSensitive: Bool?
        var acclimatized: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case conditions, ageGroup, unusuallySensitive, pollenAllergies, heatSensitive, sunSensitive, coldSensitive
            case acclimatized
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            conditions = try container.decodeIfPresent([String].self, forKey: .conditions)
            ageGroup = try container.decodeIfPresent(String.self, forKey: .ageGroup)
            unusuallySensitive = try container.decodeIfPresent(Bool.self, forKey: .unusuallySensitive)
            pollenAllergies = try container.decodeIfPresent([AllergyParams].self, forKey: .pollenAllergies)
            heatSensitive = try container.decodeIfPresent(Bool.self, forKey: .heatSensitive)
            sunSensitive = try container.decodeIfPresent(Bool.self, forKey: .sunSensitive)
            coldSensitive = try container.decodeIfPresent(Bool.self, forKey: .coldSensitive)
            acclimatized = try container.decodeIfPresent(Bool.self, forKey: .acclimatized)
        }
    }

    /// One pollen allergy: `taxon` and `severity`.
    struct AllergyParams: Decodable, Sendable {
        var taxon: String
        var severity: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case taxon, severity
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            taxon = try container.decode(String.self, forKey: .taxon)
            severity = try container.decodeIfPresent(String.self, forKey: .severity)
        }
    }

    /// `constraints`: when the person may be outside.
    struct ConstraintsParams: Decodable, Sendable {
        var earliest: String?
        var latest: String?
        var daylightOnly: Bool?
        var allowRain: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case earliest, latest, daylightOnly, allowRain
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            earliest = try container.decodeIfPresent(String.self, forKey: .earliest)
            latest = try container.decodeIfPresent(String.self, forKey: .latest)
            daylightOnly = try container.decodeIfPresent(Bool.self, forKey: .daylightOnly)
            allowRain = try container.decodeIfPresent(Bool.self, forKey: .allowRain)
        }
    }

    /// The windows at one place, or at each of a list of places (see `PlaceResults`).
    public static func handle(_ params: Params, context: MethodContext) async throws
        -> Detailed<PlaceResults<OutdoorWindows>, PlaceResults<OutdoorWindowsSummary>>
    {
        let detail = try context.detail(params.detail)
        let locations = try params.places.coordinates()
        var request = try OutdoorWindowsRequest(
            coordinates: locations[0], hours: params.hours, activity: try activity(params.activity),
            profile: try profile(params.profile), constraints: try constraints(params.constraints),
            aqiScale: try params.aqiScale.map { text throws(BreezeError) in
                try AQIScale(parameter: text, field: "aqiScale")
            } ?? .us,
            temperatureUnit: try params.temperatureUnit.map { text throws(BreezeError) in
                try TemperatureUnit(parameter: text, field: "temperatureUnit")
            } ?? .celsius)
        if params.places.isList { request = try request.at(locations) }
        let choice = Language.Choice(code: params.language)
        let places = try await context.breeze.findOutdoorWindows(request, call: context.call).map { place in
            place.map { answer in
                var answer = answer
                // Only `full` shows the hours: dropped before their texts would be translated.
                if detail != .full { answer.hourly = nil }
                return answer.localized(choice)
            }
        }
        return Detailed(try PlaceResults(places, isList: request.isList), detail: detail) { full in
            full.map(OutdoorWindowsSummary.init)
        }
    }

    // MARK: - Wire values to domain values

    static func activity(_ params: ActivityParams?) throws(BreezeError) -> OutdoorActivity {
        guard let params else { return OutdoorActivity() }
        return try OutdoorActivity(
            intensity: try params.intensity.map { text throws(BreezeError) in
                try ActivityIntensity(parameter: text, field: "activity.intensity")
            } ?? .moderate, durationMinutes: params.durationMinutes ?? 60)
    }

    static func profile(_ params: ProfileParams?) throws(BreezeError) -> OutdoorProfile {
        var profile = OutdoorProfile()
        guard let params else { return profile }
        for (index, text) in (params.conditions ?? []).enumerated() {
            profile.conditions.insert(try HealthCondition(parameter: text, field: "profile.conditions[\(index)]"))
        }
        if let text = params.ageGroup { profile.ageGroup = try AgeGroup(parameter: text, field: "profile.ageGroup") }
        profile.unusuallySensitive = params.unusuallySensitive ?? false
        for (index, allergy) in (params.pollenAllergies ?? []).enumerated() {
            let field = "profile.pollenAllergies[\(index)]"
            profile.pollenAllergies.append(
                PollenAllergy(
                    taxon: try PollenTaxon(parameter: allergy.taxon, field: field + ".taxon"),
                    severity: try allergy.severity.map { text throws(BreezeError) in
                        try PollenAllergy.Severity(parameter: text, field: field + ".severity")
                    } ?? .mild))
        }
        profile.heatSensitive = params.heatSensitive ?? false
        profile.sunSensitive = params.sunSensitive ?? false
        profile.coldSensitive = params.coldSensitive ?? false
        profile.acclimatized = params.acclimatized ?? false
        return profile
    }

    static func constraints(_ params: ConstraintsParams?) throws(BreezeError) -> OutdoorConstraints {
        var constraints = OutdoorConstraints()
        guard let params else { return constraints }
        constraints.earliest = try params.earliest.map { text throws(BreezeError) in
            try OutdoorConstraints.minutes(text, field: "constraints.earliest")
        }
        constraints.latest = try params.latest.map { text throws(BreezeError) in
            try OutdoorConstraints.minutes(text, field: "constraints.latest")
        }
        constraints.daylightOnly = params.daylightOnly ?? false
        constraints.allowRain = params.allowRain ?? false
        return constraints
    }
}

extension OutdoorWindows: Localizable {}

extension Decoder {
    /// A keyed container that refuses keys it does not know, naming the key and listing the known ones: a misspelt
    /// health condition key must not pass for a healthy adult.
    fileprivate func strictContainer<Key: CodingKey & CaseIterable>(keyedBy type: Key.Type) throws
        -> KeyedDecodingContainer<Key>
    {
        let any = try container(keyedBy: AnyKey.self)
        let known = Key.allCases.map(\.stringValue)
        for key in any.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown field; known fields: \(known.joined(separator: ", "))"))
        }
        return try container(keyedBy: Key.self)
    }
}

/// Any string key.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
