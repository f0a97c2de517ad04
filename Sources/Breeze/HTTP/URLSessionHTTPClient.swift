import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `HTTPClient`: one long-lived `URLSession` for the whole process, driven through its delegate.
///
/// The only file that imports FoundationNetworking. One session, never invalidated, because short-lived
/// sessions crash at teardown in swift-corelibs-foundation. The session is created on the first request, not
/// at start-up: creating it is about a third of a cold start's instructions, which a process that only
/// answers `ping` (or exits at once) never needs.
///
/// Why a delegate and not `data(for:)`:
/// - Cancellation must never block a thread. Older swift-corelibs-foundation (the toolchain we ship on
///   included) calls `URLSessionTask.cancel()` synchronously from the cancellation handler of `data(for:)`,
///   which deadlocks against the session's work queue (swift-corelibs-foundation #5412). Here a call ends by
///   resuming its own continuation (cancellation, body cap, refused redirect), and the data task is cancelled
///   later on a private queue, never inside a cancellation handler and never on the cooperative pool.
/// - The body is counted as it streams in, after decompression, so a gzip bomb or an endless body is cut at
///   `maxBodyBytes` instead of being buffered whole.
/// - Redirects are decided here: same host and port only, no downgrade to plain HTTP, at most `maxRedirects`.
/// - No timer of its own: the call's deadline (held by `CoalescingHTTPClient`) ends a request by cancelling it.
///   URLSession's whole-second `timeoutInterval`, a second past the request's `timeoutSeconds`, is only a backstop
///   for a client used without that stack.
public final class URLSessionHTTPClient: HTTPClient {
    private let maxConnectionsPerHost: Int
    private let maxBodyBytes: Int
    private let delegate = SessionDelegate()
    private let lock = NSLock()
    /// Guarded by `lock`; created once, never replaced or invalidated.
    nonisolated(unsafe) private var createdSession: URLSession?

    /// Redirects followed per request before giving up (a loop, or a chain no real upstream needs).
    public static let maxRedirects = 5
    /// The largest upstream body accepted by default, after decompression: the largest real answer is a few
    /// hundred KiB.
    public static let defaultMaxBodyBytes = 8 << 20

    public init(maxConnectionsPerHost: Int = 6, maxBodyBytes: Int = defaultMaxBodyBytes) {
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.maxBodyBytes = max(1, maxBodyBytes)
    }

    /// The one session of this client, created on first use.
    private var session: URLSession {
        lock.lock()
        defer { lock.unlock() }
        if let createdSession { return createdSession }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.urlCache = nil
        // Upstreams are stateless APIs: no cookies kept or sent. It also spares FoundationNetworking parsing every
        // header line of every answer for cookies (a few percent of a call's CPU).
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.httpAdditionalHeaders = ["User-Agent": BreezeVersion.userAgent, "Accept": "application/json"]
        let session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: InlineCallbackQueue())
        createdSession = session
        return session
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let task = session.dataTask(with: Self.urlRequest(for: request))
        let transfer = delegate.register(task, request: request, maxBodyBytes: maxBodyBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in transfer.start(continuation) }
        } onCancel: {
            // Only resumes the continuation and queues the task's cancellation: never blocks.
            transfer.finish(.failure(CancellationError()))
        }
    }

    private static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        // A backstop only: the call's deadline, with sub-second precision, cancels the request before this.
        urlRequest.timeoutInterval = max(1, request.timeoutSeconds.rounded(.up) + 1)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    /// Transport failures in words, never with the URL (it may carry a key).
    static func map(_ error: URLError, request: HTTPRequest) -> any Error {
        let reason: String
        switch error.code {
        case .cancelled: return CancellationError()
        case .timedOut: return BreezeError.timeout(service: request.service, seconds: request.timeoutSeconds)
        case .cannotConnectToHost:
            reason = "the connection was refused (or no socket could be opened)"
        case .cannotFindHost, .dnsLookupFailed: reason = "the host name could not be resolved"
        case .networkConnectionLost: reason = "the connection closed before the whole answer arrived"
        // libcurl failures FoundationNetworking has no code for arrive as -1; its message tells them apart. A
        // response header beyond libcurl's bound (100 KiB) is rejected as "Out of memory".
        case .unknown:
            let text = error.localizedDescription.lowercased()
            reason =
                text.contains("header") || text.contains("out of memory")
                ? "its answer's headers were too large or malformed"
                : "the connection closed before the whole answer arrived"
        case .notConnectedToInternet: reason = "this machine is not connected to the internet"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            reason = "the TLS connection failed"
        case .badServerResponse: reason = "the server's answer was not valid HTTP"
        case .unsupportedURL: reason = "the URL scheme is not supported"
        case .httpTooManyRedirects: reason = "it redirected too many times (a redirect loop)"
        default: reason = "network error \(error.code.rawValue)"
        }
        return BreezeError.networkError(service: request.service, reason: reason)
    }

    /// Whether to follow a redirect from `from` to `to`: same host and port, never from HTTPS to HTTP. A key in
    /// the query therefore only ever goes back to the host it was meant for.
    static func isFollowable(from: URL?, to: URL?) -> Bool {
        guard let from, let to, let fromHost = from.host?.lowercased(), to.host?.lowercased() == fromHost,
            let toScheme = to.scheme?.lowercased(), toScheme == "https" || toScheme == from.scheme?.lowercased()
        else { return false }
        return (from.port ?? defaultPort(from)) == (to.port ?? defaultPort(to))
    }

    private static func defaultPort(_ url: URL) -> Int { url.scheme?.lowercased() == "https" ? 443 : 80 }
}

// MARK: - One transfer

/// One request in flight: its continuation, the body so far, and how it ended.
///
/// - Important: the continuation is resumed exactly once, by whichever comes first (completion, cancellation,
///   the body cap, a refused redirect), and never while `lock` is held.
private final class Transfer: @unchecked Sendable {
    let request: HTTPRequest
    let task: URLSessionDataTask
    let maxBodyBytes: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var outcome: Result<HTTPResponse, any Error>?
    private var body = Data()
    private var redirects = 0
    /// Why the last redirect was not followed; the task then completes with the 3xx, reported as this.
    private var refusal: BreezeError?
    /// Run once when the transfer ends, so the delegate forgets the task.
    private let onFinish: @Sendable () -> Void

    /// Where data tasks are cancelled: off the cooperative pool, so a `cancel()` that waits on the session's
    /// work queue only ever holds up this queue, never a caller, a deadline or a callback.
    static let cancellations = DispatchQueue(label: "breeze-rpc.http.cancellations")

    init(
        request: HTTPRequest, task: URLSessionDataTask, maxBodyBytes: Int, onFinish: @escaping @Sendable () -> Void
    ) {
        self.request = request
        self.task = task
        self.maxBodyBytes = maxBodyBytes
        self.onFinish = onFinish
    }

    /// Waits for the outcome through `continuation`; resumes it at once if the transfer already ended (the
    /// calling task was cancelled before the request started).
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    /// Ends the transfer with `result` unless it has ended already. A failure also cancels the data task.
    func finish(_ result: Result<HTTPResponse, any Error>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        body = Data()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        onFinish()
        if case .failure = result {
            let task = self.task
            Self.cancellations.async { task.cancel() }
        }
        continuation?.resume(with: result)
    }

    /// Keeps a chunk of the body; past the cap, ends the transfer with a typed error.
    func append(_ data: Data) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        let fits = body.count + data.count <= maxBodyBytes
        if fits { body.append(data) }
        lock.unlock()
        guard !fits else { return }
        let status = (task.response as? HTTPURLResponse)?.statusCode ?? 200
        finish(
            .failure(
                BreezeError.badServerResponse(
                    service: request.service, status: status,
                    reason: "the answer is larger than the \(Self.describe(bytes: maxBodyBytes)) limit "
                        + "(--max-body-bytes)")))
    }

    /// Counts a redirect; false when it must not be followed. A refused redirect does not cancel the task (the
    /// session is waiting on this answer, and cancelling then upsets it): the task completes with the 3xx.
    func allowsRedirect(from response: HTTPURLResponse, to newRequest: URLRequest) -> Bool {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        let reason: String
        if count > URLSessionHTTPClient.maxRedirects {
            reason = "it redirected more than \(URLSessionHTTPClient.maxRedirects) times (a redirect loop?)"
        } else if !URLSessionHTTPClient.isFollowable(from: response.url ?? request.url, to: newRequest.url) {
            reason =
                "it redirected to \(newRequest.url?.host ?? "another place"); breeze-rpc follows redirects only "
                + "within the same host, so check the configured URL"
        } else {
            return true
        }
        lock.lock()
        refusal = .badServerResponse(service: request.service, status: response.statusCode, reason: reason)
        lock.unlock()
        return false
    }

    /// The task completed: the whole answer, or the transport error.
    func complete(error: (any Error)?) {
        lock.lock()
        let refusal = self.refusal
        lock.unlock()
        if let refusal { return finish(.failure(refusal)) }
        if let error {
            let mapped =
                (error as? URLError).map { URLSessionHTTPClient.map($0, request: request) }
                ?? BreezeError.networkError(service: request.service, reason: "the transfer failed")
            finish(.failure(mapped))
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(.failure(BreezeError.networkError(service: request.service, reason: "the answer was not HTTP")))
            return
        }
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields { headers[name] = value }
        lock.lock()
        let body = self.body
        lock.unlock()
        finish(.success(HTTPResponse(status: http.statusCode, headers: headers, body: body)))
    }

    static func describe(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

// MARK: - The session's delegate

/// The session's delegate queue: runs each callback at once, on the thread that queues it.
///
/// FoundationNetworking queues one block per body chunk of libcurl (16 KiB) from the session's own serial work
/// queue, and nothing slows libcurl down while they wait. Through a real `OperationQueue` (tens of microseconds an
/// operation) a fast body (a bomb, an endless stream) piled up thousands of queued chunks, tens of MiB, and the
/// callbacks of the next request waited seconds behind the leftovers of one already cut at the cap. Run in line,
/// each chunk is counted and dropped before libcurl reads the next, so memory stays at the body kept and no
/// callback waits behind another request's. Safe because the callbacks never wait on the session: they take
/// short locks, resume continuations, and cancel data tasks only asynchronously, on `Transfer.cancellations`.
/// FoundationNetworking queues delegate callbacks only through this method.
private final class InlineCallbackQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
}

/// Routes the session's callbacks to the transfer of each task.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`: transfers in flight by task identifier.
    private var transfers: [Int: Transfer] = [:]

    /// A transfer for `task`, known to the callbacks until it ends.
    func register(_ task: URLSessionDataTask, request: HTTPRequest, maxBodyBytes: Int) -> Transfer {
        let identifier = task.taskIdentifier
        let transfer = Transfer(request: request, task: task, maxBodyBytes: maxBodyBytes) { [weak self] in
            self?.forget(identifier)
        }
        lock.lock()
        transfers[identifier] = transfer
        lock.unlock()
        return transfer
    }

    private func forget(_ identifier: Int) {
        lock.lock()
        transfers[identifier] = nil
        lock.unlock()
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.lock()
        defer { lock.unlock() }
        return transfers[task.taskIdentifier]
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(dataTask)?.append(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let transfer = transfer(task) else { return completionHandler(nil) }
        completionHandler(transfer.allowsRedirect(from: response, to: request) ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        transfer(task)?.complete(error: error)
    }
}
