import Breeze
import FoundationEssentials
import JSONRPC

/// breeze-rpc as an MCP server: its identity, what the model is told, and one tool per catalog method.
///
/// Every tool is described from the one OpenRPC document (`schema/openrpc.json`, the document `rpc.discover`
/// serves): title and description from the method's summary and description, `inputSchema` from its params,
/// `outputSchema` from its result, each compacted for hosts (`ToolSchema`) and standing alone (an output refers
/// only within itself). No second copy is kept by hand, so the tools cannot drift from the methods.
public enum MCPTools {
    /// The server as MCP hosts see it, derived once; a failure means the embedded document is broken (and the
    /// tests fail).
    public static let server = Result { () throws(SchemaError) -> MCPServerDescription in
        guard case .success(let raw) = Discover.document else {
            throw SchemaError(description: "schema/openrpc.json is not JSON")
        }
        let document = JSONValue(raw.text.root, in: raw.text)
        var tools: [MCPTool] = []
        var params: [[ToolSchema.Param]] = []
        for method in Catalog.methods {
            let (tool, inputs) = try tool(method, in: document)
            tools.append(tool)
            params.append(inputs)
        }
        fitOutputSchemas(&tools)
        fitInputSchemas(&tools, params: params)
        return MCPServerDescription(
            name: "breeze-rpc", version: BreezeVersion.current, title: "Breeze weather",
            instructions: instructions(
                tools: tools, offline: Catalog.methods.filter { !$0.readsUpstream }.map { $0.name }),
            tools: tools, prompts: MCPPrompts.prompts)
    }

    /// What the model is told once: the tools, where coordinates come from, how to keep answers small.
    ///
    /// Derived, never a hand-kept list: every tool is named with its title, the tools that need no coordinates
    /// and those taking `detail` come from their schemas, and `offline` (the tools asking no upstream) from the
    /// catalog; the few tools named for their role are named through their types. Hosts cut instructions at
    /// 2 KB, which a test checks.
    static func instructions(tools: [MCPTool], offline: [String]) -> String {
        let placeless = tools.filter { !$0.takesCoordinates }.map(\.name)
        let except = placeless.isEmpty ? "" : " except " + listed(placeless)
        let detailed = tools.filter { $0.inputSchema["properties"]?["detail"] != nil }.map(\.name)
        var text = "Weather, air quality, pollen and climate for any place on Earth. The tools: "
        text += tools.map { "\($0.name) (\($0.title))" }.joined(separator: "; ") + "."
        text += """
             Every tool\(except) needs latitude and longitude: call \(SearchCities.name) with the place's name \
            first and reuse the coordinates of the best match; \(FindPlace.name) names the town nearest to \
            coordinates you already have.
            """
        if !detailed.isEmpty {
            text += """
                 \(listed(detailed)) take detail: leave it out ("standard") for an answer sized for you; \
                "summary" gives a line or two per day (highs and lows, precipitation, the AQI band, the pollen \
                peak), best for questions over many days or places; "full" gives every value, only when the \
                question needs them all.
                """
        }
        text += """
             Keep answers small: ask \(FetchForecast.name) only for the variables and days the question needs, and \
            prefer a single-purpose tool to \(FetchDashboard.name) when one part answers it.
            """
        if !offline.isEmpty { text += " \(listed(offline)) answer at once, asking no upstream." }
        text += """
             A result with isError says what went wrong and what to change; rateLimited and timeout errors can be \
            retried later.
            """
        return text
    }

    /// Cuts the largest output schemas to shallower depths, one at a time, until the whole tool list fits in
    /// `ToolSchema.maxListCharacters` with its envelope (or nothing can be cut further). Input schemas are bounded
    /// per tool, and compacted further only when this is not enough (`fitInputSchemas`).
    ///
    /// Outputs are what gives: hosts show a model the inputs and descriptions to choose and call a tool, while
    /// the output's deeper members are seen anyway in the result itself.
    static func fitOutputSchemas(_ tools: inout [MCPTool]) {
        let full = tools.map(\.outputSchema)
        var depths = tools.map { _ in 0 }  // index into `ToolSchema.outputDepths`, 0 = uncut
        var list = ListedSize(tools)
        var outputSizes = tools.map { ToolSchema.characters($0.outputSchema) }
        while list.total > ToolSchema.maxListCharacters - ToolSchema.listEnvelopeCharacters {
            let cuttable = tools.indices.filter { depths[$0] < ToolSchema.outputDepths.count }
            guard let largest = cuttable.max(by: { outputSizes[$0] < outputSizes[$1] }) else { return }
            tools[largest].outputSchema = ToolSchema.shallow(
                full[largest], depth: ToolSchema.outputDepths[depths[largest]])
            depths[largest] += 1
            outputSizes[largest] = ToolSchema.characters(tools[largest].outputSchema)
            list.measure(tools[largest], at: largest)
        }
    }

    /// When cutting the outputs was not enough, compacts the largest input schema one level further
    /// (`ToolSchema.InputLevel`), one at a time, until the tool list fits (or every input is at its last level).
    ///
    /// Nested descriptions go first, then the params' later sentences: the bounds, types and first sentences a
    /// model needs to call a tool stay, and `rpc.discover` has every word.
    static func fitInputSchemas(_ tools: inout [MCPTool], params: [[ToolSchema.Param]]) {
        var levels = tools.map { _ in ToolSchema.InputLevel.allDescriptions }
        var list = ListedSize(tools)
        var inputSizes = tools.map { ToolSchema.characters($0.inputSchema) }
        while list.total > ToolSchema.maxListCharacters - ToolSchema.listEnvelopeCharacters {
            let cuttable = tools.indices.filter { levels[$0] < .sharedNotes }
            guard let largest = cuttable.max(by: { inputSizes[$0] < inputSizes[$1] }),
                let next = ToolSchema.InputLevel(rawValue: levels[largest].rawValue + 1)
            else { return }
            levels[largest] = next
            tools[largest].inputSchema = ToolSchema.input(params[largest], from: next)
            inputSizes[largest] = ToolSchema.characters(tools[largest].inputSchema)
            list.measure(tools[largest], at: largest)
        }
    }

    /// The characters of `{"tools":[…]}` as `tools/list` writes it, each tool measured once and again only when the
    /// fitting changes it: every MCP session fits the list at its start.
    struct ListedSize {
        private var sizes: [Int]

        init(_ tools: [MCPTool]) {
            sizes = tools.map { ToolSchema.characters($0.listed) }
        }

        mutating func measure(_ tool: MCPTool, at index: Int) {
            sizes[index] = ToolSchema.characters(tool.listed)
        }

        /// The tools, the commas between them and the envelope around them.
        var total: Int {
            ToolSchema.characters(["tools": []]) + sizes.reduce(0, +) + max(0, sizes.count - 1)
        }
    }

    /// `names` as prose: "a", "a and b", "a, b and c".
    private static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// A broken or incomplete OpenRPC document.
    public struct SchemaError: Error, CustomStringConvertible {
        public var description: String
    }

    // MARK: - One tool

    /// The tool for `type`, and its params as the document describes them (for `fitInputSchemas`).
    static func tool(_ type: any BreezeMethod.Type, in document: JSONValue) throws(SchemaError)
        -> (MCPTool, [ToolSchema.Param])
    {
        let name = type.name
        guard case .array(let methods)? = document["methods"],
            let method = methods.first(where: { $0["name"] == .string(name) }),
            case .string(let summary)? = method["summary"], case .string(let details)? = method["description"],
            case .array(let params)? = method["params"], let result = method["result"]
        else { throw SchemaError(description: "schema/openrpc.json does not describe \(name) fully") }
        let resolver = Resolver(document: document)

        var inputs: [ToolSchema.Param] = []
        for param in params {
            let descriptor = try resolver.resolve(param)
            guard case .string(let paramName)? = descriptor["name"], let schema = descriptor["schema"] else {
                throw SchemaError(description: "a param of \(name) has no name or schema")
            }
            var description: String?
            if case .string(let text)? = descriptor["description"] { description = text }
            inputs.append((paramName, schema, description, descriptor["required"] == .bool(true)))
        }
        let inputSchema = ToolSchema.input(inputs)

        guard case .string(let resultName)? = result["name"], let resultSchema = result["schema"] else {
            throw SchemaError(description: "the result of \(name) has no name or schema")
        }
        let output = try ToolSchema.output(resultSchema, listMember: resultName, resolver: resolver)

        var description = summary + " " + details
        if inputSchema["properties"]?["latitude"] != nil {
            description += " Get latitude and longitude from \(SearchCities.name) first."
        }
        if let member = output.listMember {
            description += " A list comes wrapped in an object: {\"\(member)\": [...]}."
        }
        // Read-only: VS Code runs the tool without asking first. Closed-world: a tool reads only the upstream the
        // operator configured and answers with its measurements, not third-party content, and an open-world tool
        // makes VS Code hold every result for the user to review before the model may read it.
        let tool = MCPTool(
            name: name, title: String(summary.trimmingPrefix(while: { $0 == "." }).trimmingSuffixDots),
            description: description, inputSchema: inputSchema, outputSchema: output.schema,
            annotations: .init(readOnly: true, idempotent: true, openWorld: false), resultMember: output.listMember)
        return (tool, inputs)
    }

    /// Replaces every `{"$ref": "#/…"}` with what it points to, so a schema stands alone.
    struct Resolver {
        let document: JSONValue
        /// Deeper than any chain in the document; a cycle would otherwise recurse forever.
        static let maxDepth = 32

        func resolve(_ value: JSONValue, depth: Int = 0) throws(SchemaError) -> JSONValue {
            guard depth < Self.maxDepth else { throw SchemaError(description: "$ref chain too deep (a cycle?)") }
            switch value {
            case .object(var members):
                guard case .string(let reference)? = members["$ref"] else {
                    var resolved: [String: JSONValue] = [:]
                    for (key, member) in members { resolved[key] = try resolve(member, depth: depth) }
                    return .object(resolved)
                }
                members["$ref"] = nil
                let target = try resolve(try lookUp(reference), depth: depth + 1)
                // Members beside a `$ref` (a description) refine what it points to.
                guard case .object(var merged) = target, !members.isEmpty else { return target }
                for (key, member) in members { merged[key] = try resolve(member, depth: depth) }
                return .object(merged)
            case .array(let elements):
                var resolved: [JSONValue] = []
                for element in elements { resolved.append(try resolve(element, depth: depth)) }
                return .array(resolved)
            default:
                return value
            }
        }

        /// The schemas `{"$ref": …}` members reach from `value`, each counted as often as it is reached when every
        /// reference is followed.
        func countReferences(in value: JSONValue, into counts: inout [String: Int], depth: Int = 0)
            throws(SchemaError)
        {
            guard depth < Self.maxDepth else { throw SchemaError(description: "$ref chain too deep (a cycle?)") }
            switch value {
            case .object(let members):
                if case .string(let reference)? = members["$ref"] {
                    counts[reference, default: 0] += 1
                    try countReferences(in: try lookUp(reference), into: &counts, depth: depth + 1)
                }
                for (key, member) in members where key != "$ref" {
                    try countReferences(in: member, into: &counts, depth: depth)
                }
            case .array(let elements):
                for element in elements { try countReferences(in: element, into: &counts, depth: depth) }
            default:
                break
            }
        }

        /// What a local reference (`#/components/…`) points to.
        func lookUp(_ reference: String) throws(SchemaError) -> JSONValue {
            guard reference.hasPrefix("#/") else { throw SchemaError(description: "$ref \(reference) is not local") }
            var value = document
            for key in reference.dropFirst(2).split(separator: "/") {
                guard let member = value[String(key)] else {
                    throw SchemaError(description: "$ref \(reference) points nowhere")
                }
                value = member
            }
            return value
        }
    }
}

extension MCPTool {
    /// Whether the tool takes a place (`latitude` among its arguments).
    var takesCoordinates: Bool { inputSchema["properties"]?["latitude"] != nil }
}

extension Substring {
    /// Without the dots at its end: a summary sentence as a title.
    fileprivate var trimmingSuffixDots: Substring {
        var text = self
        while text.last == "." { text.removeLast() }
        return text
    }
}
