import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Upstream bodies with the quirks real answers have.
enum PollenFixtures {
    /// Google, Germany, 2025-08-03 (recorded in teamjaf/pollen-api, shortened): TREE and HAZEL with only
    /// code and displayName, colours with missing zero components, "Very Low", GRASS out of season.
    static let germany = #"""
        {"regionCode":"DE","dailyInfo":[{"date":{"year":2025,"month":8,"day":3},
         "pollenTypeInfo":[
          {"code":"GRASS","displayName":"Grass","inSeason":false,"indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":2,"category":"Low","indexDescription":"People with high allergy to pollen are likely to experience symptoms","color":{"red":0.5176471,"green":0.8117647,"blue":0.2}},"healthRecommendations":["It's a good day for outdoor activities since pollen levels are low.","Do you know which plants cause your pollen allergy? Check out the pollen data to be prepared."]},
          {"code":"TREE","displayName":"Tree"},
          {"code":"WEED","displayName":"Weed","inSeason":true,"indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":1,"category":"Very Low","indexDescription":"People with very high allergy to pollen are likely to experience symptoms","color":{"green":0.61960787,"blue":0.22745098}},"healthRecommendations":["Pollen levels are very low right now. It's a great day to enjoy the outdoors!"]}],
         "plantInfo":[
          {"code":"HAZEL","displayName":"Hazel"},
          {"code":"GRAMINALES","displayName":"Grasses","inSeason":false,"indexInfo":{"code":"UPI","displayName":"Universal Pollen Index","value":2,"category":"Low","indexDescription":"People with high allergy to pollen are likely to experience symptoms","color":{"red":0.5176471,"green":0.8117647,"blue":0.2}},"plantDescription":{"type":"GRASS","family":"Poaceae","season":"Late spring, summer","specialColors":"None","specialShapes":"The leaves are alternate, long and narrow and the leaf margin is smooth.","crossReaction":"Plantain (Plantago) pollen. In addition, there may be a higher risk for food allergies like melons, oranges, tomatoes, peanuts, soy, potato, and other legumes.","picture":"https://storage.googleapis.com/pollen-pictures/graminales_full.jpg","pictureCloseup":"https://storage.googleapis.com/pollen-pictures/graminales_closeup.jpg"}}]}]}
        """#

    /// Two days, German texts, types out of Google's usual order, an index of 0 whose `value` proto3 dropped,
    /// and a second day whose plants have no index yet. No `regionCode` (disputed areas have none).
    static let twoDaysGerman = #"""
        {"dailyInfo":[
         {"date":{"year":2026,"month":5,"day":24},
          "pollenTypeInfo":[
           {"code":"WEED","displayName":"Kräuter","inSeason":true,"indexInfo":{"code":"UPI","value":3,"category":"Mittel","color":{"red":1,"green":0.8}}},
           {"code":"GRASS","displayName":"Gräser","indexInfo":{"code":"UPI","category":"Keine","indexDescription":"Kein Pollen"}}],
          "plantInfo":[{"code":"BIRCH","displayName":"Birke","inSeason":true,"indexInfo":{"code":"UPI","value":5,"category":"Sehr hoch"}}]},
         {"date":{"year":2026,"month":5,"day":25},
          "pollenTypeInfo":[{"code":"GRASS","displayName":"Gräser"}],
          "plantInfo":[{"code":"BIRCH","displayName":"Birke","inSeason":true}]}]}
        """#

    static let googleUncovered = #"""
        {"error":{"code":400,"message":"Information is unavailable for this location. Please try a different location.","status":"INVALID_ARGUMENT"}}
        """#

    static let googleInvalidKey = #"""
        {"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com","metadata":{"service":"pollen.googleapis.com"}}]}}
        """#

    static let googleQuota = #"""
        {"error":{"code":429,"message":"Quota exceeded for quota metric 'Requests' of service 'pollen.googleapis.com'.","status":"RESOURCE_EXHAUSTED"}}
        """#

    static let html502 = "<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>"

    /// Open-Meteo air quality, pollen only, `hours` hourly rows starting 2026-05-24T00:00 (Europe/Berlin).
    static func openMeteo(hours: Int, values: [String: [Double?]]) -> String {
        let times = (0..<hours).map { hour in
            let day = 24 + hour / 24
            let hh = hour % 24
            return "\"2026-05-\(day)T\(hh < 10 ? "0" : "")\(hh):00\""
        }
        func series(_ name: String) -> String {
            let values = values[name] ?? Array(repeating: nil, count: hours)
            return "\"\(name)\":[" + values.map { $0.map { String($0) } ?? "null" }.joined(separator: ",") + "]"
        }
        let names = [
            "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
        ]
        let units = names.map { "\"\($0)\":\"grains/m³\"" }.joined(separator: ",")
        return """
            {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.12,"utc_offset_seconds":7200,\
            "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,\
            "hourly_units":{"time":"iso8601",\(units)},\
            "hourly":{"time":[\(times.joined(separator: ","))],\(names.map(series).joined(separator: ","))}}
            """
    }
}

/// A key shaped like a real one, so redaction (which replaces it wherever it appears) cannot touch other text.
let googleKey = "AIzaSyTEST-0000000000000000000000000000"

@Suite struct PollenTests {
    private func request(_ source: PollenSource, days: Int = 1, languageCode: String = "en") throws -> PollenRequest {
        try PollenRequest(
            coordinates: Coordinates(latitude: 51.1657, longitude: 10.4515), days: days, source: source,
            languageCode: languageCode)
    }

    // MARK: - Google

    @Test func googleRequestCarriesLocationDaysLanguagePlantsDescriptionAndKey() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", body: PollenFixtures.germany)
        let breeze = makeBreeze(http) { $0.googlePollenAPIKey = "SECRET-KEY" }
        _ = try await breeze.fetchPollen(request(.google, days: 3, languageCode: "de-CH"))
        let sent = try #require(http.requests.first)
        #expect(http.requests.count == 1)
        #expect(sent.service == .googlePollen)
        #expect(
            sent.query == [
                "location.latitude": "51.1657", "location.longitude": "10.4515", "days": "3", "languageCode": "de-CH",
                "plantsDescription": "true", "key": "SECRET-KEY",
            ])
    }

    @Test func googleEntriesWithoutAnIndexKeepNullValueAndCategory() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", body: PollenFixtures.germany)
        let forecast = try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }.fetchPollen(request(.google))

        #expect(forecast.source == .google)
        #expect(forecast.regionCode == "DE")
        let day = try #require(forecast.days.first)
        #expect(day.date == "2025-08-03")
        #expect(day.items.map(\.id) == ["GRASS", "TREE", "WEED", "HAZEL", "GRAMINALES"])
        #expect(day.items.map(\.isPlant) == [false, false, false, true, true])

        let tree = day.items[1]
        #expect(tree.value == nil)
        #expect(tree.category == nil)
        #expect(tree.inSeason == nil)
        #expect(tree.color == nil)
        let hazel = day.items[3]
        #expect(hazel.value == nil && hazel.category == nil && hazel.family == nil)
    }

    @Test func googleIndexesKeepTheirTextsAndColoursWithMissingZeroComponents() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", body: PollenFixtures.germany)
        let day = try #require(
            try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }.fetchPollen(request(.google)).days.first)

        let grass = day.items[0]
        #expect(grass.value == 2)
        #expect(grass.category == "Low")
        #expect(grass.inSeason == false)  // out of season, yet with an index: both are kept
        #expect(grass.color == "#84CF33")
        #expect(grass.healthRecommendations?.count == 2)
        #expect(grass.indexDescription == "People with high allergy to pollen are likely to experience symptoms")

        let weed = day.items[2]
        #expect(weed.value == 1)
        #expect(weed.category == "Very Low")
        #expect(weed.color == "#009E3A")  // "red" is missing: it is 0

        let grasses = day.items[4]
        #expect(grasses.name == "Grasses")
        #expect(grasses.family == "Poaceae")
        #expect(grasses.season == "Late spring, summer")
        #expect(grasses.appearance == "None")
        #expect(grasses.crossReaction?.hasPrefix("Plantain (Plantago) pollen.") == true)
        #expect(grasses.imageUrl == "https://storage.googleapis.com/pollen-pictures/graminales_full.jpg")
        #expect(grasses.type == "GRASS")
        #expect(grasses.healthRecommendations == nil)
    }

    @Test func googleDaysKeepTypeOrderTranslatedCategoriesAndProtoDefaults() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", body: PollenFixtures.twoDaysGerman)
        let forecast = try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }
            .fetchPollen(request(.google, days: 2, languageCode: "de"))

        #expect(forecast.regionCode == nil)
        #expect(forecast.ignoredParameters.isEmpty, "Google honours days and languageCode")
        #expect(forecast.days.map(\.date) == ["2026-05-24", "2026-05-25"])
        let first = forecast.days[0]
        #expect(first.items.map(\.id) == ["GRASS", "WEED", "BIRCH"])
        // An indexInfo without "value" is proto3 dropping 0; it is "None", not "no data".
        #expect(first.items[0].value == 0)
        #expect(first.items[0].category == "Keine")
        #expect(first.items[0].inSeason == false)
        #expect(first.items[1].category == "Mittel")
        #expect(first.items[1].color == "#FFCC00")
        #expect(first.items[2].value == 5)

        let second = forecast.days[1]
        #expect(second.items.map(\.value) == [nil, nil])
        #expect(second.items.map(\.category) == [nil, nil])
        #expect(second.items[1].inSeason == true)
    }

    @Test func googleWithoutAKeyIsNotConfiguredAndSendsNothing() async throws {
        let http = FakeHTTPClient()
        await #expect {
            try await makeBreeze(http).fetchPollen(request(.google))
        } throws: { error in
            guard case BreezeError.notConfigured(let setting, _) = error else { return false }
            return setting == "GOOGLE_POLLEN_API_KEY"
        }
        #expect(http.requests.isEmpty)
    }

    @Test func googleUncoveredLocationIsNoData() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", status: 400, body: PollenFixtures.googleUncovered)
        await #expect(
            throws: BreezeError.noData(
                service: .googlePollen,
                reason: "Information is unavailable for this location. Please try a different location.")
        ) {
            try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }.fetchPollen(request(.google))
        }
    }

    @Test func googleInvalidKeyIsABadServerResponseWithGooglesReason() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", status: 400, body: PollenFixtures.googleInvalidKey)
        await #expect(
            throws: BreezeError.badServerResponse(
                service: .googlePollen, status: 400, reason: "API key not valid. Please pass a valid API key.")
        ) {
            try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }.fetchPollen(request(.google))
        }
    }

    @Test func googleKeyEchoedByTheUpstreamNeverReachesTheError() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/v1/forecast:lookup", status: 403,
            body:
                #"{"error":{"code":403,"message":"Key SECRET-KEY is blocked for pollen.googleapis.com.","status":"PERMISSION_DENIED"}}"#
        )
        await #expect {
            try await makeBreeze(http) { $0.googlePollenAPIKey = "SECRET-KEY" }.fetchPollen(request(.google))
        } throws: { error in
            let text = String(describing: error) + String(reflecting: error)
            return !text.contains("SECRET-KEY") && text.contains("Key *** is blocked")
        }
    }

    @Test(arguments: [
        ([String: String](), Int?.none),
        (["Retry-After": "30"], Int?.some(30)),
    ])
    func googleQuotaIsRateLimitedWithOrWithoutRetryAfter(headers: [String: String], retryAfter: Int?) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", status: 429, headers: headers, body: PollenFixtures.googleQuota)
        await #expect(
            throws: BreezeError.rateLimited(
                service: .googlePollen, retryAfterSeconds: retryAfter,
                reason: "Quota exceeded for quota metric 'Requests' of service 'pollen.googleapis.com'.")
        ) {
            try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }.fetchPollen(request(.google))
        }
    }

    @Test func googleAnswerWithoutDaysIsNoData() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", body: #"{"regionCode":"IN"}"#)
        await #expect(
            throws: BreezeError.noData(
                service: .googlePollen, reason: "the answer lists no pollen days for this location.")
        ) {
            try await makeBreeze(http) { $0.googlePollenAPIKey = googleKey }.fetchPollen(request(.google))
        }
    }

    // MARK: - The proxy

    @Test func proxyRequestSendsOnlyLatAndLonEvenWithAGoogleKeyConfigured() async throws {
        let http = FakeHTTPClient()
        http.on("/api/pollen", body: PollenFixtures.germany)
        let forecast = try await makeBreeze(http) { $0.googlePollenAPIKey = "SECRET-KEY" }
            .fetchPollen(request(.proxy))
        #expect(forecast.source == .proxy)
        let sent = try #require(http.requests.first)
        #expect(sent.service == .pollenProxy)
        #expect(sent.query == ["lat": "51.1657", "lon": "10.4515"])
    }

    @Test func proxyAnswersOneDayWhateverNumberOfDaysWasAsked() async throws {
        let http = FakeHTTPClient()
        http.on("/api/pollen", body: PollenFixtures.germany)
        let forecast = try await makeBreeze(http).fetchPollen(request(.proxy, days: 5))
        #expect(forecast.days.map(\.date) == ["2025-08-03"])
        #expect(forecast.days[0].items[1].value == nil)  // the proxy passes Google's JSON on, quirks and all
    }

    @Test(arguments: [
        (1, "en", [String]()), (1, "en-GB", []), (3, "en", ["days"]), (1, "de", ["languageCode"]),
        (3, "de", ["days", "languageCode"]),
    ])
    func proxySaysWhichParametersItCouldNotHonour(days: Int, languageCode: String, ignored: [String]) async throws {
        let http = FakeHTTPClient()
        http.on("/api/pollen", body: PollenFixtures.germany)
        let forecast = try await makeBreeze(http).fetchPollen(request(.proxy, days: days, languageCode: languageCode))
        #expect(forecast.ignoredParameters == ignored)
        #expect(String(decoding: try JSONEncoder().encode(forecast), as: UTF8.self).contains(#""ignoredParameters":["#))
    }

    @Test(arguments: [
        (400, #"{"error":"Failed to fetch pollen data"}"#, "Failed to fetch pollen data"),
        (500, #"{"error":"API key not configured"}"#, "API key not configured"),
        (500, #"{"error":"Internal server error"}"#, "Internal server error"),
        (405, #"{"error":"Method not allowed"}"#, "Method not allowed"),
        (502, PollenFixtures.html502, "Bad Gateway"),
    ])
    func proxyErrorsCarryTheProxysOwnReason(status: Int, body: String, reason: String) async throws {
        let http = FakeHTTPClient()
        http.on("/api/pollen", status: status, body: body)
        await #expect(throws: BreezeError.badServerResponse(service: .pollenProxy, status: status, reason: reason)) {
            try await makeBreeze(http).fetchPollen(request(.proxy))
        }
    }

    @Test func proxyRateLimitTakesRetryAfterFromTheBody() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/api/pollen", status: 429,
            body: #"{"error":"Too many requests. Please try again later.","retryAfter":42}"#)
        await #expect(
            throws: BreezeError.rateLimited(
                service: .pollenProxy, retryAfterSeconds: 42, reason: "Too many requests. Please try again later.")
        ) {
            try await makeBreeze(http).fetchPollen(request(.proxy))
        }
    }

    @Test(arguments: [
        ("<!doctype html><title>Vercel</title>", "the body is not valid JSON"),
        (#"{"dailyInfo":"soon"}"#, "the field 'dailyInfo' has an unexpected type"),
        (#"{"dailyInfo":[{"pollenTypeInfo":[]}]}"#, "the field 'dailyInfo.[0].date' is missing"),
        ("", "the body was empty"),
    ])
    func garbageWithStatus200IsABadServerResponse(body: String, reason: String) async throws {
        let http = FakeHTTPClient()
        http.on("/api/pollen", body: body)
        await #expect(throws: BreezeError.badServerResponse(service: .pollenProxy, status: 200, reason: reason)) {
            try await makeBreeze(http).fetchPollen(request(.proxy))
        }
    }

    // MARK: - auto

    @Test(arguments: [(String?.some(googleKey), PollenSource.google), (nil, .proxy), ("", .proxy)])
    func autoUsesGoogleWhenAKeyIsConfiguredElseTheProxy(key: String?, expected: PollenSource) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast:lookup", body: PollenFixtures.germany)
        http.on("/api/pollen", body: PollenFixtures.germany)
        let forecast = try await makeBreeze(http) { $0.googlePollenAPIKey = key }.fetchPollen(request(.auto))
        #expect(forecast.source == expected)
        #expect(http.requests.map(\.service) == [expected == .google ? .googlePollen : .pollenProxy])
    }

    // MARK: - Open-Meteo

    @Test func openMeteoRequestAsksForTheSixPollenVariablesHourlyInLocalTime() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/v1/air-quality",
            body: PollenFixtures.openMeteo(hours: 48, values: ["birch_pollen": [3.5] + Array(repeating: 0, count: 47)]))
        _ = try await makeBreeze(http) { $0.googlePollenAPIKey = "SECRET-KEY" }
            .fetchPollen(request(.openMeteo, days: 2))
        let sent = try #require(http.requests.first)
        #expect(sent.service == .airQuality)
        #expect(
            sent.query == [
                "latitude": "51.1657", "longitude": "10.4515",
                "hourly": "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen",
                "forecast_days": "2", "timezone": "auto",
            ])
    }

    @Test func openMeteoMapsEachDaysPeakToLevelsAndTypesToTheirHighestPlant() async throws {
        var birch: [Double?] = Array(repeating: 0, count: 48)
        birch[10] = 12.0  // day 1 peak: Low (5…16)
        birch[30] = 260.4  // day 2 peak: Very High (≥ 200)
        var grass: [Double?] = Array(repeating: 0.2, count: 48)
        grass[14] = 31.0  // day 1: High (30…150)
        let ragweed: [Double?] = Array(repeating: 0.3, count: 24) + Array(repeating: nil, count: 24)
        let http = FakeHTTPClient()
        http.on(
            "/v1/air-quality",
            body: PollenFixtures.openMeteo(
                hours: 48,
                values: [
                    "alder_pollen": Array(repeating: 0, count: 48), "birch_pollen": birch, "grass_pollen": grass,
                    "mugwort_pollen": Array(repeating: 0, count: 48), "olive_pollen": Array(repeating: 0, count: 48),
                    "ragweed_pollen": ragweed,
                ]))
        let forecast = try await makeBreeze(http).fetchPollen(request(.openMeteo, days: 2))

        #expect(forecast.source == .openMeteo)
        #expect(forecast.regionCode == nil)
        #expect(forecast.days.map(\.date) == ["2026-05-24", "2026-05-25"])
        let first = forecast.days[0]
        #expect(
            first.items.map(\.id) == [
                "GRASS", "TREE", "WEED", "ALDER", "BIRCH", "GRAMINALES", "MUGWORT", "OLIVE", "RAGWEED",
            ])
        #expect(first.items.map(\.value) == [4, 2, 1, 0, 2, 4, 0, 0, 1])
        #expect(
            first.items.map(\.category) == [
                "High", "Low", "Very Low", "None", "Low", "High", "None", "None", "Very Low",
            ])
        let birchItem = first.items[4]
        #expect(birchItem.isPlant && birchItem.type == "TREE" && birchItem.family == "Betulaceae")
        #expect(birchItem.peakGrainsPerCubicMeter == 12.0)
        #expect(birchItem.inSeason == nil)

        let second = forecast.days[1]
        #expect(second.items.map(\.value) == [0, 5, 0, 0, 5, 0, 0, 0, nil])
        #expect(second.items[8].category == nil)  // ragweed had only nulls that day: unknown, not "None"
    }

    @Test func openMeteoAllNullPollenOutsideEuropeIsNoData() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: PollenFixtures.openMeteo(hours: 24, values: [:]))
        await #expect(
            throws: BreezeError.noData(
                service: .airQuality,
                reason:
                    "Open-Meteo's pollen forecast (CAMS Europe) covers Europe only; every pollen value here is null.")
        ) {
            try await makeBreeze(http).fetchPollen(request(.openMeteo))
        }
    }

    @Test func openMeteoStreamingFailureAfter200IsABadServerResponse() async throws {
        let http = FakeHTTPClient()
        let truncated =
            String(PollenFixtures.openMeteo(hours: 24, values: [:]).prefix(120))
            + "Unexpected error while streaming data: timeout"
        http.on("/v1/air-quality", body: truncated)
        await #expect(
            throws: BreezeError.badServerResponse(
                service: .airQuality, status: 200, reason: "Unexpected error while streaming data: timeout")
        ) {
            try await makeBreeze(http).fetchPollen(request(.openMeteo))
        }
    }

    // MARK: - Parameters

    @Test(arguments: [
        (0, "auto", "en", "days"), (6, "auto", "en", "days"), (1, "Google", "en", "source"),
        (1, "auto", "en&key=x", "languageCode"), (1, "auto", "", "languageCode"),
    ])
    func rejectsBadParametersNamingTheField(days: Int, source: String, languageCode: String, field: String) {
        #expect {
            try PollenRequest(
                coordinates: Coordinates(latitude: 0, longitude: 0), days: days,
                source: PollenSource(parameter: source, field: "source"), languageCode: languageCode)
        } throws: { isInvalidParameter($0, named: field) }
    }
}

@Suite struct PollenLevelsTests {
    @Test(arguments: [
        (PollenLevels.grasses, Double?.none, Int?.none),
        (PollenLevels.grasses, 0.0, 0), (PollenLevels.grasses, 0.5, 0), (PollenLevels.grasses, 0.6, 1),
        (PollenLevels.grasses, 2.9, 1), (PollenLevels.grasses, 3, 2), (PollenLevels.grasses, 9.9, 2),
        (PollenLevels.grasses, 10, 3), (PollenLevels.grasses, 29.9, 3), (PollenLevels.grasses, 30, 4),
        (PollenLevels.grasses, 149.9, 4), (PollenLevels.grasses, 150, 5), (PollenLevels.grasses, 4000, 5),
        (PollenLevels.betulaceae, 4.9, 1), (PollenLevels.betulaceae, 5, 2), (PollenLevels.betulaceae, 16, 3),
        (PollenLevels.betulaceae, 50, 4), (PollenLevels.betulaceae, 199.9, 4), (PollenLevels.betulaceae, 200, 5),
        (PollenLevels.olive, 1.9, 1), (PollenLevels.olive, 2, 2), (PollenLevels.olive, 5, 3),
        (PollenLevels.olive, 25, 4), (PollenLevels.olive, 100, 5),
        (PollenLevels.asteraceae, 0.05, 0), (PollenLevels.asteraceae, 0.1, 1), (PollenLevels.asteraceae, 2, 2),
        (PollenLevels.asteraceae, 5, 3), (PollenLevels.asteraceae, 25, 4), (PollenLevels.asteraceae, 100, 5),
        (PollenLevels.asteraceae, .nan, nil),
    ])
    func mapsGrainsPerCubicMetreToUPILevels(thresholds: PollenLevels.Thresholds, grains: Double?, level: Int?) {
        #expect(thresholds.level(grains) == level)
    }

    @Test func categoriesFollowGooglesWordingIncludingVeryLow() {
        #expect(PollenLevels.categories == ["None", "Very Low", "Low", "Moderate", "High", "Very High"])
        #expect(PollenLevels.descriptions.count == PollenLevels.categories.count)
    }
}
