import Dispatch
import FoundationEssentials
import Synchronization

/// A JSON-RPC 2.0 server over a byte stream, framed by lines or by `Content-Length` headers (`MessageFramer`).
///
/// Every message is handled in its own child task, so slow calls never delay fast ones and replies go out in
/// completion order. Cancelling a request (`$/cancelRequest`, MCP's `notifications/cancelled`, a shutdown)
/// cancels its task. At end of input the server stops reading, waits for everything in flight and writes every
/// reply before `run` returns: nothing with an id is left unanswered. `shutDown(grace:)` does the same on
/// demand (a signal), cancelling what has not finished within the grace period.
public final class Server: Sendable {
    /// The notification that cancels a request in flight, as in LSP: `{"id": <id>}`.
    public static let cancelMethod = "$/cancelRequest"
    /// MCP's notification that cancels a request in flight: `{"requestId": <id>}`. The request gets no reply.
    public static let silentCancelMethod = "notifications/cancelled"

    private let router: Router
    private let limits: ServerLimits
    private let logger: Logger
    private let readerThreadName: String
    /// Every call running, by id (nil for notifications and null ids), so that cancellation can reach it.
    private let inFlight = Mutex<[RequestID?: InFlightCalls]>([:])
    private let reader = Mutex<InputReader?>(nil)
    /// Set once a shutdown has begun.
    private let shuttingDown = Atomic(false)
    /// Set once a reply could not be written: the client has gone away.
    private let clientGone = Atomic(false)

    /// - Parameter readerThreadName: the name of the thread reading input, as debuggers and `ps` show it.
    public init(
        router: Router, limits: ServerLimits = ServerLimits(), logger: Logger,
        readerThreadName: String = "jsonrpc input"
    ) {
        self.router = router
        self.limits = limits
        self.logger = logger
        self.readerThreadName = readerThreadName
    }

    /// Serves requests read from `input` until end of input, a shutdown, or until `output`'s reader goes away.
    public func run(input: Int32, output: some MessageSink) async {
        let reader = InputReader(
            fileDescriptor: input, maxMessageBytes: limits.maxLineBytes, credits: limits.maxInFlight, logger: logger,
            threadName: readerThreadName)
        self.reader.withLock { $0 = reader }
        if shuttingDown.load(ordering: .acquiring) { reader.shutDown() }
        // A discarding group: child tasks are reaped as they finish, so memory follows what is in flight, and
        // leaving the group's scope waits for all of them, which is what drains requests at end of input. The
        // reader's credits bound how many tasks exist at once.
        await withDiscardingTaskGroup { group in
            for await delivery in reader.frames() {
                if clientGone.load(ordering: .acquiring) { break }
                group.addTask {
                    let credit = delivery.holdsCredit ? Credit(reader) : nil
                    defer { credit?.release() }
                    let admission: Admission = delivery.refused ? .refused : .limited(reader, credit)
                    // The handler's notifications (progress) go out framed like its reply.
                    let channel = NotificationChannel { _ = output.write($0, framing: delivery.framing) }
                    let reply = await self.reply(
                        to: delivery.frame, framing: delivery.framing, admission: admission, channel: channel)
                    if let reply, !output.write(reply, framing: delivery.framing) {
                        // The client is gone: stop reading, and stop what is running.
                        self.clientGone.store(true, ordering: .releasing)
                        reader.stop()
                    }
                }
            }
            if clientGone.load(ordering: .acquiring) {
                logger.info("the client closed its end of the output; stopping")
                group.cancelAll()
            }
        }
    }

    /// Stops reading and answers everything in flight: calls that finish within `grace` are answered with their
    /// results, the rest are cancelled (-32800); messages read but not yet started are answered with -32800 at
    /// once. `run` returns when every reply is written. Safe to call from any thread, more than once; a call
    /// with a shorter `grace` cuts a running grace period short.
    public func shutDown(grace: Duration) {
        shuttingDown.store(true, ordering: .releasing)
        reader.withLock { $0 }?.shutDown()
        let nanoseconds = max(
            0, grace.components.seconds * 1_000_000_000 + grace.components.attoseconds / 1_000_000_000)
        // A dispatch timer, not a task: the cooperative pool may be stalled on a blocked output pipe.
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
            let calls = inFlight.withLock { $0.values.flatMap(\.calls) }
            if !calls.isEmpty { logger.info("cancelling \(calls.count) call(s) still running after the grace period") }
            for call in calls { call.cancel() }
        }
    }

    /// The reply to one frame, or nil when nothing is to be sent; `channel` carries the notifications its handlers
    /// send.
    ///
    /// A `Content-Length` body that is not JSON is logged like the framing errors, as it most likely is one (a
    /// wrong length cuts a message or runs into the next); a line that is not JSON is only answered, as lines
    /// cannot lose their framing.
    func reply(
        to frame: Frame, framing: Framing = .lines, admission: Admission = .unlimited,
        channel: NotificationChannel? = nil
    ) async -> [UInt8]? {
        switch frame {
        case .message(let bytes):
            return await reply(to: bytes, framing: framing, admission: admission, channel: channel)
        case .oversized(let byteCount):
            logger.warn("skipped a message of \(byteCount)+ bytes, over the limit of \(limits.maxLineBytes)")
            let setting = limits.maxLineBytesSetting.map { " The limit is set with \($0)." } ?? ""
            return
                Self.encode(
                    error: .invalidRequest(
                        "The message is longer than the limit of \(limits.maxLineBytes) bytes (\(byteCount)+ bytes); "
                            + "it was skipped.\(setting)"),
                    id: nil)
        case .malformed(let problem):
            logger.warn("skipped input that is not a well-framed message: \(problem)")
            return Self.encode(error: .invalidRequest(problem + " The message was skipped."), id: nil)
        }
    }

    /// The reply to one message (a request, a notification or a batch), or nil when nothing is to be sent.
    public func reply(to line: [UInt8]) async -> [UInt8]? {
        await reply(to: line, framing: .lines, admission: .unlimited, channel: nil)
    }

    private func reply(
        to line: [UInt8], framing: Framing, admission: Admission, channel: NotificationChannel?
    ) async -> [UInt8]? {
        let text: JSONText
        do {
            text = try JSONText(validating: line, maxDepth: limits.maxNestingDepth)
        } catch {
            if error.isTooDeep {
                return Self.encode(error: .invalidRequest("The request is \(error.description)."), id: nil)
            }
            if framing == .contentLength {
                logger.warn("skipped a Content-Length body that is not JSON: \(error.description)")
            }
            return Self.encode(error: .parseError(error.description), id: nil)
        }
        switch text.root.kind {
        case .object:
            return await reply(to: text.root, in: text, refused: admission.isRefused, channel: channel)
        case .array:
            return await replyToBatch(text, admission: admission, channel: channel)
        default:
            return
                Self.encode(error: .invalidRequest("A request must be a JSON object or an array of them."), id: nil)
        }
    }

    private func replyToBatch(_ text: JSONText, admission: Admission, channel: NotificationChannel?) async
        -> [UInt8]?
    {
        let elements = text.elements(of: text.root)
        guard !elements.isEmpty else {
            return Self.encode(error: .invalidRequest("A batch must contain at least one request."), id: nil)
        }
        // Members run concurrently, each on a credit of its own: the first on the message's, the others on
        // credits taken in turn, so a batch larger than the in-flight limit runs in slots. Each member's reply
        // joins the array as it finishes (completion order, which JSON-RPC allows) and its task is reaped then,
        // so a long batch holds at most `maxInFlight` member tasks, not one per member until the end.
        var replies: [UInt8] = [UInt8(ascii: "[")]
        await withTaskGroup(of: [UInt8]?.self) { group in
            func collect(_ reply: [UInt8]?) {
                guard let reply else { return }
                if replies.count > 1 { replies.append(UInt8(ascii: ",")) }
                replies += reply
            }
            for (index, element) in elements.enumerated() {
                if index >= limits.maxInFlight, let finished = await group.next() { collect(finished) }
                let memberAdmission = await admission.forMember(first: index == 0)
                group.addTask {
                    defer { memberAdmission.release() }
                    guard element.kind == .object else {
                        return Self.encode(
                            error: .invalidRequest("A batch member must be a request object."), id: nil)
                    }
                    return await self.reply(
                        to: element, in: text, refused: memberAdmission.isRefused, channel: channel)
                }
            }
            for await reply in group { collect(reply) }
        }
        guard replies.count > 1 else { return nil }  // only notifications: nothing at all, never `[]`
        replies.append(UInt8(ascii: "]"))
        return replies
    }

    // MARK: - One request

    private func reply(
        to object: JSONText.Value, in text: JSONText, refused: Bool, channel: NotificationChannel?
    ) async -> [UInt8]? {
        let envelope = Envelope(object, in: text)
        let replyID: RequestID?
        switch envelope.id {
        case .invalid(let problem):
            return Self.encode(error: .invalidRequest(problem), id: nil)
        case .value(let id): replyID = id
        case .null, .absent: replyID = nil
        }
        if let problem = envelope.problem {
            return Self.encode(error: .invalidRequest(problem), id: replyID)
        }
        guard let method = envelope.method else { return nil }  // `problem` covers a missing method

        if method == Self.cancelMethod || method == Self.silentCancelMethod {
            cancel(envelope.params, in: text, silently: method == Self.silentCancelMethod)
            return envelope.isNotification ? nil : Self.encode(result: Array("{}".utf8), id: replyID)
        }
        if refused {
            return envelope.isNotification ? nil : Self.encode(error: .shuttingDown, id: replyID)
        }
        // `"id": null` is a request under JSON-RPC 2.0, answered with a null id; `$/cancelRequest` cannot reach it.
        return await run(
            Call(id: replyID, method: method, isNotification: envelope.isNotification), envelope.params, text,
            caller: RPCCall(surface: .plain, channel: channel))
    }

    /// Runs the call in the calling task (the request's own), registered under its id so that `$/cancelRequest`
    /// and a shutdown can reach it, and answers it.
    private func run(_ call: Call, _ params: JSONText.Value?, _ text: JSONText, caller: RPCCall) async -> [UInt8]? {
        let running = withUnsafeCurrentTask { InFlightCall(call, task: $0) }
        inFlight.withLock { $0[call.id, default: InFlightCalls()].add(running) }
        let outcome: Result<[UInt8], ResponseError>
        do {
            outcome = .success(try await router.call(call.method, params: params, in: text, caller: caller))
        } catch {
            outcome = .failure(error)
        }
        return reply(to: running, outcome)
    }

    /// Unregisters the call and answers it with `outcome`, or as its cancellation asks; nil when nothing is to be
    /// sent (a notification, or MCP's `notifications/cancelled`).
    private func reply(to running: InFlightCall, _ outcome: Result<[UInt8], ResponseError>) -> [UInt8]? {
        let call = running.call
        inFlight.withLock { table in
            if table[call.id]?.remove(running) == true { table[call.id] = nil }
        }
        running.end()
        let answered: Result<[UInt8], ResponseError>
        switch running.cancellation {
        case nil: answered = outcome
        case .answered: answered = .failure(.requestCancelled)
        case .silent: return nil
        }
        if call.isNotification {
            if case .failure(let error) = answered {
                logger.debug("notification \(call.method) failed: \(error.logDescription)")
            }
            return nil
        }
        return Self.encode(outcome: answered, id: call.id)
    }

    /// Handles `$/cancelRequest` (`id`) and `notifications/cancelled` (`requestId`, and no reply afterwards):
    /// cancels every call in flight under that id. Unknown or finished ids are ignored.
    private func cancel(_ params: JSONText.Value?, in text: JSONText, silently: Bool) {
        let idMember = silently ? "requestId" : "id"
        guard let params, params.kind == .object,
            let idValue = text.members(of: params).first(where: { $0.key == idMember })?.value,
            case .value(let id) = Envelope.IDField(idValue, in: text)
        else {
            logger.debug("ignored a malformed \(silently ? Self.silentCancelMethod : Self.cancelMethod)")
            return
        }
        let calls = inFlight.withLock { $0[.some(id)]?.calls ?? [] }
        logger.debug("cancelling \(calls.count) call(s) with id \(id)")
        for call in calls { call.cancel(silently: silently) }
    }

    // MARK: - Encoding replies

    private static func encode(outcome: Result<[UInt8], ResponseError>, id: RequestID?) -> [UInt8] {
        switch outcome {
        case .success(let result): encode(result: result, id: id)
        case .failure(let error): encode(error: error, id: id)
        }
    }

    /// `{"id":…,"jsonrpc":"2.0","result":…}`, spliced from already encoded parts.
    static func encode(result: [UInt8], id: RequestID?) -> [UInt8] {
        var line = Array("{\"id\":\(id?.json ?? "null"),\"jsonrpc\":\"2.0\",\"result\":".utf8)
        // Room for the result and the brace: a large result is copied once, not again as the line grows.
        line.reserveCapacity(line.count + result.count + 1)
        line += result
        line.append(UInt8(ascii: "}"))
        return line
    }

    /// `{"error":…,"id":…,"jsonrpc":"2.0"}`.
    static func encode(error: ResponseError, id: RequestID?) -> [UInt8] {
        // A ResponseError holds only strings, numbers and finite values, so encoding cannot fail in practice;
        // the fallback keeps the one-reply-per-request promise even if it someday does.
        let encoded =
            (try? Router.encoder.encode(error))?.byteArray
            ?? Array(#"{"code":-32603,"message":"Internal error","data":{"type":"internalError"}}"#.utf8)
        var line = Array("{\"error\":".utf8)
        line += encoded
        line += Array(",\"id\":\(id?.json ?? "null"),\"jsonrpc\":\"2.0\"}".utf8)
        return line
    }
}
