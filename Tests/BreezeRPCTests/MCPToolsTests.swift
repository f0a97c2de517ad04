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

    @Test func schemasStandAloneWithAnObjectAtTheRootOfEveryOutput() throws {
        func references(_ value: JSONValue) -> Int {
            switch value {
            case .object(let members): (members["$ref"] == nil ? 0 : 1) + members.values.map(references).reduce(0, +)
            case .array(let elements): elements.map(references).reduce(0, +)
            default: 0
            }
        }
        for tool in try #require(server).tools {
            #expect(references(tool.inputSchema) + references(tool.outputSchema) == 0, "\(tool.name)")
            #expect(tool.outputSchema["type"] == "object", "\(tool.name)")
        }
        let searchCities = try #require(server?.tools.first { $0.name == SearchCities.name })
        #expect(searchCities.resultMember == "cities")
        // The list as MCP wraps it, or as a bounded answer holds it (see `Detail`): `cities` either way.
        guard case .array(let alternatives)? = searchCities.outputSchema["anyOf"] else {
            Issue.record("searchCities' output schema has no alternatives: \(searchCities.outputSchema)")
            return
        }
        #expect(alternatives.allSatisfy { $0["properties"]?["cities"]?["type"] == "array" })
    }

    @Test func readmeListsEveryToolWithItsTitle() throws {
        let readme = try String(contentsOf: Repository.readme, encoding: .utf8)
        for tool in try #require(server).tools {
            #expect(readme.contains("| `\(tool.name)` | \(tool.title) |"), "README.md's tool table lacks \(tool.name)")
        }
    }

    @Test func onlyCacheStatsStaysInsideTheProcess() throws {
        for tool in try #require(server).tools {
            #expect(tool.annotations.readOnly && tool.annotations.idempotent)
            let local = [CacheStats.name, FindPlace.name].contains(tool.name)
            #expect(tool.annotations.openWorld == !local, "\(tool.name)")
        }
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
