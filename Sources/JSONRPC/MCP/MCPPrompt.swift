/// A prompt: a question a person asks often, which a host offers as a slash command and fills in with its
/// arguments.
///
/// The binding writes the prompts (the wire layer knows no product); `prompts/list` lists them and
/// `prompts/get` checks the arguments and returns the text as one user message.
public struct MCPPrompt: Sendable {
    public var name: String
    public var title: String
    public var description: String
    /// In the order a host asks for them.
    public var arguments: [Argument]
    /// The message for `arguments`, called only with every required argument present and no unknown one.
    /// A required argument may be empty: some hosts send `""` for one the person did not fill in, and the
    /// text should then ask for it rather than fail.
    public var text: @Sendable (_ arguments: [String: String]) -> String

    /// One argument: a string the user supplies.
    public struct Argument: Sendable, Equatable {
        public var name: String
        public var description: String
        public var required: Bool

        public init(name: String, description: String, required: Bool) {
            self.name = name
            self.description = description
            self.required = required
        }
    }

    public init(
        name: String, title: String, description: String, arguments: [Argument],
        text: @escaping @Sendable (_ arguments: [String: String]) -> String
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.arguments = arguments
        self.text = text
    }

    /// The prompt as `prompts/list` writes it.
    var listed: JSONValue {
        [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "arguments": .array(
                arguments.map {
                    ["name": .string($0.name), "description": .string($0.description), "required": .bool($0.required)]
                }),
        ]
    }

    /// The `messages` of `prompts/get` for `arguments`: one user message.
    ///
    /// - Throws: -32602 naming a missing required argument or an unknown one, so a host (or a person typing a
    ///   slash command) learns what to fix. An empty one is not missing: Claude Code sends `""` for required
    ///   arguments from its `/mcp` menu, and refusing it would leave the person with an error instead of a question.
    func messages(for arguments: [String: String]) throws(ResponseError) -> JSONValue {
        for argument in self.arguments where argument.required && arguments[argument.name] == nil {
            throw .invalidParams(
                "Prompt '\(name)' needs the argument '\(argument.name)': \(argument.description)",
                field: "arguments.\(argument.name)")
        }
        let known = Set(self.arguments.map(\.name))
        if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalidParams(
                "Prompt '\(name)' has no argument '\(unknown)'; it takes "
                    + self.arguments.map(\.name).joined(separator: ", ") + ".",
                field: "arguments.\(unknown)")
        }
        return [["role": "user", "content": ["type": "text", "text": .string(text(arguments))]]]
    }
}
