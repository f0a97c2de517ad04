import FoundationEssentials

/// One feed `fetchAlerts` reads, and the unit its answers are cached and shared by: NWS per point (the server
/// matches it), ECCC per 1-degree cell (its bounding box), MeteoAlarm per country.
enum AlertFeed: Hashable, Sendable {
    /// NWS's alerts for a point, its coordinates written to 4 decimals (about 11 m), as api.weather.gov asks.
    case nws(point: String)
    /// ECCC's alerts intersecting the 1-degree cell whose south-west corner is (`latitude`, `longitude`).
    case eccc(latitude: Int, longitude: Int)
    /// A MeteoAlarm member's feed, by ISO 3166-1 alpha-2 code.
    case meteoalarm(country: String)

    var source: AlertSource {
        switch self {
        case .nws: .nws
        case .eccc: .eccc
        case .meteoalarm: .meteoalarm
        }
    }

    /// Its name in `errors`: the source, and for MeteoAlarm the country (`meteoalarm:DE`).
    var name: String {
        switch self {
        case .nws, .eccc: source.rawValue
        case .meteoalarm(let country): "meteoalarm:\(country)"
        }
    }

    /// The feed covering `country` at `point`; nil when no source covers it.
    static func feed(for country: String, at point: Coordinates) -> AlertFeed? {
        if nwsCountries.contains(country) {
            func decimals(_ value: Double) -> String { ((value * 10_000).rounded() / 10_000).plainText }
            return .nws(point: "\(decimals(point.latitude)),\(decimals(point.longitude))")
        }
        if country == "CA" {
            return .eccc(
                latitude: Int(point.latitude.rounded(.down)), longitude: Int(point.longitude.rounded(.down)))
        }
        if MeteoAlarmCountry.slugs[country] != nil { return .meteoalarm(country: country) }
        return nil
    }

    /// The United States and the territories NWS warns for.
    static let nwsCountries: Set<String> = ["US", "PR", "VI", "GU", "AS", "MP", "UM"]
}

/// MeteoAlarm's 38 members and the slug of each one's feed.
enum MeteoAlarmCountry {
    static let slugs: [String: String] = [
        "AT": "austria", "BA": "bosnia-herzegovina", "BE": "belgium", "BG": "bulgaria", "CH": "switzerland",
        "CY": "cyprus", "CZ": "czechia", "DE": "germany", "DK": "denmark", "EE": "estonia", "ES": "spain",
        "FI": "finland", "FR": "france", "GB": "united-kingdom", "GR": "greece", "HR": "croatia", "HU": "hungary",
        "IE": "ireland", "IL": "israel", "IS": "iceland", "IT": "italy", "LT": "lithuania", "LU": "luxembourg",
        "LV": "latvia", "MD": "moldova", "ME": "montenegro", "MK": "republic-of-north-macedonia", "MT": "malta",
        "NL": "netherlands", "NO": "norway", "PL": "poland", "PT": "portugal", "RO": "romania", "RS": "serbia",
        "SE": "sweden", "SI": "slovenia", "SK": "slovakia", "UA": "ukraine",
    ]
}

/// Which feeds a point needs, decided offline from the place table: the country of the nearest place, and near a
/// border every country with a place within `borderKm`, since the nearest place may lie across it.
struct AlertRoute: Sendable {
    /// How near another country's place must be for its feed to be asked too.
    static let borderKm = 25.0

    /// The nearest place's country (within `PlaceTable.defaultRadiusKm`); nil at open sea or on polar ice.
    var country: String?
    var countryName: String?
    var feeds: [AlertFeed]
    /// Why no feed covers the point, when none does.
    var reason: String?

    init(_ point: Coordinates, places: PlaceTable = .embedded) {
        let nearest = try? places.nearest(to: point)
        country = nearest?.countryCode
        countryName = nearest?.country
        var countries = nearest.map { [$0.countryCode] } ?? []
        for code in places.countryCodes(near: point, withinKm: Self.borderKm) where !countries.contains(code) {
            countries.append(code)
        }
        var feeds: [AlertFeed] = []
        for code in countries {
            if let feed = AlertFeed.feed(for: code, at: point), !feeds.contains(feed) { feeds.append(feed) }
        }
        self.feeds = feeds
        guard feeds.isEmpty else { return }
        if let nearest {
            reason =
                "No official warning source is read for \(nearest.country) (\(nearest.countryCode)): fetchAlerts "
                + "covers the United States and its territories (NWS), Canada (ECCC) and MeteoAlarm's 38 European "
                + "members."
        } else {
            reason =
                "No populated place lies within \(PlaceTable.defaultRadiusKm.plainText) km (open sea or polar ice): "
                + "no national warning service covers this point. NWS marine warnings are read for US waters "
                + "within that distance of the coast."
        }
    }
}
