import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// One hour of a scenario, in the units Open-Meteo answers in (°C, %, km/h, µg/m³, US AQI, grains/m³).
struct ScenarioHour {
    var temperature: Double? = 20
    var humidity: Double? = 50
    var precipitationProbability: Double? = 0
    var weatherCode: Double? = 0
    var windSpeed: Double? = 8
    var windGusts: Double? = 15
    var uvIndex: Double? = 2
    var isDay: Double? = 1
    var pm25: Double? = 4
    var pm10: Double? = 8
    var ozone: Double? = 30
    var no2: Double? = 10
    var so2: Double? = 2
    var co: Double? = 5
    var europeanAQI: Double? = 15
    var grass: Double? = 0
}

/// Scenario answers of both upstreams, as JSON: `hours` from `start` (local, at `offset`), the air quality with
/// 12 past hours before them (calm unless `past` says otherwise).
struct Scenario {
    var start = "2026-05-24T06:00"
    var offset = 7200
    var timezone = "Europe/Berlin"
    var latitude = 52.52
    var longitude = 13.41
    var hours: [ScenarioHour]
    var past = ScenarioHour()
    /// Air-quality hours beyond this count are left out (the air-quality forecast ends earlier).
    var airHours: Int?

    init(hours count: Int, _ build: (Int, inout ScenarioHour) -> Void = { _, _ in }) {
        hours = (0..<count).map { index in
            var hour = ScenarioHour()
            build(index, &hour)
            return hour
        }
    }

    func times(from first: Int, count: Int) -> [String] {
        let base = OutdoorTime.utc(start, offset: Int64(offset))!
        return (first..<first + count).map { OutdoorTime.label(base + Int64($0) * 3600, offset: Int64(offset)) }
    }

    private func json(_ values: [Double?]) -> String {
        "[" + values.map { $0.map { String($0) } ?? "null" }.joined(separator: ",") + "]"
    }

    private func body(times: [String], series: [(String, String, [Double?])]) -> String {
        let units = series.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",")
        let values = series.map { "\"\($0.0)\":" + json($0.2) }.joined(separator: ",")
        let timeList = "[" + times.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        return """
            {"latitude":\(latitude),"longitude":\(longitude),"generationtime_ms":0.1,"utc_offset_seconds":\(offset),\
            "timezone":"\(timezone)","timezone_abbreviation":"GMT+2","elevation":38.0,\
            "hourly_units":{"time":"iso8601",\(units)},"hourly":{"time":\(timeList),\(values)}}
            """
    }

    var forecast: String {
        body(
            times: times(from: 0, count: hours.count),
            series: [
                ("temperature_2m", "°C", hours.map(\.temperature)),
                ("relative_humidity_2m", "%", hours.map(\.humidity)),
                ("precipitation_probability", "%", hours.map(\.precipitationProbability)),
                ("weather_code", "wmo code", hours.map(\.weatherCode)),
                ("wind_speed_10m", "km/h", hours.map(\.windSpeed)),
                ("wind_gusts_10m", "km/h", hours.map(\.windGusts)),
                ("uv_index", "", hours.map(\.uvIndex)),
                ("is_day", "", hours.map(\.isDay)),
            ])
    }

    var airQuality: String {
        let air = Array(repeating: past, count: 12) + hours.prefix(airHours ?? hours.count)
        return body(
            times: times(from: -12, count: air.count),
            series: [
                ("pm2_5", "μg/m³", air.map(\.pm25)), ("pm10", "μg/m³", air.map(\.pm10)),
                ("us_aqi_ozone", "USAQI", air.map(\.ozone)), ("us_aqi_nitrogen_dioxide", "USAQI", air.map(\.no2)),
                ("us_aqi_sulphur_dioxide", "USAQI", air.map(\.so2)),
                ("us_aqi_carbon_monoxide", "USAQI", air.map(\.co)), ("european_aqi", "EAQI", air.map(\.europeanAQI)),
                ("alder_pollen", "grains/m³", air.map { _ in 0 }), ("birch_pollen", "grains/m³", air.map { _ in 0 }),
                ("grass_pollen", "grains/m³", air.map(\.grass)), ("mugwort_pollen", "grains/m³", air.map { _ in 0 }),
                ("olive_pollen", "grains/m³", air.map { _ in 0 }), ("ragweed_pollen", "grains/m³", air.map { _ in 0 }),
            ])
    }

    /// A fake answering both upstreams with this scenario.
    func http() -> FakeHTTPClient {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: forecast)
        http.on("/v1/air-quality", body: airQuality)
        // The official warnings: none in force in Germany's MeteoAlarm feed (Berlin) or at NWS (New York).
        http.on("/feeds-germany", body: #"{"warnings":[]}"#)
        http.on("/alerts/active", body: #"{"type":"FeatureCollection","features":[]}"#)
        return http
    }

    /// The answer for one request about this scenario's place.
    func answer(_ configure: (inout OutdoorWindowsRequest) throws -> Void = { _ in }) async throws -> OutdoorWindows {
        var request = try OutdoorWindowsRequest(
            coordinates: Coordinates(latitude: latitude, longitude: longitude), hours: hours.count)
        try configure(&request)
        return try await makeBreeze(http()).findOutdoorWindows(request)[0].get()
    }
}

@Suite struct OutdoorWindowsTests {
    // MARK: - Scenarios

    /// EPA's ozone guide: "Schedule outdoor activities in the morning when ozone is lower." Ozone at USG from
    /// 12:00 to 18:00, everything else clean: for anyone exerting themselves, the go window is the morning, and
    /// ozone closes it.
    @Test func ozoneHighInTheAfternoonLeavesTheMorning() async throws {
        let scenario = Scenario(hours: 14) { index, hour in
            if (6...12).contains(index) { hour.ozone = 120 }
        }
        let answer = try await scenario.answer()
        #expect(answer.windows.first?.start == "2026-05-24T06:00")
        #expect(answer.windows.first?.end == "2026-05-24T12:00")
        #expect(answer.windows.first?.level == .go)
        #expect(answer.windows.first?.endsBecause?.factor == "ozone")
        #expect(answer.windows.first?.endsBecause?.time == "2026-05-24T12:00")
        #expect(answer.best == "2026-05-24T06:00")
        // The message is its key's text: the ozone advice, not the generic ladder's it replaced.
        #expect(answer.windows.first?.endsBecause?.messageKey == .ozoneMorning)
        #expect(answer.windows.first?.endsBecause?.message == OutdoorMessage.ozoneMorning.text(in: .en))
    }

    /// A thunderstorm hour (WMO 95) in an otherwise perfect run splits it: avoid for everyone, then a cautious
    /// hour (wait 30 minutes after the last thunder), and the avoid span names thunder.
    @Test func thunderstormSplitsAPerfectRun() async throws {
        let scenario = Scenario(hours: 10) { index, hour in
            if index == 4 {
                hour.weatherCode = 95
                hour.precipitationProbability = 60
            }
        }
        let answer = try await scenario.answer {
            $0.activity = try OutdoorActivity(intensity: .light, durationMinutes: 60)
        }
        #expect(answer.windows.map(\.start) == ["2026-05-24T06:00", "2026-05-24T12:00"])
        #expect(answer.windows.map(\.end) == ["2026-05-24T10:00", "2026-05-24T16:00"])
        #expect(answer.windows[0].endsBecause?.factor == "thunder")
        #expect(answer.hourly?[5].factors.first { $0.factor == "thunder" }?.level == .caution)
        #expect(answer.avoid.count == 1)
        #expect(answer.avoid[0].factors.contains { $0.factor == "thunder" })
    }

    /// The WBGT estimate assumes sun: a hot, humid hour at night never fires it, only the heat index.
    @Test func nightTimeHotHourNeverFiresWBGT() async throws {
        let scenario = Scenario(hours: 3) { index, hour in
            hour.temperature = 30
            hour.humidity = 80
            hour.isDay = index == 0 ? 1 : 0
            hour.uvIndex = 0
        }
        let answer = try await scenario.answer {
            $0.activity = try OutdoorActivity(intensity: .vigorous, durationMinutes: 60)
        }
        let hourly = try #require(answer.hourly)
        #expect(hourly[0].factors.contains { $0.factor == "wbgt" && $0.estimated })
        #expect(hourly[0].indices.wbgt != nil)
        for hour in hourly.dropFirst() {
            #expect(!hour.factors.contains { $0.factor == "wbgt" })
            #expect(hour.indices.wbgt == nil)
            #expect(hour.factors.contains { $0.factor == "heatIndex" && $0.level != .go })
        }
    }

    /// Calm air at −45 °C: the wind chill is the air temperature, and it is avoid.
    @Test func calmAirAtMinus45IsAvoidByTemperature() async throws {
        let scenario = Scenario(hours: 3) { _, hour in
            hour.temperature = -45
            hour.windSpeed = 2
            hour.windGusts = 4
        }
        let answer = try await scenario.answer()
        #expect(answer.windows.isEmpty)
        let cold = try #require(answer.hourly?[0].factors.first { $0.factor == "windChill" })
        #expect(cold.level == .avoid)
        #expect(cold.value == -45)
        #expect(answer.leastBad?.blocking.contains { $0.factor == "windChill" } == true)
    }

    /// Hours beyond the air-quality forecast are cut, and the answer says where and why.
    @Test func hoursBeyondTheAirQualityHorizonAreCut() async throws {
        var scenario = Scenario(hours: 12)
        scenario.airHours = 8
        let answer = try await scenario.answer()
        #expect(answer.hours == 8)
        #expect(answer.coverage.truncatedTo == "2026-05-24T14:00")
        #expect(answer.coverage.message?.messageKey == .airQualityHorizon)
        #expect(answer.windows.last?.endsBecause?.messageKey == .airQualityHorizon)
    }

    /// A DST change inside the horizon: Open-Meteo keeps one offset for the whole answer, so hours stay one apart
    /// on the UTC timeline (none doubled, none dropped) and every label is at that offset.
    @Test func dstChangeInsideTheHorizonKeepsTheTimeline() async throws {
        var scenario = Scenario(hours: 6)
        // Europe/Berlin goes from UTC+2 to UTC+1 at 2026-10-25T03:00 local; the answer keeps +2 throughout.
        scenario.start = "2026-10-25T00:00"
        let answer = try await scenario.answer {
            $0.activity = try OutdoorActivity(intensity: .light, durationMinutes: 240)
        }
        let times = try #require(answer.hourly).map(\.time)
        #expect(times == scenario.times(from: 0, count: 6))
        #expect(Set(times).count == 6)
        #expect(answer.windows.map(\.start) == ["2026-10-25T00:00"])
        #expect(answer.windows.map(\.end) == ["2026-10-25T06:00"])
        #expect(answer.utcOffsetSeconds == 7200)
    }

    /// Outside Europe with allergies, the proxy answering nothing: pollen is unknown, never low, and the hours
    /// stay go on their other factors.
    @Test func pollenWithoutASourceIsUnknown() async throws {
        var scenario = Scenario(hours: 4)
        scenario.latitude = 40.71
        scenario.longitude = -74.0
        let http = scenario.http()
        http.on("/api/pollen", status: 400, body: #"{"error":"Failed to fetch pollen data"}"#)
        var request = try OutdoorWindowsRequest(coordinates: Coordinates(latitude: 40.71, longitude: -74.0), hours: 4)
        request.profile.pollenAllergies = [PollenAllergy(taxon: .grass, severity: .severe)]
        let answer = try await makeBreeze(http).findOutdoorWindows(request)[0].get()
        #expect(answer.coverage.pollen == "unknown")
        let pollen = try #require(answer.hourly?[0].factors.first { $0.factor == "pollen.grass" })
        #expect(pollen.level == nil)
        #expect(pollen.messageKey == .pollenUnknown)
        #expect(answer.windows.first?.reasons.contains { $0.factor == "pollen.grass" && $0.level == nil } == true)
        #expect(http.requests.filter { $0.url.path.hasSuffix("/api/pollen") }.count == 1)
    }

    /// In Europe, CAMS grass pollen classes the hours for a grass allergy; no pollen request is made.
    @Test func camsPollenInEuropeNeedsNoPollenRequest() async throws {
        let scenario = Scenario(hours: 4) { index, hour in hour.grass = index < 2 ? 2 : 60 }
        let http = scenario.http()
        var request = try OutdoorWindowsRequest(coordinates: Coordinates(latitude: 52.52, longitude: 13.41), hours: 4)
        request.profile.pollenAllergies = [PollenAllergy(taxon: .grass)]
        let answer = try await makeBreeze(http).findOutdoorWindows(request)[0].get()
        #expect(answer.coverage.pollen == "cams")
        #expect(answer.windows.map(\.end) == ["2026-05-24T08:00"])
        #expect(answer.windows.first?.endsBecause?.factor == "pollen.grass")
        #expect(http.requests.filter { $0.service != .meteoalarm }.count == 2)
    }

    /// The upstream requests never depend on the person, the activity, the constraints or `hours`.
    @Test func upstreamRequestsDoNotDependOnTheProfile() async throws {
        let scenario = Scenario(hours: 24)
        let first = scenario.http()
        _ = try await makeBreeze(first).findOutdoorWindows(
            OutdoorWindowsRequest(coordinates: Coordinates(latitude: 52.52, longitude: 13.41), hours: 24))
        let second = scenario.http()
        var request = try OutdoorWindowsRequest(
            coordinates: Coordinates(latitude: 52.52, longitude: 13.41), hours: 6,
            activity: OutdoorActivity(intensity: .vigorous, durationMinutes: 120), aqiScale: .eu,
            temperatureUnit: .fahrenheit)
        request.profile.conditions = [.asthma, .heartDisease]
        request.profile.pollenAllergies = [PollenAllergy(taxon: .birch, severity: .severe)]
        request.constraints.daylightOnly = true
        _ = try await makeBreeze(second).findOutdoorWindows(request)
        #expect(first.requests.map(\.urlText) == second.requests.map(\.urlText))
        #expect(first.requests.filter { $0.service != .meteoalarm }.count == 2)
    }

    /// Official warnings from an alert source, asked in the same round: Severe and Extreme avoid the hours they
    /// cover, others caution, with the issuer's event and credit; coverage names the source that answered.
    @Test func officialAlertsGateTheHoursTheyCover() async throws {
        let scenario = Scenario(hours: 8)
        let start = try #require(OutdoorTime.utc(scenario.start, offset: Int64(scenario.offset)))
        let request = try OutdoorWindowsRequest(
            coordinates: Coordinates(latitude: scenario.latitude, longitude: scenario.longitude), hours: 8)
        let answer = try await makeBreeze(scenario.http()).findOutdoorWindows(request) { places in
            places.map { _ in
                OutdoorAlerts(
                    coverage: "nws",
                    alerts: [
                        OutdoorAlert(
                            severity: .severe, event: "Severe Thunderstorm Warning", attribution: "NWS",
                            source: .nwsAlerts, start: start + 2 * 3600, end: start + 4 * 3600),
                        OutdoorAlert(
                            severity: .minor, event: "Wind Advisory", attribution: "NWS", source: .nwsAlerts,
                            start: start + 6 * 3600, end: start + 7 * 3600),
                    ])
            }
        }[0].get()
        #expect(answer.coverage.alerts == "nws")
        let hourly = try #require(answer.hourly)
        #expect(hourly.map(\.level) == ["go", "go", "avoid", "avoid", "go", "go", "caution", "go"])
        #expect(
            hourly[2].factors.contains {
                $0.factor == "alert" && $0.source == .nwsAlerts
                    && $0.message
                        == "An official severe or extreme warning is in force. Severe Thunderstorm Warning — NWS"
            })
        #expect(answer.windows.first?.endsBecause?.factor == "alert")
    }

    // MARK: - The property: more sensitivity is never more lenient

    /// Over random hours and random profiles, adding sensitivities (a condition, an older or younger age group,
    /// unusual sensitivity, an allergy or a more severe one, heat/sun/cold sensitivity, losing acclimatization)
    /// never lowers any hour's level, and a window of the more sensitive profile is never longer nor more lenient.
    @Test func moreSensitivitiesNeverGetALongerOrMoreLenientWindow() throws {
        var random = SplitMix64(seed: 29)
        for _ in 0..<200 {
            let hours = (0..<36).map { index in
                var input = OutdoorHourInput()
                input.temperature = Double.random(in: -45...42, using: &random)
                input.humidity = Double.random(in: 5...100, using: &random)
                input.precipitationProbability = Double(Int.random(in: 0...100, using: &random))
                input.weatherCode = [0, 1, 3, 61, 63, 95, 71][Int.random(in: 0..<7, using: &random)]
                input.windSpeed = Double.random(in: 0...60, using: &random)
                input.windGusts = Double.random(in: 0...90, using: &random)
                input.uvIndex = Double.random(in: 0...12, using: &random)
                input.isDay = Bool.random(using: &random)
                input.pm25NowCast = Double.random(in: 0...200, using: &random)
                input.pm10NowCast = Double.random(in: 0...400, using: &random)
                input.ozoneAQI = Double.random(in: 0...250, using: &random)
                input.nitrogenDioxideAQI = Double.random(in: 0...220, using: &random)
                input.sulphurDioxideAQI = Double.random(in: 0...220, using: &random)
                input.carbonMonoxideAQI = Double.random(in: 0...220, using: &random)
                input.europeanAQI = Double.random(in: 0...130, using: &random)
                for taxon in PollenTaxon.allCases where Bool.random(using: &random) {
                    input.pollen[taxon] = OutdoorPollen.reading(.grass, Double.random(in: 0...80, using: &random))
                }
                return OutdoorPlanner.Hour(
                    time: OutdoorTime.label(1_779_600_000 + Int64(index) * 3600, offset: 0),
                    utc: 1_779_600_000 + Int64(index) * 3600, localMinutes: index % 24 * 60, input: input)
            }
            let fewer = Self.randomProfile(&random)
            let more = Self.moreSensitive(fewer, &random)
            let activity = try OutdoorActivity(
                intensity: ActivityIntensity.allCases.randomElement(using: &random)!,
                durationMinutes: Int.random(in: 15...240, using: &random))
            let scale = AQIScale.allCases.randomElement(using: &random)!
            func plan(_ profile: OutdoorProfile) throws -> ([OutdoorPlanner.Judged], OutdoorPlanner.Plan) {
                let request = try OutdoorWindowsRequest(
                    coordinates: Coordinates(latitude: 0, longitude: 0), hours: 36, activity: activity,
                    profile: profile, aqiScale: scale)
                let planner = OutdoorPlanner(request: request)
                let judged = planner.judge(hours)
                return (judged, planner.plan(judged, label: { OutdoorTime.label($0, offset: 0) }, horizonEnd: .horizon))
            }
            let (lenientHours, lenient) = try plan(fewer)
            let (strictHours, strict) = try plan(more)
            for (a, b) in zip(lenientHours, strictHours) {
                #expect(b.level >= a.level, "\(b.hour.time): \(b.level) < \(a.level) for a more sensitive profile")
            }
            let lenientTier = lenient.windows.map(\.level).max()
            let strictTier = strict.windows.map(\.level).max()
            if let strictTier {
                let tier = try #require(lenientTier, "the more sensitive profile got a window the other did not")
                #expect(strictTier >= tier)
                if strictTier == tier {
                    // Each strict window lies inside a lenient one.
                    for window in strict.windows {
                        #expect(lenient.windows.contains { $0.start <= window.start && window.end <= $0.end })
                    }
                }
            }
        }
    }

    static func randomProfile(_ random: inout SplitMix64) -> OutdoorProfile {
        var profile = OutdoorProfile()
        for condition in HealthCondition.allCases where Int.random(in: 0..<4, using: &random) == 0 {
            profile.conditions.insert(condition)
        }
        profile.ageGroup = Bool.random(using: &random) ? .adult : AgeGroup.allCases.randomElement(using: &random)!
        profile.unusuallySensitive = Int.random(in: 0..<4, using: &random) == 0
        for taxon in PollenTaxon.allCases where Int.random(in: 0..<4, using: &random) == 0 {
            profile.pollenAllergies.append(PollenAllergy(taxon: taxon, severity: .mild))
        }
        profile.heatSensitive = Int.random(in: 0..<4, using: &random) == 0
        profile.sunSensitive = Int.random(in: 0..<4, using: &random) == 0
        profile.coldSensitive = Int.random(in: 0..<4, using: &random) == 0
        profile.acclimatized = Bool.random(using: &random)
        return profile
    }

    /// `profile` with one to three more sensitivities.
    static func moreSensitive(_ profile: OutdoorProfile, _ random: inout SplitMix64) -> OutdoorProfile {
        var more = profile
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: more.conditions.insert(HealthCondition.allCases.randomElement(using: &random)!)
            case 1:
                if more.ageGroup == .adult {
                    more.ageGroup = [.child, .teen, .olderAdult].randomElement(using: &random)!
                }
            case 2: more.unusuallySensitive = true
            case 3:
                more.pollenAllergies.append(
                    PollenAllergy(taxon: PollenTaxon.allCases.randomElement(using: &random)!, severity: .severe))
            case 4: more.heatSensitive = true
            case 5: more.sunSensitive = true
            case 6: more.coldSensitive = true
            default: more.acclimatized = false
            }
        }
        return more
    }

    // MARK: - Texts

    /// Every message in every language: present, not the English text, and distinct within its language.
    @Test(arguments: Language.allCases)
    func everyMessageIsTranslatedAndDistinct(language: Language) {
        let texts = OutdoorMessage.allCases.map { $0.text(in: language) }
        #expect(Set(texts).count == texts.count, "\(language): two keys share a text")
        for key in OutdoorMessage.allCases {
            #expect(!key.text(in: language).isEmpty, "\(language) \(key.rawValue)")
            if language != .en {
                #expect(key.text(in: language) != key.text(in: .en), "\(language) \(key.rawValue) is the English text")
            }
        }
    }

    // MARK: - Rules at their boundaries

    static func rules(
        _ intensity: ActivityIntensity = .moderate, minutes: Int = 60,
        _ change: (inout OutdoorProfile) -> Void = { _ in }
    ) throws -> OutdoorRules {
        var profile = OutdoorProfile()
        change(&profile)
        return OutdoorRules(
            activity: try OutdoorActivity(intensity: intensity, durationMinutes: minutes), profile: profile,
            constraints: OutdoorConstraints(), scale: .us, temperatureUnit: .fahrenheit)
    }

    /// NWS heat index bands in °F (80, 90, 103, 125), for a moderate hour-long activity of a healthy adult.
    @Test(arguments: [
        (79.9, OutdoorLevel.go), (80.0, .go), (89.9, .go), (90.0, .caution), (102.9, .caution), (103.0, .avoid),
        (124.9, .avoid), (125.0, .avoid),
    ])
    func heatIndexBands(index: Double, level: OutdoorLevel) throws {
        #expect(try Self.rules().heatIndex(fahrenheit: index).level == level)
    }

    /// Caution at 80 °F for a heat-sensitive person; light activity in Danger is caution, in Extreme Danger avoid.
    @Test func heatIndexDependsOnThePersonAndTheActivity() throws {
        #expect(try Self.rules { $0.heatSensitive = true }.heatIndex(fahrenheit: 80).level == .caution)
        #expect(try Self.rules { $0.heatSensitive = true }.heatIndex(fahrenheit: 90).level == .avoid)
        #expect(try Self.rules(.light).heatIndex(fahrenheit: 110).level == .caution)
        #expect(try Self.rules(.light).heatIndex(fahrenheit: 125).level == .avoid)
    }

    /// NWS WBGT bands in °F (80, 85, 88, 90), vigorous and unacclimatized, and acclimatized.
    @Test(arguments: [
        (79.9, false, OutdoorLevel.go), (80.0, false, .caution), (84.9, false, .caution), (85.0, false, .avoid),
        (85.0, true, .caution), (87.9, true, .caution), (88.0, true, .caution), (88.0, false, .avoid),
        (90.0, true, .avoid),
    ])
    func wbgtBands(fahrenheit: Double, acclimatized: Bool, level: OutdoorLevel) throws {
        let rules = try Self.rules(.vigorous) { $0.acclimatized = acclimatized }
        let factor = rules.wbgt(celsius: OutdoorIndices.celsius(fahrenheit: fahrenheit))
        #expect(factor.level == level)
        #expect(factor.estimated)
    }

    /// ECCC wind chill steps: −9/−10 (uncomfortable), −27/−28 (frostbite in 10–30 min), −39/−40.
    @Test(arguments: [
        (-9.0, false, OutdoorLevel.go), (-10.0, false, .go), (-10.0, true, .caution), (-27.0, true, .caution),
        (-28.0, false, .avoid), (-39.0, false, .avoid), (-40.0, false, .avoid),
    ])
    func windChillSteps(chill: Double, coldSensitive: Bool, level: OutdoorLevel) throws {
        #expect(try Self.rules { $0.coldSensitive = coldSensitive }.cold(windChill: chill).level == level)
    }

    /// WHO UV bands (3 and 8, on the whole index): never avoid for UV alone except for a sun-sensitive person.
    @Test(arguments: [
        (2.4, false, OutdoorLevel.go), (2.5, false, .go), (7.4, false, .go), (7.5, false, .caution),
        (12.0, false, .caution), (2.4, true, .go), (2.5, true, .caution), (7.5, true, .avoid),
    ])
    func uvBands(index: Double, sunSensitive: Bool, level: OutdoorLevel) throws {
        #expect(try Self.rules { $0.sunSensitive = sunSensitive }.uv(index).level == level)
    }

    /// Gusts by the NWS wind terms: 48 km/h (30 mph) caution, 64 km/h (40 mph) avoid.
    @Test(arguments: [(47.9, OutdoorLevel.go), (48.0, .caution), (63.9, .caution), (64.0, .avoid)])
    func gustSteps(gusts: Double, level: OutdoorLevel) throws {
        let factor = try Self.rules().gusts(gusts)
        #expect(factor.level == level)
        #expect(factor.heuristic)
    }

    /// The EPA ladder per category: a healthy adult walking briefly, exerting themselves, and a sensitive person.
    @Test(arguments: [
        (50.0, OutdoorLevel.go, OutdoorLevel.go, OutdoorLevel.go), (100.0, .go, .go, .go),
        (101.0, .go, .go, .caution), (151.0, .go, .caution, .avoid), (201.0, .caution, .avoid, .avoid),
        (301.0, .avoid, .avoid, .avoid),
    ])
    func epaLadder(aqi: Double, briefWalk: OutdoorLevel, exertion: OutdoorLevel, sensitive: OutdoorLevel) throws {
        let brief = try Self.rules(.light, minutes: 30)
        let heavy = try Self.rules(.vigorous)
        #expect(brief.usFactor("pm25", aqi: aqi, member: false, ozone: false, source: .epaTAD2024).level == briefWalk)
        #expect(heavy.usFactor("pm25", aqi: aqi, member: false, ozone: false, source: .epaTAD2024).level == exertion)
        #expect(heavy.usFactor("pm25", aqi: aqi, member: true, ozone: false, source: .epaTAD2024).level == sensitive)
    }

    /// The European AQI on and just past its band boundaries, banded as `fetchAirQuality` bands it (a boundary value
    /// in the cleaner band), for a sensitive person exerting themselves: the level, the EEA message, the band's
    /// lower edge as the threshold, and no headroom left on a boundary.
    @Test(arguments: [
        (20.0, EuropeanAQIStatus.Level.good, OutdoorLevel.go, OutdoorMessage.airGood, Double?.none, 0.0),
        (20.5, .fair, .go, .airGood, nil, 0.975), (40.0, .fair, .go, .airGood, nil, 0),
        (40.5, .moderate, .caution, .europeanReduceIfSymptoms, 40, 0.975),
        (60.0, .moderate, .caution, .europeanReduceIfSymptoms, 40, 0),
        (80.0, .poor, .caution, .europeanReduceIfSymptoms, 60, 0), (100.0, .veryPoor, .avoid, .europeanReduce, 80, 0),
        (100.5, .extremelyPoor, .avoid, .europeanAvoid, 100, 0),
    ])
    func europeanBandBoundaries(
        index: Double, band: EuropeanAQIStatus.Level, level: OutdoorLevel, message: OutdoorMessage,
        threshold: Double?, headroom: Double
    ) throws {
        #expect(EuropeanAQIStatus.Level(europeanAQI: index) == band)
        let factor = try Self.rules(.vigorous) { $0.conditions = [.asthma] }.european(index)
        #expect(factor.level == level)
        #expect(factor.messageKey == message)
        #expect(factor.threshold == threshold)
        #expect(abs(factor.headroom - headroom) < 1e-9)
    }

    /// Pollen classes per CAMS species at their edges (grass 5/30/50, birch 10/50/100, mugwort 2/6).
    @Test(arguments: [
        (OpenMeteoPlant.grass, 0.0, 0), (.grass, 5.0, 1), (.grass, 5.1, 2), (.grass, 30.0, 2), (.grass, 30.1, 3),
        (.grass, 49.9, 3), (.grass, 50.0, 4), (.birch, 10.0, 1), (.birch, 10.1, 2), (.birch, 50.1, 3),
        (.birch, 100.0, 4), (.mugwort, 2.0, 1), (.mugwort, 6.0, 2), (.mugwort, 7.0, 3), (.mugwort, 500.0, 3),
        (.ragweed, 4.0, 1), (.ragweed, 5.0, 2), (.ragweed, 500.0, 4), (.olive, 1500.0, 4),
    ])
    func pollenClasses(plant: OpenMeteoPlant, value: Double, level: Int) {
        #expect(OutdoorPollen.reading(plant, value).level == level)
    }

    /// The Universal Pollen Index: 1–2 low, 3 moderate, 4 high, 5 very high.
    @Test(arguments: [(0, 0), (1, 1), (2, 1), (3, 2), (4, 3), (5, 4)])
    func universalPollenIndexClasses(value: Int, level: Int) {
        #expect(OutdoorPollen.reading(universalPollenIndex: value).level == level)
    }

    /// `HH:MM` constraints: 00:00 to 24:00, anything else names the field.
    @Test func constraintTimesAreChecked() throws {
        #expect(try OutdoorConstraints.minutes("06:30", field: "constraints.earliest") == 390)
        #expect(try OutdoorConstraints.minutes("24:00", field: "constraints.latest") == 1440)
        for text in ["6:30", "24:01", "07:60", "ab:cd", "0700"] {
            #expect {
                try OutdoorConstraints.minutes(text, field: "constraints.earliest")
            } throws: {
                isInvalidParameter($0, named: "constraints.earliest")
            }
        }
    }
}
