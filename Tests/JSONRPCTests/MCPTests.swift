import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// MCP on the router and the server: the legacy lifecycle, version negotiation, the modern probe and stamp,
/// `_meta`, `notifications/cancelled` and progress, with test tools standing in for a product's.
@Suite(.timeLimit(.minutes(1)))
struct MCPTests {
    init() {
        signal(SIGPIPE, SIG_IGN)
    }

    static let modernMeta =
        #"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

    /// Reports `steps` progress steps, then returns how many: a result that is not an object.
    enum Stepper: RPCMethod {
        static let name = "stepper"
        static let parameterNames = ["steps"]
        struct Params: Decodable, Sendable { var steps: Int }
        static func handle(_ params: Params, context: Void, call: RPCCall) async throws -> Int {
            for step in 1...max(params.steps, 1) { call.progress?.report(step, total: params.steps) }
            return params.steps
        }
    }

    static func tool(_ name: String, resultMember: String? = nil) -> MCPTool {
        MCPTool(
            name: name, title: name, description: "A test tool.", inputSchema: ["type": "object"],
            outputSchema: ["type": "object"], annotations: .init(readOnly: true, idempotent: true, openWorld: false),
            resultMember: resultMember)
    }

    static func server(_ harness: Harness = Harness()) -> Server {
        var router = Router(logger: .silent)
        router.register(Harness.Slow.self, context: harness)
        router.register(Stepper.self, context: ())
        router.registerMCP {
            MCPServerDescription(
                name: "test-server", version: "1.2.3", title: "Test", instructions: "Use the tools.",
                tools: [tool("slow"), tool("stepper", resultMember: "steps")])
        }
        return Server(router: router, logger: .silent)
    }

    /// The reply to one line, parsed.
    static func reply(_ line: String, server: Server = server()) async throws -> JSONValue {
        let bytes = try #require(await server.reply(to: Array(line.utf8)))
        return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    // MARK: - Legacy lifecycle

    @Test(arguments: ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])
    func initializeAgreesToEveryKnownHandshakeVersion(_ version: String) async throws {
        let reply = try await Self.reply(
            request("initialize", id: 0, params: #"{"protocolVersion":"\#(version)","capabilities":{}}"#))
        #expect(reply["id"] == 0)
        #expect(reply["result"]?["protocolVersion"] == .string(version))
        #expect(reply["result"]?["serverInfo"] == ["name": "test-server", "version": "1.2.3", "title": "Test"])
        #expect(reply["result"]?["capabilities"] == ["tools": ["listChanged": false]])
        #expect(reply["result"]?["instructions"] == "Use the tools.")
        #expect(reply["result"]?["resultType"] == nil, "legacy results stay as the handshake revisions define them")
    }

    @Test(arguments: ["1999-01-01", "2026-07-28", "not a version"])
    func initializeAnswersAnyOtherVersionWithTheNewestHandshakeOne(_ version: String) async throws {
        let reply = try await Self.reply(
            request("initialize", id: 1, params: #"{"protocolVersion":"\#(version)","capabilities":{}}"#))
        #expect(reply["result"]?["protocolVersion"] == "2025-11-25")
    }

    @Test func initializedIsANotificationAndGetsNoReply() async {
        let server = Self.server()
        #expect(await server.reply(to: Array(request("notifications/initialized").utf8)) == nil)
    }

    @Test func toolsListWithoutParamsListsTheToolsInOrder() async throws {
        let reply = try await Self.reply(request("tools/list", id: 2))
        let tools = try #require(reply["result"]?["tools"])
        guard case .array(let list) = tools else { Issue.record("tools is not an array"); return }
        #expect(list.map { $0["name"] } == ["slow", "stepper"])
        #expect(list[0]["annotations"]?["readOnlyHint"] == true)
        #expect(list[0]["inputSchema"] == ["type": "object"])
        #expect(reply["result"]?["ttlMs"] == nil)
    }

    @Test func toolsCallWrapsAResultThatIsNotAnObject() async throws {
        let reply = try await Self.reply(
            request("tools/call", id: 3, params: #"{"name":"stepper","arguments":{"steps":2}}"#))
        let result = try #require(reply["result"])
        #expect(result["structuredContent"] == ["steps": 2])
        #expect(result["content"] == [["type": "text", "text": #"{"steps":2}"#]])
        #expect(result["isError"] == false)
    }

    @Test func badArgumentsAreAToolErrorTheModelCanRead() async throws {
        let reply = try await Self.reply(
            request("tools/call", id: 4, params: #"{"name":"stepper","arguments":{"steps":"two"}}"#))
        #expect(reply["result"]?["isError"] == true)
        #expect(
            reply["result"]?["content"] == [
                ["type": "text", "text": "invalidParams (-32602): Parameter 'steps' must be an integer."]
            ])
    }

    @Test(arguments: [
        #"{"name":"ping"}"#, #"{"name":"nothing"}"#, #"{"arguments":{}}"#, #"{"name":"slow","arguments":[1]}"#,
    ])
    func anUnknownToolOrAMalformedCallIsInvalidParams(_ params: String) async throws {
        let reply = try await Self.reply(request("tools/call", id: 5, params: params))
        #expect(reply["error"]?["code"] == -32602)
    }

    // MARK: - Modern era

    @Test func discoverAnswersAtOnceWithVersionsCapabilitiesIdentityAndCachingHints() async throws {
        let reply = try await Self.reply(request("server/discover", id: "d", params: #"{"_meta":\#(Self.modernMeta)}"#))
        let result = try #require(reply["result"])
        #expect(result["resultType"] == "complete")
        #expect(result["supportedVersions"] == ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
        #expect(result["capabilities"] == ["tools": ["listChanged": false]])
        #expect(result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "test-server")
        #expect(result["ttlMs"] == 3_600_000)
        #expect(result["cacheScope"] == "public")
        #expect(result["instructions"] == "Use the tools.")
    }

    @Test func aStampedRequestGetsModernResults() async throws {
        let list = try await Self.reply(request("tools/list", id: 6, params: #"{"_meta":\#(Self.modernMeta)}"#))
        #expect(list["result"]?["resultType"] == "complete")
        #expect(list["result"]?["cacheScope"] == "public")
        let call = try await Self.reply(
            request(
                "tools/call", id: 7, params: #"{"name":"stepper","arguments":{"steps":1},"_meta":\#(Self.modernMeta)}"#)
        )
        #expect(call["result"]?["resultType"] == "complete")
        #expect(call["result"]?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["version"] == "1.2.3")
        #expect(call["result"]?["ttlMs"] == nil, "only lists and discovery carry caching hints")
    }

    @Test(arguments: ["server/discover", "tools/list", "tools/call"])
    func anUnsupportedStampedVersionIsRefusedWithTheSupportedOnes(_ method: String) async throws {
        let meta =
            #"{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}"#
        let name = method == "tools/call" ? #""name":"slow","# : ""
        let reply = try await Self.reply(request(method, id: 8, params: #"{\#(name)"_meta":\#(meta)}"#))
        #expect(reply["error"]?["code"] == -32022)
        #expect(reply["error"]?["data"]?["requested"] == "2099-01-01")
        #expect(
            reply["error"]?["data"]?["supported"] == [
                "2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05",
            ])
    }

    /// Both keys are required by the modern revision, so the request is refused; the error says what to add.
    @Test(arguments: ["server/discover", "tools/list", "tools/call"])
    func aStampedRequestWithoutClientCapabilitiesIsMalformedAndToldWhatToAdd(_ method: String) async throws {
        let meta = #"{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#
        let name = method == "tools/call" ? #""name":"slow","# : ""
        let reply = try await Self.reply(request(method, id: 9, params: #"{\#(name)"_meta":\#(meta)}"#))
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["data"]?["field"] == "_meta")
        #expect(
            reply["error"]?["message"]
                == .string(
                    #"Missing _meta["io.modelcontextprotocol/clientCapabilities"]: MCP 2026-07-28 requires it on "#
                        + #"every request, beside "io.modelcontextprotocol/protocolVersion". Add "#
                        + #""io.modelcontextprotocol/clientCapabilities": {} to params._meta ({} declares no optional "#
                        + "capabilities; this server needs none)."))
    }

    // MARK: - _meta

    @Test(arguments: [
        ("ping", #"{"_meta":{"progressToken":1}}"#), ("stepper", #"{"steps":1,"_meta":{}}"#),
        ("tools/list", #"{"_meta":{"x":1}}"#),
    ])
    func metaIsAcceptedByEveryMethod(_ method: String, _ params: String) async throws {
        let reply = try await Self.reply(request(method, id: 10, params: params))
        #expect(reply["result"] != nil, "\(reply)")
    }

    // MARK: - Cancellation and progress, over the server loop

    @Test func notificationsCancelledStopsTheCallAndNothingIsSentForIt() async throws {
        let harness = Harness()
        let sink = CollectingSink()
        let input = try TestPipe()
        let writer = PipeWriter(fileDescriptor: input.writeEnd)
        let server = Self.server(harness)
        let running = Task { await server.run(input: input.readEnd, output: sink) }

        writer.send(lines: [request("tools/call", id: 11, params: #"{"name":"slow"}"#)])
        try await harness.waitUntilStarted(1)
        writer.send(lines: [request("notifications/cancelled", params: #"{"requestId":11,"reason":"user"}"#)])
        try await harness.calls.wait(until: { $0.finished >= 1 })  // the handler saw the cancellation
        writer.send(lines: [request("ping", id: "after")])
        try await sink.reply(id: "after")
        writer.close()
        await running.value
        close(input.readEnd)
        #expect(sink.ids == ["after"], "nothing at all for the cancelled call")
    }

    @Test func progressGoesOutForACallWithAProgressTokenBeforeItsReply() async throws {
        let sink = CollectingSink()
        let input = try TestPipe()
        let writer = PipeWriter(fileDescriptor: input.writeEnd)
        let server = Self.server()
        let running = Task { await server.run(input: input.readEnd, output: sink) }

        writer.send(lines: [
            request(
                "tools/call", id: 12,
                params: #"{"name":"stepper","arguments":{"steps":3},"_meta":{"progressToken":"p"}}"#),
            request("tools/call", id: 13, params: #"{"name":"stepper","arguments":{"steps":3}}"#),
        ])
        writer.close()
        await running.value
        close(input.readEnd)
        let progress = sink.all.filter { $0["method"] == "notifications/progress" }
        #expect(progress.map { $0["params"]?["progress"] } == [1, 2, 3], "only the call that asked, in order")
        #expect(progress.allSatisfy { $0["params"]?["progressToken"] == "p" && $0["params"]?["total"] == 3 })
        let replyIndex = try #require(sink.all.firstIndex { $0["id"] == 12 })
        let lastProgress = try #require(sink.all.lastIndex { $0["method"] == "notifications/progress" })
        #expect(lastProgress < replyIndex)
    }
}
