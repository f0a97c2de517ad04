import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// `fetchAlerts` over the three sources, with bodies shaped like the services' recorded ones; the test clock is
/// 2026-05-24T12:00:00Z.
@Suite struct AlertsTests {
    static let detroit = try! Coordinates(latitude: 42.36, longitude: -83.10)
    static let windsor = try! Coordinates(latitude: 42.28, longitude: -82.98)

    // MARK: - NWS

    static func nwsFeature(
        _ id: String, type: String = "Alert", status: String = "Actual", event: String = "Dense Fog Advisory",
        severity: String = "Moderate", sent: String = "2026-05-24T06:00:00-05:00",
        expires: String = "2026-05-24T12:00:00-05:00", references: [String] = [], replacedBy: Bool = false,
        polygon: Bool = false
    ) -> String {
        let refs = references.map { #"{"identifier":"\#($0)","sender":"w-nws.webmaster@noaa.gov","sent":"x"}"# }
        let geometry =
            polygon ? #"{"type":"Polygon","coordinates":[[[-83.3,42.3],[-83,42.3],[-83,42.5],[-83.3,42.3]]]}"# : "null"
        return #"{"id":"https://api.weather.gov/alerts/\#(id)","type":"Feature","geometry":\#(geometry),"properties":{"#
            + #""id":"\#(id)","areaDesc":"Wayne, MI","references":[\#(refs.joined(separator: ","))],"sent":"\#(sent)","#
            + #""effective":"\#(sent)","onset":"\#(sent)","expires":"\#(expires)","ends":null,"status":"\#(status)","#
            + #""messageType":"\#(type)","severity":"\#(severity)","certainty":"Likely","urgency":"Expected","#
            + #""event":"\#(event)","sender":"w-nws.webmaster@noaa.gov","senderName":"NWS Detroit/Pontiac MI","#
            + #""headline":"\#(event) issued","description":"* WHAT...Fog.","instruction":null,"language":"en-US","#
            + #""web":"http://www.weather.gov","eventCode":{"SAME":["NWS"],"NationalWeatherService":["FGY"]}"#
            + (replacedBy ? #","replacedBy":"https://api.weather.gov/alerts/later""# : "") + "}}"
    }

    static func nwsBody(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    static let emptyECCC = #"{"type":"FeatureCollection","numberMatched":0,"numberReturned":0,"features":[]}"#

    @Test func nwsShowsOnlyWhatIsInForceMostSevereFirst() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/alerts/active",
            body: Self.nwsBody([
                Self.nwsFeature("fog1", replacedBy: true),
                Self.nwsFeature("fog2", type: "Update", references: ["fog1"]),
                Self.nwsFeature("torn1", event: "Tornado Watch", severity: "Extreme"),
                Self.nwsFeature(
                    "torn2", type: "Update", event: "Tornado Watch", severity: "Extreme", references: ["torn1"]),
                Self.nwsFeature(
                    "torn3", type: "Cancel", event: "Tornado Watch", severity: "Minor", references: ["torn1", "torn2"]),
                Self.nwsFeature("wind1", event: "Wind Advisory", expires: "2026-05-24T06:59:00-05:00"),
                Self.nwsFeature("test1", status: "Test", event: "Test Message"),
                Self.nwsFeature("svr1", event: "Severe Thunderstorm Warning", severity: "Severe", polygon: true),
            ]))
        http.on("/weather-alerts/items", body: Self.emptyECCC)
        let breeze = makeBreeze(http) { $0.contact = "ops@example.org" }
        let point = try await breeze.alerts(at: Self.detroit)

        try #require(point.alerts.map(\.id) == ["svr1", "fog2"])
        #expect(point.alerts.map(\.matchedBy) == [.polygon, .zone])
        #expect(point.alerts.map(\.isSevere) == [true, false])
        #expect(point.coverage == .full && point.country == "US")
        #expect(point.alerts[1].attribution == "National Weather Service (weather.gov); NWS Detroit/Pontiac MI")
        #expect(point.alerts[1].eventCode == "FGY" && point.alerts[1].instruction == nil)
        let nws = try #require(http.requests.first { $0.service == .nws })
        #expect(nws.query["point"] == "42.36,-83.1")
        #expect(
            nws.headers["User-Agent"]
                == "breeze-rpc/\(BreezeVersion.current) (+https://github.com/breeze-rpc/breeze-rpc; ops@example.org)")
        #expect(nws.headers["Accept"] == "application/geo+json")
    }

    @Test func nwsFirewallFailsOnlyItsPart() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/alerts/active", status: 403, headers: ["Content-Type": "text/html"],
            body: "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY>Reference #18.4fec3817</BODY></HTML>")
        http.on("/weather-alerts/items", body: Self.emptyECCC)
        let point = try await makeBreeze(http).alerts(at: Self.windsor)
        #expect(point.coverage == .partial)
        let error = try #require(point.errors["nws"])
        guard case .badServerResponse(.nws, 403, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(reason.contains("firewall") && reason.contains("BREEZE_CONTACT"))
        #expect(point.sources.map(\.answered) == [true, false])
    }

    @Test func everySourceFailingFailsThePoint() async throws {
        let http = FakeHTTPClient()
        http.on("/alerts/active", status: 503, body: "<html>down</html>")
        await #expect(throws: BreezeError.self) { try await makeBreeze(http).alerts(at: Self.offNewJersey) }
    }

    static let offNewJersey = try! Coordinates(latitude: 40.3, longitude: -73.3)

    // MARK: - ECCC

    static func ecccFeature(
        _ id: String, status: String = "issued", expires: String = "2026-05-24T18:00:00.000Z",
        ring: String = "[[-83.2,41.9],[-82,41.9],[-82,42.5],[-82.9,42.5],[-83.2,41.9]]", region: String = "r1"
    ) -> String {
        #"{"type":"Feature","id":"\#(id)-\#(region)","geometry":{"type":"Polygon","coordinates":[\#(ring)]},"#
            + #""properties":{"id":"\#(id)","alert_type":"warning","alert_code":"RAIN","#
            + #""alert_name_en":"rainfall warning","alert_name_fr":"avertissement de pluie","#
            + #""alert_short_name_en":"Rainfall (warning)","alert_text_en":"Heavy rain.","alert_text_fr":"Fortes pluies.","#
            + #""feature_name_en":"Windsor - Essex","feature_name_fr":"Windsor - Essex","status_en":"\#(status)","#
            + #""risk_colour_en":"orange","publication_datetime":"2026-05-24T10:00:00.000Z","#
            + #""event_end_datetime":"2026-05-24T17:00:00.000Z","expiration_datetime":"\#(expires)"}}"#
    }

    @Test func ecccKeepsWhatContainsThePointAndIsNotEnded() async throws {
        let http = FakeHTTPClient()
        let far = "[[-81.9,42.6],[-80.9,42.6],[-80.9,43.2],[-81.9,42.6]]"
        http.on(
            "/weather-alerts/items",
            body: #"{"type":"FeatureCollection","numberMatched":5,"numberReturned":5,"features":["#
                + [
                    Self.ecccFeature("rain"), Self.ecccFeature("rain", region: "r2"),
                    Self.ecccFeature("rain", ring: far, region: "r3"), Self.ecccFeature("wind", status: "ended"),
                    Self.ecccFeature("frost", expires: "2026-05-24T11:30:00.000Z"),
                ].joined(separator: ",") + "]}")
        http.on("/alerts/active", body: Self.nwsBody([]))
        let breeze = makeBreeze(http)
        let english = try await breeze.alerts(at: Self.windsor)
        try #require(english.alerts.map(\.id) == ["rain"])
        #expect(english.alerts[0].awarenessLevel == "orange" && english.alerts[0].severity == "Unknown")
        #expect(english.alerts[0].ends == "2026-05-24T17:00:00.000Z" && english.alerts[0].language == "en")
        #expect(english.alerts[0].isSevere, "orange, from a source without CAP severities")
        #expect(english.alerts[0].period?.upperBound == ISOTimestamp.date("2026-05-24T17:00:00Z"))
        let french = try await breeze.alerts(at: Self.windsor, language: "fr-CA")
        #expect(french.alerts.map(\.event) == ["avertissement de pluie"])
        let detroit = try await breeze.alerts(at: Self.detroit)
        #expect(detroit.alerts.isEmpty && detroit.coverage == .full)
        let ecccQuery = try #require(http.requests.first { $0.service == .eccc }).query
        #expect(ecccQuery["bbox"] == "-83,42,-82,43" && ecccQuery["offset"] == "0")
    }

    @Test func ecccReadsEveryPage() async throws {
        let http = FakeHTTPClient()
        http.on("/weather-alerts/items") { request in
            let offset = request.query["offset"] ?? "0"
            let feature = Self.ecccFeature(offset == "0" ? "first" : "second")
            return .init(
                status: 200,
                body: Data(
                    #"{"numberMatched":2,"numberReturned":1,"features":[\#(offset == "0" ? feature : feature)]}"#.utf8))
        }
        http.on("/alerts/active", body: Self.nwsBody([]))
        let point = try await makeBreeze(http).alerts(at: Self.windsor)
        #expect(Set(point.alerts.map(\.id)) == ["first", "second"])
        #expect(http.requests.filter { $0.service == .eccc }.count == 2)
    }

    // MARK: - MeteoAlarm

    static func warning(
        _ id: String, type: String = "Alert", status: String = "Actual", languages: [String] = ["de-DE", "en-GB"],
        area: String = #"{"areaDesc":"Kreis Lörrach","geocode":[{"valueName":"EMMA_ID","value":"DE312"}]}"#,
        expires: String = "2026-05-24T20:00:00+02:00", references: String? = nil, severity: String = "Moderate"
    ) -> String {
        let infos = languages.map { language in
            #"{"language":"\#(language)","event":"event \#(language)","severity":"\#(severity)","urgency":"Immediate","#
                + #""certainty":"Likely","onset":"2026-05-24T12:00:00+02:00","expires":"\#(expires)","#
                + #""headline":"headline \#(language)","description":"text \#(language)","senderName":"Deutscher Wetterdienst","#
                + #""parameter":[{"valueName":"awareness_level","value":"2; yellow; Moderate"},"#
                + #"{"valueName":"awareness_type","value":"1; Wind"}],"area":[\#(area)]}"#
        }
        let refs = references.map { #","references":"\#($0)""# } ?? ""
        return #"{"uuid":"u-\#(id)","alert":{"identifier":"\#(id)","sender":"opendata@dwd.de","#
            + #""sent":"2026-05-24T11:00:00+02:00","status":"\#(status)","msgType":"\#(type)"\#(refs),"#
            + #""info":[\#(infos.joined(separator: ","))]}}"#
    }

    static func feed(_ warnings: [String]) -> String { #"{"warnings":[\#(warnings.joined(separator: ","))]}"# }

    static let loerrach = try! Coordinates(latitude: 47.6156, longitude: 7.6614)
    static let basel = try! Coordinates(latitude: 47.5596, longitude: 7.5886)
    static let saintLouis = try! Coordinates(latitude: 47.60, longitude: 7.50)

    /// A fake serving `feeds` by slug; every other MeteoAlarm country's feed is empty.
    static func meteoAlarm(_ feeds: [String: String]) -> FakeHTTPClient {
        let http = FakeHTTPClient()
        http.on("") { request in
            guard request.service == .meteoalarm else { throw URLError(.unsupportedURL) }
            let slug = String(request.url.path.split(separator: "feeds-").last ?? "")
            return .init(status: 200, body: Data((feeds[slug] ?? feed([])).utf8))
        }
        return http
    }

    @Test func meteoAlarmLifecycleLanguageAndAreas() async throws {
        let http = Self.meteoAlarm([
            "germany": Self.feed([
                Self.warning("a1"),
                Self.warning("a2", type: "Update", references: "opendata@dwd.de,a1,2026-05-24T10:00:00+02:00 x,a0,y"),
                Self.warning("c1"), Self.warning("c2", type: "Cancel", references: "opendata@dwd.de,c1,t"),
                Self.warning("old", expires: "2026-05-24T13:59:00+02:00"),
                Self.warning("drill", status: "Exercise"),
                Self.warning(
                    "berlin", area: #"{"areaDesc":"Berlin","geocode":[{"valueName":"EMMA_ID","value":"DE202"}]}"#),
                Self.warning("onlyGerman", languages: ["de-DE"], severity: "Severe"),
            ])
        ])
        let breeze = makeBreeze(http)
        let english = try await breeze.alerts(at: Self.loerrach)
        try #require(english.alerts.map(\.id) == ["onlyGerman", "a2"])
        #expect(english.alerts.map(\.language) == ["de-DE", "en-GB"])
        #expect(english.alerts.allSatisfy { $0.matchedBy == .area })
        #expect(english.alerts[1].attribution == "EUMETNET – MeteoAlarm; Deutscher Wetterdienst")
        #expect(english.alerts[1].awarenessLevel == "yellow" && english.alerts[1].eventCode == "1; Wind")
        let french = try await breeze.alerts(at: Self.loerrach, language: "fr")
        #expect(french.alerts.map(\.language) == ["de-DE", "en-GB"], "no French block: English, then the first")
        let german = try await breeze.alerts(at: Self.loerrach, language: "de-CH")
        #expect(german.alerts.map(\.headline) == ["headline de-DE", "headline de-DE"])
        #expect(Set(english.sources.compactMap(\.country)) == ["DE", "CH", "FR"], "Lörrach is near two borders")
    }

    @Test func aCachedFeedIsJudgedAgainstTheClockOfEachRead() async throws {
        let http = Self.meteoAlarm(["germany": Self.feed([Self.warning("soon", expires: "2026-05-24T15:00:00+02:00")])])
        let before = try await makeBreeze(http).alerts(at: Self.loerrach)
        #expect(before.alerts.map(\.id) == ["soon"])
        let after = try await makeBreeze(http, now: testNow.addingTimeInterval(3600)).alerts(at: Self.loerrach)
        #expect(after.alerts.isEmpty)
    }

    @Test func baselGetsOnlyTheWarningsWhoseAreaHoldsIt() async throws {
        let swissPolygon = "47.530,7.570 47.530,7.620 47.575,7.620 47.575,7.570 47.530,7.570"
        let http = Self.meteoAlarm([
            "germany": Self.feed([Self.warning("de")]),
            "france": Self.feed([
                Self.warning(
                    "fr", area: #"{"areaDesc":"Haut Rhin","geocode":[{"valueName":"EMMA_ID","value":"FR083"}]}"#)
            ]),
            "switzerland": Self.feed([
                Self.warning("ch", area: #"{"areaDesc":"Basel","polygon":["\#(swissPolygon)"],"geocode":[]}"#)
            ]),
        ])
        let breeze = makeBreeze(http)
        let basel = try await breeze.alerts(at: Self.basel)
        let loerrach = try await breeze.alerts(at: Self.loerrach)
        let saintLouis = try await breeze.alerts(at: Self.saintLouis)
        try #require(basel.country == "CH" && basel.alerts.map(\.id) == ["ch"])
        #expect(basel.alerts[0].matchedBy == .polygon)
        #expect(loerrach.country == "DE" && loerrach.alerts.map(\.id) == ["de"])
        #expect(saintLouis.country == "FR" && saintLouis.alerts.map(\.id) == ["fr"])
        // Each point near the tripoint asks all three countries' feeds.
        #expect(http.requests.count == 9)
    }

    @Test func anUnknownAreaIsMatchedByCountryOnlyInThatCountry() async throws {
        let uk = #"{"areaDesc":"London & South East England","geocode":[{"valueName":"UK_REGION","value":"SE"}]}"#
        let http = Self.meteoAlarm(["united-kingdom": Self.feed([Self.warning("gb", languages: ["en-GB"], area: uk)])])
        let london = try await makeBreeze(http).alerts(at: Coordinates(latitude: 51.5, longitude: -0.12))
        #expect(london.alerts.map(\.matchedBy) == [.country])
        // Dundalk asks the UK's feed too (Newry is near), but a warning for the UK as a whole is not Ireland's.
        let dundalk = try await makeBreeze(http).alerts(at: Coordinates(latitude: 54.0, longitude: -6.4))
        #expect(dundalk.country == "IE" && dundalk.alerts.isEmpty)
        #expect(Set(dundalk.sources.compactMap(\.country)) == ["IE", "GB"])
    }

    // MARK: - Routing and params

    @Test(
        arguments: [(35.68, 139.69, "JP"), (45.0, -30.0, nil), (90.0, 0.0, nil), (-90.0, 0.0, nil)]
            as [(Double, Double, String?)])
    func noSourceIsCoverageNoneWithAReasonAndNoRequest(latitude: Double, longitude: Double, country: String?)
        async throws
    {
        let http = FakeHTTPClient()
        let point = try await makeBreeze(http).alerts(at: Coordinates(latitude: latitude, longitude: longitude))
        #expect(point.coverage == .none && point.alerts.isEmpty && point.country == country)
        #expect(point.reason?.isEmpty == false)
        #expect(http.requests.isEmpty)
    }

    @Test func timestampsReadWithTheirOffsets() {
        #expect(ISOTimestamp.date("2025-11-24T07:53:00-06:00") == ISOTimestamp.date("2025-11-24T13:53:00Z"))
        #expect(ISOTimestamp.date("2026-10-04T00:53:52.270Z")?.timeIntervalSince1970 == 1_791_075_232.27)
        #expect(ISOTimestamp.date("2026-05-24T12:00:00+02:00") == testNow.addingTimeInterval(-7200))
        #expect(ISOTimestamp.date("not a time") == nil && ISOTimestamp.date("2026-13-01T00:00Z") == nil)
    }
}
