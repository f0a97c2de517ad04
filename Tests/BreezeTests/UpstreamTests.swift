import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite struct UpstreamTests {
    @Test func percentEncodesEveryValueSoNoneCanInjectAParameter() throws {
        let url = try Breeze.url(
            "http://upstream.test/v1/search", query: [("name", "Berlin&count=50 #+x"), ("current", "a,b")],
            service: .geocoding)
        #expect(url.absoluteString == "http://upstream.test/v1/search?name=Berlin%26count%3D50%20%23%2Bx&current=a,b")
    }

    @Test(arguments: ["", "Berlin", "a,b_c-d.e~f", "São Paulo & Rio", "x=1&y=2#z+", "日本語 🌦", "\u{0}\u{1F}\u{7F}%/?:@"])
    func percentEncodesAsFoundationDoes(value: String) {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,")
        #expect(Breeze.percentEncode(value) == value.addingPercentEncoding(withAllowedCharacters: allowed))
    }

    @Test(arguments: ["not a url", "ftp://example.com/x", "http://", "/v1/search"])
    func rejectsUnusableBaseURLsAsBadURL(base: String) {
        #expect(throws: BreezeError.self) { try Breeze.url(base, query: [], service: .forecast) }
    }

    /// Base URLs Foundation parses (it percent-encodes what it does not allow) but libcurl refuses: each is the
    /// setting's fault, so `badURL` when the setting is read, never a `networkError` at every call.
    @Test(arguments: [
        "http://exa mple.com/v1/forecast", "http://exa%20mple.com/v1/forecast", "http://host.test/v1/for cast",
        "http://host.test/v1/forecast?a=b c", "http://host.test/v1\u{1}/forecast", "http://host.test/v1/\u{7F}",
        "http://host.test\t/v1", "http://a%2Fb.test/v1", "http://a%0Ab.test/v1", "http://exa\"mple.com/v1",
        "http://:8080/v1/forecast", "http://user@/v1",
    ])
    func rejectsBaseURLsCurlWouldRefuseWhenTheSettingIsRead(base: String) {
        var configuration = BreezeConfiguration()
        configuration.setBaseURL(base, for: .forecast)
        guard case .failure(.badURL(.forecast, let reason)) = Breeze.bases(configuration)[.forecast] else {
            Issue.record("\(base) was accepted")
            return
        }
        #expect(reason.contains("check its setting"))
        #expect(throws: BreezeError.self) { try Breeze.url(base, query: [], service: .forecast) }
    }

    @Test(arguments: [
        "http://127.0.0.1:8080/v1/forecast", "https://[::1]:8443/v1/forecast", "http://host_name.test/v1",
        "http://host.test/v1/caf%C3%A9", "http://user:pw@host.test/v1?fixed=1",
    ])
    func acceptsBaseURLsCurlTakes(base: String) throws {
        var configuration = BreezeConfiguration()
        configuration.setBaseURL(base, for: .forecast)
        _ = try #require(Breeze.bases(configuration)[.forecast]).get()
    }

    @Test(arguments: [
        (#"{"error":true,"reason":"Invalid timezone"}"#, "Invalid timezone"),
        (#"{"reason":"Invalid timezone","error":true}"#, "Invalid timezone"),
        (
            #"{"error":{"code":400,"message":"Information is unavailable for this location.","status":"INVALID_ARGUMENT"}}"#,
            "Information is unavailable for this location."
        ),
        (#"{"error":"Failed to fetch pollen data"}"#, "Failed to fetch pollen data"),
        ("<html><body>502 Bad Gateway</body></html>", "Bad Gateway"),
    ])
    func readsTheReasonFromEveryErrorDialect(body: String, reason: String) {
        let error = UpstreamFailure.error(for: HTTPResponse(status: 502, body: Data(body.utf8)), from: .forecast)
        #expect(error == .badServerResponse(service: .forecast, status: 502, reason: reason))
    }

    @Test func readsRetryAfterFromTheHeaderOrTheProxyBody() {
        let header = UpstreamFailure.error(
            for: HTTPResponse(status: 429, headers: ["Retry-After": "30"], body: Data()), from: .forecast)
        #expect(header == .rateLimited(service: .forecast, retryAfterSeconds: 30, reason: "Too Many Requests"))
        let body = UpstreamFailure.error(
            for: HTTPResponse(
                status: 429, body: Data(#"{"error":"Too many requests. Please try again later.","retryAfter":42}"#.utf8)
            ),
            from: .pollenProxy)
        #expect(
            body
                == .rateLimited(
                    service: .pollenProxy, retryAfterSeconds: 42, reason: "Too many requests. Please try again later."))
    }

    @Test func keepsApiKeysOutOfRedactedURLs() throws {
        let http = FakeHTTPClient()
        let breeze = makeBreeze(http) { $0.googlePollenAPIKey = "SECRET-KEY" }
        let request = try breeze.request(.googlePollen, query: [("days", "1")])
        #expect(request.url.absoluteString.contains("SECRET-KEY"))
        #expect(!request.redactedURL.contains("SECRET-KEY"))
    }

    @Test func aKeySetAfterCreatingTheConfigurationSwitchesToTheCustomerHosts() throws {
        var configuration = BreezeConfiguration()
        configuration.setBaseURL("http://127.0.0.1:8/f", for: .forecast)
        configuration.openMeteoAPIKey = "secret"
        #expect(configuration.baseURL(for: .archive) == "https://customer-archive-api.open-meteo.com/v1/archive")
        #expect(configuration.baseURL(for: .forecast) == "http://127.0.0.1:8/f")
        #expect(configuration.baseURL(for: .pollenProxy) == BreezeConfiguration().baseURL(for: .pollenProxy))
        let breeze = Breeze(configuration: configuration, http: FakeHTTPClient(), now: { testNow })
        let request = try breeze.request(.geocoding, query: [("name", "Berlin")])
        #expect(
            request.url.absoluteString
                == "https://customer-geocoding-api.open-meteo.com/v1/search?name=Berlin&apikey=secret")
    }

    @Test(arguments: [
        "http://upstream.test/v1/forecast", "HTTP://Upstream.TEST:8080/v1/forecast", "https://h.test/a%20b/c",
        "http://h.test/p?fixed=1&apikey=inbase", "http://h.test/p?", "http://h.test/p?flag", "http://h.test/p?a=1&",
    ])
    func makesTheCacheKeyItsURLReadsBackAs(base: String) throws {
        var configuration = BreezeConfiguration()
        configuration.setBaseURL(base, for: .forecast)
        configuration.openMeteoAPIKey = "secret key&="
        let breeze = Breeze(configuration: configuration, http: FakeHTTPClient(), now: { testNow })
        let query = [("latitude", "52.52"), ("hourly", "temperature_2m,weather_code"), ("name", "São Paulo & x=1#+")]
        let request = try breeze.request(.forecast, query: query)
        #expect(request.cacheKey == CacheKey(urlText: request.urlText, service: .forecast, headers: [:]))
        #expect(!request.cacheKey.text.contains("secret"))
        #expect(request.url.absoluteString == request.urlText)
    }

    @Test func missingGoogleKeyIsNotConfigured() {
        let breeze = makeBreeze(FakeHTTPClient())
        #expect(throws: BreezeError.self) { try breeze.request(.googlePollen, query: []) }
    }
}

@Suite struct CoordinatesTests {
    @Test(arguments: [
        (91.0, 0.0, "latitude"), (-90.5, 0.0, "latitude"), (Double.nan, 0.0, "latitude"),
        (0.0, 180.1, "longitude"), (0.0, -.infinity, "longitude"),
    ])
    func rejectsPointsOffTheMapNamingTheField(latitude: Double, longitude: Double, field: String) {
        #expect {
            try Coordinates(latitude: latitude, longitude: longitude)
        } throws: { isInvalidParameter($0, named: field) }
    }

    @Test(arguments: [(95.0, "not 95."), (90.5, "not 90.5."), (-1000, "not -1000."), (1e20, "not 1e+20.")])
    func writesTheNumberAsTheUserWroteIt(latitude: Double, ending: String) {
        #expect {
            try Coordinates(latitude: latitude, longitude: 0)
        } throws: { error in
            guard case BreezeError.invalidParameter(_, let reason) = error else { return false }
            return reason.hasSuffix(ending)
        }
    }

    @Test func acceptsTheCornersOfTheMap() throws {
        #expect(try Coordinates(latitude: -90, longitude: 180).latitude == -90)
        #expect(try Coordinates(latitude: 90, longitude: -180).longitude == -180)
    }
}
