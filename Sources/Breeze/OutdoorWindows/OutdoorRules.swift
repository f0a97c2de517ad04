import FoundationEssentials

/// What one hour offers, read from the upstream answers: weather in °C, km/h and %, air-quality sub-indices, PM
/// NowCasts, pollen per taxon. `nil` is "no value", which a rule turns into `unknown`, never into `go`.
struct OutdoorHourInput: Sendable {
    var temperature: Double?
    var humidity: Double?
    var precipitationProbability: Double?
    var weatherCode: Int?
    var windSpeed: Double?
    var windGusts: Double?
    var uvIndex: Double?
    var isDay: Bool?
    /// The NowCast concentrations (µg/m³), raw.
    var pm25NowCast: Double?
    var pm10NowCast: Double?
    /// Open-Meteo's hourly US AQI sub-indices for the gases (ozone: the larger of the 1 h and 8 h indices).
    var ozoneAQI: Double?
    var nitrogenDioxideAQI: Double?
    var sulphurDioxideAQI: Double?
    var carbonMonoxideAQI: Double?
    var europeanAQI: Double?
    /// Pollen per taxon the profile names: the level and the value it was read from, or nil where no source
    /// covers this hour.
    var pollen: [PollenTaxon: PollenReading] = [:]
    /// Whether the hour before was a thunderstorm hour (NWS: wait 30 minutes after the last thunder).
    var thunderBefore = false
    /// Official warnings in force this hour.
    var alerts: [OutdoorAlert] = []
}

/// An official warning in force over some hours, as the alerts feature reports it.
public struct OutdoorAlert: Sendable, Hashable {
    public enum Severity: String, Sendable {
        case extreme, severe, moderate, minor, unknown
    }

    public var severity: Severity
    /// The warning's event as its issuer names it ("Dense Fog Advisory"), verbatim.
    public var event: String
    /// Whom to credit, as the issuer's terms ask.
    public var attribution: String
    /// The service that issued it.
    public var source: OutdoorSource
    /// UTC seconds; the warning covers `start..<end`.
    public var start: Int64
    public var end: Int64

    public init(
        severity: Severity, event: String, attribution: String, source: OutdoorSource, start: Int64, end: Int64
    ) {
        self.severity = severity
        self.event = event
        self.attribution = attribution
        self.source = source
        self.start = start
        self.end = end
    }
}

/// A pollen level for one taxon and hour: symptom class 0 (none) … 4 (very high), the value it came from.
struct PollenReading: Sendable, Hashable {
    var level: Int
    var value: Double
    var unit: String
    var source: OutdoorSource
    /// The lower edge of the class, in `unit`.
    var threshold: Double
    var headroom: Double
}

/// The rules: per factor, from its value and the person, `go`, `caution` or `avoid`.
///
/// Non-compensatory: each factor is judged alone, and an hour's level is its worst factor's. Every threshold is
/// cited beside it; a breeze-rpc choice is marked `heuristic`.
struct OutdoorRules: Sendable {
    let activity: OutdoorActivity
    let profile: OutdoorProfile
    let constraints: OutdoorConstraints
    let scale: AQIScale
    let temperatureUnit: TemperatureUnit
    /// The taxa the profile is allergic to, each once, in a fixed order.
    let taxa: [PollenTaxon]
    /// Those of them with a severe allergy (a taxon given twice counts at its most severe).
    let severeTaxa: Set<PollenTaxon>

    init(
        activity: OutdoorActivity, profile: OutdoorProfile, constraints: OutdoorConstraints, scale: AQIScale,
        temperatureUnit: TemperatureUnit
    ) {
        self.activity = activity
        self.profile = profile
        self.constraints = constraints
        self.scale = scale
        self.temperatureUnit = temperatureUnit
        taxa = Set(profile.pollenAllergies.map(\.taxon)).sorted { $0.rawValue < $1.rawValue }
        severeTaxa = Set(profile.pollenAllergies.filter { $0.severity == .severe }.map(\.taxon))
    }

    /// Every factor's verdict for the hour, in a fixed order.
    func factors(_ hour: OutdoorHourInput) -> [OutdoorFactor] {
        var factors: [OutdoorFactor] = []
        factors.reserveCapacity(16)
        switch scale {
        case .us:
            factors.append(particles("pm25", hour.pm25NowCast, step: 0.1, OutdoorIndices.pm25Breakpoints))
            factors.append(particles("pm10", hour.pm10NowCast, step: 1, OutdoorIndices.pm10Breakpoints))
            factors.append(ozone(hour.ozoneAQI))
            factors.append(
                gas(
                    "no2", hour.nitrogenDioxideAQI,
                    member: profile.conditions.contains(.asthma) || profile.isChild
                        || profile.isOlder, .nitrogenDioxideRoads))
            factors.append(
                gas("so2", hour.sulphurDioxideAQI, member: profile.hasLungDisease, .sulphurDioxideAsthma))
            factors.append(
                gas(
                    "co", hour.carbonMonoxideAQI, member: profile.conditions.contains(.heartDisease),
                    .carbonMonoxideHeart))
        case .eu:
            factors.append(european(hour.europeanAQI))
        }
        for taxon in taxa { factors.append(pollen(taxon, hour.pollen[taxon])) }
        factors.append(heatIndex(hour))
        if let wbgt = wbgt(hour) { factors.append(wbgt) }
        factors.append(cold(hour))
        factors.append(uv(hour.uvIndex))
        // Thunder before rain: of two reasons at `avoid`, the one that closes a window is named first.
        factors.append(thunder(hour))
        factors.append(rain(hour))
        factors.append(gusts(hour.windGusts))
        factors.append(contentsOf: hour.alerts.map(alert))
        return factors
    }

    // MARK: - Air quality, US EPA

    /// PM2.5 and PM10 on their NowCast: EPA TAD 2024 cautionary statements (Table 5) and AirNow's activity guide
    /// for particle pollution. Sensitive: heart or lung disease, older adults, children and teens; pregnancy and
    /// diabetes are counted too (EPA's Integrated Science Assessment names both as at increased risk).
    private func particles(_ name: String, _ nowCast: Double?, step: Double, _ table: [OutdoorIndices.Breakpoint])
        -> OutdoorFactor
    {
        guard let nowCast else {
            return OutdoorFactor(name, nil, value: nil, unit: "usAQI", .airUnknown, source: .epaNowCast)
        }
        let index = OutdoorIndices.aqi(OutdoorIndices.truncated(nowCast, step: step), table)
        let member =
            profile.hasLungDisease || !profile.conditions.isDisjoint(with: [.heartDisease, .pregnancy, .diabetes])
            || profile.isChild || profile.isOlder
        return usFactor(name, aqi: Double(index.aqi), member: member, ozone: false, source: .epaTAD2024)
    }

    /// Ozone (Open-Meteo's `us_aqi_ozone`): as particles, but "people who are active outdoors" are a sensitive
    /// group themselves (TAD Table 4), so anyone doing prolonged or heavy exertion counts; AirNow's ozone guide:
    /// "Schedule outdoor activities in the morning when ozone is lower."
    private func ozone(_ aqi: Double?) -> OutdoorFactor {
        guard let aqi else {
            return OutdoorFactor("ozone", nil, value: nil, unit: "usAQI", .airUnknown, source: .epaTAD2024)
        }
        let member = profile.hasLungDisease || profile.isChild || profile.isOlder || activity.isProlongedOrHeavy
        var factor = usFactor("ozone", aqi: aqi, member: member, ozone: true, source: .epaOzoneGuide)
        if factor.level != .go { factor.messageKey = .ozoneMorning }
        return factor
    }

    /// NO2, SO2 and CO sub-indices: the same ladder with each gas's own sensitive group (TAD Table 4: NO2 asthma,
    /// children, older adults; SO2 asthma and lung disease; CO heart disease).
    private func gas(_ name: String, _ aqi: Double?, member: Bool, _ message: OutdoorMessage) -> OutdoorFactor {
        guard let aqi else {
            return OutdoorFactor(name, nil, value: nil, unit: "usAQI", .airUnknown, source: .epaTAD2024)
        }
        var factor = usFactor(name, aqi: aqi, member: member, ozone: false, source: .epaTAD2024)
        if factor.level != .go { factor.messageKey = message }
        return factor
    }

    /// The EPA ladder (TAD 2024 Table 5, cautionary statements): Moderate → unusually sensitive people reduce
    /// prolonged or heavy exertion; USG → sensitive groups reduce it; Unhealthy → sensitive groups avoid it,
    /// everyone else reduces it; Very Unhealthy → sensitive groups avoid all outdoor activity, everyone else
    /// avoids prolonged or heavy exertion; Hazardous → everyone avoids all outdoor activity.
    func usFactor(_ name: String, aqi value: Double, member: Bool, ozone: Bool, source: OutdoorSource)
        -> OutdoorFactor
    {
        let aqi = Int(value.rounded(.toNearestOrAwayFromZero))
        let category = OutdoorIndices.Category(aqi: aqi)
        let heavy = activity.isProlongedOrHeavy
        let unusual = profile.unusuallySensitive && heavy
        let level: OutdoorLevel
        let message: OutdoorMessage
        switch category {
        case .good:
            (level, message) = (.go, .airGood)
        case .moderate:
            (level, message) = unusual ? (.caution, .airReduceUnusual) : (.go, .airGood)
        case .unhealthyForSensitiveGroups:
            (level, message) =
                (member || profile.unusuallySensitive) && heavy ? (.caution, .airReduceSensitive) : (.go, .airGood)
        case .unhealthy:
            if member {
                (level, message) = heavy ? (.avoid, .airAvoidProlonged) : (.caution, .airReduceSensitive)
            } else {
                (level, message) = heavy ? (.caution, .airReduceSensitive) : (.go, .airGood)
            }
        case .veryUnhealthy:
            if member {
                (level, message) = (.avoid, .airAvoidAll)
            } else {
                (level, message) = heavy ? (.avoid, .airAvoidProlonged) : (.caution, .airReduceSensitive)
            }
        case .hazardous:
            (level, message) = (.avoid, .airAvoidAll)
        }
        let headroom = category.nextEdge.map { Double($0 - aqi) / Double($0 - category.lowerEdge) } ?? 0
        return OutdoorFactor(
            name, level, value: Double(aqi), unit: "usAQI", threshold: Double(category.lowerEdge), message,
            source: source, headroom: headroom)
    }

    // MARK: - Air quality, EEA

    /// The European AQI's bands, banded as `fetchAirQuality` reports them (`EuropeanAQIStatus.Level`: Good up to
    /// 20, Fair up to 40, Moderate up to 60, Poor up to 80, Very poor up to 100, then Extremely poor; a value on a
    /// boundary belongs to the cleaner band), and the EEA's health messages for the general and the sensitive
    /// population (adults and children with respiratory problems and adults with heart conditions),
    /// https://airindex.eea.europa.eu.
    func european(_ index: Double?) -> OutdoorFactor {
        guard let index, index.isFinite else {
            return OutdoorFactor("europeanAQI", nil, value: nil, unit: "EAQI", .airUnknown, source: .eeaEAQI)
        }
        let sensitive = !profile.conditions.isEmpty || profile.isChild || profile.isOlder
        let vigorous = activity.intensity == .vigorous
        let heavy = activity.isProlongedOrHeavy
        let band = EuropeanAQIStatus.Level(europeanAQI: index)
        let level: OutdoorLevel
        let message: OutdoorMessage
        switch band {
        case .good, .fair:
            (level, message) = (.go, .airGood)
        case .moderate:
            (level, message) = sensitive && vigorous ? (.caution, .europeanReduceIfSymptoms) : (.go, .airGood)
        case .poor:
            (level, message) = sensitive || vigorous ? (.caution, .europeanReduceIfSymptoms) : (.go, .airGood)
        case .veryPoor:
            if sensitive {
                (level, message) = heavy ? (.avoid, .europeanReduce) : (.caution, .europeanReduce)
            } else {
                (level, message) = vigorous ? (.caution, .europeanReduceIfSymptoms) : (.go, .airGood)
            }
        case .extremelyPoor:
            if sensitive {
                (level, message) = (.avoid, .europeanAvoid)
            } else {
                (level, message) = vigorous ? (.avoid, .europeanReduce) : (.caution, .europeanReduce)
            }
        }
        // Each band is 20 points wide above the one below: Fair is above 20 up to 40, so its threshold is 20, and a
        // value on its upper boundary has no headroom left.
        let lowerEdge = Double(EuropeanAQIStatus.Level.allCases.firstIndex(of: band) ?? 0) * 20
        let headroom = band == .extremelyPoor ? 0 : (lowerEdge + 20 - index) / 20
        return OutdoorFactor(
            "europeanAQI", level, value: index.rounded(), unit: "EAQI", threshold: lowerEdge, message,
            source: .eeaEAQI, headroom: headroom)
    }

    // MARK: - Pollen

    /// Pollen for an allergic person, by symptom class: low → go (caution if the allergy is severe); moderate →
    /// caution; high → avoid for prolonged or heavy exertion or with asthma, else caution; very high → avoid.
    /// The classes are in `OutdoorPollen`; where no source covers the hour the factor is unknown, never low.
    func pollen(_ taxon: PollenTaxon, _ reading: PollenReading?) -> OutdoorFactor {
        let name = "pollen." + taxon.rawValue
        guard let reading else {
            return OutdoorFactor(name, nil, value: nil, unit: nil, .pollenUnknown, source: .pollenClasses)
        }
        let severe = severeTaxa.contains(taxon)
        let level: OutdoorLevel
        let message: OutdoorMessage
        switch reading.level {
        case ...1:
            (level, message) = (severe && reading.level == 1 ? .caution : .go, .pollenLow)
        case 2:
            (level, message) = (.caution, .pollenModerate)
        case 3:
            let avoid = activity.isProlongedOrHeavy || profile.conditions.contains(.asthma) || severe
            (level, message) = (avoid ? .avoid : .caution, .pollenHigh)
        default:
            (level, message) = (.avoid, .pollenVeryHigh)
        }
        return OutdoorFactor(
            name, level, value: reading.value, unit: reading.unit, threshold: reading.threshold, message,
            source: reading.source, heuristic: reading.source == .pollenClasses, headroom: reading.headroom)
    }

    // MARK: - Heat

    /// The NWS heat index (shade), banded in °F as NWS publishes it (https://www.weather.gov/safety/heat-index):
    /// Caution 80–90, Extreme Caution 90–103, Danger 103–125, Extreme Danger ≥ 125. Below 80 go; Caution is
    /// caution for heat-sensitive people and vigorous activity; Extreme Caution caution (avoid for heat-sensitive
    /// people exerting themselves); Danger avoid for moderate or vigorous activity; Extreme Danger avoid.
    private func heatIndex(_ hour: OutdoorHourInput) -> OutdoorFactor {
        guard let t = hour.temperature, let rh = hour.humidity else {
            return OutdoorFactor("heatIndex", nil, value: nil, unit: unitName, .weatherUnknown, source: .nwsHeatIndex)
        }
        return heatIndex(
            fahrenheit: OutdoorIndices.heatIndexFahrenheit(
                temperature: OutdoorIndices.fahrenheit(celsius: t), humidity: rh))
    }

    /// The heat-index verdict for an index in °F.
    func heatIndex(fahrenheit index: Double) -> OutdoorFactor {
        let sensitive = profile.heatSensitive
        let band: HeatBand =
            switch index {
            case ..<80: (.go, .heatNone, nil, 80)
            case ..<90: (sensitive || activity.intensity == .vigorous ? .caution : .go, .heatCaution, 80, 90)
            case ..<103: (sensitive && activity.isProlongedOrHeavy ? .avoid : .caution, .heatExtremeCaution, 90, 103)
            case ..<125: (activity.intensity == .light ? .caution : .avoid, .heatDanger, 103, 125)
            default: (.avoid, .heatExtremeDanger, 125, nil)
            }
        return heatFactor(
            "heatIndex", band, fahrenheit: index, width: 10, value: temperature(fahrenheit: index),
            source: .nwsHeatIndex)
    }

    /// A band of a heat scale in °F: the level it gives, its message, its lower edge (none for the lowest band) and
    /// the edge above it (none for the highest).
    private typealias HeatBand = (level: OutdoorLevel, message: OutdoorMessage, edge: Double?, next: Double?)

    /// A heat verdict from its band: the threshold in the answer's unit, the headroom to the next edge as a share of
    /// `width` °F.
    private func heatFactor(
        _ name: String, _ band: HeatBand, fahrenheit: Double, width: Double, value: Double, source: OutdoorSource,
        estimated: Bool = false
    ) -> OutdoorFactor {
        OutdoorFactor(
            name, band.level, value: value, unit: unitName, threshold: band.edge.map { temperature(fahrenheit: $0) },
            band.message, source: source, estimated: estimated,
            headroom: band.next.map { ($0 - fahrenheit) / width } ?? 0)
    }

    /// The estimated WBGT for moderate or vigorous activity in daylight only (the estimate assumes sun), banded as
    /// NWS Tulsa's WBGT table (https://www.weather.gov/tsa/wbgt): < 80 °F go; 80–85 caution; 85–88 caution (avoid
    /// vigorous unacclimatized); 88–90 avoid for heat-sensitive or unacclimatized people, else caution; ≥ 90 avoid
    /// vigorous, else caution. Always `estimated`.
    private func wbgt(_ hour: OutdoorHourInput) -> OutdoorFactor? {
        guard activity.intensity != .light, hour.isDay == true, let t = hour.temperature, let rh = hour.humidity else {
            return nil
        }
        return wbgt(celsius: OutdoorIndices.wbgtEstimateCelsius(temperature: t, humidity: rh))
    }

    /// The WBGT verdict for an estimate in °C.
    func wbgt(celsius: Double) -> OutdoorFactor {
        let f = OutdoorIndices.fahrenheit(celsius: celsius)
        let vigorous = activity.intensity == .vigorous
        let band: HeatBand =
            switch f {
            case ..<80: (.go, .wbgtNone, nil, 80)
            case ..<85: (.caution, .wbgt45, 80, 85)
            case ..<88: (!profile.acclimatized && vigorous ? .avoid : .caution, .wbgt30, 85, 88)
            case ..<90: (profile.heatSensitive || !profile.acclimatized ? .avoid : .caution, .wbgt20, 88, 90)
            default: (vigorous ? .avoid : .caution, .wbgt15, 90, nil)
            }
        return heatFactor(
            "wbgt", band, fahrenheit: f, width: 5, value: temperature(celsius: celsius), source: .nwsWBGT,
            estimated: true)
    }

    // MARK: - Cold

    /// Wind chill (the air temperature in calm air), banded by ECCC's wind chill risk table
    /// (https://www.canada.ca/en/environment-climate-change/services/weather-health/wind-chill-cold-weather/wind-chill-index.html):
    /// −10 to −27 uncomfortable (caution for cold-sensitive people, children and older adults); −28 to −39 skin
    /// can freeze in 10 to 30 minutes (avoid: every activity here lasts at least 15); −40 and below skin can freeze
    /// within minutes (avoid).
    private func cold(_ hour: OutdoorHourInput) -> OutdoorFactor {
        guard let t = hour.temperature else {
            return OutdoorFactor("windChill", nil, value: nil, unit: unitName, .weatherUnknown, source: .ecccWindChill)
        }
        return cold(windChill: OutdoorIndices.windChillCelsius(temperature: t, windSpeed: hour.windSpeed ?? 0))
    }

    /// The cold verdict for a wind chill in °C.
    func cold(windChill chill: Double) -> OutdoorFactor {
        let vulnerable = profile.coldSensitive || profile.isChild || profile.isOlder
        let level: OutdoorLevel
        let message: OutdoorMessage
        let edge: Double?
        let headroom: Double
        // ECCC's table is in whole degrees: −27 is the last "uncomfortable" step, −28 the first frostbite one.
        let rounded = chill.rounded(.toNearestOrAwayFromZero)
        switch rounded {
        case ..<(-39):
            (level, message, edge, headroom) = (.avoid, .coldDanger, -40, 0)
        case ..<(-27):
            (level, message, edge, headroom) = (.avoid, .coldFrostbite, -28, 0)
        case ..<(-9):
            (level, message, edge, headroom) =
                (vulnerable ? .caution : .go, .coldUncomfortable, -10, (chill + 27.5) / 18)
        default:
            (level, message, edge, headroom) = (.go, .coldNone, nil, min(1, (chill + 9.5) / 10))
        }
        return OutdoorFactor(
            "windChill", level, value: temperature(celsius: chill), unit: unitName,
            threshold: edge.map { temperature(celsius: $0) }, message, source: .ecccWindChill, headroom: headroom)
    }

    // MARK: - Sun, rain, thunder, wind

    /// The UV index by the WHO bands (WHO/SDE/OEH/02.2: 0–2 low, 3–7 protection required, 8+ extra protection),
    /// read as the whole number the index is published as. UV alone never makes an hour `avoid`, except for a
    /// sun-sensitive person: 3–7 caution, 8+ avoid; everyone else 8+ caution.
    func uv(_ index: Double?) -> OutdoorFactor {
        guard let index else { return OutdoorFactor("uv", nil, value: nil, unit: "", .weatherUnknown, source: .whoUVI) }
        let whole = index.rounded(.toNearestOrAwayFromZero)
        let level: OutdoorLevel
        let message: OutdoorMessage
        let edge: Double?
        switch whole {
        case ..<3:
            (level, message, edge) = (.go, .uvLow, nil)
        case ..<8:
            (level, message, edge) = (profile.sunSensitive ? .caution : .go, .uvProtect, 3)
        default:
            (level, message, edge) = (profile.sunSensitive ? .avoid : .caution, .uvExtra, 8)
        }
        let next = whole < 3 ? 3.0 : whole < 8 ? 8 : 11
        return OutdoorFactor(
            "uv", level, value: index, unit: "", threshold: edge, message, source: .whoUVI,
            headroom: (next - index) / 5)
    }

    /// Heavy or freezing precipitation codes (WMO 4677 as Open-Meteo writes `weather_code`): dense drizzle 55,
    /// dense freezing drizzle 57, moderate/heavy rain 63/65, freezing rain 66/67, moderate/heavy snow 73/75,
    /// moderate/violent showers 81/82, heavy snow showers 86.
    static let heavyPrecipitationCodes: Set<Int> = [55, 57, 63, 65, 66, 67, 73, 75, 81, 82, 86]
    /// Any other precipitation code: drizzle 51/53/56, rain 61, snow 71/77, showers 80/85.
    static let lightPrecipitationCodes: Set<Int> = [51, 53, 56, 61, 71, 77, 80, 85]
    /// Thunderstorm, slight or moderate (95), with slight or heavy hail (96, 99).
    static let thunderCodes: Set<Int> = [95, 96, 99]

    /// Rain by the NWS probability terms (https://www.weather.gov/ppg/forecast_terms: 20 % slight chance, 30–50 %
    /// chance, 60–70 % likely, 80–100 % no qualifier) and the weather code: likely (≥ 60 %) or heavy/freezing
    /// precipitation → avoid; a chance (30–50 %) or light precipitation → caution; less → go. With `allowRain`
    /// each step eases by one.
    private func rain(_ hour: OutdoorHourInput) -> OutdoorFactor {
        let probability = hour.precipitationProbability
        guard probability != nil || hour.weatherCode != nil else {
            return OutdoorFactor("rain", nil, value: nil, unit: "%", .weatherUnknown, source: .nwsForecastTerms)
        }
        let code = hour.weatherCode ?? 0
        let p = probability ?? 0
        var level: OutdoorLevel
        let message: OutdoorMessage
        let edge: Double?
        if p >= 60 || Self.heavyPrecipitationCodes.contains(code) {
            (level, message, edge) = (.avoid, .rainLikely, p >= 60 ? 60 : nil)
        } else if p >= 30 || Self.lightPrecipitationCodes.contains(code) {
            (level, message, edge) = (.caution, .rainChance, p >= 30 ? 30 : nil)
        } else {
            (level, message, edge) = (.go, .rainUnlikely, nil)
        }
        if constraints.allowRain { level = level == .avoid ? .caution : .go }
        let headroom = p < 30 ? (30 - p) / 30 : p < 60 ? (60 - p) / 30 : 0
        return OutdoorFactor(
            "rain", level, value: probability, unit: "%", threshold: edge, message, source: .nwsForecastTerms,
            headroom: headroom)
    }

    /// Thunder (WMO 95, 96, 99) is `avoid` for everyone, whatever else is allowed; the hour after one is caution
    /// (NWS lightning safety: "When thunder roars, go indoors", and wait 30 minutes after the last thunder).
    private func thunder(_ hour: OutdoorHourInput) -> OutdoorFactor {
        guard let code = hour.weatherCode else {
            return OutdoorFactor("thunder", nil, value: nil, unit: "wmo", .weatherUnknown, source: .wmoWeatherCodes)
        }
        if Self.thunderCodes.contains(code) {
            return OutdoorFactor(
                "thunder", .avoid, value: Double(code), unit: "wmo", threshold: 95, .thunderstorm,
                source: .wmoWeatherCodes,
                headroom: 0)
        }
        if hour.thunderBefore {
            return OutdoorFactor(
                "thunder", .caution, value: Double(code), unit: "wmo", threshold: 95, .thunderAfter,
                source: .nwsLightning)
        }
        return OutdoorFactor("thunder", .go, value: Double(code), unit: "wmo", .rainUnlikely, source: .wmoWeatherCodes)
    }

    /// Gusts by the NWS wind terms (https://www.weather.gov/ppg/forecast_terms: 30–40 mph "very windy", 40 mph and
    /// more "strong, dangerous, high, damaging"), applied to gusts rather than sustained wind, so `heuristic`:
    /// ≥ 48 km/h caution, ≥ 64 km/h avoid.
    func gusts(_ gusts: Double?) -> OutdoorFactor {
        guard let gusts else {
            return OutdoorFactor("gusts", nil, value: nil, unit: "km/h", .weatherUnknown, source: .nwsForecastTerms)
        }
        let level: OutdoorLevel
        let message: OutdoorMessage
        let edge: Double?
        switch gusts {
        case ..<48: (level, message, edge) = (.go, .gustsCalm, nil)
        case ..<64: (level, message, edge) = (.caution, .gustsWindy, 48)
        default: (level, message, edge) = (.avoid, .gustsHigh, 64)
        }
        let headroom = gusts < 48 ? (48 - gusts) / 48 : gusts < 64 ? (64 - gusts) / 16 : 0
        return OutdoorFactor(
            "gusts", level, value: gusts, unit: "km/h", threshold: edge, message, source: .nwsForecastTerms,
            heuristic: true, headroom: headroom)
    }

    /// An official warning: Extreme or Severe (CAP severity) avoid, any other caution.
    private func alert(_ alert: OutdoorAlert) -> OutdoorFactor {
        let severe = alert.severity == .extreme || alert.severity == .severe
        var factor = OutdoorFactor(
            "alert", severe ? .avoid : .caution, value: nil, unit: nil, severe ? .alertSevere : .alertMinor,
            source: alert.source, headroom: 0)
        factor.detail = "\(alert.event) — \(alert.attribution)"
        return factor
    }

    // MARK: - Units

    private var unitName: String { temperatureUnit == .fahrenheit ? "°F" : "°C" }

    /// A temperature in the answer's unit, to one decimal.
    func temperature(celsius: Double) -> Double {
        let value = temperatureUnit == .fahrenheit ? OutdoorIndices.fahrenheit(celsius: celsius) : celsius
        return (value * 10).rounded() / 10
    }

    func temperature(fahrenheit: Double) -> Double {
        let value = temperatureUnit == .fahrenheit ? fahrenheit : OutdoorIndices.celsius(fahrenheit: fahrenheit)
        return (value * 10).rounded() / 10
    }
}
