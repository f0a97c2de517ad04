import Breeze
import Foundation

extension BreezeConfiguration {
    /// The unroutable host every upstream points at in tests: a request that escapes the fake never leaves
    /// the machine.
    public static let testHost = "http://upstream.test"

    /// The one configuration tests build: every upstream on `testHost`, each keeping its default path
    /// (`/v1/forecast`, `/api/pollen`, …) so fakes route on the real paths.
    public static func test(
        openMeteoAPIKey: String? = nil, googlePollenAPIKey: String? = nil, timeoutSeconds: Double = 10
    ) -> BreezeConfiguration {
        var configuration = BreezeConfiguration(
            openMeteoAPIKey: openMeteoAPIKey, googlePollenAPIKey: googlePollenAPIKey, timeoutSeconds: timeoutSeconds)
        for service in Upstream.allCases {
            let url = testHost + (URL(string: configuration.baseURL(for: service))?.path ?? "")
            configuration.setBaseURL(url, for: service)
        }
        return configuration
    }
}

/// The fixed "now" of tests that need one: 2026-05-24T12:00:00Z.
public let testNow = Date(timeIntervalSince1970: 1_779_624_000)

/// A Breeze wired to `http` with the test configuration (adjusted by `configure`) and a fixed clock.
public func makeBreeze(
    _ http: any HTTPClient, configure: (inout BreezeConfiguration) -> Void = { _ in }, now: Date = testNow
) -> Breeze {
    var configuration = BreezeConfiguration.test()
    configure(&configuration)
    return Breeze(configuration: configuration, http: http, now: { now })
}
