import CCurl
import FoundationEssentials
import Synchronization

/// One request in flight: its continuation (any thread, under `ending`) and its answer so far (transfer thread
/// only).
///
/// Unchecked: the answer so far and the handle are plain fields that only the transfer thread touches.
/// - Important: the continuation is resumed exactly once, by whichever comes first (completion, cancellation,
///   the body cap), and never while the lock is held.
final class CurlTransfer: @unchecked Sendable {
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
