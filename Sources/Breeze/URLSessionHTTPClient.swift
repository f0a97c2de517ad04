import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `HTTPClient`: one long-lived `URLSession` for the whole process.
///
/// The only file that imports FoundationNetworking. One session, never invalidated, because short-lived
/// sessions crash at teardown in swift-corelibs-foundation. URLSession's own timeouts count whole seconds
/// only, so the deadline is enforced here by racing the request against a timer.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession

    public init(maxConnectionsPerHost: Int = 6) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": BreezeVersion.userAgent, "Accept": "application/json"]
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let session = self.session
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask {
                do {
                    let (data, response) = try await session.data(for: urlRequest)
                    guard let http = response as? HTTPURLResponse else {
                        throw BreezeError.networkError(service: request.service, reason: "the answer was not HTTP")
                    }
                    var headers: [String: String] = [:]
                    for case (let name as String, let value as String) in http.allHeaderFields {
                        headers[name] = value
                    }
                    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
                } catch let error as URLError {
                    throw Self.map(error, request: request)
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(request.timeoutSeconds))
                throw BreezeError.timeout(service: request.service, seconds: request.timeoutSeconds)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        // A backstop only: the race in `send` is the real deadline, with sub-second precision.
        urlRequest.timeoutInterval = max(1, request.timeoutSeconds.rounded(.up) + 1)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    /// Transport failures in words, never with the URL (it may carry a key).
    private static func map(_ error: URLError, request: HTTPRequest) -> any Error {
        let reason: String
        switch error.code {
        case .cancelled: return CancellationError()
        case .timedOut: return BreezeError.timeout(service: request.service, seconds: request.timeoutSeconds)
        case .cannotConnectToHost: reason = "the connection was refused"
        case .cannotFindHost, .dnsLookupFailed: reason = "the host name could not be resolved"
        // libcurl's partial transfer (fewer bytes than Content-Length) reaches us as the unknown code -1.
        case .networkConnectionLost, .unknown: reason = "the connection closed before the whole answer arrived"
        case .notConnectedToInternet: reason = "this machine is not connected to the internet"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            reason = "the TLS connection failed"
        case .badServerResponse: reason = "the server's answer was not valid HTTP"
        case .unsupportedURL: reason = "the URL scheme is not supported"
        default: reason = "network error \(error.code.rawValue)"
        }
        return BreezeError.networkError(service: request.service, reason: reason)
    }
}
