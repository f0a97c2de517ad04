import Breeze
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// Keeps the router, `schema/openrpc.json` and the README's methods table in lockstep: a method missing from
/// any of them, or params that differ from the schema's, fail here.
@Suite struct CatalogTests {
    // MARK: - The schema is what rpc.discover serves

    @Test func embeddedDocumentIsTheSchemaFile() throws {
        let file = try [UInt8](Data(contentsOf: Repository.schema))
        #expect(
            PackageResources.openrpc_json == file, "Rebuild: the embedded document differs from schema/openrpc.json")
    }

    @Test func discoverAnswersWithTheDocumentOnOneLine() async throws {
        let request = try JSONText(validating: Array(#"{"timeoutMs":1000}"#.utf8))
        let reply = try await Repository.router.call("rpc.discover", params: request.root, in: request)
        let file = try Data(contentsOf: Repository.schema)
        #expect(!reply.contains(0x0A) && !reply.contains(0x0D), "A reply must fit on one line")
        #expect(reply.count < file.count)
        let decoder = JSONDecoder()
        #expect(try decoder.decode(JSONValue.self, from: Data(reply)) == decoder.decode(JSONValue.self, from: file))
    }

    @Test(arguments: [
        ("{ \"a\" : [ 1 ,\n\t2 ] }", #"{"a":[1,2]}"#),
        (#"{"s": "keeps \" spaces \\ and \u0020 escapes "}"#, #"{"s":"keeps \" spaces \\ and \u0020 escapes "}"#),
        ("[\r\n1.50e+2 , \"\"]", #"[1.50e+2,""]"#),
    ])
    func compactingDropsOnlyWhitespaceBetweenTokens(pretty: String, compact: String) {
        #expect(Discover.compacted(Array(pretty.utf8)) == Array(compact.utf8))
    }

    @Test func discoverRejectsAnOutOfRangeTimeout() async throws {
        let request = try JSONText(validating: Array(#"{"timeoutMs":0}"#.utf8))
        await #expect(throws: ResponseError.self) {
            _ = try await Repository.router.call("rpc.discover", params: request.root, in: request)
        }
    }

    // MARK: - Known variable names

    @Test func schemaListsTheKnownForecastVariablesAndPatterns() throws {
        let schemas = try #require(
            try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Repository.schema))["components"]?[
                "schemas"])
        func alternatives(_ name: String) throws -> [JSONValue] {
            guard case .array(let items)? = schemas[name]?["anyOf"] else { throw SchemaShape(name: name) }
            return items
        }
        func names(_ alternative: JSONValue) -> Set<String> {
            guard case .array(let values)? = alternative["enum"] else { return [] }
            return Set(values.compactMap { if case .string(let name) = $0 { name } else { nil } })
        }
        let weather = try alternatives("WeatherVariable")
        let daily = try alternatives("DailyVariable")
        #expect(names(weather[0]) == KnownVariables.weather, "WeatherVariable's enum differs from KnownVariables")
        #expect(names(daily[0]) == KnownVariables.daily, "DailyVariable's enum differs from KnownVariables")
        #expect(weather[1]["pattern"] == .string(KnownVariables.levelPattern))
        #expect(weather[2]["pattern"] == .string(KnownVariables.rawPattern))
        #expect(daily[1]["pattern"] == .string(KnownVariables.rawPattern))
    }

    @Test func schemaListsTheKnownModelsAndTheRawEscape() throws {
        let schemas = try #require(
            try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Repository.schema))["components"]?[
                "schemas"])
        guard case .array(let alternatives)? = schemas["WeatherModel"]?["anyOf"], alternatives.count == 2,
            case .array(let names)? = alternatives[0]["enum"]
        else { throw SchemaShape(name: "WeatherModel") }
        #expect(names == KnownModels.names.map { .string($0) }, "WeatherModel's enum differs from KnownModels")
        #expect(alternatives[1]["pattern"] == .string(KnownVariables.rawPattern))
    }

    private struct SchemaShape: Error { var name: String }

    // MARK: - Method names

    @Test func schemaListsExactlyTheMethodsTheRouterAnswers() throws {
        let schema = Set(try SchemaDocument.load().methods.map(\.name))
        expectExactlyTheAnsweredMethods(schema, in: "schema/openrpc.json", hint: " (not in Catalog.methods?)")
    }

    @Test func readmeMethodsTableListsExactlyTheMethodsTheRouterAnswers() throws {
        guard let readme = try? String(contentsOf: Repository.readme, encoding: .utf8) else {
            Issue.record("README.md not found at \(Repository.readme.path); it needs a '## Methods' table.")
            return
        }
        guard let table = ReadmeMethods.names(in: readme), !table.isEmpty else {
            let advice =
                "README.md has no methods table: add a '## Methods' heading followed by a table whose first column "
                + "holds each method name in backticks, e.g. | `ping` | … |"
            Issue.record(Comment(rawValue: advice))
            return
        }
        let listed = Set(table)
        #expect(table.count == listed.count, "README methods table lists a method twice: \(table.sorted())")
        expectExactlyTheAnsweredMethods(listed, in: "the README methods table")
    }

    /// Expects `listed`, the methods `place` names, to be exactly the methods the router answers, naming each
    /// one missing and each one extra; `hint` follows the complaint about an extra one.
    private func expectExactlyTheAnsweredMethods(
        _ listed: Set<String>, in place: String, hint: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let router = Set(Repository.router.methodNames)
        #expect(
            router.subtracting(listed).isEmpty,
            "Answered but missing from \(place): \(router.subtracting(listed).sorted())", sourceLocation: sourceLocation
        )
        #expect(
            listed.subtracting(router).isEmpty,
            "In \(place) but not answered\(hint): \(listed.subtracting(router).sorted())",
            sourceLocation: sourceLocation)
    }

    @Test func wireNamesAreTheTypeNamesInLowerCamelCase() {
        for method in Repository.namedMethods where method.name != Discover.name {
            let typeName = String(describing: method.type)
            let expected = typeName.prefix(1).lowercased() + typeName.dropFirst()
            #expect(method.name == expected, "\(typeName) is called '\(method.name)' on the wire")
        }
    }

    // MARK: - Params

    @Test(arguments: Repository.namedMethods.map(\.name))
    func parameterNamesAreTheSchemaParamsInOrder(method: String) throws {
        let document = try SchemaDocument.load()
        // What the router matches on the wire: the method's own names plus `timeoutMs` (see `CatalogMethod`).
        let names = try #require(Catalog.wireParameterNames[method])
        guard let described = document.methods.first(where: { $0.name == method }) else {
            Issue.record("\(method) is not in schema/openrpc.json")
            return
        }
        let schemaNames = try described.params.map { try document.resolve($0).name }
        #expect(
            names == schemaNames, "\(method): parameterNames \(names) but schema/openrpc.json params \(schemaNames)")
    }

    @Test func schemaParamsPutRequiredBeforeOptional() throws {
        let document = try SchemaDocument.load()
        for method in document.methods {
            let required = try method.params.map { try document.resolve($0).required ?? false }
            #expect(
                required == required.sorted { $0 && !$1 },
                "\(method.name): OpenRPC wants every required param before the optional ones")
        }
    }

    // MARK: - The README parser itself

    @Test func readmeParserReadsOnlyTheMethodsSection() {
        let markdown = """
            # breeze-rpc
            | `notAMethod` | x |
            ## Methods
            Intro text with `inline` code.

            | method | params |
            |---|---|
            | `ping` | none |
            |`rpc.discover`| none |
            | searchCities | not in backticks |
            ### Examples
            | `fetchForecast` | latitude, longitude |
            ## Errors
            | `-32700` | parseError |
            """
        #expect(ReadmeMethods.names(in: markdown) == ["ping", "rpc.discover", "fetchForecast"])
        #expect(ReadmeMethods.names(in: "# Title\n## Errors\n| `ping` |") == nil)
    }

    /// The wire layer knows no discovery method; the catalog's router names its own in a -32601.
    @Test func anUnknownMethodPointsAtRPCDiscoverOnlyThroughTheCatalog() async throws {
        let text = try JSONText(validating: Array("{}".utf8))
        for (router, detail) in [
            (Repository.router, "No method named 'nope'; rpc.discover lists them."),
            (Router(logger: .silent), "No method named 'nope'."),
        ] {
            do {
                _ = try await router.call("nope", params: text.root, in: text)
                Issue.record("an unknown method was answered")
            } catch {
                #expect(error.code == .methodNotFound)
                #expect(error.data?["detail"] == .string(detail))
            }
        }
    }
}

// MARK: - Support

/// Paths in the repository and the router under test.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)  // Tests/BreezeRPCTests/Catalog/CatalogTests.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schema = root.appendingPathComponent("schema/openrpc.json")
    static let readme = root.appendingPathComponent("README.md")

    static let router = Catalog.router(
        breeze: Breeze(configuration: .test(), http: FakeHTTPClient()), logger: .silent)

    /// Every method type the router is built from: the built-ins and the catalog.
    static let namedMethods: [(name: String, type: Any.Type)] =
        [(Ping.name, Ping.self), (Discover.name, Discover.self)] + Catalog.methods.map { ($0.name, $0) }
}

/// What the lockstep tests read from the OpenRPC document.
struct SchemaDocument: Decodable {
    struct Method: Decodable {
        let name: String
        let params: [Descriptor]
    }

    /// A content descriptor, or a reference to one in `components/contentDescriptors`.
    struct Descriptor: Decodable {
        let name: String?
        let required: Bool?
        let ref: String?

        enum CodingKeys: String, CodingKey {
            case name, required
            case ref = "$ref"
        }
    }

    struct Components: Decodable {
        let contentDescriptors: [String: Descriptor]?
    }

    struct UnresolvedReference: Error, CustomStringConvertible {
        let ref: String
        var description: String { "Cannot resolve \(ref) to a content descriptor with a name" }
    }

    let methods: [Method]
    let components: Components?

    static func load() throws -> SchemaDocument {
        try JSONDecoder().decode(SchemaDocument.self, from: Data(contentsOf: Repository.schema))
    }

    /// The descriptor itself, following a `#/components/contentDescriptors/…` reference.
    func resolve(_ descriptor: Descriptor) throws -> (name: String, required: Bool?) {
        guard let ref = descriptor.ref else {
            guard let name = descriptor.name else { throw UnresolvedReference(ref: "(a descriptor without a name)") }
            return (name, descriptor.required)
        }
        let prefix = "#/components/contentDescriptors/"
        guard ref.hasPrefix(prefix), let target = components?.contentDescriptors?[String(ref.dropFirst(prefix.count))],
            let name = target.name
        else { throw UnresolvedReference(ref: ref) }
        return (name, target.required)
    }
}

/// Reads the method names from the README's methods table.
enum ReadmeMethods {
    /// The backticked first cells of the table rows under `## Methods` (until the next `#`/`##` heading), in
    /// order; nil when there is no such heading.
    static func names(in markdown: String) -> [String]? {
        var inSection = false
        var sawHeading = false
        var names: [String] = []
        for rawLine in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") {
                let level = line.prefix { $0 == "#" }.count
                if level <= 2 {
                    inSection = line.dropFirst(level).trimmingCharacters(in: .whitespaces) == "Methods" && level == 2
                    sawHeading = sawHeading || inSection
                }
                continue
            }
            guard inSection, line.hasPrefix("|") else { continue }
            let cells = line.dropFirst().split(separator: "|", omittingEmptySubsequences: false)
            guard let first = cells.first?.trimmingCharacters(in: .whitespaces), first.count > 2,
                first.hasPrefix("`"), first.hasSuffix("`")
            else { continue }
            let name = first.dropFirst().dropLast()
            if !name.isEmpty, !name.contains("`") { names.append(String(name)) }
        }
        return sawHeading ? names : nil
    }
}

/// The README's configuration list names every setting, so no option is undocumented.
@Suite struct ConfigurationDocsTests {
    @Test(arguments: Options.settings.map { ($0.flag, $0.variable) })
    func readmeConfigurationTableListsTheSetting(flag: String, variable: String) throws {
        let readme = try String(contentsOf: Repository.readme, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Configuration").dropFirst().first)
        let table = section.components(separatedBy: "\n## ").first ?? ""
        #expect(table.contains("`\(flag) "), "README's configuration list lacks \(flag)")
        #expect(table.contains("`\(variable)`"), "README's configuration list lacks \(variable)")
    }
}
