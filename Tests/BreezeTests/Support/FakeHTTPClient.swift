import Foundation
import Testing

@testable import Breeze

/// A test double for `HTTPClient`: answers from routes the test gives it, records every request, and fails
/// the test on any request it was not told about (so a wrong URL is a failure, not a silent empty answer).
final class FakeHTTPClient: HTTPClient, @unchecked Sendable {
    /// Decides the answer for a request whose path matched.
    typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let lock = NSLock()
    private var routes: [(path: String, responder: Responder)] = []
    private var recorded: [HTTPRequest] = []

    init() {}

    /// Answers requests whose URL path ends with `path`.
    func on(_ path: String, _ responder: @escaping Responder) {
        lock.withLock { routes.append((path, responder)) }
    }

    /// Answers requests whose URL path ends with `path` with a fixed status and body.
    func on(_ path: String, status: Int = 200, headers: [String: String] = [:], body: String) {
        on(path) { _ in HTTPResponse(status: status, headers: headers, body: Data(body.utf8)) }
    }

    /// Every request sent so far, in order.
    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let responder = lock.withLock { () -> Responder? in
            recorded.append(request)
            return routes.last(where: { request.url.path.hasSuffix($0.path) })?.responder
        }
        guard let responder else {
            Issue.record("unexpected request to \(request.redactedURL)")
            throw BreezeError.networkError(service: request.service, reason: "no fake route")
        }
        return try await responder(request)
    }
}

extension HTTPRequest {
    /// The query items as a dictionary (last value wins), for assertions.
    var query: [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}

/// A Breeze wired to `http`, with every upstream on an unroutable test host and a fixed clock.
func makeBreeze(
    _ http: FakeHTTPClient, configure: (inout BreezeConfiguration) -> Void = { _ in },
    now: Date = Date(timeIntervalSince1970: 1_779_624_000)  // 2026-05-24T12:00:00Z
) -> Breeze {
    var configuration = BreezeConfiguration()
    configuration.geocodingURL = "http://upstream.test/v1/search"
    configuration.airQualityURL = "http://upstream.test/v1/air-quality"
    configuration.forecastURL = "http://upstream.test/v1/forecast"
    configuration.archiveURL = "http://upstream.test/v1/archive"
    configuration.pollenProxyURL = "http://upstream.test/api/pollen"
    configuration.googlePollenURL = "http://upstream.test/v1/forecast:lookup"
    configure(&configuration)
    return Breeze(configuration: configuration, http: http, now: { now })
}
