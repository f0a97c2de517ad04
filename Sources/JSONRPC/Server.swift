import Foundation
import Synchronization

/// Limits that keep one client from exhausting the server.
public struct ServerLimits: Sendable, Equatable {
    /// The message size limit: the longest line, or `Content-Length` body, accepted, in bytes.
    public var maxLineBytes: Int
    /// How many calls may run at once (each batch member counts) before the server stops reading.
    public var maxInFlight: Int
    /// How deeply arrays and objects may nest in a request.
    public var maxNestingDepth: Int
    /// How the user changes `maxLineBytes` (a flag, say), named in the error for an oversized message.
    public var maxLineBytesSetting: String?

    public init(
        maxLineBytes: Int = 8 * 1024 * 1024, maxInFlight: Int = 256, maxNestingDepth: Int = 128,
        maxLineBytesSetting: String? = nil
    ) {
        self.maxLineBytes = maxLineBytes
        self.maxInFlight = maxInFlight
        self.maxNestingDepth = maxNestingDepth
        self.maxLineBytesSetting = maxLineBytesSetting
    }
}

/// A JSON-RPC 2.0 server over a byte stream, framed by lines or by `Content-Length` headers (`MessageFramer`).
///
/// Every message is handled in its own child task, so slow calls never delay fast ones and replies go out in
/// completion order. At end of input the server stops reading, waits for everything in flight and writes
/// every reply before `run` returns: nothing with an id is left unanswered. `shutDown(grace:)` does the same on
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
    private let inFlight = Locked<[RequestID?: InFlightCalls]>([:])
    private let reader = Locked<InputReader?>(nil)
    /// Set once a shutdown has begun.
    private let shuttingDown = Locked(false)
    /// Replies still to come from deferred results, which no task waits for; `run` waits for them as for its tasks.
    private let deferredReplies = DeferredReplies()

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

    /// How many message tasks may exist before they begin (see `TaskBacklog`): few enough that they cost little
    /// (about 2 KiB each, half a MiB in all), many enough that the reading loop waits once per 128 messages at
    /// most (at 64 that wait cost a tenth of the `ping` throughput).
    static let maxTasksWaitingToBegin = 256

    /// Serves requests read from `input` until end of input, a shutdown, or until `output`'s reader goes away.
    public func run(input: Int32, output: some MessageSink) async {
        let reader = InputReader(
            fileDescriptor: input, maxMessageBytes: limits.maxLineBytes, credits: limits.maxInFlight, logger: logger,
            threadName: readerThreadName)
        self.reader.withLock { $0 = reader }
        if shuttingDown.withLock({ $0 }) { reader.shutDown() }
        let clientGone = Locked(false)
        let backlog = TaskBacklog(limit: Self.maxTasksWaitingToBegin)
        // A discarding group: child tasks are reaped as they finish, so memory follows what is in flight, and
        // leaving the group's scope waits for all of them, which is what drains requests at end of input.
        await withDiscardingTaskGroup { group in
            for await delivery in reader.frames() {
                if clientGone.withLock({ $0 }) { break }
                await backlog.admit()
                group.addTask {
                    backlog.begun()
                    let credit = delivery.holdsCredit ? Credit(reader) : nil
                    let admission: Admission = delivery.refused ? .refused : .limited(reader, credit)
                    // The handler's notifications (progress) go out framed like its reply.
                    let channel = RequestNotifications.Channel { _ = output.write($0, framing: delivery.framing) }
                    switch await self.answer(to: delivery.frame, admission: admission, channel: channel) {
                    case .now(let reply):
                        Self.send(reply, framing: delivery.framing, to: output, credit, clientGone, reader)
                    case .later(let call):
                        // This task ends here; the reply goes out from whichever thread has the result. The one
                        // closure keeps only what sending needs, not the request's bytes.
                        self.deferredReplies.begin()
                        let framing = delivery.framing
                        call.whenAnswered { [deferredReplies = self.deferredReplies] reply in
                            Self.send(reply, framing: framing, to: output, credit, clientGone, reader)
                            deferredReplies.end()
                        }
                    }
                }
            }
            if clientGone.withLock({ $0 }) {
                logger.info("the client closed its end of the output; stopping")
                group.cancelAll()
                cancelDeferredCalls()
            }
        }
        await deferredReplies.drained()
    }

    /// Writes a reply, if any, and gives the message's credit back; a reader gone away stops the input.
    private static func send(
        _ reply: [UInt8]?, framing: Framing, to output: some MessageSink, _ credit: Credit?, _ clientGone: Locked<Bool>,
        _ reader: InputReader
    ) {
        defer { credit?.release() }
        guard let reply else { return }
        if !output.write(reply, framing: framing) {
            clientGone.withLock { $0 = true }
            reader.stop()
        }
    }

    /// Cancels the calls whose replies no task waits for; the running ones the task group cancels.
    private func cancelDeferredCalls() {
        for call in inFlight.withLock({ $0.values.flatMap(\.calls) }) where call.isDeferred { call.cancel() }
    }

    /// Stops reading and answers everything in flight: calls that finish within `grace` are answered with their
    /// results, the rest are cancelled (-32800); messages read but not yet started are answered with -32800 at
    /// once. `run` returns when every reply is written. Safe to call from any thread, more than once; a call
    /// with a shorter `grace` cuts a running grace period short.
    public func shutDown(grace: Duration) {
        shuttingDown.withLock { $0 = true }
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

    /// The answer to one frame, with `channel` carrying the notifications its handler sends.
    ///
    /// A method of its own, binding a struct: the same binding written inline in the task group's child closure,
    /// with the closure itself as the task-local value, crashed release builds of Swift 6.3.1 in
    /// `swift_task_localValuePush` (debug builds were fine).
    private func answer(to frame: Frame, admission: Admission, channel: RequestNotifications.Channel) async
        -> Answer
    {
        await RequestNotifications.$channel.withValue(channel) { await answer(to: frame, admission: admission) }
    }

    /// The reply to one frame, or nil when nothing is to be sent.
    func reply(to frame: Frame, admission: Admission = .unlimited) async -> [UInt8]? {
        await answer(to: frame, admission: admission).reply
    }

    private func answer(to frame: Frame, admission: Admission) async -> Answer {
        switch frame {
        case .message(let bytes):
            return await answer(to: bytes, admission: admission)
        case .oversized(let byteCount):
            logger.warn("skipped a message of \(byteCount)+ bytes, over the limit of \(limits.maxLineBytes)")
            let setting = limits.maxLineBytesSetting.map { " The limit is set with \($0)." } ?? ""
            return .now(
                Self.encode(
                    error: .invalidRequest(
                        "The message is longer than the limit of \(limits.maxLineBytes) bytes (\(byteCount)+ bytes); "
                            + "it was skipped.\(setting)"),
                    id: nil))
        case .malformed(let problem):
            logger.warn("skipped input that is not a well-framed message: \(problem)")
            return .now(Self.encode(error: .invalidRequest(problem + " The message was skipped."), id: nil))
        }
    }

    /// The reply to one message (a request, a notification or a batch), or nil when nothing is to be sent.
    public func reply(to line: [UInt8]) async -> [UInt8]? {
        await answer(to: line, admission: .unlimited).reply
    }

    private func answer(to line: [UInt8], admission: Admission) async -> Answer {
        let text: JSONText
        do {
            text = try JSONText(validating: line, maxDepth: limits.maxNestingDepth)
        } catch {
            if error.isTooDeep {
                return .now(Self.encode(error: .invalidRequest("The request is \(error.description)."), id: nil))
            }
            return .now(Self.encode(error: .parseError(error.description), id: nil))
        }
        switch text.root.kind {
        case .object:
            return await answer(to: text.root, in: text, refused: admission.isRefused)
        case .array:
            return .now(await replyToBatch(text, admission: admission))
        default:
            return .now(
                Self.encode(error: .invalidRequest("A request must be a JSON object or an array of them."), id: nil))
        }
    }

    private func replyToBatch(_ text: JSONText, admission: Admission) async -> [UInt8]? {
        let elements = text.elements(of: text.root)
        guard !elements.isEmpty else {
            return Self.encode(error: .invalidRequest("A batch must contain at least one request."), id: nil)
        }
        // Members run concurrently, each on a credit of its own: the first on the message's, the others on
        // credits taken in turn, so a batch larger than the in-flight limit runs in slots. The reply array holds
        // them in completion order, which JSON-RPC allows.
        let replies = await withTaskGroup(of: [UInt8]?.self, returning: [[UInt8]].self) { group in
            for (index, element) in elements.enumerated() {
                let memberAdmission = await admission.forMember(first: index == 0)
                group.addTask {
                    defer { memberAdmission.release() }
                    guard element.kind == .object else {
                        return Self.encode(
                            error: .invalidRequest("A batch member must be a request object."), id: nil)
                    }
                    return await self.answer(to: element, in: text, refused: memberAdmission.isRefused).reply
                }
            }
            return await group.reduce(into: []) { replies, reply in
                if let reply { replies.append(reply) }
            }
        }
        guard !replies.isEmpty else { return nil }  // only notifications: nothing at all, never `[]`
        return [UInt8(ascii: "[")] + Array(replies.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
    }

    // MARK: - One request

    private func answer(to object: JSONText.Value, in text: JSONText, refused: Bool) async -> Answer {
        let envelope = Envelope(object, in: text)
        let replyID: RequestID?
        switch envelope.id {
        case .invalid(let problem):
            return .now(Self.encode(error: .invalidRequest(problem), id: nil))
        case .value(let id): replyID = id
        case .null, .absent: replyID = nil
        }
        if let problem = envelope.problem {
            return .now(Self.encode(error: .invalidRequest(problem), id: replyID))
        }
        guard let method = envelope.method else { return .now(nil) }  // `problem` covers a missing method

        if method == Self.cancelMethod || method == Self.silentCancelMethod {
            cancel(envelope.params, in: text, silently: method == Self.silentCancelMethod)
            return .now(envelope.isNotification ? nil : Self.encode(result: Array("{}".utf8), id: replyID))
        }
        if refused {
            return .now(envelope.isNotification ? nil : Self.encode(error: .shuttingDown, id: replyID))
        }
        // `"id": null` is a request under JSON-RPC 2.0, answered with a null id; `$/cancelRequest` cannot reach it.
        return await cancellableAnswer(
            Call(id: replyID, method: method, isNotification: envelope.isNotification), envelope.params, text)
    }

    /// Runs the call in the calling task (the request's own), registered under its id so that `$/cancelRequest`
    /// and a shutdown can reach it, and answers it.
    ///
    /// A deferred result stays registered, now by itself, until it comes: the task may end meanwhile.
    private func cancellableAnswer(_ call: Call, _ params: JSONText.Value?, _ text: JSONText) async -> Answer {
        // No task of its own: a request waiting on an upstream holds one task (the task group's child), not two.
        let running = withUnsafeCurrentTask { InFlightCall(call, of: self, task: $0) }
        inFlight.withLock { $0[call.id, default: InFlightCalls()].add(running) }
        let routed: Router.Routed
        do {
            routed = try await router.start(call.method, params: params, in: text)
        } catch {
            return .now(reply(to: running, .failure(error)))
        }
        switch routed {
        case .now(let result):
            return .now(reply(to: running, .success(result)))
        case .later(let deferred):
            running.handOver(to: deferred)
            return .later(running)
        }
    }

    /// The reply to a call whose deferred result has come (see `InFlightCall.whenAnswered`).
    fileprivate func deferredReply(to running: InFlightCall, _ result: Result<[UInt8], any Error>) -> [UInt8]? {
        reply(to: running, result.mapError { router.responseError(for: $0, method: running.call.method) })
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

/// What the server sends for a message: a reply now (nil: nothing), or one that comes later from a call waiting
/// on a deferred result (`InFlightCall.whenAnswered`).
private enum Answer: Sendable {
    case now([UInt8]?)
    case later(InFlightCall)

    /// The reply, waited for in the calling task when it comes later.
    var reply: [UInt8]? {
        get async {
            switch self {
            case .now(let reply): reply
            case .later(let call):
                await withCheckedContinuation { continuation in call.whenAnswered { continuation.resume(returning: $0) }
                }
            }
        }
    }
}

/// What answering a call needs once it has run.
private struct Call: Sendable {
    let id: RequestID?
    let method: String
    let isNotification: Bool
}

/// The calls in flight under one id: almost always one, kept inline (a client may reuse an id, and notifications
/// and null ids share the nil one).
private enum InFlightCalls {
    case none
    case one(InFlightCall)
    case many([InFlightCall])

    init() { self = .none }

    var calls: [InFlightCall] {
        switch self {
        case .none: []
        case .one(let call): [call]
        case .many(let calls): calls
        }
    }

    mutating func add(_ call: InFlightCall) {
        switch self {
        case .none: self = .one(call)
        case .one(let first): self = .many([first, call])
        case .many(var calls):
            self = .none  // the array stays unique while it grows
            calls.append(call)
            self = .many(calls)
        }
    }

    /// Takes `call` out; true when none is left.
    mutating func remove(_ call: InFlightCall) -> Bool {
        switch self {
        case .none: break
        case .one(let only): if only === call { self = .none }
        case .many(var calls):
            self = .none
            calls.removeAll { $0 === call }
            self = calls.count == 1 ? .one(calls[0]) : .many(calls)
        }
        if case .none = self { return true }
        return false
    }
}

/// Counts the replies still to come from deferred results, so that `run` returns only once all are written.
private final class DeferredReplies: Sendable {
    private struct State {
        var count = 0
        var drained: CheckedContinuation<Void, Never>?
    }

    private let state = Locked(State())

    func begin() { state.withLock { $0.count += 1 } }

    func end() {
        let drained: CheckedContinuation<Void, Never>? = state.withLock { state in
            state.count -= 1
            guard state.count == 0 else { return nil }
            defer { state.drained = nil }
            return state.drained
        }
        drained?.resume()
    }

    /// Returns once no reply is to come. Called once, after the last `begin`.
    func drained() async {
        await withCheckedContinuation { continuation in
            let now: Bool = state.withLock { state in
                guard state.count > 0 else { return true }
                state.drained = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A request's task, or its deferred result once the task has handed it over, with whether and how a
/// cancellation reached it.
///
/// Holds the running task by its unsafe handle (a child of the server's task group has no other), which is
/// valid only while the task runs: `end()` and `handOver(to:)` drop it before the task returns, and `cancel`
/// uses it under the same lock, so a cancellation never reaches a task that has finished.
///
/// A call waiting on a deferred result is this object and the closure that sends its reply, nothing more: it holds
/// what replying needs (the call, the server), so the closure it gives the result captures only itself.
private final class InFlightCall: @unchecked Sendable {
    /// How a cancelled call is answered: -32800 (`$/cancelRequest`, shutdown), or not at all
    /// (`notifications/cancelled`).
    enum Cancellation { case answered, silent }

    let call: Call
    private let server: Server
    /// Inline, not an object: there is one per call in flight, and thousands may wait at once.
    private let lock = Mutex(())
    // Guarded by `lock`.
    private var task: UnsafeCurrentTask?
    private var deferred: (any DeferredResult)?
    private var cancelled: Cancellation?
    /// Where the reply goes once the deferred result comes.
    private var send: (@Sendable ([UInt8]?) -> Void)?

    init(_ call: Call, of server: Server, task: UnsafeCurrentTask?) {
        self.call = call
        self.server = server
        self.task = task
    }

    /// Sends the reply to `send` once the deferred result (`handOver(to:)`) comes, exactly once, on whichever
    /// thread has it.
    func whenAnswered(_ send: @escaping @Sendable ([UInt8]?) -> Void) {
        let deferred: (any DeferredResult)? = lock.withLock { _ in
            self.send = send
            return self.deferred
        }
        deferred?.whenReady(answered)
    }

    private func answered(_ result: Result<[UInt8], any Error>) {
        // Taken, so that the closure (and the credit and output it holds) goes with the reply.
        let send: (@Sendable ([UInt8]?) -> Void)? = lock.withLock { _ in
            defer { self.send = nil }
            return self.send
        }
        send?(server.deferredReply(to: self, result))
    }

    var cancellation: Cancellation? { lock.withLock { _ in cancelled } }

    /// Whether the call waits without a task, on a deferred result.
    var isDeferred: Bool { lock.withLock { _ in deferred != nil } }

    func cancel(silently: Bool = false) {
        let deferred: (any DeferredResult)? = lock.withLock { _ in
            // Silence wins: once the client has said it expects no reply, none is sent.
            cancelled = silently ? .silent : (cancelled ?? .answered)
            // Under the lock: the task cannot finish (`end`) meanwhile. Cancellation handlers run here, and
            // none of them waits for anything.
            task?.cancel()
            return self.deferred
        }
        // Outside the lock: cancelling a deferred result may answer the call at once, which ends it (`end`).
        deferred?.cancel()
    }

    /// The task is about to end, leaving the call waiting on `result`; a cancellation that reached the task
    /// first is passed on.
    func handOver(to result: any DeferredResult) {
        let cancelledFirst: Bool = lock.withLock { _ in
            task = nil
            deferred = result
            return cancelled != nil
        }
        if cancelledFirst { result.cancel() }
    }

    /// The call has finished: its task or deferred result may go.
    func end() {
        lock.withLock { _ in
            task = nil
            deferred = nil
        }
    }
}

// MARK: - The envelope

/// The members of a request object that JSON-RPC itself defines, read without decoding `params`.
struct Envelope {
    enum IDField: Equatable {
        case absent
        case null
        case value(RequestID)
        case invalid(String)

        init(_ value: JSONText.Value, in text: JSONText) {
            switch value.kind {
            case .string:
                self = .value(.string(text.string(value)))
            case .number:
                if let number = text.integer(value) {
                    self = .value(.number(number))
                } else {
                    self = .invalid(RequestID.problem(withNumber: value, in: text))
                }
            case .null:
                self = .null
            default:
                self = .invalid("\"id\" must be a string or an integer.")
            }
        }
    }

    var id = IDField.absent
    var method: String?
    var params: JSONText.Value?
    /// Why this is not a valid request, if it is not.
    var problem: String?

    var isNotification: Bool { id == .absent }

    init(_ object: JSONText.Value, in text: JSONText) {
        var version: String?
        // Only the members read here need remembering: a bit each, not a set of every key.
        var seen: Member = []
        // Duplicate members: the first wins, as with JSONDecoder.
        for (key, value) in text.members(of: object) {
            guard let member = Member(key), seen.insert(member).inserted else { continue }
            switch member {
            case .jsonrpc:
                version = value.kind == .string ? text.string(value) : ""
            case .id:
                id = IDField(value, in: text)
            case .method:
                if value.kind == .string {
                    method = text.string(value)
                } else {
                    problem = problem ?? "\"method\" must be a string."
                }
            case .params:
                if value.kind == .object || value.kind == .array {
                    params = value
                } else {
                    problem = problem ?? "\"params\" must be an object or an array."
                }
            default:
                break
            }
        }
        if version != "2.0" {
            problem = "\"jsonrpc\" must be exactly \"2.0\"."
        } else if method == nil, problem == nil {
            problem =
                !seen.isDisjoint(with: [.result, .error])
                ? "This server sends no requests, so it expects no responses; a request needs \"method\"."
                : "A request needs a \"method\"."
        }
    }

    /// The members of a message this server looks at.
    private struct Member: OptionSet {
        let rawValue: UInt8
        static let jsonrpc = Member(rawValue: 1 << 0)
        static let id = Member(rawValue: 1 << 1)
        static let method = Member(rawValue: 1 << 2)
        static let params = Member(rawValue: 1 << 3)
        static let result = Member(rawValue: 1 << 4)
        static let error = Member(rawValue: 1 << 5)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init?(_ key: String) {
            switch key {
            case "jsonrpc": self = .jsonrpc
            case "id": self = .id
            case "method": self = .method
            case "params": self = .params
            case "result": self = .result
            case "error": self = .error
            default: return nil
            }
        }
    }
}

extension ResponseError {
    /// The message with `data.detail` appended, for logs.
    var logDescription: String {
        if case .string(let detail)? = data?["detail"] { return "\(message): \(detail)" }
        return message
    }
}
