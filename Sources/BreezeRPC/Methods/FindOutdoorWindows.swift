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
            activity = try container.decodeIfPresent(Strict<ActivityParams>.self, forKey: .activity)?.value
            profile = try container.decodeIfPresent(Strict<ProfileParams>.self, forKey: .profile)?.value
            constraints = try container.decodeIfPresent(Strict<ConstraintsParams>.self, forKey: .constraints)?.value
            aqiScale = try container.decodeIfPresent(String.self, forKey: .aqiScale)
            temperatureUnit = try container.decodeIfPresent(String.self, forKey: .temperatureUnit)
            language = try container.decodeIfPresent(String.self, forKey: .language) ?? language
            detail = try container.decodeIfPresent(String.self, forKey: .detail)
        }
    }

    /// `activity`: `intensity` and `durationMinutes`.
    struct ActivityParams: StrictParams {
        var intensity: String?
        var durationMinutes: Int?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case intensity, durationMinutes
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            intensity = try container.decodeIfPresent(String.self, forKey: .intensity)
            durationMinutes = try container.decodeWholeNumberIfPresent(
                forKey: .durationMinutes, in: OutdoorActivity.durationRange)
        }
    }

    /// `profile`: who is going out. Every field optional; none is a healthy adult.
    struct ProfileParams: StrictParams {
        var conditions: [String]?
        var ageGroup: String?
        var unusuallySensitive: Bool?
        var pollenAllergies: [Strict<AllergyParams>]?
        var heatSensitive: Bool?
        var sunSensitive: Bool?
        var coldSensitive: Bool?
        var acclimatized: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case conditions, ageGroup, unusuallySensitive, pollenAllergies, heatSensitive, sunSensitive, coldSensitive
            case acclimatized
        }
    }

    /// One pollen allergy: `taxon` and `severity`.
    struct AllergyParams: StrictParams {
        var taxon: String
        var severity: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case taxon, severity
        }
    }

    /// `constraints`: when the person may be outside.
    struct ConstraintsParams: StrictParams {
        var earliest: String?
        var latest: String?
        var daylightOnly: Bool?
        var allowRain: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case earliest, latest, daylightOnly, allowRain
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
        // Only `full` shows the hours.
        request.includesHours = detail == .full
        let choice = Language.Choice(code: params.language)
        let places = try await context.breeze.findOutdoorWindows(request, call: context.call).map { place in
            place.map { $0.localized(choice) }
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
        for (index, allergy) in (params.pollenAllergies ?? []).map(\.value).enumerated() {
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

/// A nested parameter object whose keys `Strict` checks before its own conformance decodes it.
protocol StrictParams: Decodable, Sendable {
    associatedtype CodingKeys: CodingKey & CaseIterable
}

/// A `StrictParams` object that holds no key it does not know, decoded by its own conformance: a misspelt health
/// condition key must not pass for a healthy adult. An unknown key fails naming it and listing the known ones.
struct Strict<Value: StrictParams>: Decodable, Sendable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let known = Value.CodingKeys.allCases.map(\.stringValue)
        for key in try decoder.container(keyedBy: AnyKey.self).allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + [key],
                    debugDescription: "unknown field; known fields: \(known.joined(separator: ", "))"))
        }
        value = try Value(from: decoder)
    }
}

/// Any string key.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
