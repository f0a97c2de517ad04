import Foundation
import JSONRPC
import Testing

/// An unknown method's -32601 offers the nearest registered names, as the service's own matching finds them.
@Suite struct MethodSuggestionsTests {
    /// A router over the specification's methods, suggesting names equal but for case (a stand-in for a
    /// service's matching).
    static func server(suggesting: Bool) -> Server {
        var router = SpecMethods.router()
        router.unknownMethodHint = "list.methods lists them."
        if suggesting {
            router.suggestNames = { name, names in names.filter { $0.lowercased() == name.lowercased() }.sorted() }
        }
        return Server(router: router, logger: .silent)
    }

    static func error(_ method: String, suggesting: Bool = true) async throws -> JSONValue {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"\#(method)"}"#
        let bytes = try #require(await server(suggesting: suggesting).reply(to: Array(line.utf8)))
        return try #require(try JSONDecoder().decode(JSONValue.self, from: Data(bytes))["error"])
    }

    @Test func anUnknownMethodNearAKnownOneIsOfferedIt() async throws {
        let error = try await Self.error("SUBTRACT")
        #expect(error["code"] == -32601)
        #expect(error["message"] == "Method not found")
        #expect(
            error["data"]?["detail"] == "No method named 'SUBTRACT'; did you mean subtract? list.methods lists them.")
        #expect(error["data"]?["suggestions"] == ["subtract"])
    }

    @Test func withoutANearNameOrMatchingTheDetailIsAsBefore() async throws {
        for error in [try await Self.error("nope"), try await Self.error("SUBTRACT", suggesting: false)] {
            #expect(error["data"]?["suggestions"] == nil)
            guard case .string(let detail)? = error["data"]?["detail"] else {
                Issue.record("no detail in \(error)")
                continue
            }
            #expect(!detail.contains("did you mean"), "\(detail)")
            #expect(detail.hasSuffix("; list.methods lists them."), "\(detail)")
        }
    }

    @Test func theDetailEndsCleanlyWithoutAHint() {
        let error = ResponseError.methodNotFound("Ping", suggestions: ["ping"])
        #expect(error.data?["detail"] == "No method named 'Ping'; did you mean ping?")
        #expect(ResponseError.methodNotFound("x").data?["detail"] == "No method named 'x'.")
    }
}
