import FoundationEssentials

/// What `searchCities` looks for: a place name, how many matches, and in which language.
///
/// Validated on construction so the upstream only ever sees a request it can answer.
public struct CitySearch: Sendable, Hashable {
    /// The place name, trimmed of surrounding white space.
    public let name: String
    /// How many matches to ask for, 1…100.
    public static let countRange: ClosedRange<Int> = 1...100
    /// How many matches to ask for, within `countRange`.
    public let count: Int
    /// The language of the returned names (a lower-case code such as `en` or `de`): as asked for, or, when the
    /// search left it out, the language of the name's script (`ru` for "Москва", see `ScriptLanguage`), else `en`.
    public let language: String
    /// An ISO-3166-1 alpha-2 country code, upper-cased, limiting the matches to that country.
    public let countryCode: String?

    /// `language` `nil` (left out) lets the name's script choose: a name typed in Cyrillic, Chinese characters,
    /// Arabic … is searched among the names in that language, where the geocoder finds it; a Latin-script name is
    /// searched in English, as it always was. An explicit `language`, `en` included, is used as given.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `count`, `language` or `countryCode`.
    public init(name: String, count: Int = 5, language: String? = nil, countryCode: String? = nil)
        throws(BreezeError)
    {
        try checkRange(count, Self.countRange, name: "count")
        let name = name.trimmingWhitespaceAndNewlines()
        let language = (language ?? ScriptLanguage.language(of: name) ?? "en").trimmingWhitespace()
        guard !language.isEmpty, language.count <= 16,
            language.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "-") })
        else {
            throw .invalidParameter(
                name: "language", reason: "must be a language code such as \"en\", not \"\(language)\".")
        }
        var country: String?
        if let countryCode {
            // The upstream matches upper-case codes exactly; accepting "de" for "DE" saves users a surprise.
            let code = countryCode.trimmingWhitespace().uppercased()
            guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
                throw .invalidParameter(
                    name: "countryCode",
                    reason: "must be a two-letter ISO country code such as \"DE\", not \"\(countryCode)\".")
            }
            country = code
        }
        self.name = name
        self.count = count
        self.language = language.lowercased()
        self.countryCode = country
    }
}

/// A place found by the geocoder.
///
/// Every optional field is written as `null` when the upstream leaves it out (it omits zeros and empty
/// strings), so clients always see the same keys.
public struct City: Sendable, Hashable, Encodable {
    /// The GeoNames id; stable, usable to look the place up again.
    public var id: Int
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level, when known.
    public var elevation: Double?
    public var country: String?
    /// ISO-3166-1 alpha-2, upper case.
    public var countryCode: String?
    /// The first-level administrative area (state, region).
    public var admin1: String?
    /// The second-level administrative area (county, district).
    public var admin2: String?
    /// The IANA time zone name.
    public var timezone: String?
    public var population: Int?
    /// "name, admin1, country", skipping empty parts: what a picker shows.
    public var displayName: String

    public init(
        id: Int, name: String, latitude: Double, longitude: Double, elevation: Double? = nil, country: String? = nil,
        countryCode: String? = nil, admin1: String? = nil, admin2: String? = nil, timezone: String? = nil,
        population: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.country = country
        self.countryCode = countryCode
        self.admin1 = admin1
        self.admin2 = admin2
        self.timezone = timezone
        self.population = population
        displayName = [name, admin1, country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, elevation, country, countryCode, admin1, admin2, timezone, population
        case displayName
    }

    /// Writes every key, `null` for missing values: the synthesized encoder would drop them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .id: id, .name: name, .latitude: latitude, .longitude: longitude, .elevation: elevation, .country: country,
            .countryCode: countryCode, .admin1: admin1, .admin2: admin2, .timezone: timezone, .population: population,
            .displayName: displayName,
        ])
    }
}

// MARK: - Upstream

/// The geocoder's answer. `results` is absent, not empty, when nothing matches.
struct GeocodingResponse: Decodable {
    var results: [Geoname]?
}

/// One geocoder result, in the upstream's proto field names.
///
/// The JSON comes from protobuf, which omits default values: a missing `latitude` means 0, a missing
/// `elevation` or `population` means 0 or unknown (reported as unknown), a missing string means empty.
struct Geoname: Decodable {
    var id: Int?
    var name: String?
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var countryCode: String?
    var timezone: String?
    var population: Int?
    var country: String?
    var admin1: String?
    var admin2: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude, elevation
        case countryCode = "country_code"
        case timezone, population, country, admin1, admin2
    }

    /// The public form: proto defaults restored for numbers, empty strings and zero counts as unknown.
    var city: City {
        func text(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
        return City(
            id: id ?? 0, name: name ?? "", latitude: latitude ?? 0, longitude: longitude ?? 0, elevation: elevation,
            country: text(country), countryCode: text(countryCode), admin1: text(admin1), admin2: text(admin2),
            timezone: text(timezone), population: population.flatMap { $0 > 0 ? $0 : nil })
    }
}
