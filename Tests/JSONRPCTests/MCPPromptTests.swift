import Foundation
import JSONRPC
import Testing

/// MCP prompts on the router, both eras: listed with their arguments, filled in, and refused with -32602 naming
/// what is missing or unknown.
@Suite(.timeLimit(.minutes(1)))
struct MCPPromptTests {
    static let prompt = MCPPrompt(
        name: "walk", title: "A walk?", description: "Whether to go for a walk.",
        arguments: [
            .init(name: "place", description: "Where.", required: true),
            .init(name: "when", description: "When; default now.", required: false),
        ]
    ) { "Walk in \($0["place"] ?? "") \($0["when"] ?? "now")?" }

    static func server(prompts: [MCPPrompt] = [prompt]) -> Server {
        var router = Router(logger: .silent)
        router.registerMCP {
            MCPServerDescription(
                name: "test-server", version: "1", title: "Test", instructions: "", tools: [], prompts: prompts)
        }
        return Server(router: router, logger: .silent)
    }

    static func reply(_ line: String, server: Server = server()) async throws -> JSONValue {
        let bytes = try #require(await server.reply(to: Array(line.utf8)))
        return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    @Test func capabilitiesAdvertisePromptsOnlyWhenThereAreSome() async throws {
        let initialize = request("initialize", id: 0, params: #"{"protocolVersion":"2025-11-25","capabilities":{}}"#)
        let with = try await Self.reply(initialize)
        #expect(with["result"]?["capabilities"]?["prompts"] == ["listChanged": false])
        let without = try await Self.reply(initialize, server: Self.server(prompts: []))
        #expect(without["result"]?["capabilities"]?["prompts"] == nil)
        let discover = try await Self.reply(
            request("server/discover", id: 1, params: #"{"_meta":\#(MCPTests.modernMeta)}"#))
        #expect(discover["result"]?["capabilities"]?["prompts"] == ["listChanged": false])
    }

    @Test func promptsListListsNameTitleDescriptionAndArgumentsInBothEras() async throws {
        let legacy = try await Self.reply(request("prompts/list", id: 2))
        #expect(
            legacy["result"]?["prompts"] == [
                [
                    "name": "walk", "title": "A walk?", "description": "Whether to go for a walk.",
                    "arguments": [
                        ["name": "place", "description": "Where.", "required": true],
                        ["name": "when", "description": "When; default now.", "required": false],
                    ],
                ]
            ])
        #expect(legacy["result"]?["resultType"] == nil)
        let modern = try await Self.reply(request("prompts/list", id: 3, params: #"{"_meta":\#(MCPTests.modernMeta)}"#))
        #expect(modern["result"]?["prompts"] == legacy["result"]?["prompts"])
        #expect(modern["result"]?["resultType"] == "complete")
        #expect(modern["result"]?["ttlMs"] == 3_600_000)
        #expect(modern["result"]?["cacheScope"] == "public")
    }

    @Test func promptsGetFillsTheMessageInBothEras() async throws {
        for meta in ["", #","_meta":\#(MCPTests.modernMeta)"#] {
            let reply = try await Self.reply(
                request("prompts/get", id: 4, params: #"{"name":"walk","arguments":{"place":"Oslo"}\#(meta)}"#))
            let result = try #require(reply["result"])
            #expect(result["description"] == "Whether to go for a walk.")
            #expect(
                result["messages"] == [["role": "user", "content": ["type": "text", "text": "Walk in Oslo now?"]]])
            #expect(result["resultType"] == (meta.isEmpty ? nil : "complete"))
        }
    }

    @Test(arguments: [
        (#"{"name":"walk"}"#, "arguments.place", "needs the argument 'place'"),
        (#"{"name":"walk","arguments":{"place":"Oslo","pace":"brisk"}}"#, "arguments.pace", "no argument 'pace'"),
        (#"{"name":"run","arguments":{"place":"Oslo"}}"#, "name", "Unknown prompt 'run'"),
    ])
    func aMissingOrUnknownArgumentOrAnUnknownPromptIsInvalidParamsNamingIt(
        _ params: String, _ field: String, _ message: String
    ) async throws {
        let reply = try await Self.reply(request("prompts/get", id: 5, params: params))
        #expect(reply["error"]?["code"] == -32602)
        #expect(reply["error"]?["data"]?["field"] == .string(field))
        guard case .string(let text)? = reply["error"]?["message"] else {
            Issue.record("no message")
            return
        }
        #expect(text.contains(message), "\(text)")
    }

    /// Claude Code sends `""` for a required argument the person did not fill in: the prompt's text gets it and
    /// can ask for it, instead of the person meeting an error.
    @Test func anEmptyRequiredArgumentReachesTheText() async throws {
        let reply = try await Self.reply(
            request("prompts/get", id: 7, params: #"{"name":"walk","arguments":{"place":""}}"#))
        #expect(
            reply["result"]?["messages"] == [["role": "user", "content": ["type": "text", "text": "Walk in  now?"]]])
    }

    @Test func anArgumentThatIsNotAStringIsInvalidParams() async throws {
        let reply = try await Self.reply(
            request("prompts/get", id: 6, params: #"{"name":"walk","arguments":{"place":42}}"#))
        #expect(reply["error"]?["code"] == -32602)
    }
}
