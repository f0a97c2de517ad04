@_spi(_Unicode) import Swift

/// A place as people type it: "Paris, France", "Springfield, IL", "Portland, Oregon, United States", "Paris FR".
///
/// Open-Meteo's geocoder matches names only (what follows a comma is at best a substring filter on one area), so
/// `searchCities` sends it `name` and uses the `qualifiers` itself: every qualifier must match the result's
/// country (name, ISO code or a common alias such as USA or UK), its first- or second-level area (name, or a
/// US state or Canadian province abbreviation). A plain name has no qualifiers and is searched as it always was.
struct TypedPlace {
    /// What goes to the geocoder.
    let name: String
    /// Country and area names or codes the results must match, as typed.
    let qualifiers: [String]

    init(_ text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingWhitespaceAndNewlines() }
            .filter { !$0.isEmpty }
        if parts.count > 1 {
            name = parts[0]
            qualifiers = Array(parts.dropFirst())
            return
        }
        // "Paris FR", "Springfield IL": a trailing two-letter upper-case word is a code, not part of the name.
        let words = text.split(separator: " ")
        if words.count > 1, let last = words.last, last.count == 2,
            last.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
        {
            name = words.dropLast().joined(separator: " ")
            qualifiers = [String(last)]
            return
        }
        name = parts.first ?? text.trimmingWhitespaceAndNewlines()
        qualifiers = []
    }

    /// Whether `city` fits every qualifier.
    func matches(_ city: City) -> Bool {
        qualifiers.allSatisfy { Self.matches(Self.folded($0), city) }
    }

    private static func matches(_ qualifier: String, _ city: City) -> Bool {
        let code = city.countryCode.map(folded)
        let names = [city.country, city.admin1, city.admin2].compactMap { $0 }.map(folded)
        if names.contains(qualifier) || qualifier == code || countryAliases[qualifier] == code { return true }
        guard let admin1 = city.admin1.map(folded), let code else { return false }
        return regionAbbreviations[code]?[qualifier] == admin1
    }

    /// Case, accents, dots and surrounding space do not matter: "u.s.a." is "usa", "Île-de-France" "ile-de-france".
    ///
    /// Accents go by canonical decomposition, dropping the combining marks: "Î" is "I" and U+0302. The standard
    /// library's own decomposition (`_nfd`, its Unicode SPI) does it without ICU, which Foundation's `folding`
    /// would link into the binary with its data.
    static func folded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd where scalar.properties.generalCategory != .nonspacingMark && scalar != "." {
            scalars.append(scalar)
        }
        return String(scalars).lowercased().trimmingWhitespace()
    }

    /// Country names people type that are neither the geocoder's English name nor the ISO code (folded).
    private static let countryAliases: [String: String] = [
        "usa": "us", "america": "us", "united states of america": "us", "uk": "gb", "britain": "gb",
        "great britain": "gb", "holland": "nl", "uae": "ae",
    ]

    /// Postal abbreviations of first-level areas, by folded country code: US states and Canadian provinces.
    private static let regionAbbreviations: [String: [String: String]] = [
        "us": [
            "al": "alabama", "ak": "alaska", "az": "arizona", "ar": "arkansas", "ca": "california", "co": "colorado",
            "ct": "connecticut", "de": "delaware", "dc": "washington, dc", "fl": "florida", "ga": "georgia",
            "hi": "hawaii", "id": "idaho", "il": "illinois", "in": "indiana", "ia": "iowa", "ks": "kansas",
            "ky": "kentucky", "la": "louisiana", "me": "maine", "md": "maryland", "ma": "massachusetts",
            "mi": "michigan", "mn": "minnesota", "ms": "mississippi", "mo": "missouri", "mt": "montana",
            "ne": "nebraska", "nv": "nevada", "nh": "new hampshire", "nj": "new jersey", "nm": "new mexico",
            "ny": "new york", "nc": "north carolina", "nd": "north dakota", "oh": "ohio", "ok": "oklahoma",
            "or": "oregon", "pa": "pennsylvania", "ri": "rhode island", "sc": "south carolina", "sd": "south dakota",
            "tn": "tennessee", "tx": "texas", "ut": "utah", "vt": "vermont", "va": "virginia", "wa": "washington",
            "wv": "west virginia", "wi": "wisconsin", "wy": "wyoming",
        ],
        "ca": [
            "ab": "alberta", "bc": "british columbia", "mb": "manitoba", "nb": "new brunswick",
            "nl": "newfoundland and labrador", "ns": "nova scotia", "nt": "northwest territories", "nu": "nunavut",
            "on": "ontario", "pe": "prince edward island", "qc": "quebec", "sk": "saskatchewan", "yt": "yukon",
        ],
    ]
}
