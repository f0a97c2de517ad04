import CCurl
import Foundation
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
    private let startedLoop = Mutex<TransferLoop?>(nil)

    public init(maxConnectionsPerHost: Int = 6, maxBodyBytes: Int = defaultMaxBodyBytes) {
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.maxBodyBytes = max(1, maxBodyBytes)
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let loop = try transferLoop(for: request)
        let transfer = Transfer(request: request, maxBodyBytes: maxBodyBytes)
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
    private func transferLoop(for request: HTTPRequest) throws -> TransferLoop {
        try startedLoop.withLock { startedLoop throws(BreezeError) -> TransferLoop in
            if let startedLoop { return startedLoop }
            guard ccurl_load() == 0 else {
                let reason = ccurl_load_error().map { String(cString: $0) } ?? "libcurl could not be loaded"
                throw BreezeError.networkError(service: request.service, reason: reason)
            }
            guard let loop = TransferLoop(maxConnectionsPerHost: maxConnectionsPerHost) else {
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
        URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL
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

// MARK: - A response head

/// The status and headers of an answer, from the header lines libcurl passes one by one.
///
/// Each status line starts a new block, so an interim `100 Continue` (or a proxy's `CONNECT` answer) is
/// forgotten once the final answer begins. Names are lower-cased; a repeated header keeps its last value.
struct ResponseHead: Equatable {
    var status: Int?
    var headers: [String: String] = [:]
    private var lastName: String?

    mutating func consume(line: Substring) {
        var line = line
        while line.last?.isNewline == true { line.removeLast() }  // "\r\n" is one Character
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2)
            status = fields.count > 1 ? Int(fields[1]) : nil
            headers = [:]
            lastName = nil
        } else if let first = line.first, first == " " || first == "\t" {
            // An obsolete folded continuation of the previous header.
            guard let lastName, let value = headers[lastName] else { return }
            headers[lastName] = value + " " + Self.trimmed(line)
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            headers[name] = Self.trimmed(line[line.index(after: colon)...])
            lastName = name
        }
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }
}

// MARK: - One transfer

/// One request in flight: its continuation (any thread, under `ending`) and its answer so far (transfer thread
/// only).
///
/// Unchecked: the answer so far and the handle are plain fields that only the transfer thread touches.
/// - Important: the continuation is resumed exactly once, by whichever comes first (completion, cancellation,
///   the body cap), and never while the lock is held.
private final class Transfer: @unchecked Sendable {
    private struct Ending {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var outcome: Result<HTTPResponse, any Error>?
    }

    let request: HTTPRequest
    let maxBodyBytes: Int
    private let ending = Mutex(Ending())

    // The transfer thread's alone.
    var url: URL
    var head = ResponseHead()
    var body = Data()
    var redirects = 0
    /// The easy handle while this transfer has one.
    var easy: UnsafeMutableRawPointer?
    /// The request's own header lines, when it has any (freed with the handle).
    var headerList: UnsafeMutableRawPointer?
    /// Where libcurl writes its message for a failure.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CCURL_ERROR_SIZE))

    init(request: HTTPRequest, maxBodyBytes: Int) {
        self.request = request
        self.maxBodyBytes = maxBodyBytes
        self.url = request.url
        errorBuffer.initialize(to: 0)
    }

    deinit { errorBuffer.deallocate() }

    /// Waits for the outcome through `continuation`; false (and resumed at once) if the transfer already ended,
    /// because the calling task was cancelled before the request started.
    func wait(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let ended: Result<HTTPResponse, any Error>? = ending.withLock { ending in
            if let outcome = ending.outcome { return outcome }
            ending.continuation = continuation
            return nil
        }
        guard let ended else { return true }
        continuation.resume(with: ended)
        return false
    }

    /// Ends the transfer with `result`; false if it had ended already.
    @discardableResult
    func finish(_ result: Result<HTTPResponse, any Error>) -> Bool {
        let (first, continuation): (Bool, CheckedContinuation<HTTPResponse, any Error>?) = ending.withLock { ending in
            guard ending.outcome == nil else { return (false, nil) }
            ending.outcome = result
            defer { ending.continuation = nil }
            return (true, ending.continuation)
        }
        continuation?.resume(with: result)
        return first
    }

    var hasEnded: Bool { ending.withLock { $0.outcome != nil } }

    /// Keeps a chunk of the (decoded) body; past the cap, ends the transfer and returns false so libcurl stops.
    func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= maxBodyBytes else {
            body = Data()
            finish(
                .failure(
                    BreezeError.badServerResponse(
                        service: request.service, status: head.status ?? 200,
                        reason: "the answer is larger than the \(CurlHTTPClient.describe(bytes: maxBodyBytes)) limit "
                            + "(--max-body-bytes)")))
            return false
        }
        if body.isEmpty, let length = head.headers["content-length"].flatMap(Int.init), length > chunk.count {
            body.reserveCapacity(min(length, maxBodyBytes))
        }
        body.append(chunk.assumingMemoryBound(to: UInt8.self))
        return true
    }

    /// Forgets the answer of one hop, before the next (a followed redirect).
    func resetAnswer() {
        head = ResponseHead()
        body = Data()
        errorBuffer[0] = 0
    }

    /// What libcurl's end of this hop means: the response, a redirect to follow, or an error.
    func outcome(of code: Int32) -> Result<HTTPResponse, BreezeError>? {
        guard code == CCURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failure(CurlHTTPClient.failure(code: code, detail: detail, request: request))
        }
        guard let status = head.status else {
            return .failure(.networkError(service: request.service, reason: "the server's answer was not valid HTTP"))
        }
        if CurlHTTPClient.redirectStatuses.contains(status), let location = head.headers["location"] {
            switch CurlHTTPClient.redirect(
                status: status, location: location, from: url, followed: redirects, service: request.service)
            {
            case .success(let target):
                redirects += 1
                url = target
                return nil
            case .failure(let error): return .failure(error)
            }
        }
        let response = HTTPResponse(status: status, headers: head.headers, body: body)
        body = Data()
        return .success(response)
    }
}

// MARK: - The transfer thread

/// One multi handle and the thread that drives it. Lives as long as the process.
///
/// Unchecked: it holds libcurl's raw handles, and everything but `commands` is the transfer thread's alone.
private final class TransferLoop: @unchecked Sendable {
    enum Command {
        case start(Transfer)
        case cancel(Transfer)
    }

    private let multi: UnsafeMutableRawPointer
    /// What other threads asked for since the thread last looked.
    private let commands = Mutex<[Command]>([])
    // The transfer thread's alone.
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// "Accept: application/json", the header list of every request without headers of its own.
    private let defaultHeaders: UnsafeMutableRawPointer?

    /// Easy handles kept for reuse once their transfer ends (their options stay set).
    private static let keptIdleHandles = 16

    /// Nil when libcurl cannot make a multi handle that can be woken (no descriptors left for its wake-up pair).
    init?(maxConnectionsPerHost: Int) {
        guard let multi = ccurl_multi_init() else { return nil }
        guard ccurl_multi_wakeup(multi) == 0 else {
            // A multi handle that cannot be woken would leave new requests waiting: better no loop at all.
            ccurl_multi_cleanup(multi)
            return nil
        }
        self.multi = multi
        ccurl_multi_setopt_long(multi, CCURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost)
        defaultHeaders = ccurl_slist_append(nil, "Accept: application/json")
        // Named from inside: a name set before start is not given to the system thread.
        Thread { [self] in
            Thread.current.name = "breeze-rpc http"
            run()
        }.start()
    }

    /// Hands a command to the transfer thread and wakes it. Never blocks beyond a short lock.
    func submit(_ command: Command) {
        commands.withLock { $0.append(command) }
        ccurl_multi_wakeup(multi)
    }

    private func run() {
        var taken: [Command] = []
        while true {
            // Swapped, not copied: the two arrays keep their storage from one wake-up to the next.
            commands.withLock { swap(&taken, &$0) }
            for command in taken {
                switch command {
                case .start(let transfer): start(transfer)
                case .cancel(let transfer): drop(transfer)
                }
            }
            taken.removeAll(keepingCapacity: true)
            var running: Int32 = 0
            ccurl_multi_perform(multi, &running)
            var easy: UnsafeMutableRawPointer?
            var code: Int32 = 0
            while ccurl_multi_next_done(multi, &easy, &code) == 1 {
                if let easy { complete(easy, code: code) }
            }
            // Sleeps until a socket is ready, libcurl's next timeout, or `submit` wakes it. A poll that fails (the
            // system refusing it) must not turn this loop into a spin.
            if ccurl_multi_poll(multi, 60_000) != 0 { usleep(10_000) }
        }
    }

    private func start(_ transfer: Transfer) {
        guard !transfer.hasEnded else { return }
        guard let easy = idleHandles.popLast() ?? makeHandle() else {
            transfer.finish(
                .failure(
                    BreezeError.networkError(
                        service: transfer.request.service, reason: "libcurl could not make a transfer (out of memory)"))
            )
            return
        }
        let unmanaged = Unmanaged.passUnretained(transfer).toOpaque()
        ccurl_easy_setopt_pointer(easy, CCURLOPT_WRITEDATA, unmanaged)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HEADERDATA, unmanaged)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_ERRORBUFFER, transfer.errorBuffer)
        // A backstop only: the call's deadline, with sub-second precision, cancels the request before this.
        let backstopMilliseconds = (max(0, min(transfer.request.timeoutSeconds, 86_400)) + 1) * 1000
        ccurl_easy_setopt_long(easy, CCURLOPT_TIMEOUT_MS, Int(backstopMilliseconds.rounded(.up)))
        if !transfer.request.headers.isEmpty {
            var lines = transfer.request.headers.map { "\($0.key): \($0.value)" }
            if !transfer.request.headers.keys.contains(where: { $0.lowercased() == "accept" }) {
                lines.append("Accept: application/json")
            }
            for line in lines { transfer.headerList = ccurl_slist_append(transfer.headerList, line) }
        }
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HTTPHEADER, transfer.headerList ?? defaultHeaders)
        transfer.easy = easy
        active[easy] = transfer
        add(easy, for: transfer)
    }

    /// Adds the handle for the transfer's current URL.
    private func add(_ easy: UnsafeMutableRawPointer, for transfer: Transfer) {
        ccurl_easy_setopt_pointer(easy, CCURLOPT_URL, transfer.url.absoluteString)
        guard ccurl_multi_add_handle(multi, easy) == 0 else {
            release(easy, of: transfer, added: false)
            transfer.finish(
                .failure(
                    BreezeError.networkError(
                        service: transfer.request.service, reason: "libcurl could not start the transfer")))
            return
        }
    }

    /// A new easy handle with the options every request shares.
    private func makeHandle() -> UnsafeMutableRawPointer? {
        guard let easy = ccurl_easy_init() else { return nil }
        ccurl_easy_setopt_long(easy, CCURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_long(easy, CCURLOPT_FOLLOWLOCATION, 0)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_PROTOCOLS_STR, "http,https")
        // "" offers every encoding this libcurl decodes (gzip, deflate, br, zstd); the body arrives decoded.
        ccurl_easy_setopt_pointer(easy, CCURLOPT_ACCEPT_ENCODING, "")
        ccurl_easy_setopt_pointer(easy, CCURLOPT_USERAGENT, BreezeVersion.userAgent)
        ccurl_easy_setopt_data_callback(easy, CCURLOPT_HEADERFUNCTION) { data, size, count, userdata in
            guard let data, let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            transfer.head.consume(line: line[...])
            return size * count
        }
        ccurl_easy_setopt_data_callback(easy, CCURLOPT_WRITEFUNCTION) { data, size, count, userdata in
            guard let userdata else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        return easy
    }

    /// libcurl finished a hop: follow a redirect, or end the transfer.
    private func complete(_ easy: UnsafeMutableRawPointer, code: Int32) {
        guard let transfer = active[easy] else {
            ccurl_multi_remove_handle(multi, easy)
            return
        }
        ccurl_multi_remove_handle(multi, easy)
        if transfer.hasEnded {  // cut at the body cap, or cancelled just now
            release(easy, of: transfer, added: false)
            return
        }
        guard let outcome = transfer.outcome(of: code) else {
            transfer.resetAnswer()
            add(easy, for: transfer)
            return
        }
        release(easy, of: transfer, added: false)
        transfer.finish(outcome.mapError { $0 })
    }

    /// A transfer that ended elsewhere (cancelled): its handle leaves the multi handle now.
    private func drop(_ transfer: Transfer) {
        guard let easy = transfer.easy, active[easy] === transfer else { return }
        release(easy, of: transfer, added: true)
    }

    /// Takes the handle back from `transfer`: out of the multi handle (if `added`), its pointers into the
    /// transfer cleared, kept for reuse or cleaned up.
    private func release(_ easy: UnsafeMutableRawPointer, of transfer: Transfer, added: Bool) {
        if added { ccurl_multi_remove_handle(multi, easy) }
        active[easy] = nil
        transfer.easy = nil
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HTTPHEADER, nil)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_ERRORBUFFER, nil)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_WRITEDATA, nil)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HEADERDATA, nil)
        if let list = transfer.headerList {
            ccurl_slist_free_all(list)
            transfer.headerList = nil
        }
        if idleHandles.count < Self.keptIdleHandles {
            idleHandles.append(easy)
        } else {
            ccurl_easy_cleanup(easy)
        }
    }
}
