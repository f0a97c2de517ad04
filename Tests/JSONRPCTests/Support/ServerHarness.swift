import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#endif

// MARK: - Waiting without sleeping

/// State that tests and handlers change, and that either side can wait on until a condition holds.
///
/// Every wait is cancellable, so a test that times out, or a server that cancels its handlers, never leaves
/// a task suspended forever.
final class Observed<State: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let condition: @Sendable (State) -> Bool
        let take: @Sendable (inout State) -> Void
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Storage {
        var state: State
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let storage: Locked<Storage>

    init(_ state: State) {
        storage = Locked(Storage(state: state))
    }

    var value: State { storage.withLock { $0.state } }

    /// Changes the state and wakes every waiter whose condition now holds.
    func update(_ change: (inout State) -> Void) {
        let ready = storage.withLock { storage in
            change(&storage.state)
            var ready: [CheckedContinuation<Void, any Error>] = []
            var waiting: [Waiter] = []
            for waiter in storage.waiters {
                if waiter.condition(storage.state) {
                    waiter.take(&storage.state)
                    ready.append(waiter.continuation)
                } else {
                    waiting.append(waiter)
                }
            }
            storage.waiters = waiting
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Waits until `condition` holds, then applies `take` atomically with that check.
    func wait(
        until condition: @escaping @Sendable (State) -> Bool, take: @escaping @Sendable (inout State) -> Void = { _ in }
    ) async throws {
        let id = storage.withLock { storage in
            storage.nextID += 1
            return storage.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = storage.withLock { storage in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if condition(storage.state) {
                        take(&storage.state)
                        return .success(())
                    }
                    storage.waiters.append(Waiter(id: id, condition: condition, take: take, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = storage.withLock { storage in
                storage.waiters.firstIndex { $0.id == id }.map { storage.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

// MARK: - Test-only methods

/// What a test's handlers share with the test: gates to release them and counters to observe them.
final class Harness: Sendable {
    struct Calls: Sendable {
        var started = 0
        var running = 0
        var maxRunning = 0
        var finished = 0
    }

    /// Opened once by the test; `slow` calls wait for it.
    let gate = Observed(false)
    /// Each `blocked` call takes one ticket to finish.
    let tickets = Observed(0)
    let calls = Observed(Calls())
    /// How many `rendezvous` or `big` calls have arrived.
    let arrivals = Observed(0)
    /// The results `later` calls handed back, in order, waiting for the test to resolve them.
    let laters = Observed<[LaterResult]>([])

    func openGate() { gate.update { $0 = true } }

    func giveTickets(_ count: Int) { tickets.update { $0 += count } }

    func waitUntilStarted(_ count: Int) async throws {
        try await calls.wait(until: { $0.started >= count })
    }

    /// With `running` `blocked` calls started, lets them finish one at a time until `total` have started, then
    /// lets the rest finish. The test then checks `maxRunning`: a call let past a limit shows there.
    func finishOneAtATime(running: Int, total: Int) async throws {
        try await waitUntilStarted(running)
        for started in (running + 1)...total {
            giveTickets(1)
            try await waitUntilStarted(started)
        }
        giveTickets(running)
    }

    fileprivate func start() {
        calls.update { calls in
            calls.started += 1
            calls.running += 1
            calls.maxRunning = max(calls.maxRunning, calls.running)
        }
    }

    fileprivate func finish() {
        calls.update { calls in
            calls.running -= 1
            calls.finished += 1
        }
    }

    /// A server answering `ping` and the harness methods.
    func server(limits: ServerLimits = ServerLimits()) -> Server {
        var router = Router(logger: .silent)
        router.register(Slow.self, context: self)
        router.register(Blocked.self, context: self)
        router.register(Rendezvous.self, context: self)
        router.register(Big.self, context: self)
        router.register(Later.self, context: self)
        return Server(router: router, limits: limits, logger: .silent)
    }

    /// Waits for the gate; cancellable.
    enum Slow: RPCMethod {
        static let name = "slow"
        static let parameterNames: [String] = []
        static func handle(_ params: NoParams, context: Harness, call: RPCCall) async throws -> String {
            context.start()
            defer { context.finish() }
            try await context.gate.wait(until: { $0 })
            return "slow done"
        }
    }

    /// Waits for a ticket of its own; cancellable. `note` is any text, ignored.
    enum Blocked: RPCMethod {
        static let name = "blocked"
        static let parameterNames = ["note"]
        struct Params: Decodable, Sendable {
            var note: String?
        }
        static func handle(_ params: Params, context: Harness, call: RPCCall) async throws -> String {
            context.start()
            defer { context.finish() }
            try await context.tickets.wait(until: { $0 > 0 }, take: { $0 -= 1 })
            return "blocked done"
        }
    }

    /// Waits until `count` rendezvous calls have arrived: only concurrent calls can finish.
    enum Rendezvous: RPCMethod {
        static let name = "rendezvous"
        static let parameterNames = ["count"]
        struct Params: Decodable, Sendable {
            var count: Int
        }
        static func handle(_ params: Params, context: Harness, call: RPCCall) async throws -> Int {
            context.arrivals.update { $0 += 1 }
            try await context.arrivals.wait(until: { $0 >= params.count })
            return params.count
        }
    }

    /// Returns `bytes` copies of `fill`, once `together` calls have arrived, so that the replies are written
    /// at the same time.
    enum Big: RPCMethod {
        static let name = "big"
        static let parameterNames = ["bytes", "fill", "together"]
        struct Params: Decodable, Sendable {
            var bytes: Int
            var fill: String
            var together: Int
        }
        static func handle(_ params: Params, context: Harness, call: RPCCall) async throws -> String {
            context.arrivals.update { $0 += 1 }
            try await context.arrivals.wait(until: { $0 >= params.together })
            return String(repeating: params.fill, count: params.bytes)
        }
    }
}

/// `later`: waits, in its task, for a result the test gives it (`Harness.laters`, found by `name`).
enum Later: RPCMethod {
    static let name = "later"
    struct Params: NamedParams {
        var name: String
        enum CodingKeys: String, CodingKey, CaseIterable { case name }
    }
    static func handle(_ params: Params, context: Harness, call: RPCCall) async throws -> RawJSON {
        let result = LaterResult(name: params.name)
        context.laters.update { $0.append(result) }
        return try RawJSON(try await result.value())
    }
}

/// A result the test resolves while its call waits; cancelling the waiting task fails it as
/// `CancellationError`.
final class LaterResult: Sendable {
    private struct State {
        var outcome: Result<[UInt8], any Error>?
        var waiter: CheckedContinuation<[UInt8], any Error>?
        var cancelled = false
    }

    private let state = Locked(State())
    /// What the test calls it by: calls run concurrently, so the order in `Harness.laters` is not the order sent.
    let name: String

    init(name: String) {
        self.name = name
    }

    var wasCancelled: Bool { state.withLock { $0.cancelled } }

    func resolve(_ outcome: Result<[UInt8], any Error>) {
        let waiter: CheckedContinuation<[UInt8], any Error>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: outcome)
    }

    /// The result, once the test gives it.
    func value() async throws -> [UInt8] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome: Result<[UInt8], any Error>? = state.withLock { state in
                    if state.outcome == nil { state.waiter = continuation }
                    return state.outcome
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            state.withLock { $0.cancelled = true }
            resolve(.failure(CancellationError()))
        }
    }
}

// MARK: - Pipes

/// A pipe: the server reads or writes one end, the test the other.
struct TestPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        readEnd = fds[0]
        writeEnd = fds[1]
    }
}

/// Writes to a descriptor in order, on its own queue, so that a full pipe never blocks the test.
final class PipeWriter: Sendable {
    private let fileDescriptor: Int32
    private let queue = DispatchQueue(label: "test pipe writer")

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func send(_ bytes: [UInt8]) {
        queue.async { [fileDescriptor] in writeFully(fileDescriptor, bytes) }
    }

    func send(lines: [String]) {
        send(Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Closes the descriptor after everything sent so far: end of input for the server.
    func close() {
        queue.async { [fileDescriptor] in _ = Glibc.close(fileDescriptor) }
    }
}

/// Writes all of `bytes`, retrying partial writes and EINTR; stops quietly on any other error.
func writeFully(_ fileDescriptor: Int32, _ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { buffer in
            write(fileDescriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
        }
        if result > 0 {
            written += result
        } else if result < 0, errno != EINTR {
            return
        }
    }
}

/// Reads a descriptor to its end on a thread of its own; `bytes` completes at end of input.
final class PipeDrainer: Sendable {
    private let collected = Observed<(bytes: [UInt8], done: Bool)>(([], false))

    init(fileDescriptor: Int32) {
        let collected = self.collected
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected.update { $0.bytes += chunk[0..<count] }
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            _ = Glibc.close(fileDescriptor)
            collected.update { $0.done = true }
        }
        thread.start()
    }

    /// Everything read, once the writer has closed its end.
    func bytes() async throws -> [UInt8] {
        try await collected.wait(until: { $0.done })
        return collected.value.bytes
    }
}

// MARK: - Collecting replies

/// A sink that keeps every reply, parsed, and lets the test wait for particular ones.
final class CollectingSink: MessageSink {
    private let replies = Observed<[JSONValue]>([])
    /// The framing of every reply, in the order written.
    let framings = Locked<[Framing]>([])

    func write(_ message: [UInt8], framing: Framing) -> Bool {
        expectValidJSONLine(message)
        let reply = (try? JSONDecoder().decode(JSONValue.self, from: Data(message))) ?? .string("unparsable")
        framings.withLock { $0.append(framing) }
        replies.update { $0.append(reply) }
        return true
    }

    /// Every reply so far, in the order written.
    var all: [JSONValue] { replies.value }

    /// The replies to single requests (batches excluded), by id.
    var ids: [JSONValue] { all.compactMap { $0["id"] } }

    /// Waits for the reply whose id is `id`.
    @discardableResult
    func reply(id: JSONValue) async throws -> JSONValue {
        try await replies.wait(until: { $0.contains { $0["id"] == id } })
        return try #require(all.first { $0["id"] == id })
    }

    /// Waits until `count` replies have been written.
    func waitForCount(_ count: Int) async throws {
        try await replies.wait(until: { $0.count >= count })
    }
}

/// A request line.
func request(_ method: String, id: JSONValue? = nil, params: String? = nil) -> String {
    var line = #"{"jsonrpc":"2.0","method":"\#(method)""#
    if let id { line += #","id":"# + (id == .null ? "null" : idText(id)) }
    if let params { line += #","params":"# + params }
    return line + "}"
}

private func idText(_ id: JSONValue) -> String {
    switch id {
    case .number(let number): String(Int(number))
    case .string(let string): JSONText.quoted(string)
    default: "null"
    }
}

extension JSONValue {
    /// `error.code`, when this is an error reply.
    var errorCode: Int? {
        if case .number(let code)? = self["error"]?["code"] { return Int(code) }
        return nil
    }
}
