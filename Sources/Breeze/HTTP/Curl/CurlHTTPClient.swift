import CCurl
import FoundationEssentials
import Synchronization

/// The real `HTTPClient`: libcurl driven directly, one multi handle on one thread (the process makes one client).
///
/// libcurl is loaded on the first request (`dlopen("libcurl.so.4")`, see the CCurl target), so a process that
/// only answers `ping` never loads it, and building needs no curl headers. Requests are handed to the transfer
/// thread through a locked queue; it alone adds, follows and removes easy handles, and sleeps in
/// `curl_multi_poll` until a socket, a libcurl timer or a new request needs it. Connections are kept alive and
/// reused through the multi handle, at most `maxConnectionsPerHost` to a host.
///
/// - Cancellation never blocks: the calling task's continuation is resumed at once, and the transfer thread
///   removes the handle when it next wakes (it is woken for that).
/// - The body is counted as it arrives, after decompression, so a gzip bomb or an endless body is cut at
///   `maxBodyBytes` instead of being buffered whole.
/// - Redirects are decided here, not by libcurl: same host and port only, no downgrade to plain HTTP, at most
///   `maxRedirects`.
/// - No timer of its own: the call's deadline (held by `DeadlineHTTPClient`) ends a request by cancelling it.
///   libcurl's `CURLOPT_TIMEOUT_MS`, a second past the request's `timeoutSeconds`, is only a backstop for a client
///   used without that stack.
public final class CurlHTTPClient: HTTPClient {
    /// Redirects followed per request before giving up (a loop, or a chain no real upstream needs).
    public static let maxRedirects = 5
    /// The largest upstream body accepted by default, after decompression: the largest real answer is a few
    /// hundred KiB.
    public static let defaultMaxBodyBytes = 8 << 20

    private let maxConnectionsPerHost: Int
    private let maxBodyBytes: Int
    /// Started on first use, then kept for the life of the process.
    private let startedLoop = Mutex<CurlTransferLoop?>(nil)

    public init(maxConnectionsPerHost: Int = 6, maxBodyBytes: Int = defaultMaxBodyBytes) {
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.maxBodyBytes = max(1, maxBodyBytes)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let loop = try transferLoop(for: request)
        let transfer = CurlTransfer(request: request, maxBodyBytes: maxBodyBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.wait(continuation) { loop.submit(.start(transfer)) }
            }
        } onCancel: {
            // Resumes the continuation now; the transfer thread drops the handle when it wakes.
            if transfer.finish(.failure(CancellationError())) { loop.submit(.cancel(transfer)) }
        }
    }

    /// The transfer thread, started on the first request. A failure (libcurl missing, no descriptor for its
    /// wake-up pair) fails this call only; the next one tries again.
    private func transferLoop(for request: HTTPRequest) throws -> CurlTransferLoop {
        try startedLoop.withLock { startedLoop throws(BreezeError) -> CurlTransferLoop in
            if let startedLoop { return startedLoop }
            guard ccurl_load() == 0 else {
                let reason = ccurl_load_error().map { String(cString: $0) } ?? "libcurl could not be loaded"
                throw BreezeError.networkError(service: request.service, reason: reason)
            }
            guard let loop = CurlTransferLoop(maxConnectionsPerHost: maxConnectionsPerHost) else {
                throw BreezeError.networkError(
                    service: request.service, reason: "libcurl could not start (too many open files?)")
            }
            startedLoop = loop
            return loop
        }
    }

    // MARK: - The rules, pure

    /// Whether to follow a redirect from `from` to `to`: same host and port, never from HTTPS to HTTP. A key in
    /// the query therefore only ever goes back to the host it was meant for.
    static func isFollowable(from: URL?, to: URL?) -> Bool {
        guard let from, let to, let fromHost = from.host?.lowercased(), to.host?.lowercased() == fromHost,
            let toScheme = to.scheme?.lowercased(), toScheme == "https" || toScheme == from.scheme?.lowercased()
        else { return false }
        return (from.port ?? defaultPort(from)) == (to.port ?? defaultPort(to))
    }

    private static func defaultPort(_ url: URL) -> Int { url.scheme?.lowercased() == "https" ? 443 : 80 }

    /// The statuses whose `Location` is followed (as browsers and URLSession do; 300 and 304 are answers).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Where a redirect's `Location` points, resolved against the URL that answered with it.
    static func redirectTarget(location: String, from url: URL) -> URL? {
        URL(string: location.trimmingWhitespace(), relativeTo: url)?.absoluteURL
    }

    /// What a redirect answer means: the URL to ask next, or why not (a typed error naming at most the host).
    static func redirect(
        status: Int, location: String, from url: URL, followed: Int, service: Upstream
    ) -> Result<URL, BreezeError> {
        let reason: String
        let target = redirectTarget(location: location, from: url)
        if followed >= maxRedirects {
            reason = "it redirected more than \(maxRedirects) times (a redirect loop?)"
        } else if let target, isFollowable(from: url, to: target) {
            return .success(target)
        } else {
            reason =
                "it redirected to \(target?.host ?? "another place"); breeze-rpc follows redirects only within the "
                + "same host, so check the configured URL"
        }
        return .failure(.badServerResponse(service: service, status: status, reason: reason))
    }

    /// A failed transfer in words, never with the URL (it may carry a key). `detail` is libcurl's own message,
    /// read only to tell cases apart that share a code.
    static func failure(code: Int32, detail: String, request: HTTPRequest) -> BreezeError {
        let reason: String
        switch code {
        case CCURLE_OPERATION_TIMEDOUT:
            return .timeout(service: request.service, seconds: request.timeoutSeconds)
        case CCURLE_COULDNT_CONNECT: reason = "the connection was refused (or no socket could be opened)"
        case CCURLE_COULDNT_RESOLVE_HOST: reason = "the host name could not be resolved"
        case CCURLE_COULDNT_RESOLVE_PROXY: reason = "the proxy's host name could not be resolved"
        case CCURLE_PARTIAL_FILE, CCURLE_GOT_NOTHING, CCURLE_SEND_ERROR, CCURLE_RECV_ERROR, CCURLE_HTTP2,
            CCURLE_HTTP2_STREAM:
            reason = "the connection closed before the whole answer arrived"
        // A header beyond libcurl's bound (100 KiB) is "out of memory" before libcurl 8.6 and "too large" after.
        case CCURLE_OUT_OF_MEMORY, CCURLE_TOO_LARGE, CCURLE_WEIRD_SERVER_REPLY:
            reason = "its answer's headers were too large or malformed"
        case CCURLE_UNSUPPORTED_PROTOCOL:
            // Also what libcurl says of an answer without a status line (HTTP/0.9, which it refuses).
            reason =
                detail.contains("HTTP/0.9")
                ? "the server's answer was not valid HTTP" : "the URL scheme is not supported"
        case CCURLE_URL_MALFORMAT: reason = "the URL is malformed"
        case CCURLE_BAD_CONTENT_ENCODING: reason = "its answer's content encoding could not be decoded"
        case CCURLE_SSL_CONNECT_ERROR, CCURLE_SSL_CERTPROBLEM, CCURLE_SSL_CIPHER, CCURLE_PEER_FAILED_VERIFICATION,
            CCURLE_SSL_CACERT_BADFILE:
            reason = "the TLS connection failed"
        default:
            let text = ccurl_load() == 0 ? ccurl_easy_strerror(code).map { String(cString: $0) } : nil
            reason = "network error \(code)" + (text.map { " (\($0))" } ?? "")
        }
        return .networkError(service: request.service, reason: reason)
    }

    static func describe(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
