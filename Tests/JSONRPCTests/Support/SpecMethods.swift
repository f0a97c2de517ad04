import Foundation
import JSONRPC
import Testing

/// Test-only methods standing in for the ones the JSON-RPC specification's examples use.
///
/// `foobar` is deliberately not registered: the specification uses it both as a notification (answered with
/// nothing) and as the example of an unknown method (-32601), and only an unregistered name satisfies both.
enum SpecMethods {
    /// A router answering `ping` plus every method the specification's examples call.
    static func router() -> Router {
        var router = Router(logger: .silent)
        router.register(Subtract.self, context: ())
        router.register(Sum.self, context: ())
        router.register(Update.self, context: ())
        router.register(NotifyHello.self, context: ())
        router.register(GetData.self, context: ())
        router.register(Fail.self, context: ())
        return router
    }

    enum Subtract: RPCMethod {
        static let name = "subtract"
        static let parameterNames = ["minuend", "subtrahend"]
        struct Params: Decodable, Sendable {
            var minuend: Int
            var subtrahend: Int
        }
        static func handle(_ params: Params, context: Void, call: RPCCall) async throws -> Int {
            params.minuend - params.subtrahend
        }
    }

    enum Sum: RPCMethod {
        static let name = "sum"
        static let parameterNames = ["a", "b", "c"]
        struct Params: Decodable, Sendable {
            var a: Int
            var b: Int
            var c: Int?
        }
        static func handle(_ params: Params, context: Void, call: RPCCall) async throws -> Int {
            params.a + params.b + (params.c ?? 0)
        }
    }

    enum Update: RPCMethod {
        static let name = "update"
        static let parameterNames = ["a", "b", "c", "d", "e"]
        struct Params: Decodable, Sendable {
            var a, b, c, d, e: Int
        }
        static func handle(_ params: Params, context: Void, call: RPCCall) async throws -> EmptyResult { EmptyResult() }
    }

    enum NotifyHello: RPCMethod {
        static let name = "notify_hello"
        static let parameterNames = ["value"]
        struct Params: Decodable, Sendable {
            var value: Int
        }
        static func handle(_ params: Params, context: Void, call: RPCCall) async throws -> EmptyResult { EmptyResult() }
    }

    enum GetData: RPCMethod {
        static let name = "get_data"
        static let parameterNames: [String] = []
        static func handle(_ params: NoParams, context: Void, call: RPCCall) async throws -> JSONValue { ["hello", 5] }
    }

    /// Always fails with an error the router does not know, which must become -32603.
    enum Fail: RPCMethod {
        static let name = "fail"
        static let parameterNames: [String] = []
        struct Failure: Error {}
        static func handle(_ params: NoParams, context: Void, call: RPCCall) async throws -> EmptyResult {
            throw Failure()
        }
    }
}

// MARK: - Reading replies

/// A reply line, parsed strictly (our own validator) and then into a `JSONValue` tree for comparison.
func parseReply(_ line: [UInt8]) throws -> JSONValue {
    expectValidJSONLine(line)
    return try JSONDecoder().decode(JSONValue.self, from: Data(line))
}

/// Checks a reply line with the strict validator, so that a reply JSONDecoder would forgive still fails.
func expectValidJSONLine(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!line.contains(0x0A), "a reply must be one line", sourceLocation: sourceLocation)
    #expect(throws: Never.self, sourceLocation: sourceLocation) { try JSONText(validating: line) }
}
