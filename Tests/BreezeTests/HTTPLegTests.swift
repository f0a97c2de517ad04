import Foundation
import Testing

@testable import Breeze

/// The rules of the HTTP leg that need no network: redirects, Retry-After, and the socket budget.
@Suite struct HTTPLegTests {
    @Test(arguments: [
        ("http://h.test:8080/a?apikey=k", "http://h.test:8080/b", true),
        ("http://h.test/a", "https://H.TEST:443/a", false),  // another port
        ("http://h.test/a", "https://h.test:80/a", true),  // an upgrade to HTTPS on the same host and port
        ("https://h.test/a", "http://h.test:443/a", false),  // never down to plain HTTP
        ("http://h.test/a?apikey=k", "http://evil.test/a?apikey=k", false),
        ("http://h.test/a", "http://h.test.evil.test/a", false),
    ])
    func followsRedirectsOnlyWithinTheSameHost(from: String, to: String, followed: Bool) {
        #expect(CurlHTTPClient.isFollowable(from: URL(string: from), to: URL(string: to)) == followed)
    }

    @Test(
        arguments: [
            ("120", 120),
            ("-5", nil),
            ("9223372036854775807", 2_147_483_647),
            ("99999999999999999999999", 2_147_483_647),
            ("Fri, 31 Dec 9999 23:59:59 GMT", 2_147_483_647),
            ("soon", nil),
        ] as [(String, Int?)])
    func retryAfterIsAnIntegerWithinTheSchemasRange(header: String, seconds: Int?) {
        #expect(UpstreamFailure.retryAfter(header) == seconds)
    }

    @Test func aHugeRetryAfterInTheProxysBodyIsClampedToo() {
        let response = HTTPResponse(
            status: 429, body: Data(#"{"error":"slow down","retryAfter":9223372036854775807}"#.utf8))
        guard case .rateLimited(_, let seconds, _) = UpstreamFailure.error(for: response, from: .pollenProxy) else {
            Issue.record("not rateLimited")
            return
        }
        #expect(seconds == 2_147_483_647)
    }

    @Test func concurrencyLimitsShrinkToFitTheSocketBudget() {
        var settings = ResilienceSettings()
        settings.maxConcurrent = settings.maxConcurrent.mapValues { _ in 1000 }
        let fitted = settings.fitting(sockets: 30)
        // An equal share of the sockets per upstream.
        #expect(fitted.maxConcurrent.values.allSatisfy { $0 == 30 / settings.maxConcurrent.count })
        #expect(settings.fitting(sockets: 2).maxConcurrent.values.allSatisfy { $0 == 1 })  // at least one each
        #expect(ResilienceSettings().fitting(sockets: 1000) == ResilienceSettings())  // defaults fit: unchanged
    }
}
