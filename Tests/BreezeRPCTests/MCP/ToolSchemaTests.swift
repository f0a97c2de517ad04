import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// The generic compaction of the document's schemas for MCP hosts, on made-up schemas: what a tool added later
/// meets without a line of its own.
@Suite struct ToolSchemaTests {
    static let names = (1...30).map { "name_\($0)" } + ["Upper_Case_9"]

    @Test func aLongEnumerationBecomesAPatternEveryValueMatchesAndExamplesInTheDescription() throws {
        let schema = ToolSchema.input([
            (
                "choice", ["type": "string", "enum": .array(Self.names.map(JSONValue.string))], "The choice.",
                required: true
            )
        ])
        let choice = try #require(schema["properties"]?["choice"])
        #expect(choice["enum"] == nil)
        guard case .string(let pattern)? = choice["pattern"], case .string(let description)? = choice["description"]
        else {
            Issue.record("no pattern or description: \(choice)")
            return
        }
        let regex = try Regex(pattern)
        for name in Self.names { #expect(name.wholeMatch(of: regex) != nil, "\(name) against \(pattern)") }
        #expect(description.hasPrefix("The choice. E.g. name_1, name_2"))
        #expect(description.contains("31 known, all listed by rpc.discover"))
        #expect(schema["required"] == ["choice"])
    }

    @Test func alternativesThatAreAllStringsBecomeOneStringAndExplainedConstantsKeepTheirWords() throws {
        let schema = ToolSchema.input([
            (
                "kind",
                [
                    "oneOf": [
                        ["const": "fast", "description": "Quick."], ["const": "slow", "description": "Careful."],
                        ["type": "string", "pattern": "^raw:[a-z]+$"],
                    ]
                ], "The kind.", required: false
            )
        ])
        let kind = try #require(schema["properties"]?["kind"])
        #expect(kind["oneOf"] == nil)
        #expect(kind["type"] == "string")
        #expect(kind["pattern"] == "^(?:fast|slow|raw:[a-z]+)$")
        #expect(kind["description"] == "The kind. fast: Quick.; slow: Careful.")
    }

    /// Descriptions go only as far as the size asks, the nested ones first.
    @Test func anInputOverTheLimitLosesNestedDescriptionsFirstThenSentencesAndFits() throws {
        let long = String(repeating: "word ", count: 60)
        let params = (1...19).map { index in
            (
                name: "param\(index)",
                schema: ["type": "array", "items": ["type": "string", "description": .string(long)]] as JSONValue,
                description: "First sentence \(index). Second sentence " + long, required: false
            )
        }
        let schema = ToolSchema.input(params)
        #expect(ToolSchema.characters(schema) <= ToolSchema.maxInputCharacters)
        #expect(schema["properties"]?["param1"]?["items"]?["description"] == nil)
        #expect(schema["properties"]?["param3"]?["description"] == "First sentence 3.")
        let small = ToolSchema.input(Array(params.prefix(1)))
        #expect(small["properties"]?["param1"]?["items"]?["description"] == .string(long), "kept when it fits")
    }

    /// Last of all, a param whose values are another's shows a few examples and names that param.
    @Test func paramsSharingALongEnumerationReferToTheFirstWhenNothingElseFits() throws {
        let names = (1...40).map { "variable_number_\($0)" }
        let params = (1...19).map { index in
            (
                name: "param\(index)",
                schema: ["type": "array", "items": ["enum": .array(names.map(JSONValue.string))]] as JSONValue,
                description: "Some variables.", required: false
            )
        }
        let schema = ToolSchema.input(params)
        #expect(ToolSchema.characters(schema) <= ToolSchema.maxInputCharacters)
        guard case .string(let first)? = schema["properties"]?["param1"]?["description"],
            case .string(let later)? = schema["properties"]?["param2"]?["description"]
        else {
            Issue.record("no descriptions")
            return
        }
        #expect(first.contains("40 known"))
        #expect(
            later
                == "Some variables. E.g. variable_number_1, variable_number_2, variable_number_3, variable_number_4, variable_number_5; the same values as param1."
        )
    }

    /// When nothing else fits, the longest descriptions are clipped at a word, and no more than needed.
    @Test func longDescriptionsAreClippedLastAndOnlyAsFarAsNeeded() throws {
        let long = "Which one: " + (1...160).map { "option\($0) (what it does)" }.joined(separator: "; ")
        var params: [ToolSchema.Param] = [("choice", ["type": "string"], long, true), ("extra", [:], long, false)]
        params += (1...30).map { ("flag\($0)", ["type": "boolean"], "A flag.", false) }
        let schema = ToolSchema.input(params)
        #expect(ToolSchema.characters(schema) <= ToolSchema.maxInputCharacters)
        guard case .string(let choice)? = schema["properties"]?["choice"]?["description"] else {
            Issue.record("no description")
            return
        }
        #expect(choice.hasPrefix("Which one: option1 (what it does); option2") && choice.hasSuffix("…"))
        #expect(choice.count > 100)
        guard case .string(let extra)? = schema["properties"]?["extra"]?["description"] else {
            Issue.record("no description")
            return
        }
        #expect(extra.count <= 40 && extra.count < choice.count, "optional params are clipped first")
        #expect(schema["properties"]?["flag30"]?["description"] == "A flag.")
        #expect(ToolSchema.clipped("one two three", to: 9) == "one two…")
    }

    @Test func firstSentenceStopsAtAFullStopBeforeACapitalLetterOnly() {
        #expect(
            ToolSchema.firstSentence(of: "Models (e.g. icon, gfs); one each. Left out: none.")
                == "Models (e.g. icon, gfs); one each.")
        #expect(ToolSchema.firstSentence(of: "No stop here") == "No stop here")
        #expect(ToolSchema.firstSentence(of: "Ends here.") == "Ends here.")
        #expect(ToolSchema.firstSentence(of: "Trailing stop. ") == "Trailing stop. ")
        #expect(ToolSchema.firstSentence(of: "Cut at 3.5 km. Then more.") == "Cut at 3.5 km.")
        #expect(ToolSchema.firstSentence(of: "Température °C. Élevée ensuite.") == "Température °C.")
        #expect(ToolSchema.firstSentence(of: "Two  spaces.  Not cut.") == "Two  spaces.  Not cut.")
    }

    /// The fitting measures each tool once and again when it changes: its total is the list's own size.
    @Test func theListedSizeIsTheWholeListsCharacters() throws {
        var tools = try MCPTools.server.get().tools
        var size = MCPTools.ListedSize(tools)
        #expect(size.total == ToolSchema.characters(["tools": .array(tools.map(\.listed))]))
        tools[0].description = "Shorter, with ünïcödé."
        size.measure(tools[0], at: 0)
        #expect(size.total == ToolSchema.characters(["tools": .array(tools.map(\.listed))]))
    }

    /// A result that is one place, or a list of places: the root lists the place's properties and the list's
    /// member, whose entries refer to the root instead of repeating it; nullability and required stay.
    @Test func aOnePlaceOrAListResultGetsARootListingBoth() throws {
        let document: JSONValue = [
            "components": [
                "schemas": [
                    "Place": [
                        "type": "object", "description": "A place.",
                        "properties": [
                            "name": ["type": "string", "description": "Its name."],
                            "size": ["anyOf": [["type": "integer", "minimum": 0], ["type": "null"]]],
                            "kind": ["type": "string", "enum": ["a", "b"]],
                        ],
                        "required": ["name", "size"], "additionalProperties": false,
                    ],
                    "Failure": [
                        "type": "object", "properties": ["error": ["type": "string"]], "required": ["error"],
                    ],
                ]
            ]
        ]
        let result: JSONValue = [
            "oneOf": [
                ["$ref": "#/components/schemas/Place"],
                [
                    "type": "array",
                    "items": [
                        "oneOf": [["$ref": "#/components/schemas/Place"], ["$ref": "#/components/schemas/Failure"]]
                    ],
                ],
            ]
        ]
        let output = try ToolSchema.output(
            result, listMember: "places", resolver: MCPTools.Resolver(document: document))
        #expect(output.listMember == "places")
        let expected: JSONValue = [
            "type": "object",
            "properties": [
                "name": ["type": "string"], "size": ["type": ["integer", "null"]], "kind": ["type": "string"],
                "places": [
                    "type": "array",
                    "items": [
                        "anyOf": [
                            ["$ref": "#"],
                            ["type": "object", "properties": ["error": ["type": "string"]], "required": ["error"]],
                        ]
                    ],
                ],
            ],
            "anyOf": [["required": ["name", "size"]], ["required": ["places"]]],
        ]
        #expect(output.schema == expected)
    }

    @Test func anObjectUsedTwiceIsWrittenOnceUnderDefs() throws {
        let document: JSONValue = [
            "components": ["schemas": ["Series": ["type": "object", "properties": ["time": ["type": "string"]]]]]
        ]
        let result: JSONValue = [
            "type": "object",
            "properties": [
                "hourly": ["$ref": "#/components/schemas/Series"], "daily": ["$ref": "#/components/schemas/Series"],
            ],
        ]
        let output = try ToolSchema.output(result, listMember: "x", resolver: MCPTools.Resolver(document: document))
        #expect(output.listMember == nil)
        #expect(output.schema["properties"]?["hourly"] == ["$ref": "#/$defs/Series"])
        #expect(output.schema["$defs"]?["Series"] == ["type": "object", "properties": ["time": ["type": "string"]]])
    }

    @Test func aShallowOutputKeepsTypesAndNullabilityButNotDeepProperties() {
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "part": [
                    "type": ["object", "null"], "properties": ["inner": ["type": "object", "properties": ["x": true]]],
                    "required": ["inner"],
                ]
            ],
        ]
        #expect(
            ToolSchema.shallow(schema, depth: 2) == [
                "type": "object",
                "properties": [
                    "part": [
                        "type": ["object", "null"], "properties": ["inner": ["type": "object"]], "required": ["inner"],
                    ]
                ],
            ])
        #expect(
            ToolSchema.shallow(schema, depth: 1) == [
                "type": "object", "properties": ["part": ["type": ["object", "null"]]],
            ])
    }

    /// When the tools do not fit in the list together, the largest output schemas are cut first, until they do.
    @Test func aToolListOverTheLimitCutsTheLargestOutputsUntilItFits() {
        func deep(_ width: Int) -> JSONValue {
            let leaf: JSONValue = ["type": "object", "properties": ["value": ["type": "number"]]]
            let middle: JSONValue = [
                "type": "object",
                "properties": .object(Dictionary(uniqueKeysWithValues: (0..<width).map { ("m\($0)", leaf) })),
            ]
            return [
                "type": "object",
                "properties": .object(Dictionary(uniqueKeysWithValues: (0..<width).map { ("p\($0)", middle) })),
            ]
        }
        var tools = [deep(30), deep(3)].enumerated().map { index, output in
            MCPTool(
                name: "t\(index)", title: "T", description: "", inputSchema: ["type": "object"], outputSchema: output,
                annotations: .init(readOnly: true, idempotent: true, openWorld: false), resultMember: nil)
        }
        MCPTools.fitOutputSchemas(&tools)
        #expect(
            ToolSchema.characters(["tools": .array(tools.map(\.listed))])
                <= ToolSchema.maxListCharacters - ToolSchema.listEnvelopeCharacters)
        #expect(tools[0].outputSchema != deep(30))
        #expect(tools[1].outputSchema == deep(3), "the small one is left whole")
    }

    /// Tools taking `detail` are named in the instructions with when to use each value; without any, no word of it.
    @Test func instructionsSayWhenToUseDetailForTheToolsTakingIt() {
        func tool(_ name: String, detail: Bool) -> MCPTool {
            var properties: [String: JSONValue] = ["latitude": ["type": "number"]]
            if detail { properties["detail"] = ["type": "string", "enum": ["summary", "standard", "full"]] }
            return MCPTool(
                name: name, title: name, description: "",
                inputSchema: ["type": "object", "properties": .object(properties)],
                outputSchema: ["type": "object"],
                annotations: .init(readOnly: true, idempotent: true, openWorld: false),
                resultMember: nil)
        }
        let with = MCPTools.instructions(
            tools: [tool("a", detail: true), tool("b", detail: true), tool("c", detail: false)], offline: [])
        #expect(with.contains(#"a and b take detail: leave it out ("standard")"#))
        #expect(with.contains(#""summary""#) && with.contains(#""full""#))
        let without = MCPTools.instructions(tools: [tool("c", detail: false)], offline: [])
        #expect(!without.contains("detail"))
    }
}
