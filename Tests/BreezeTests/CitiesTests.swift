import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Real geocoder bodies: protobuf JSON that omits zeros and empty strings.
private enum GeocodingFixture {
    /// Brisbane complete; the airport without population; Antarctica without country or admin fields.
    static let results = #"""
        {"results":[{"id":2174003,"name":"Brisbane","latitude":-27.46794,"longitude":153.02809,"elevation":27.0,"feature_code":"PPLA","country_code":"AU","admin1_id":2152274,"admin2_id":7839562,"timezone":"Australia/Brisbane","population":2189878,"country_id":2077456,"country":"Australia","admin1":"Queensland","admin2":"Brisbane"},{"id":6296691,"name":"Enschede Airport Twente","latitude":52.27,"longitude":6.87417,"elevation":34.0,"feature_code":"AIRP","country_code":"NL","admin1_id":2748838,"admin2_id":2756070,"timezone":"Europe/Amsterdam","country_id":2750405,"country":"The Netherlands","admin1":"Overijssel","admin2":"Enschede Municipality"},{"id":6255152,"name":"Antarctica","latitude":-78.15856,"longitude":16.40626,"feature_code":"CONT","timezone":"Antarctica/McMurdo","admin2":""}],"generationtime_ms":0.5660057}
        """#
    /// No match: the `results` key is absent, not empty.
    static let empty = #"{"generationtime_ms":0.15509129}"#
}

/// The one request `search` sends to the geocoder (which finds nothing).
private func requestSent(by search: CitySearch) async throws -> HTTPRequest {
    let http = FakeHTTPClient()
    http.on("/v1/search", body: GeocodingFixture.empty)
    _ = try await makeBreeze(http).searchCities(search)
    return try #require(http.requests.first)
}

@Suite struct CitiesTests {
    @Test func sendsNameCountLanguageAndFormatInThatOrder() async throws {
        let request = try await requestSent(by: CitySearch(name: "  Berlin "))
        #expect(request.service == .geocoding)
        #expect(request.url.query == "name=Berlin&count=5&language=en&format=json")
    }

    @Test func sendsTheCountryCodeUpperCasedUnderItsCamelCaseName() async throws {
        let request = try await requestSent(
            by: CitySearch(name: "Springfield", count: 100, language: "de", countryCode: "us"))
        #expect(request.url.query == "name=Springfield&count=100&language=de&format=json&countryCode=US")
    }

    @Test func percentEncodesTheNameSoItCannotInjectParameters() async throws {
        let request = try await requestSent(by: CitySearch(name: "São Paulo&count=100#x"))
        #expect(request.url.query == "name=S%C3%A3o%20Paulo%26count%3D100%23x&count=5&language=en&format=json")
        #expect(request.query["name"] == "São Paulo&count=100#x")
        #expect(request.query["count"] == "5")
    }

    @Test(arguments: ["", " ", "B", " ö \n"])
    func returnsNothingWithoutCallingUpstreamForNamesShorterThanTwoCharacters(name: String) async throws {
        let http = FakeHTTPClient()
        let cities = try await makeBreeze(http).searchCities(CitySearch(name: name))
        #expect(cities.isEmpty)
        #expect(http.requests.isEmpty)
    }

    @Test func returnsNothingWhenTheUpstreamSendsNoResultsKey() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/search", body: GeocodingFixture.empty)
        let cities = try await makeBreeze(http).searchCities(CitySearch(name: "Xyzzyville"))
        #expect(cities.isEmpty)
        #expect(http.requests.count == 1)
    }

    @Test func mapsEveryFieldAndLeavesOmittedOnesUnknown() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/search", body: GeocodingFixture.results)
        let cities = try await makeBreeze(http).searchCities(CitySearch(name: "Bris"))
        try #require(cities.count == 3)
        #expect(
            cities[0]
                == City(
                    id: 2_174_003, name: "Brisbane", latitude: -27.46794, longitude: 153.02809, elevation: 27,
                    country: "Australia", countryCode: "AU", admin1: "Queensland", admin2: "Brisbane",
                    timezone: "Australia/Brisbane", population: 2_189_878))
        #expect(cities[0].displayName == "Brisbane, Queensland, Australia")
        #expect(cities[1].population == nil)
        #expect(cities[1].displayName == "Enschede Airport Twente, Overijssel, The Netherlands")
        #expect(cities[2].country == nil && cities[2].countryCode == nil && cities[2].elevation == nil)
        #expect(cities[2].admin2 == nil, "an empty string is no admin area")
        #expect(cities[2].displayName == "Antarctica")
    }

    @Test func writesMissingFieldsAsNullSoEveryKeyIsPresent() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/search", body: GeocodingFixture.results)
        let antarctica = try #require(try await makeBreeze(http).searchCities(CitySearch(name: "Ant")).last)
        #expect(
            try sortedJSON(antarctica)
                == #"{"admin1":null,"admin2":null,"country":null,"countryCode":null,"displayName":"Antarctica","#
                + #""elevation":null,"id":6255152,"latitude":-78.15856,"longitude":16.40626,"name":"Antarctica","#
                + #""population":null,"timezone":"Antarctica/McMurdo"}"#)
    }

    @Test(arguments: [0, 101, -5])
    func rejectsCountsOutsideOneToAHundredNamingCount(count: Int) {
        #expect(throws: BreezeError.invalidParameter(name: "count", reason: "must be from 1 to 100, not \(count).")) {
            try CitySearch(name: "Berlin", count: count)
        }
    }

    @Test(arguments: ["DEU", "D", "1A", "", "D-"])
    func rejectsCountryCodesThatAreNotTwoLettersNamingTheField(code: String) {
        #expect {
            try CitySearch(name: "Berlin", countryCode: code)
        } throws: { isInvalidParameter($0, named: "countryCode") }
    }

    @Test(arguments: ["", "en&x=1", "e n"])
    func rejectsLanguagesThatAreNotCodesNamingTheField(language: String) {
        #expect {
            try CitySearch(name: "Berlin", language: language)
        } throws: { isInvalidParameter($0, named: "language") }
    }

    @Test(arguments: [
        #"{"error":true,"reason":"Parameter count must be between 1 and 100."}"#,
        #"{"reason":"Parameter count must be between 1 and 100.","error":true}"#,
    ])
    func surfacesTheUpstreamReasonOfA400InEitherKeyOrder(body: String) async {
        let http = FakeHTTPClient()
        http.on("/v1/search", status: 400, body: body)
        await #expect(
            throws: BreezeError.badServerResponse(
                service: .geocoding, status: 400, reason: "Parameter count must be between 1 and 100.")
        ) {
            try await makeBreeze(http).searchCities(CitySearch(name: "Berlin"))
        }
    }

    @Test func rateLimitIsRateLimitedWithRetryAfter() async {
        let http = FakeHTTPClient()
        http.on(
            "/v1/search", status: 429, headers: ["Retry-After": "60"],
            body: #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#)
        await #expect(
            throws: BreezeError.rateLimited(
                service: .geocoding, retryAfterSeconds: 60,
                reason: "Minutely API request limit exceeded. Please try again in one minute.")
        ) {
            try await makeBreeze(http).searchCities(CitySearch(name: "Berlin"))
        }
    }

    @Test func htmlErrorPageIsBadServerResponseWithTheStatusPhrase() async {
        let http = FakeHTTPClient()
        http.on("/v1/search", status: 502, body: "<html><body><h1>502 Bad Gateway</h1></body></html>")
        await #expect(throws: BreezeError.badServerResponse(service: .geocoding, status: 502, reason: "Bad Gateway")) {
            try await makeBreeze(http).searchCities(CitySearch(name: "Berlin"))
        }
    }

    @Test(arguments: ["<html>oops</html>", #"{"results":[{"id":"two"}]}"#, ""])
    func undecodable200IsBadServerResponse(body: String) async {
        let http = FakeHTTPClient()
        http.on("/v1/search", body: body)
        await #expect {
            try await makeBreeze(http).searchCities(CitySearch(name: "Berlin"))
        } throws: { error in
            guard case BreezeError.badServerResponse(.geocoding, 200, _) = error else { return false }
            return true
        }
    }
}

/// Searching the way people type: "City, Region, Country", "City, Country", "City CC", "Springfield, IL".
@Suite struct TypedPlaceSearchTests {
    /// (name, admin1, admin2, country, code, population), most populous first as the geocoder ranks them.
    private static let places: [(String, String, String, String, String, Int)] = [
        ("London", "England", "Greater London", "United Kingdom", "GB", 8_961_989),
        ("Paris", "Île-de-France", "Paris", "France", "FR", 2_138_551),
        ("Portland", "Oregon", "Multnomah", "United States", "US", 652_503),
        ("London", "Ontario", "", "Canada", "CA", 346_765),
        ("Springfield", "Missouri", "Greene", "United States", "US", 166_810),
        ("Springfield", "Massachusetts", "Hampden", "United States", "US", 155_929),
        ("Springfield", "Illinois", "Sangamon", "United States", "US", 116_565),
        ("Portland", "Maine", "Cumberland", "United States", "US", 66_881),
        ("Paris", "Texas", "Lamar", "United States", "US", 24_782),
    ]

    /// A geocoder computing its answer from the query: names starting with `name`, at most `count`.
    private func geocoder() -> FakeHTTPClient {
        let http = FakeHTTPClient()
        http.on("/v1/search") { request in
            let name = try #require(request.query["name"]).lowercased()
            let count = Int(request.query["count"] ?? "10") ?? 10
            let results = Self.places.enumerated().filter { $0.element.0.lowercased().hasPrefix(name) }.prefix(count)
                .map { index, place in
                    #"{"id":\#(index + 1),"name":"\#(place.0)","latitude":1.0,"longitude":2.0,"#
                        + #""country_code":"\#(place.4)","population":\#(place.5),"country":"\#(place.3)","#
                        + #""admin1":"\#(place.1)","admin2":"\#(place.2)"}"#
                }
            let body = results.isEmpty ? "{}" : #"{"results":[\#(results.joined(separator: ","))]}"#
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
        return http
    }

    @Test(arguments: [
        ("Springfield, IL", ["Springfield, Illinois, United States"]),
        ("Springfield, il", ["Springfield, Illinois, United States"]),
        ("Springfield IL", ["Springfield, Illinois, United States"]),
        ("Springfield, Massachusetts", ["Springfield, Massachusetts, United States"]),
        (
            "Springfield, USA",
            [
                "Springfield, Missouri, United States", "Springfield, Massachusetts, United States",
                "Springfield, Illinois, United States",
            ]
        ),
        ("Paris, France", ["Paris, Île-de-France, France"]),
        ("Paris FR", ["Paris, Île-de-France, France"]),
        ("Paris, TX", ["Paris, Texas, United States"]),
        ("Paris, Ile-de-France, France", ["Paris, Île-de-France, France"]),
        ("paris , texas , us", ["Paris, Texas, United States"]),
        ("London, UK", ["London, England, United Kingdom"]),
        ("London, ON, Canada", ["London, Ontario, Canada"]),
        ("London, England", ["London, England, United Kingdom"]),
        ("Portland, Maine, United States", ["Portland, Maine, United States"]),
        ("Portland, OR", ["Portland, Oregon, United States"]),
        ("Portland, Lamar", []),
        ("Paris, Germany", []),
    ])
    func keepsTheResultsThatFitWhatWasTypedAfterTheName(typed: String, expected: [String]) async throws {
        let http = geocoder()
        let cities = try await makeBreeze(http).searchCities(CitySearch(name: typed))
        #expect(cities.map(\.displayName) == expected)
        let sent = try #require(http.requests.first)
        #expect(sent.query["name"] == typed.split(whereSeparator: { $0 == "," || $0 == " " }).first.map(String.init))
        #expect(sent.query["count"] == "100")
    }

    @Test func aPlainNameIsSearchedAsBeforeWithTheCountAsked() async throws {
        let http = geocoder()
        let cities = try await makeBreeze(http).searchCities(CitySearch(name: "Springfield", count: 2))
        #expect(cities.map(\.admin1) == ["Missouri", "Massachusetts"])
        #expect(http.requests.first?.url.query == "name=Springfield&count=2&language=en&format=json")
    }

    @Test func theCountLimitsTheFilteredResults() async throws {
        let cities = try await makeBreeze(geocoder()).searchCities(CitySearch(name: "Springfield, US", count: 2))
        #expect(cities.map(\.admin1) == ["Missouri", "Massachusetts"])
    }

    @Test(arguments: [
        ("Springfield, IL", "Springfield", ["IL"]), ("Paris FR", "Paris", ["FR"]), ("New York", "New York", []),
        ("Le Mans", "Le Mans", []), ("Paris, Île-de-France, France", "Paris", ["Île-de-France", "France"]),
        (" Bern ,, CH ", "Bern", ["CH"]), ("Ho Chi Minh City", "Ho Chi Minh City", []),
    ])
    func splitsTheNameFromItsQualifiers(typed: String, name: String, qualifiers: [String]) {
        let place = TypedPlace(typed)
        #expect(place.name == name && place.qualifiers == qualifiers)
    }
}
