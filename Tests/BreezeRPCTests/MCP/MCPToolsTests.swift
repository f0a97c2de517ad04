import Breeze
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// The MCP tools are the catalog methods, described from the OpenRPC document and served by the same router.
@Suite(.timeLimit(.minutes(1))) struct MCPToolsTests {
    private let server = try? MCPTools.server.get()

    @Test func everyCatalogMethodIsAToolInCatalogOrder() throws {
        let server = try #require(server)
        let names = Catalog.methods.map { $0.name }
        #expect(server.tools.map(\.name) == names)
        #expect(server.name == "breeze-rpc")
        #expect(server.version == BreezeVersion.current)
    }

    /// The instructions name every tool, so a method added to the catalog but not to them fails here; the tools
    /// said to need no place are exactly those without `latitude`.
    @Test func instructionsNameEveryToolAndWhichNeedNoPlace() throws {
        let server = try #require(server)
        #expect(server.instructions.contains(SearchCities.name + " with the place's name first"))
        let words = Set(server.instructions.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        for tool in server.tools {
            #expect(words.contains(tool.name), "the MCP instructions do not mention \(tool.name)")
        }
        let placeless = server.tools.filter { $0.inputSchema["properties"]?["latitude"] == nil }.map(\.name)
        #expect(server.instructions.contains("Every tool except \(placeless.joined(separator: " and ")) needs"))
    }

    @Test func inputSchemasListExactlyTheParamsTheRouterAccepts() throws {
        for tool in try #require(server).tools {
            guard case .object(let properties)? = tool.inputSchema["properties"] else {
                Issue.record("\(tool.name) has no properties")
                continue
            }
            #expect(Set(properties.keys) == Set(Catalog.wireParameterNames[tool.name] ?? []), "\(tool.name)")
            #expect(tool.inputSchema["type"] == "object")
            #expect(tool.inputSchema["additionalProperties"] == false)
        }
    }

    /// Inputs have no references at all (some hosts' model APIs take none); outputs refer only within themselves.
    @Test func schemasStandAloneWithAnObjectAtTheRootOfEveryOutput() throws {
        func references(_ value: JSONValue) -> [String] {
            switch value {
            case .object(let members):
                (members["$ref"].flatMap { if case .string(let reference) = $0 { [reference] } else { nil } } ?? [])
                    + members.values.flatMap(references)
            case .array(let elements): elements.flatMap(references)
            default: []
            }
        }
        for tool in try #require(server).tools {
            #expect(references(tool.inputSchema).isEmpty, "\(tool.name)")
            for reference in references(tool.outputSchema) {
                #expect(reference == "#" || reference.hasPrefix("#/$defs/"), "\(tool.name): \(reference)")
            }
            #expect(tool.outputSchema["type"] == "object", "\(tool.name)")
        }
        let searchCities = try #require(server?.tools.first { $0.name == SearchCities.name })
        #expect(searchCities.resultMember == "cities")
        // The list as MCP wraps it, or as a bounded answer holds it (see `Detail`): `cities` either way.
        #expect(searchCities.outputSchema["properties"]?["cities"]?["type"] == "array")
        #expect(searchCities.outputSchema["required"] == ["cities"])
    }

    @Test func readmeListsEveryToolWithItsTitle() throws {
        let readme = try String(contentsOf: Repository.readme, encoding: .utf8)
        for tool in try #require(server).tools {
            #expect(readme.contains("| `\(tool.name)` | \(tool.title) |"), "README.md's tool table lacks \(tool.name)")
        }
    }

    /// Read-only tools skip VS Code's "Run …?" confirmation; none is open-world, as each reads one fixed upstream
    /// the operator configured and answers with its measurements (VS Code would otherwise ask the user to review
    /// every result before the model may read it). The title is what hosts display.
    @Test func everyToolIsReadOnlyIdempotentClosedWorldAndTitled() throws {
        for tool in try #require(server).tools {
            #expect(tool.annotations == .init(readOnly: true, idempotent: true, openWorld: false), "\(tool.name)")
            #expect(!tool.title.isEmpty && tool.listed["annotations"]?["title"] == .string(tool.title))
        }
    }

    /// What a host pays for the tool list: every `inputSchema` within 4,000 characters, the whole list within
    /// 40,000, the instructions and every description within the 2 KB hosts keep. Every tool in the catalog is
    /// measured, so a new one is checked without a line here.
    @Test func theToolListIsOneAHostCanAfford() throws {
        let server = try #require(server)
        for tool in server.tools {
            #expect(ToolSchema.characters(tool.inputSchema) <= 4_000, "\(tool.name)'s inputSchema")
            #expect(tool.description.utf8.count <= 2_048, "\(tool.name)'s description")
        }
        #expect(ToolSchema.characters(["tools": .array(server.tools.map(\.listed))]) <= 40_000)
        #expect(server.instructions.utf8.count <= 2_048)
    }

    /// An agent given only `tools/list` can name valid variables: the forecast's descriptions show common ones,
    /// and every name shown is one the domain knows.
    @Test func theForecastToolShowsCommonVariableNamesItAccepts() throws {
        let forecast = try #require(server?.tools.first { $0.name == FetchForecast.name })
        for (param, known) in [("hourly", KnownVariables.weather), ("daily", KnownVariables.daily)] {
            guard case .string(let text)? = forecast.inputSchema["properties"]?[param]?["description"] else {
                Issue.record("\(param) has no description")
                continue
            }
            let words = text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
            #expect(words.filter(known.contains).count >= 3, "\(param): \(text)")
            #expect(words.filter { $0.contains("_") }.allSatisfy(known.contains), "\(param): \(text)")
        }
    }

    /// Every output schema describes its result at the root: its properties, and for a one-place-or-a-list
    /// result the list's member beside the one-place properties.
    @Test func everyOutputSchemaListsTheResultsPropertiesAtTheRoot() throws {
        for tool in try #require(server).tools {
            guard case .object(let properties)? = tool.outputSchema["properties"] else {
                Issue.record("\(tool.name)'s outputSchema lists no properties")
                continue
            }
            #expect(!properties.isEmpty, "\(tool.name)")
        }
        let forecast = try #require(server?.tools.first { $0.name == FetchForecast.name })
        #expect(forecast.resultMember == "forecast")
        for name in ["latitude", "hourly", "daily", "models", "forecast"] {
            #expect(forecast.outputSchema["properties"]?[name] != nil, "\(name)")
        }
        #expect(forecast.description.contains(#"{"forecast": [...]}"#))
    }

    @Test func aToolCallReturnsExactlyWhatThePlainMethodReturns() async throws {
        let breeze = Breeze(configuration: .test(), http: FakeHTTPClient())
        let router = Catalog.router(breeze: breeze, logger: Logger(level: .error))
        for (method, arguments) in [(CacheStats.name, "{}"), (SearchCities.name, #"{"name":"B"}"#)] {
            let plain = try await call(router, method, arguments)
            let tool = try await call(router, "tools/call", #"{"name":"\#(method)","arguments":\#(arguments)}"#)
            let structured = try #require(tool["structuredContent"])
            #expect(structured == (method == SearchCities.name ? ["cities": plain] : plain))
            #expect(tool["isError"] == false)
        }
    }

    private func call(_ router: Router, _ method: String, _ params: String) async throws -> JSONValue {
        let text = try JSONText(validating: Array(params.utf8))
        let bytes = try await router.call(method, params: text.root, in: text)
        return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }
}
