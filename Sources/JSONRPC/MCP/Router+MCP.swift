import FoundationEssentials
import Synchronization

extension Router {
    /// Adds the Model Context Protocol, both eras, over the methods registered so far: each tool calls the
    /// method of its name, so a tool call meets the same params checks, deadlines, cache and limits as the plain
    /// call. One implementation, two surfaces.
    ///
    /// Legacy hosts (revisions 2024-11-05 … 2025-11-25) call `initialize`, `notifications/initialized`,
    /// `tools/list`, `tools/call`, `prompts/list` and `prompts/get`; modern ones (2026-07-28) probe `server/discover` and stamp every request
    /// with `_meta`. Nothing here keeps session state (each request carries all it needs), so one process serves
    /// both eras and plain JSON-RPC side by side. Cancellation (`notifications/cancelled`) is the server's, and
    /// progress comes from `_meta.progressToken` (see `RPCCall.progress`).
    ///
    /// `describe` runs once, at the first MCP request, so that describing the tools costs a plain JSON-RPC
    /// client nothing at start-up; if it throws, MCP requests get -32603 and the error is logged.
    public mutating func registerMCP(_ describe: @escaping @Sendable () throws -> MCPServerDescription) {
        let surface = LazyMCPSurface(describe: describe)
        register(MCPInitialize.self, context: surface)
        register(MCPInitialized.self, context: ())
        register(MCPDiscover.self, context: surface)
        register(MCPListTools.self, context: surface)
        register(MCPSurface.callToolMethod) { params, router, call in
            try await surface.get().callTool(params, on: router, caller: call)
        }
        register(MCPListPrompts.self, context: surface)
        register(MCPGetPrompt.self, context: surface)
        protocolMethods.formUnion([
            MCPInitialize.name, MCPInitialized.name, MCPDiscover.name, MCPListTools.name, MCPSurface.callToolMethod,
            MCPListPrompts.name, MCPGetPrompt.name,
        ])
    }
}

/// The MCP surface, made at its first use.
final class LazyMCPSurface: Sendable {
    private let describe: @Sendable () throws -> MCPServerDescription
    private let surface = Mutex<Result<MCPSurface, any Error>?>(nil)

    init(describe: @escaping @Sendable () throws -> MCPServerDescription) {
        self.describe = describe
    }

    func get() throws -> MCPSurface {
        try surface.withLock { surface in
            if let surface { return surface }
            let made = Result { MCPSurface(server: try describe()) }
            surface = made
            return made
        }.get()
    }
}

/// Everything the MCP methods answer from: fixed once made, so the fixed replies are encoded once.
final class MCPSurface: Sendable {
    static let callToolMethod = "tools/call"

    let server: MCPServerDescription
    private let toolsByName: [String: MCPTool]
    let promptsByName: [String: MCPPrompt]
    /// `capabilities`: tools, prompts when there are any, and nothing that is not implemented.
    let capabilities: JSONValue
    /// `serverInfo` (`_meta["io.modelcontextprotocol/serverInfo"]` in the modern era).
    let serverInfo: JSONValue
    /// The `tools` array, encoded.
    let encodedTools: [UInt8]
    /// The `prompts` array, encoded.
    let encodedPrompts: [UInt8]
    /// How long a client may keep lists and discovery results: the tools never change while the process runs.
    static let ttlMilliseconds = 3_600_000

    init(server: MCPServerDescription) {
        self.server = server
        toolsByName = Dictionary(server.tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        promptsByName = Dictionary(server.prompts.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        capabilities =
            server.prompts.isEmpty
            ? ["tools": ["listChanged": false]] : ["tools": ["listChanged": false], "prompts": ["listChanged": false]]
        serverInfo = ["name": .string(server.name), "version": .string(server.version), "title": .string(server.title)]
        encodedTools = Self.encode(.array(server.tools.map(\.listed)))
        encodedPrompts = Self.encode(.array(server.prompts.map(\.listed)))
    }

    // MARK: - Results

    /// A result object from already encoded members, with what the era adds: `resultType` and the server's
    /// identity in the modern era, plus caching hints when `cacheable` (lists and discovery).
    func result(_ members: [(String, [UInt8])], era: MCPEra, cacheable: Bool = false) -> [UInt8] {
        var members = members
        if era == .modern {
            members.append(("resultType", Self.encode("complete")))
            members.append(("_meta", Self.encode(["io.modelcontextprotocol/serverInfo": serverInfo])))
            if cacheable {
                members.append(("ttlMs", Self.encode(.number(Double(Self.ttlMilliseconds)))))
                members.append(("cacheScope", Self.encode("public")))
            }
        }
        var object: [UInt8] = [UInt8(ascii: "{")]
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { object.append(UInt8(ascii: ",")) }
            object += Array(JSONText.quoted(key).utf8)
            object.append(UInt8(ascii: ":"))
            object += value
        }
        object.append(UInt8(ascii: "}"))
        return object
    }

    static func encode(_ value: JSONValue) -> [UInt8] {
        // JSONValue holds only finite numbers and strings, so encoding cannot fail.
        (try? Router.encoder.encode(value))?.byteArray ?? Array("null".utf8)
    }

    // MARK: - tools/call

    /// `tools/call`: runs the tool's method on `router` (the one answering this call) with `arguments` as its
    /// params, untouched, so a tool call meets the same path as the plain call.
    ///
    /// The method's result becomes `structuredContent` (wrapped in an object when it is not one) and the same
    /// JSON as one text block. Bad arguments and failures of the method come back as `isError: true` with a text
    /// keeping the typed error, so the model can correct itself; an unknown tool is -32602, and a cancelled call
    /// stays cancelled (the server then sends nothing, or -32800 for `$/cancelRequest`). The method is told it
    /// runs for a tool call (`RPCCall.Surface.toolCall`), for bindings whose defaults differ there.
    func callTool(_ params: JSONText?, on router: Router, caller: RPCCall) async throws -> [UInt8] {
        guard let params else {
            throw ResponseError.invalidParams("tools/call needs params: the tool's name and its arguments.")
        }
        var name: String?
        var arguments: JSONText.Value?
        var meta: MCPRequestMeta?
        var seen = Set<String>()
        for (key, value) in params.members(of: params.root) where seen.insert(key).inserted {
            switch key {
            case "name":
                guard value.kind == .string else { throw ResponseError.invalidParams("'name' must be a string.") }
                name = params.string(value)
            case "arguments":
                guard value.kind == .object else {
                    throw ResponseError.invalidParams("'arguments' must be an object.", field: "arguments")
                }
                arguments = value
            case Router.metaMember:
                meta = try JSONDecoder().decode(MCPRequestMeta.self, from: Data(params.slice(value)))
            default:
                break
            }
        }
        let era = try MCPRequestMeta.era(of: meta)
        guard let name else { throw ResponseError.invalidParams("Missing required parameter 'name'.", field: "name") }
        guard let tool = toolsByName[name] else {
            throw ResponseError.invalidParams("Unknown tool '\(name)'; tools/list lists the tools.", field: "name")
        }
        var structured: [UInt8]
        var call = caller
        call.surface = .toolCall
        do throws(ResponseError) {
            structured = try await router.call(name, params: arguments, in: params, caller: call)
        } catch {
            if error.code == .requestCancelled { throw error }
            let content: JSONValue = [["type": "text", "text": .string(Self.toolErrorText(error))]]
            return result([("content", Self.encode(content)), ("isError", Array("true".utf8))], era: era)
        }
        if let member = tool.resultMember, structured.first != UInt8(ascii: "{") {
            structured = result([(member, structured)], era: .legacy)
        }
        // The same JSON as text, quoted from the bytes written once.
        let text = JSONText.quoted(utf8: structured)
        return result(
            [
                ("content", Array(#"[{"type":"text","text":"#.utf8) + text + Array("}]".utf8)),
                ("structuredContent", structured), ("isError", Array("false".utf8)),
            ], era: era)
    }

    /// What the model reads when a call fails: the error's name and code, then its message (which says what to
    /// do), e.g. `invalidParams (-32602): Parameter 'count' must be an integer.`
    static func toolErrorText(_ error: ResponseError) -> String {
        var text = "\(error.type ?? "error") (\(error.code)): \(error.message)"
        if case .string(let detail)? = error.data?["detail"] { text += " \(detail)" }
        return text
    }
}

// MARK: - The methods

/// `initialize` (legacy era): the agreed revision, the server's identity, capabilities and instructions.
enum MCPInitialize: RPCMethod {
    static let name = "initialize"
    static let parameterNames = ["protocolVersion", "capabilities", "clientInfo"]

    struct Params: Decodable, Sendable {
        var protocolVersion: String

        private enum CodingKeys: String, CodingKey { case protocolVersion }
    }

    static func handle(_ params: Params, context lazySurface: LazyMCPSurface, call: RPCCall) async throws
        -> RawJSON
    {
        let surface = try lazySurface.get()
        return try RawJSON(
            surface.result(
                [
                    ("protocolVersion", MCPSurface.encode(.string(MCPVersion.negotiated(params.protocolVersion)))),
                    ("capabilities", MCPSurface.encode(surface.capabilities)),
                    ("serverInfo", MCPSurface.encode(surface.serverInfo)),
                    ("instructions", MCPSurface.encode(.string(surface.server.instructions))),
                ], era: .legacy))
    }
}

/// `notifications/initialized` (legacy era): the client is ready. Nothing to do, as nothing waits for it.
enum MCPInitialized: RPCMethod {
    static let name = "notifications/initialized"
    static func handle(_ params: NoParams, context: Void, call: RPCCall) async throws -> EmptyResult {
        EmptyResult()
    }
}

/// `server/discover` (modern era): answered at once, so a probing client never waits to learn the era.
enum MCPDiscover: RPCMethod {
    static let name = "server/discover"
    static let parameterNames: [String] = []

    struct Params: Decodable, Sendable {
        var meta: MCPRequestMeta?

        private enum CodingKeys: String, CodingKey { case meta = "_meta" }
    }

    static func handle(_ params: Params, context lazySurface: LazyMCPSurface, call: RPCCall) async throws
        -> RawJSON
    {
        let surface = try lazySurface.get()
        _ = try MCPRequestMeta.era(of: params.meta)
        return try RawJSON(
            surface.result(
                [
                    ("supportedVersions", MCPSurface.encode(.array(MCPVersion.supported.map(JSONValue.string)))),
                    ("capabilities", MCPSurface.encode(surface.capabilities)),
                    ("instructions", MCPSurface.encode(.string(surface.server.instructions))),
                ], era: .modern, cacheable: true))
    }
}

/// `tools/list`: every tool, in a fixed order, on one page.
enum MCPListTools: RPCMethod {
    static let name = "tools/list"
    static let parameterNames = ["cursor"]

    struct Params: Decodable, Sendable {
        var cursor: String?
        var meta: MCPRequestMeta?

        private enum CodingKeys: String, CodingKey {
            case cursor
            case meta = "_meta"
        }
    }

    static func handle(_ params: Params, context lazySurface: LazyMCPSurface, call: RPCCall) async throws
        -> RawJSON
    {
        let surface = try lazySurface.get()
        return try params.onePage(name, member: "tools", surface.encodedTools, surface: surface)
    }
}

extension MCPListTools.Params {
    /// The one page of a list method: `encoded` as `member`, with what the request's era adds.
    ///
    /// - Throws: -32602 for any cursor: a list is never split, so none was ever handed out.
    func onePage(_ method: String, member: String, _ encoded: [UInt8], surface: MCPSurface) throws -> RawJSON {
        let era = try MCPRequestMeta.era(of: meta)
        if let cursor {
            throw ResponseError.invalidParams("Invalid cursor '\(cursor)': \(method) has one page.", field: "cursor")
        }
        return try RawJSON(surface.result([(member, encoded)], era: era, cacheable: true))
    }
}

/// `prompts/list`: every prompt, in a fixed order, on one page.
enum MCPListPrompts: RPCMethod {
    static let name = "prompts/list"
    static let parameterNames = MCPListTools.parameterNames
    typealias Params = MCPListTools.Params

    static func handle(_ params: Params, context lazySurface: LazyMCPSurface, call: RPCCall) async throws
        -> RawJSON
    {
        let surface = try lazySurface.get()
        return try params.onePage(name, member: "prompts", surface.encodedPrompts, surface: surface)
    }
}

/// `prompts/get`: one prompt, filled in with its arguments.
enum MCPGetPrompt: RPCMethod {
    static let name = "prompts/get"
    static let parameterNames = ["name", "arguments"]

    struct Params: Decodable, Sendable {
        var name: String
        var arguments: [String: String]?
        var meta: MCPRequestMeta?

        private enum CodingKeys: String, CodingKey {
            case name, arguments
            case meta = "_meta"
        }
    }

    static func handle(_ params: Params, context lazySurface: LazyMCPSurface, call: RPCCall) async throws
        -> RawJSON
    {
        let surface = try lazySurface.get()
        let era = try MCPRequestMeta.era(of: params.meta)
        guard let prompt = surface.promptsByName[params.name] else {
            throw ResponseError.invalidParams(
                "Unknown prompt '\(params.name)'; prompts/list lists the prompts.", field: "name")
        }
        let messages = try prompt.messages(for: params.arguments ?? [:])
        return try RawJSON(
            surface.result(
                [
                    ("description", MCPSurface.encode(.string(prompt.description))),
                    ("messages", MCPSurface.encode(messages)),
                ], era: era))
    }
}
