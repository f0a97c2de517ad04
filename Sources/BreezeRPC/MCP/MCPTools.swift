import Breeze
import FoundationEssentials
import JSONRPC

/// breeze-rpc as an MCP server: its identity, what the model is told, and one tool per catalog method.
///
/// Every tool is described from the one OpenRPC document (`schema/openrpc.json`, the document `rpc.discover`
/// serves): title and description from the method's summary and description, `inputSchema` from its params,
/// `outputSchema` from its result, with every `$ref` resolved so each schema stands alone. No second copy is
/// kept by hand, so the tools cannot drift from the methods.
public enum MCPTools {
    /// The server as MCP hosts see it, derived once; a failure means the embedded document is broken (and the
    /// tests fail).
    public static let server = Result { () throws(SchemaError) -> MCPServerDescription in
        guard case .success(let raw) = Discover.document else {
            throw SchemaError(description: "schema/openrpc.json is not JSON")
        }
        let document = JSONValue(raw.text.root, in: raw.text)
        var tools: [MCPTool] = []
        for method in Catalog.methods { tools.append(try tool(method, in: document)) }
        return MCPServerDescription(
            name: "breeze-rpc", version: BreezeVersion.current, title: "Breeze weather",
            instructions: instructions(tools: tools), tools: tools)
    }

    /// What the model is told once: what the tools are for, where coordinates come from, how to stay small.
    ///
    /// Tool names come from the method types, and the tools that need no coordinates from their schemas, so the
    /// text cannot name a tool that does not exist; a test checks that it names every one.
    static func instructions(tools: [MCPTool]) -> String {
        let placeless = tools.filter { !$0.takesCoordinates }.map(\.name)
        let except = placeless.isEmpty ? "" : " except " + placeless.joined(separator: " and ")
        return """
            Live weather data for any place on Earth: forecasts (\(FetchForecast.name)), air quality \
            (\(FetchAirQuality.name)), pollen (\(FetchPollen.name)), how one day's maximum temperature changed over \
            the decades (\(FetchClimate.name)), or all four at once (\(FetchDashboard.name)); past weather, \
            ensembles, seasonal, marine, flood, climate projections and satellite radiation \
            (\(FetchWeatherData.name), its api param picks which). Every tool\(except) \
            needs latitude and longitude: call \(SearchCities.name) with the place name first and reuse its \
            coordinates; \(FindPlace.name) names the town nearest to coordinates you already have, offline. Keep \
            replies small: ask \(FetchForecast.name) only for the variables and days the question \
            needs, and prefer a single-purpose tool to \(FetchDashboard.name) when one part answers it. A result with \
            isError says what went wrong and what to change; rateLimited and timeout errors can be retried later.
            """
    }

    /// A broken or incomplete OpenRPC document.
    public struct SchemaError: Error, CustomStringConvertible {
        public var description: String
    }

    // MARK: - One tool

    static func tool(_ type: any BreezeMethod.Type, in document: JSONValue) throws(SchemaError) -> MCPTool {
        let name = type.name
        guard case .array(let methods)? = document["methods"],
            let method = methods.first(where: { $0["name"] == .string(name) }),
            case .string(let summary)? = method["summary"], case .string(let details)? = method["description"],
            case .array(let params)? = method["params"], let result = method["result"]
        else { throw SchemaError(description: "schema/openrpc.json does not describe \(name) fully") }
        let resolver = Resolver(document: document)

        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for param in params {
            let descriptor = try resolver.resolve(param)
            guard case .string(let paramName)? = descriptor["name"], case .object(var schema)? = descriptor["schema"]
            else { throw SchemaError(description: "a param of \(name) has no name or schema") }
            if let description = descriptor["description"] { schema["description"] = description }
            properties[paramName] = .object(schema)
            if descriptor["required"] == .bool(true) { required.append(.string(paramName)) }
        }
        let inputSchema: JSONValue = [
            "type": "object", "properties": .object(properties), "required": .array(required),
            "additionalProperties": false,
        ]

        guard case .string(let resultName)? = result["name"], let resultSchema = result["schema"] else {
            throw SchemaError(description: "the result of \(name) has no name or schema")
        }
        var outputSchema = try resolver.resolve(resultSchema)
        var resultMember: String?
        if outputSchema["type"] != .string("object") {
            // MCP wants an object at the root; the result goes in one member named as the document names it.
            resultMember = resultName
            func wrapped(_ schema: JSONValue) -> JSONValue {
                [
                    "type": "object", "properties": [resultName: schema], "required": [.string(resultName)],
                    "additionalProperties": false,
                ]
            }
            if case .array(let alternatives)? = outputSchema["oneOf"],
                alternatives.contains(where: { $0["type"] == .string("object") })
            {
                // An object for some calls and a list for others (one place or several): only a list is wrapped.
                outputSchema = [
                    "type": "object",
                    "oneOf": .array(alternatives.map { $0["type"] == .string("object") ? $0 : wrapped($0) }),
                ]
            } else {
                outputSchema = wrapped(outputSchema)
            }
        }

        let takesCoordinates = properties["latitude"] != nil
        return MCPTool(
            name: name, title: String(summary.trimmingPrefix(while: { $0 == "." }).trimmingSuffixDots),
            description: summary + " " + details
                + (takesCoordinates ? " Get latitude and longitude from searchCities first." : ""),
            inputSchema: inputSchema, outputSchema: outputSchema,
            annotations: .init(readOnly: true, idempotent: true, openWorld: type.readsUpstream),
            resultMember: resultMember)
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

        private func lookUp(_ reference: String) throws(SchemaError) -> JSONValue {
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
