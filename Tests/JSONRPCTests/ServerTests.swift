import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The server in-process over real pipes: concurrency, draining, cancellation, batches, limits, backpressure.
///
/// Handlers block on gates the tests open only after observing what they need to, so nothing here waits by
/// sleeping; the time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(1)))
struct ServerTests {
    init() {
        // A write to a pipe whose reader is gone must fail with EPIPE, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A server running over a fresh input pipe, with the test holding the pipe's write end.
    struct Session {
        let harness = Harness()
        let input: TestPipe
        let writer: PipeWriter
        let server: Server
        let running: Task<Void, Never>

        init(limits: ServerLimits = ServerLimits(), output: some MessageSink) throws {
            input = try TestPipe()
            writer = PipeWriter(fileDescriptor: input.writeEnd)
            let server = harness.server(limits: limits)
            self.server = server
            let readEnd = input.readEnd
            running = Task { await server.run(input: readEnd, output: output) }
        }

        /// Ends the input and waits for `run` to return.
        func finish() async {
            writer.close()
            await running.value
            // The reader thread has seen end of input by now, so the read end is no longer in use.
            close(input.readEnd)
        }
    }

    static func ids(_ range: ClosedRange<Int>) -> [JSONValue] { range.map { .number(Double($0)) } }

    // MARK: - Concurrency

    @Test func answersPingWhileAHundredSlowCallsAreInFlight() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        session.writer.send(lines: Self.ids(1...100).map { request("slow", id: $0) })
        try await session.harness.waitUntilStarted(100)

        session.writer.send(lines: [request("ping", id: "ping")])
        let pong = try await sink.reply(id: "ping")
        #expect(pong["result"] == [:])
        #expect(sink.all.count == 1, "the slow calls are still waiting for the gate")

        session.harness.openGate()
        await session.finish()
        #expect(sink.all.count == 101)
        #expect(Set(sink.ids) == Set(Self.ids(1...100) + ["ping"]))
    }

    @Test func answersEveryRequestInFlightAtEndOfInput() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxInFlight: 2000), output: sink)
        let ids = Self.ids(1...500) + (1...500).map { JSONValue.string("s\($0)") }
        session.writer.send(lines: ids.map { request("slow", id: $0) })
        session.writer.close()
        // End of input is sent; the calls are all in flight before any may finish.
        try await session.harness.waitUntilStarted(1000)
        #expect(sink.all.isEmpty)

        session.harness.openGate()
        await session.running.value
        close(session.input.readEnd)
        #expect(sink.all.count == 1000)
        #expect(Set(sink.ids) == Set(ids))
        #expect(sink.all.allSatisfy { $0["result"] == "slow done" })
    }

    @Test func runsBatchMembersConcurrently() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        // Each member waits until all three have arrived, so a batch handled one member at a time never ends.
        let members = Self.ids(1...3).map { request("rendezvous", id: $0, params: "[3]") }
        session.writer.send(lines: ["[" + members.joined(separator: ",") + "]"])
        await session.finish()

        #expect(sink.all.count == 1)
        guard case .array(let replies)? = sink.all.first else {
            Issue.record("expected one batch reply, got \(sink.all)")
            return
        }
        #expect(Set(replies.compactMap { $0["id"] }) == Set(Self.ids(1...3)))
        #expect(replies.allSatisfy { $0["result"] == 3 })
    }

    // MARK: - Cancellation

    @Test func cancelsARequestAndLeavesTheOthersAlone() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        session.writer.send(lines: [request("slow", id: 1), request("slow", id: 2), request("slow", id: "three")])
        try await session.harness.waitUntilStarted(3)

        session.writer.send(lines: [request("$/cancelRequest", params: #"{"id":2}"#)])
        let cancelled = try await sink.reply(id: 2)
        #expect(cancelled.errorCode == -32800)
        #expect(cancelled["error"]?["message"] == "Request cancelled")

        // Unknown and finished ids are ignored; a cancellation sent as a request is acknowledged.
        session.writer.send(lines: [
            request("$/cancelRequest", params: #"{"id":42}"#),
            request("$/cancelRequest", id: "c", params: #"{"id":2}"#),
        ])
        try await sink.reply(id: "c")
        #expect(Set(sink.ids) == [2, "c"])

        session.writer.send(lines: [request("$/cancelRequest", params: #"{"id":"three"}"#)])
        #expect(try await sink.reply(id: "three").errorCode == -32800)

        session.harness.openGate()
        let finished = try await sink.reply(id: 1)
        #expect(finished["result"] == "slow done")

        session.writer.send(lines: [request("$/cancelRequest", params: #"{"id":1}"#)])
        await session.finish()
        #expect(sink.all.count == 4)
        #expect(Set(sink.ids) == [1, 2, "three", "c"])
    }

    // MARK: - Calls waiting on a result

    /// Sends `later` calls with ids 1, 2 and 3, and returns their results, in id order, once all three wait.
    static func threeLaters(_ session: Session) async throws -> [LaterResult] {
        session.writer.send(lines: (1...3).map { request("later", id: .number(Double($0)), params: "[\"\($0)\"]") })
        try await session.harness.laters.wait(until: { $0.count == 3 })
        return try (1...3).map { id in try #require(session.harness.laters.value.first { $0.name == "\(id)" }) }
    }

    /// A call waiting on its result is answered when it comes, while others are served meanwhile.
    @Test func answersWaitingCallsWhenTheyFinishAndWaitsForThemAtEndOfInput() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        let laters = try await Self.threeLaters(session)
        session.writer.send(lines: [request("ping", id: "ping")])
        #expect(try await sink.reply(id: "ping")["result"] == [:])

        laters[1].resolve(.success(Array(#""second""#.utf8)))
        #expect(try await sink.reply(id: 2)["result"] == "second")
        // End of input: `run` returns only once the replies still to come are written.
        session.writer.close()
        laters[0].resolve(.success(Array("1".utf8)))
        laters[2].resolve(.failure(CancellationError()))
        await session.running.value
        close(session.input.readEnd)
        #expect(Set(sink.ids) == [1, 2, 3, "ping"])
        #expect(sink.all.first { $0["id"] == 1 }?["result"] == 1)
        #expect(sink.all.first { $0["id"] == 3 }?.errorCode == -32800)
    }

    /// `$/cancelRequest`, MCP's silent cancellation and a shutdown all reach a call waiting on its result.
    @Test func cancelsACallWaitingOnItsResult() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        let laters = try await Self.threeLaters(session)

        session.writer.send(lines: [request("$/cancelRequest", params: #"{"id":1}"#)])
        #expect(try await sink.reply(id: 1).errorCode == -32800)
        #expect(laters[0].wasCancelled)
        session.writer.send(lines: [
            request("notifications/cancelled", params: #"{"requestId":2}"#), request("ping", id: "after"),
        ])
        try await sink.reply(id: "after")
        #expect(laters[1].wasCancelled)

        session.server.shutDown(grace: .zero)
        #expect(try await sink.reply(id: 3).errorCode == -32800)
        await session.running.value
        #expect(laters[2].wasCancelled)
        #expect(Set(sink.ids) == [1, 3, "after"], "no reply for the silently cancelled call")
        session.writer.close()
        close(session.input.readEnd)
    }

    // MARK: - Limits

    /// Lines the server must refuse with -32600 and `id: null`, then carry on with the next line.
    static let refusedLines: [(name: String, line: [UInt8], limits: ServerLimits)] = [
        (
            "oversized line",
            Array(request("ping", id: 1, params: #"{"pad":""# + String(repeating: "x", count: 200_000) + #""}"#).utf8),
            ServerLimits(maxLineBytes: 1024)
        ),
        ("a million open brackets", Array(String(repeating: "[", count: 1_000_000).utf8), ServerLimits()),
    ]

    @Test(arguments: refusedLines.indices)
    func refusesALineWithInvalidRequestAndAnswersTheNextLine(case index: Int) async throws {
        let refused = Self.refusedLines[index]
        let sink = CollectingSink()
        let session = try Session(limits: refused.limits, output: sink)
        session.writer.send(refused.line + [0x0A])
        session.writer.send(lines: [request("ping", id: 2)])
        await session.finish()

        #expect(sink.all.count == 2, "\(refused.name)")
        let error = try #require(sink.all.first { $0["error"] != nil })
        #expect(error.errorCode == -32600)
        #expect(error["id"] == .null)
        #expect(try await sink.reply(id: 2)["result"] == [:])
    }

    @Test func stopsReadingWhileTheInFlightLimitIsReached() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxInFlight: 4), output: sink)
        let harness = session.harness
        session.writer.send(lines: Self.ids(1...20).map { request("blocked", id: $0) })
        try await harness.waitUntilStarted(4)
        #expect(harness.calls.value.started == 4)

        // Each finished call frees room for exactly one more line.
        for step in 1...16 {
            harness.giveTickets(1)
            try await harness.waitUntilStarted(4 + step)
            #expect(harness.calls.value.started == 4 + step)
            #expect(harness.calls.value.running <= 4)
        }
        harness.giveTickets(4)
        await session.finish()

        #expect(harness.calls.value.maxRunning == 4)
        #expect(sink.all.count == 20)
        #expect(Set(sink.ids) == Set(Self.ids(1...20)))
    }

    /// Each member of a batch takes a credit: a batch larger than the limit runs in slots and still completes.
    @Test func runsABatchLargerThanTheLimitInSlots() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxInFlight: 4), output: sink)
        let harness = session.harness
        let batch = "[" + Self.ids(1...30).map { request("blocked", id: $0) }.joined(separator: ",") + "]"
        session.writer.send(lines: [batch])
        try await harness.finishOneAtATime(running: 4, total: 30)
        await session.finish()

        #expect(harness.calls.value.maxRunning == 4)
        guard case .array(let replies)? = sink.all.first else {
            Issue.record("expected one batch reply, got \(sink.all)")
            return
        }
        #expect(Set(replies.compactMap { $0["id"] }) == Set(Self.ids(1...30)))
    }

    /// Only the envelope's method makes a cancellation: the method's name inside params does not let a call
    /// skip the limit.
    @Test func countsCallsThatMentionTheCancelMethodInParams() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxInFlight: 4), output: sink)
        let harness = session.harness
        let params = #"{"note":"$/cancelRequest"}"#
        session.writer.send(lines: Self.ids(1...10).map { request("blocked", id: $0, params: params) })
        try await harness.finishOneAtATime(running: 4, total: 10)
        await session.finish()

        #expect(harness.calls.value.maxRunning == 4)
        #expect(Set(sink.ids) == Set(Self.ids(1...10)))
    }

    @Test func deliversACancellationWhileEverySlotIsHeld() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxInFlight: 2), output: sink)
        // Two slow calls fill both slots and a third waits for one; the cancellation must not wait behind them.
        session.writer.send(lines: [request("slow", id: 1), request("slow", id: 2), request("slow", id: 3)])
        try await session.harness.waitUntilStarted(2)
        session.writer.send(lines: [request("$/cancelRequest", params: #"{"id":2}"#)])
        #expect(try await sink.reply(id: 2).errorCode == -32800)
        #expect(sink.ids == [2])

        session.harness.openGate()
        await session.finish()
        #expect(Set(sink.ids) == [1, 2, 3])
    }

    // MARK: - Shutting down

    /// Calls that finish within the grace period are answered with their results, and `run` returns as soon as
    /// every reply is written, with the input still open.
    @Test func answersWithResultsThatArriveWithinTheGracePeriod() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        session.writer.send(lines: [request("blocked", id: 1), request("blocked", id: 2)])
        try await session.harness.waitUntilStarted(2)
        session.server.shutDown(grace: .seconds(600))
        session.writer.send(lines: [request("ping", id: "unread")])
        session.harness.giveTickets(2)
        await session.running.value

        #expect(Set(sink.ids) == [1, 2])
        #expect(sink.all.allSatisfy { $0["result"] == "blocked done" })
        session.writer.close()
        close(session.input.readEnd)
    }

    /// Past the grace period running calls are cancelled, and calls read but not started (queued lines, batch
    /// members waiting for a credit) are answered without running: every id gets exactly one reply.
    @Test func cancelsWhatIsStillRunningAfterTheGracePeriodAndRefusesWhatNeverStarted() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxInFlight: 3), output: sink)
        let batch = "[" + (10...15).map { request("slow", id: .number(Double($0))) }.joined(separator: ",") + "]"
        session.writer.send(lines: [request("slow", id: 1), batch, request("slow", id: 2), request("slow", id: 3)])
        // Three calls hold the three credits (the first line, and batch members or the second line); the rest
        // wait. The four lines arrive in one read, so all of them have been delivered or queued by now.
        try await session.harness.waitUntilStarted(3)
        session.server.shutDown(grace: .zero)
        await session.running.value

        let batchReply = try #require(sink.all.first { if case .array = $0 { true } else { false } })
        guard case .array(let members) = batchReply else { return }
        let singles = sink.all.filter { $0["id"] != nil }
        #expect(Set(singles.compactMap { $0["id"] }) == Set(Self.ids(1...3)))
        #expect(Set(members.compactMap { $0["id"] }) == Set(Self.ids(10...15)))
        #expect((singles + members).allSatisfy { $0.errorCode == -32800 })
        #expect(session.harness.calls.value.started == 3)
        session.writer.close()
        close(session.input.readEnd)
    }

    // MARK: - Output

    @Test func writesWholeLinesWhenLargeRepliesAreWrittenConcurrently() async throws {
        signal(SIGPIPE, SIG_IGN)
        let output = try TestPipe()
        let drainer = PipeDrainer(fileDescriptor: output.readEnd)
        let session = try Session(output: FileDescriptorSink(fileDescriptor: output.writeEnd))
        let size = 70 * 1024
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        session.writer.send(
            lines: (0..<100).map {
                request("big", id: .number(Double($0)), params: "[\(size),\"\(letters[$0 % 26])\",100]")
            }
        )
        await session.finish()
        close(output.writeEnd)

        let lines = try await drainer.bytes().split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.count == 101)
        #expect(lines.last?.isEmpty == true)
        var seen = Set<Int>()
        for line in lines.dropLast() {
            let reply = try parseReply(Array(line))
            guard case .number(let id)? = reply["id"], case .string(let result)? = reply["result"] else {
                Issue.record("not a result reply: \(String(decoding: line.prefix(80), as: UTF8.self))")
                continue
            }
            seen.insert(Int(id))
            #expect(result == String(repeating: letters[Int(id) % 26], count: size))
        }
        #expect(seen == Set(0..<100))
    }

    @Test func returnsPromptlyWhenTheClientClosesItsOutput() async throws {
        let output = try TestPipe()
        close(output.readEnd)
        let input = try TestPipe()
        let writer = PipeWriter(fileDescriptor: input.writeEnd)
        let harness = Harness()
        let server = harness.server()
        // The slow calls never get their gate opened; with the client gone, the server must cancel them.
        writer.send(
            lines: [request("slow", id: 1), request("ping", id: 2)] + Self.ids(3...200).map { request("slow", id: $0) })
        // The input stays open: `run` must return because the output is gone, not because the input ended.
        await server.run(input: input.readEnd, output: FileDescriptorSink(fileDescriptor: output.writeEnd))
        #expect(harness.calls.value.running == 0)

        writer.close()
        close(output.writeEnd)
        // The read end is left open: the stopped reader thread may still be blocked reading it.
    }

    @Test func returnsPromptlyWhenTheClientIsGoneWithFramesStillQueued() async throws {
        let input = try TestPipe()
        let writer = PipeWriter(fileDescriptor: input.writeEnd)
        let harness = Harness()
        let server = harness.server()
        let sink = ClosedSink()
        // Every line yields a frame before the first write fails, so frames are queued behind the failure.
        writer.send(lines: [request("ping", id: 0)] + Self.ids(1...200).map { request("slow", id: $0) })
        await server.run(input: input.readEnd, output: sink)
        #expect(sink.writes.withLock { $0 } >= 1)
        #expect(harness.calls.value.running == 0)
        writer.close()
    }

    // MARK: - Framing end to end

    @Test func answersCRLFLinesABOMAndAFinalLineWithoutNewline() async throws {
        let sink = CollectingSink()
        let session = try Session(output: sink)
        let bytes =
            [0xEF, 0xBB, 0xBF]
            + Array((request("ping", id: 1) + "\r\n\n  \nnot json\r\n" + request("ping", id: 2)).utf8)
        session.writer.send(bytes)
        await session.finish()

        #expect(sink.all.count == 3)
        #expect(try await sink.reply(id: 1)["result"] == [:])
        #expect(try await sink.reply(id: 2)["result"] == [:])
        #expect(sink.all.contains { $0.errorCode == -32700 && $0["id"] == .null })
        #expect(sink.framings.withLock { $0 } == [.lines, .lines, .lines])
    }

    /// A connection that opens with a header is served in `Content-Length` framing to its end, bad messages
    /// included, and drains at end of input as line mode does.
    @Test func servesAContentLengthConnectionAndKeepsGoingAfterBadMessages() async throws {
        let sink = CollectingSink()
        let session = try Session(limits: ServerLimits(maxLineBytes: 200), output: sink)
        func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n" + body }
        let input =
            framed(request("slow", id: "slow")) + framed(request("ping", id: 1)) + "Content-Type: x\r\n\r\n{}\n"
            + framed("not json") + framed(request("ping", id: .string(String(repeating: "x", count: 300))))
            + framed(request("nope", id: 2)) + framed(request("ping", id: 3))
        session.writer.send(Array(input.utf8))
        try await sink.reply(id: 3)
        session.harness.openGate()
        await session.finish()

        #expect(sink.all.count == 7)
        #expect(try await sink.reply(id: 1)["result"] == [:])
        #expect(try await sink.reply(id: 2).errorCode == -32601)
        #expect(try await sink.reply(id: "slow")["result"] == "slow done")
        let anonymous = sink.all.filter { $0["id"] == .null }.compactMap(\.errorCode).sorted()
        #expect(anonymous == [-32700, -32600, -32600], "no Content-Length; not JSON; over the size limit")
        #expect(sink.framings.withLock { $0 } == Array(repeating: .contentLength, count: 7))
    }
}

/// A client that has already gone: every write fails.
final class ClosedSink: MessageSink {
    let writes = Locked(0)

    func write(_ message: [UInt8], framing: Framing) -> Bool {
        writes.withLock { $0 += 1 }
        return false
    }
}
