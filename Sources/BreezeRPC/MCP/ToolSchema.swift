import FoundationEssentials
import JSONRPC

/// The compact JSON Schemas MCP hosts are given, derived from the OpenRPC document's full ones.
///
/// Hosts load every tool's schemas into every conversation, so what `tools/list` costs is paid again and again;
/// the document `rpc.discover` serves stays complete, one call away. The compaction is generic, never written
/// per tool, so a tool added to the catalog fits without hand-work (a test checks the sizes of every tool):
///
/// - **Inputs** keep every param, its type and bounds; a long `enum` becomes a pattern and a few examples, said
///   in the param's description (an unknown name is still answered with the closest known ones); alternatives
///   that are all strings become one string with their patterns joined. The rest goes only as far as the size
///   asks: first the descriptions and patterns repeated inside params, then all nested descriptions, then all
///   but the first sentence of each param's own (and a param repeating another's examples refers to it).
/// - **Outputs** keep properties, required members and nullability, and drop the rest (descriptions,
///   enumerations, bounds); an object used more than once is written once, under `$defs`. A result that is one
///   of several objects (one place, several models) or a list (several places) gets a root listing every
///   property of the objects, with a member for the list, as MCP's handshake revisions want an object there.
enum ToolSchema {
    /// Longest `enum` kept as a list; a longer one is described by a pattern and examples.
    static let maxListedValues = 12
    /// How many names an enumeration's description shows when the document gives no `examples`.
    static let exampleCount = 5
    /// Most characters of one tool's `inputSchema`, compact JSON.
    static let maxInputCharacters = 4_000
    /// Most characters of the whole `tools/list` result, compact JSON.
    static let maxListCharacters = 40_000
    /// What the result adds around the tools in the modern era (`resultType`, the server's identity, caching
    /// hints), kept free when fitting the tools.
    static let listEnvelopeCharacters = 500
    /// The nesting depths output schemas are cut to, one after the other, while the tool list does not fit.
    static let outputDepths = [3, 2, 1]

    // MARK: - Inputs

    /// A param as the document describes it: name, resolved schema, description, and whether it is required.
    typealias Param = (name: String, schema: JSONValue, description: String?, required: Bool)

    /// The `inputSchema` for `params` in the least lossy form that fits in `maxInputCharacters`.
    ///
    /// Last of all, when no level fits, the longest param descriptions are clipped, to the longest length that
    /// fits: a long explanation loses its end before a short one loses anything, and the optional params' go
    /// first, as a call cannot do without the required ones.
    /// - Parameter minimum: the fullest level to try; the tool list asks for less when all of it does not fit.
    static func input(_ params: [Param], from minimum: InputLevel = .allDescriptions) -> JSONValue {
        var candidate: JSONValue = [:]
        for level in InputLevel.allCases where level >= minimum {
            candidate = input(params, level: level)
            if characters(candidate) <= maxInputCharacters { return candidate }
        }
        let lengths = Array(stride(from: 480, through: 40, by: -40))
        let clips = lengths.map { (optional: $0, required: Int?.none) } + lengths.map { (optional: 40, required: $0) }
        for clip in clips {
            candidate = input(params, level: .sharedNotes, clip: clip)
            if characters(candidate) <= maxInputCharacters { return candidate }
        }
        return candidate
    }

    /// The `inputSchema` for `params` at `level`, the optional and required params' own descriptions clipped to
    /// `clip`'s lengths (nil: whole).
    private static func input(_ params: [Param], level: InputLevel, clip: (optional: Int?, required: Int?)? = nil)
        -> JSONValue
    {
        var properties: [String: JSONValue] = [:]
        var seen = Set<String>()
        var patterns = Set<String>()
        // Where each note was first written: at the last level, a param repeating one refers to that one.
        var noted: [Note: String] = [:]
        for param in params {
            var notes: [Note] = []
            var compacted = compactInput(param.schema, level: level, notes: &notes, seen: &seen, nested: false)
            if level != .allDescriptions { compacted = withoutRepeatedPatterns(compacted, seen: &patterns) }
            guard case .object(var schema) = compacted else { continue }
            var description = param.description ?? ""
            if level >= .firstSentences { description = firstSentence(of: description) }
            if let length = param.required ? clip?.required : clip?.optional {
                description = clipped(description, to: length)
            }
            var said: [String] = []
            for note in notes {
                if level == .sharedNotes, let first = noted[note] {
                    let shown = note.examples.prefix(sharedExampleCount).joined(separator: ", ")
                    said.append(
                        shown.isEmpty
                            ? "The same values as \(first)." : "E.g. \(shown); the same values as \(first).")
                } else {
                    noted[note] = noted[note] ?? param.name
                    said.append(note.text)
                }
            }
            let text = ([description] + said).filter { !$0.isEmpty }.joined(separator: " ")
            schema["description"] = text.isEmpty ? nil : .string(text)
            properties[param.name] = .object(schema)
        }
        return [
            "type": "object", "properties": .object(properties),
            "required": .array(params.filter(\.required).map { .string($0.name) }), "additionalProperties": false,
        ]
    }

    /// `text` cut to at most `length` characters at a word, with "…" saying so.
    static func clipped(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        var kept = text.prefix(length - 1)
        if let space = kept.lastIndex(of: " ") { kept = kept[..<space] }
        while let last = kept.last, ",;:(".contains(last) { kept.removeLast() }
        return kept + "…"
    }

    /// How much of the descriptions an input schema keeps, from most to least.
    enum InputLevel: Int, CaseIterable, Comparable {
        case allDescriptions
        case firstOfEachNestedDescription
        case paramDescriptions
        case firstSentences
        /// A param repeating another's note shows a few of its examples and names that param.
        case sharedNotes

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What compaction adds to a param's description: the examples of a long enumeration, or a choice's
    /// values explained.
    struct Note: Hashable {
        var text: String
        /// The names shown, for a shorter note where the same one was written before.
        var examples: [String] = []
    }

    /// How many examples a param repeating another's note still shows.
    static let sharedExampleCount = 5

    /// `schema` compacted; what the param's description should add goes to `notes`.
    ///
    /// - Parameter seen: the nested descriptions already written in this input schema.
    private static func compactInput(
        _ schema: JSONValue, level: InputLevel, notes: inout [Note], seen: inout Set<String>, nested: Bool
    ) -> JSONValue {
        switch schema {
        case .array(let elements):
            return .array(
                elements.map { compactInput($0, level: level, notes: &notes, seen: &seen, nested: true) })
        case .object(var members):
            members["examples"] = nil
            if case .array(let values)? = schema["enum"], values.count > maxListedValues {
                members["enum"] = nil
                let names = values.compactMap { value -> String? in
                    if case .string(let name) = value { return name }
                    return nil
                }
                members["pattern"] = .string(characterPattern(of: names))
                let shown = exampleNames(schema["examples"]) ?? Array(names.prefix(exampleCount))
                appendOnce(
                    Note(
                        text:
                            "E.g. \(shown.joined(separator: ", ")); \(names.count) known, all listed by \(Discover.name).",
                        examples: shown), to: &notes)
            }
            // In a fixed order, as what is seen first keeps its description: the same tool list every run.
            var compacted: [String: JSONValue] = [:]
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "properties":
                    guard case .object(let properties) = member else { continue }
                    var kept: [String: JSONValue] = [:]
                    for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
                        kept[name] = compactInput(property, level: level, notes: &notes, seen: &seen, nested: true)
                    }
                    compacted[key] = .object(kept)
                case "items", "anyOf", "oneOf", "allOf", "additionalProperties":
                    compacted[key] = compactInput(member, level: level, notes: &notes, seen: &seen, nested: true)
                default:
                    compacted[key] = member
                }
            }
            for key in ["anyOf", "oneOf"] {
                guard case .array(let alternatives)? = compacted[key], case .array(let originals)? = members[key],
                    let merged = mergedStrings(alternatives, originals: originals, notes: &notes)
                else { continue }
                compacted[key] = nil
                for (name, value) in merged { compacted[name] = value }
            }
            if nested, case .string(let description)? = compacted["description"] {
                let keep =
                    switch level {
                    case .allDescriptions: true
                    case .firstOfEachNestedDescription: seen.insert(description).inserted
                    case .paramDescriptions, .firstSentences, .sharedNotes: false
                    }
                if !keep { compacted["description"] = nil }
            }
            return .object(compacted)
        default:
            return schema
        }
    }

    /// `schema` without the patterns of nested strings already written in the same input schema (`seen`): once
    /// is enough to say the shape, and the server checks every name anyway.
    private static func withoutRepeatedPatterns(_ schema: JSONValue, seen: inout Set<String>) -> JSONValue {
        switch schema {
        case .object(var members):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) where key != "pattern" {
                members[key] = withoutRepeatedPatterns(member, seen: &seen)
            }
            if case .string(let pattern)? = members["pattern"], !seen.insert(pattern).inserted {
                members["pattern"] = nil
            }
            return .object(members)
        case .array(let elements):
            return .array(elements.map { withoutRepeatedPatterns($0, seen: &seen) })
        default:
            return schema
        }
    }

    /// Alternatives that are all strings (patterns, short enumerations, constants) as the members of one string
    /// schema whose pattern joins theirs; nil when one of them is not a string, or admits any string.
    ///
    /// Constants with descriptions (a choice explained value by value) keep those descriptions, in `notes`,
    /// taken from `originals`, the alternatives as the document writes them.
    private static func mergedStrings(_ alternatives: [JSONValue], originals: [JSONValue], notes: inout [Note])
        -> [String: JSONValue]?
    {
        var patterns: [String] = []
        var explained: [String] = []
        for (alternative, original) in zip(alternatives, originals) {
            guard alternative["type"] == "string" || alternative["const"] != nil else { return nil }
            if case .string(let pattern)? = alternative["pattern"] {
                patterns.append(String(pattern.trimmingPrefix("^").dropLast(pattern.hasSuffix("$") ? 1 : 0)))
            } else if case .array(let values)? = alternative["enum"], values.count <= maxListedValues {
                let names = values.compactMap { value -> String? in
                    if case .string(let name) = value { return escaped(name) }
                    return nil
                }
                guard names.count == values.count else { return nil }
                patterns.append(names.joined(separator: "|"))
            } else if case .string(let constant)? = alternative["const"] {
                patterns.append(escaped(constant))
                if case .string(let description)? = original["description"] {
                    explained.append("\(constant): \(description)")
                }
            } else {
                return nil
            }
        }
        if !explained.isEmpty { appendOnce(Note(text: explained.joined(separator: "; ")), to: &notes) }
        return ["type": "string", "pattern": .string("^(?:" + patterns.joined(separator: "|") + ")$")]
    }

    /// A pattern every one of `names` matches: the kinds of characters they use, and their lengths.
    static func characterPattern(of names: [String]) -> String {
        let characters = Set(names.joined())
        var classes = ""
        if characters.contains(where: { $0.isASCII && $0.isLowercase }) { classes += "a-z" }
        if characters.contains(where: { $0.isASCII && $0.isUppercase }) { classes += "A-Z" }
        if characters.contains(where: { $0.isASCII && $0.isNumber }) { classes += "0-9" }
        let others = characters.filter { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.sorted()
        classes += others.map { escaped(String($0)) }.joined()
        let lengths = names.map(\.count)
        return "^[\(classes)]{\(lengths.min() ?? 0),\(lengths.max() ?? 0)}$"
    }

    /// `text` with the characters a regular expression gives a meaning escaped.
    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}-/".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    private static func exampleNames(_ examples: JSONValue?) -> [String]? {
        guard case .array(let values)? = examples else { return nil }
        let names = values.compactMap { value -> String? in
            if case .string(let name) = value { return name }
            return nil
        }
        return names.isEmpty ? nil : names
    }

    private static func appendOnce(_ note: Note, to notes: inout [Note]) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// The first sentence of `text`: up to the first full stop before a capital letter (not the one of "e.g.
    /// icon_seamless"), or all of it.
    static func firstSentence(of text: String) -> String {
        // Scanned as UTF-8 (a full stop and a space are single bytes): descriptions are long and many.
        let utf8 = text.utf8
        var from = utf8.startIndex
        while let stop = utf8[from...].firstIndex(of: UInt8(ascii: ".")) {
            from = utf8.index(after: stop)
            guard from < utf8.endIndex, utf8[from] == UInt8(ascii: " ") else { continue }
            from = utf8.index(after: from)
            if text[from...].first?.isUppercase == true { return String(text[...stop]) }
        }
        return text
    }

    // MARK: - Outputs

    /// The members an output schema keeps; everything else (descriptions, enumerations, bounds, patterns) is
    /// left to the full document.
    private static let outputKeywords: Set<String> = [
        "type", "properties", "required", "items", "additionalProperties", "anyOf", "oneOf", "$ref",
    ]

    /// The `outputSchema` for a result schema (still holding the document's `$ref`s), and the member a list
    /// result is wrapped in (nil when every result is an object).
    ///
    /// - Parameter listMember: the member a list result goes in.
    static func output(_ result: JSONValue, listMember: String, resolver: MCPTools.Resolver) throws(MCPTools
        .SchemaError)
        -> (schema: JSONValue, listMember: String?)
    {
        var counts: [String: Int] = [:]
        try resolver.countReferences(in: result, into: &counts)
        let shared = Set(counts.filter { $0.value > 1 }.keys)
        var definitions: [String: JSONValue] = [:]
        let resolved = try compactOutput(result, shared: shared, definitions: &definitions, resolver: resolver)

        func dereferenced(_ schema: JSONValue) -> JSONValue {
            guard case .string(let reference)? = schema["$ref"] else { return schema }
            return definitions[String(reference.dropFirst(Self.definitionsPrefix.count))] ?? schema
        }
        var alternatives: [JSONValue] = [resolved]
        if case .array(let choices)? = resolved["anyOf"] ?? resolved["oneOf"] { alternatives = choices }
        let objects = alternatives.map(dereferenced).filter { $0["type"] == "object" }
        let lists = alternatives.map(dereferenced).filter { $0["type"] == "array" }
        guard objects.count + lists.count == alternatives.count else {
            throw MCPTools.SchemaError(description: "a result alternative is neither an object nor a list")
        }

        var root: [String: JSONValue]
        var member: String?
        if lists.isEmpty, objects.count == 1, case .object(let object) = objects[0] {
            root = object
        } else {
            // One root listing what every object alternative has, and the list in one member: any result
            // validates, and a host reading only the root still sees every property.
            var properties: [String: JSONValue] = [:]
            var variants: [JSONValue] = []
            for object in objects {
                guard case .object(let members)? = object["properties"] else { continue }
                for (name, schema) in members {
                    switch properties[name] {
                    case nil: properties[name] = schema
                    case let existing? where existing != schema:
                        properties[name] = ["anyOf": [existing, schema]]
                    default: break
                    }
                }
                variants.append(["required": object["required"] ?? []])
            }
            if !lists.isEmpty {
                member = listMember
                let list = lists.map { rootReferenced($0, for: objects, dereferenced: dereferenced) }
                properties[listMember] = list.count == 1 ? list[0] : ["anyOf": .array(list)]
                variants.append(["required": [.string(listMember)]])
            }
            root = ["type": "object", "properties": .object(properties)]
            // Alternatives that require the same members are one (a list wrapped for MCP reads like a bounded one).
            variants = variants.reduce(into: []) { unique, variant in
                if !unique.contains(variant) { unique.append(variant) }
            }
            if variants.count > 1 {
                root["anyOf"] = .array(variants)
            } else {
                root["required"] = variants.first?["required"]
            }
        }
        // A definition that is one of the root's objects is the root's shape: refer to the root instead.
        let rootShaped = Set(definitions.filter { objects.contains($0.value) }.keys)
        if !rootShaped.isEmpty, case .object(let rewritten) = referringToRoot(.object(root), for: rootShaped) {
            root = rewritten
            definitions = definitions.mapValues { referringToRoot($0, for: rootShaped) }
        }
        let used = usedDefinitions(from: .object(root), in: definitions)
        definitions = definitions.filter { used.contains($0.key) }
        if !definitions.isEmpty { root["$defs"] = .object(definitions) }
        return (.object(root), member)
    }

    /// `list` with every entry alternative that is one of the root's `objects` replaced by a reference to the
    /// root itself (`{"$ref": "#"}`): an entry is what one place gets, so the list says so instead of writing
    /// the object again.
    private static func rootReferenced(
        _ list: JSONValue, for objects: [JSONValue], dereferenced: (JSONValue) -> JSONValue
    ) -> JSONValue {
        guard case .object(var members) = list, let items = members["items"] else { return list }
        var alternatives: [JSONValue] = [items]
        var key: String?
        for choice in ["anyOf", "oneOf"] {
            if case .array(let choices)? = items[choice] {
                alternatives = choices
                key = choice
            }
        }
        var replaced: [JSONValue] = []
        for alternative in alternatives {
            let entry: JSONValue = objects.contains(dereferenced(alternative)) ? ["$ref": "#"] : alternative
            if !replaced.contains(entry) { replaced.append(entry) }
        }
        if let key, replaced.count > 1 {
            members["items"] = [key: .array(replaced)]
        } else {
            members["items"] = replaced.count == 1 ? replaced[0] : ["anyOf": .array(replaced)]
        }
        return .object(members)
    }

    /// `schema` with every reference to one of the `names` definitions made a reference to the root.
    private static func referringToRoot(_ schema: JSONValue, for names: Set<String>) -> JSONValue {
        switch schema {
        case .object(let members):
            if case .string(let reference)? = members["$ref"], reference.hasPrefix(definitionsPrefix),
                names.contains(String(reference.dropFirst(definitionsPrefix.count)))
            {
                return ["$ref": "#"]
            }
            return .object(members.mapValues { referringToRoot($0, for: names) })
        case .array(let elements):
            return .array(elements.map { referringToRoot($0, for: names) })
        default:
            return schema
        }
    }

    /// `schema` without the properties of objects nested `depth` objects deep or deeper (a definition counts as
    /// one deep): what the tool list can afford when the full shape does not fit. Types and nullability stay.
    static func shallow(_ schema: JSONValue, depth: Int) -> JSONValue {
        func cut(_ value: JSONValue, at level: Int) -> JSONValue {
            switch value {
            case .object(let members):
                var kept: [String: JSONValue] = [:]
                for (key, member) in members {
                    if level >= depth, key == "properties" || key == "required" { continue }
                    switch key {
                    case "properties":
                        guard case .object(let properties) = member else { continue }
                        kept[key] = .object(properties.mapValues { cut($0, at: level + 1) })
                    case "$defs":
                        guard case .object(let definitions) = member else { continue }
                        kept[key] = .object(definitions.mapValues { cut($0, at: 1) })
                    default:
                        kept[key] = cut(member, at: level)
                    }
                }
                return .object(kept)
            case .array(let elements):
                return .array(elements.map { cut($0, at: level) })
            default:
                return value
            }
        }
        guard case .object(var root) = cut(schema, at: 0), case .object(let definitions)? = root["$defs"] else {
            return cut(schema, at: 0)
        }
        let used = usedDefinitions(from: .object(root), in: definitions)
        let kept = definitions.filter { used.contains($0.key) }
        root["$defs"] = kept.isEmpty ? nil : .object(kept)
        return .object(root)
    }

    /// The names of the definitions `schema` refers to, directly or through other definitions.
    private static func usedDefinitions(from schema: JSONValue, in definitions: [String: JSONValue]) -> Set<String> {
        var used = Set<String>()
        var pending = [schema]
        while let next = pending.popLast() {
            switch next {
            case .object(let members):
                if case .string(let reference)? = members["$ref"], reference.hasPrefix(definitionsPrefix) {
                    let name = String(reference.dropFirst(definitionsPrefix.count))
                    if used.insert(name).inserted, let definition = definitions[name] { pending.append(definition) }
                }
                pending += members.filter { $0.key != "$defs" }.map(\.value)
            case .array(let elements):
                pending += elements
            default:
                break
            }
        }
        return used
    }

    static let definitionsPrefix = "#/$defs/"

    /// `schema` resolved and compacted; a component referenced more than once in the result (`shared`) is
    /// written once in `definitions` and referred to from `$defs`.
    private static func compactOutput(
        _ schema: JSONValue, shared: Set<String>, definitions: inout [String: JSONValue],
        resolver: MCPTools.Resolver
    ) throws(MCPTools.SchemaError) -> JSONValue {
        switch schema {
        case .array(let elements):
            var compacted: [JSONValue] = []
            for element in elements {
                compacted.append(
                    try compactOutput(element, shared: shared, definitions: &definitions, resolver: resolver))
            }
            return .array(compacted)
        case .object(let members):
            if case .string(let reference)? = members["$ref"] {
                let target = try resolver.lookUp(reference)
                guard shared.contains(reference), target["type"] == "object" else {
                    return try compactOutput(target, shared: shared, definitions: &definitions, resolver: resolver)
                }
                let name = String(reference.split(separator: "/").last ?? "")
                if definitions[name] == nil {
                    definitions[name] = [:]  // claimed first, as the definition may refer to itself
                    definitions[name] = try compactOutput(
                        target, shared: shared, definitions: &definitions, resolver: resolver)
                }
                return ["$ref": .string(definitionsPrefix + name)]
            }
            var compacted: [String: JSONValue] = [:]
            for (key, member) in members where outputKeywords.contains(key) {
                switch key {
                case "additionalProperties" where member == false:
                    continue
                case "properties":
                    guard case .object(let properties) = member else { continue }
                    var kept: [String: JSONValue] = [:]
                    for (name, property) in properties {
                        kept[name] = try compactOutput(
                            property, shared: shared, definitions: &definitions, resolver: resolver)
                    }
                    compacted[key] = .object(kept)
                case "items", "anyOf", "additionalProperties":
                    compacted[key] = try compactOutput(
                        member, shared: shared, definitions: &definitions, resolver: resolver)
                case "oneOf":
                    // `anyOf`: an output schema describes, it does not arbitrate, and alternatives that differ only
                    // in what compaction drops (or a cut depth) would make a valid result match "more than one".
                    compacted["anyOf"] = try compactOutput(
                        member, shared: shared, definitions: &definitions, resolver: resolver)
                default:
                    compacted[key] = member
                }
            }
            return nullableMerged(compacted)
        default:
            return schema
        }
    }

    /// `{"anyOf": [X, {"type": "null"}]}` as X with `"null"` among its types, when X names one type.
    private static func nullableMerged(_ schema: [String: JSONValue]) -> JSONValue {
        for key in ["anyOf", "oneOf"] {
            guard case .array(let alternatives)? = schema[key], alternatives.count == 2,
                let nullIndex = alternatives.firstIndex(of: ["type": "null"]),
                case .object(var other) = alternatives[1 - nullIndex], case .string(let type)? = other["type"]
            else { continue }
            other["type"] = [.string(type), "null"]
            var merged = schema
            merged[key] = nil
            for (name, value) in other { merged[name] = value }
            return .object(merged)
        }
        return .object(schema)
    }

    // MARK: - Sizes

    /// The characters of `value` as compact JSON, as a host receives it.
    ///
    /// Counted in UTF-8 bytes, never fewer than the characters.
    static func characters(_ value: JSONValue) -> Int {
        text(value).utf8.count
    }

    /// `value` as compact JSON with sorted keys, as the server writes it (by the same writer: the tool list is
    /// measured many times while it is fitted, at start-up of every MCP session).
    static func text(_ value: JSONValue) -> String {
        String(decoding: (try? JSONWriter.bytes(of: value)) ?? [], as: UTF8.self)
    }
}
