import FoundationEssentials

/// What `findOutdoorWindows` asks: where, how many hours ahead, what activity, for whom, within which limits.
///
/// Every field is checked when the request is made; none of the person's fields changes what is asked of the
/// upstreams (only `pollenAllergies` outside CAMS Europe adds a pollen request), so a question for another
/// profile or activity is answered from the cache.
public struct OutdoorWindowsRequest: Sendable, Hashable, PlaceListRequest {
    /// Every place asked about, in the order results come back.
    public internal(set) var locations: [Coordinates]
    /// Whether the caller gave a list of places (even of one), and so gets a list of results.
    public internal(set) var isList = false
    /// Hours from the current one, 1…96.
    public var hours: Int
    public var activity: OutdoorActivity
    public var profile: OutdoorProfile
    public var constraints: OutdoorConstraints
    public var aqiScale: AQIScale
    /// The unit of every temperature in the answer (the upstream is always asked in Celsius, so the cache entry is
    /// the same for both).
    public var temperatureUnit: TemperatureUnit
    /// Whether the answer carries every hour with its factors and indices (`detail` `full`); the windows are the
    /// same either way.
    public var includesHours = true

    /// The hours one may ask for: what the air-quality forecast reaches in every region (CAMS Europe's 4 days).
    public static let hoursRange: ClosedRange<Int> = 1...96
    /// The hours asked of the upstreams whatever `hours` is, so every question about a place shares one answer.
    static let upstreamHours = 96
    /// The past hours of air quality the NowCast needs before the first hour.
    static let nowCastHours = 12
    /// The hours `fetchDashboard`'s `outdoors` looks ahead.
    static let dashboardHours = 24

    /// - Throws: `BreezeError.invalidParameter` naming `hours`.
    public init(
        coordinates: Coordinates, hours: Int = 24, activity: OutdoorActivity = OutdoorActivity(),
        profile: OutdoorProfile = OutdoorProfile(), constraints: OutdoorConstraints = OutdoorConstraints(),
        aqiScale: AQIScale = .us, temperatureUnit: TemperatureUnit = .celsius
    ) throws(BreezeError) {
        try checkRange(hours, Self.hoursRange, name: "hours")
        locations = [coordinates]
        self.hours = hours
        self.activity = activity
        self.profile = profile
        self.constraints = constraints
        self.aqiScale = aqiScale
        self.temperatureUnit = temperatureUnit
    }

    /// This request about each of `places` (1 to `Coordinates.maxPerCall`), one upstream call per API.
    /// - Throws: `BreezeError.invalidParameter` naming `field` when there are none or too many.
    public func at(_ places: [Coordinates], field: String = "latitude") throws(BreezeError) -> OutdoorWindowsRequest {
        try listed(at: places, field: field)
    }
}

/// Which air-quality scale the rules read: the US EPA AQI (with the PM NowCast) or the European AQI.
public enum AQIScale: String, ParameterChoice, Sendable {
    case us, eu
}

/// The activity: how hard (WHO bands) and how long.
public struct OutdoorActivity: Sendable, Hashable {
    public var intensity: ActivityIntensity
    public var durationMinutes: Int

    /// 15 minutes (the EPA schools guidance's shortest activity, recess) to 8 hours.
    public static let durationRange: ClosedRange<Int> = 15...480

    /// - Throws: `BreezeError.invalidParameter` naming `activity.durationMinutes`.
    public init(intensity: ActivityIntensity = .moderate, durationMinutes: Int = 60) throws(BreezeError) {
        try checkRange(durationMinutes, Self.durationRange, name: "activity.durationMinutes")
        self.intensity = intensity
        self.durationMinutes = durationMinutes
    }

    public init() {
        intensity = .moderate
        durationMinutes = 60
    }

    /// EPA's "prolonged or heavy exertion": vigorous, or moderate for an hour or more. EPA-456/F-11-005,
    /// "Air Quality and Outdoor Activities: Recommendations for Schools", splits 15 min / 1 h / more than 1 h.
    public var isProlongedOrHeavy: Bool {
        intensity == .vigorous || (intensity == .moderate && durationMinutes >= 60)
    }

    /// The whole hours the activity needs.
    public var hours: Int { (durationMinutes + 59) / 60 }
}

/// WHO 2020 guidelines on physical activity: light < 3 METs, moderate 3–6, vigorous ≥ 6.
public enum ActivityIntensity: String, ParameterChoice, Sendable {
    case light, moderate, vigorous
}

/// The person: every field optional; none given is a healthy adult.
public struct OutdoorProfile: Sendable, Hashable {
    public var conditions: Set<HealthCondition> = []
    public var ageGroup: AgeGroup = .adult
    /// EPA's "unusually sensitive people", named at Moderate air quality.
    public var unusuallySensitive = false
    public var pollenAllergies: [PollenAllergy] = []
    public var heatSensitive = false
    public var sunSensitive = false
    public var coldSensitive = false
    /// Used to exercising in heat: the NWS WBGT guidance eases for acclimatized people.
    public var acclimatized = false

    public init() {}

    var hasLungDisease: Bool { !conditions.isDisjoint(with: [.asthma, .copd, .lungDisease]) }
    var isChild: Bool { ageGroup == .child || ageGroup == .teen }
    var isOlder: Bool { ageGroup == .olderAdult }
}

public enum HealthCondition: String, ParameterChoice, Sendable, Hashable {
    case asthma, copd, lungDisease, heartDisease, pregnancy, diabetes
}

public enum AgeGroup: String, ParameterChoice, Sendable {
    case child, teen, adult, olderAdult
}

/// A pollen allergy and how strongly it shows.
public struct PollenAllergy: Sendable, Hashable {
    public var taxon: PollenTaxon
    public var severity: Severity

    public enum Severity: String, ParameterChoice, Sendable, Comparable {
        case mild, severe

        public static func < (left: Severity, right: Severity) -> Bool { left == .mild && right == .severe }
    }

    public init(taxon: PollenTaxon, severity: Severity = .mild) {
        self.taxon = taxon
        self.severity = severity
    }
}

/// The pollen taxa a profile may name: CAMS Europe's six species, and Google's three types.
public enum PollenTaxon: String, ParameterChoice, Sendable, Hashable {
    case alder, birch, grass, mugwort, olive, ragweed, tree, weed

    /// The CAMS species that count towards the taxon (a type is its species' highest level).
    var camsSpecies: [OpenMeteoPlant] {
        switch self {
        case .alder: [.alder]
        case .birch: [.birch]
        case .grass: [.grass]
        case .mugwort: [.mugwort]
        case .olive: [.olive]
        case .ragweed: [.ragweed]
        case .tree: [.alder, .birch, .olive]
        case .weed: [.mugwort, .ragweed]
        }
    }

    /// Google Pollen's plant or type codes that count towards the taxon.
    var googleCodes: [String] {
        switch self {
        case .alder: ["ALDER"]
        case .birch: ["BIRCH"]
        case .grass: ["GRAMINALES", "GRASS"]
        case .mugwort: ["MUGWORT"]
        case .olive: ["OLIVE"]
        case .ragweed: ["RAGWEED"]
        case .tree: ["TREE"]
        case .weed: ["WEED"]
        }
    }
}

/// When the person may be outside at all.
///
/// `earliest` and `latest` are read on the answer's clock: the zone's offset when the upstreams were asked, which
/// Open-Meteo applies to every hour it returns, also past a DST change inside the horizon (see `OutdoorTime`). So
/// they agree with the times the answer shows, which after such a change are an hour off the wall clock.
public struct OutdoorConstraints: Sendable, Hashable {
    /// Local minutes after midnight of the earliest start, nil for none.
    public var earliest: Int?
    /// Local minutes after midnight by which the activity must end, nil for none.
    public var latest: Int?
    public var daylightOnly = false
    /// Rain is acceptable: rain rules ease one step (thunder never does).
    public var allowRain = false

    public init() {}

    /// Minutes after midnight from `HH:MM`.
    /// - Throws: `BreezeError.invalidParameter` naming `field`.
    public static func minutes(_ text: String, field: String) throws(BreezeError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0...24).contains(hour), (0...59).contains(minute), hour * 60 + minute <= 1440
        else {
            throw .invalidParameter(
                name: field, reason: "must be a local time as HH:MM (00:00 to 24:00), not \"\(text)\".")
        }
        return hour * 60 + minute
    }
}
