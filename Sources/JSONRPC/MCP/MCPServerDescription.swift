/// What an MCP host learns about the server: who it is, what to tell the model, the tools and the prompts.
///
/// The binding fills it in (the wire layer knows no product); `Router.registerMCP` serves it.
public struct MCPServerDescription: Sendable {
    /// `serverInfo.name`: the program's name.
    public var name: String
    public var version: String
    /// A display name for people.
    public var title: String
    /// A few sentences for the model: what the tools are for and how to use them well.
    public var instructions: String
    /// In the order `tools/list` lists them.
    public var tools: [MCPTool]
    /// In the order `prompts/list` lists them; none leaves the `prompts` capability out.
    public var prompts: [MCPPrompt]

    public init(
        name: String, version: String, title: String, instructions: String, tools: [MCPTool],
        prompts: [MCPPrompt] = []
    ) {
        self.name = name
        self.version = version
        self.title = title
        self.instructions = instructions
        self.tools = tools
        self.prompts = prompts
    }
}

/// A tool: a registered method under its own name, described for a model.
public struct MCPTool: Sendable {
    /// The name of the method it calls.
    public var name: String
    public var title: String
    public var description: String
    /// A JSON Schema with `"type": "object"` at the root: the method's params by name.
    public var inputSchema: JSONValue
    /// A JSON Schema with `"type": "object"` at the root, which every successful `structuredContent` matches.
    public var outputSchema: JSONValue
    /// MCP's behaviour hints for hosts deciding whether to ask the user before a call, or before its result
    /// reaches the model.
    public var annotations: Annotations
    /// The member of `structuredContent` holding the method's result, when that result is not an object (MCP
    /// requires an object there); nil when the result is itself the object.
    public var resultMember: String?

    /// MCP's `ToolAnnotations`.
    public struct Annotations: Sendable, Equatable {
        /// The tool changes nothing.
        public var readOnly: Bool
        /// Calling it again with the same arguments has no further effect.
        public var idempotent: Bool
        /// It reaches outside the server (an upstream service).
        public var openWorld: Bool

        public init(readOnly: Bool, idempotent: Bool, openWorld: Bool) {
            self.readOnly = readOnly
            self.idempotent = idempotent
            self.openWorld = openWorld
        }
    }

    public init(
        name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue,
        annotations: Annotations, resultMember: String?
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.annotations = annotations
        self.resultMember = resultMember
    }

    /// The tool as `tools/list` writes it.
    public var listed: JSONValue {
        [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": inputSchema, "outputSchema": outputSchema,
            "annotations": [
                "title": .string(title), "readOnlyHint": .bool(annotations.readOnly),
                "idempotentHint": .bool(annotations.idempotent), "openWorldHint": .bool(annotations.openWorld),
            ],
        ]
    }
}
