import Foundation
import JSONRPC
import Testing

/// One expected response: its id, and either its result or its error.
struct ExpectedResponse: Sendable, CustomStringConvertible {
    var id: JSONValue
    var result: JSONValue?
    var code: Int?
    /// The exact error message, when the case pins it.
    var message: String?
    /// A word the error message must contain (e.g. the field a -32602 names).
    var messageMentions: String?
    /// `error.data.field`, when the case pins it.
    var field: String?

    static func result(_ result: JSONValue, id: JSONValue) -> ExpectedResponse {
        ExpectedResponse(id: id, result: result)
    }

    static func error(
        _ code: Int, _ message: String? = nil, id: JSONValue = nil, mentions: String? = nil, field: String? = nil
    ) -> ExpectedResponse {
        ExpectedResponse(id: id, code: code, message: message, messageMentions: mentions, field: field)
    }

    var description: String {
        if let result { return "result \(result) for id \(id)" }
        return "error \(code.map(String.init) ?? "?") for id \(id)"
    }

    /// Whether `reply` is exactly this response (and a well-formed response object at all).
    func matches(_ reply: JSONValue) -> Bool {
        guard case .object(let members) = reply, reply["jsonrpc"] == "2.0", reply["id"] == id else { return false }
        if let result {
            return Set(members.keys) == ["jsonrpc", "id", "result"] && reply["result"] == result
        }
        guard Set(members.keys) == ["jsonrpc", "id", "error"], let error = reply["error"],
            case .number(let actualCode)? = error["code"], Int(actualCode) == code,
            case .string(let actualMessage)? = error["message"]
        else { return false }
        if let message, actualMessage != message { return false }
        if let messageMentions, !actualMessage.contains(messageMentions) { return false }
        if let field, error["data"]?["field"] != .string(field) { return false }
        return true
    }
}

/// What a line must produce.
enum ExpectedReply: Sendable {
    /// No output at all.
    case nothing
    /// One response object.
    case one(ExpectedResponse)
    /// One array of responses, in any order.
    case batch([ExpectedResponse])
}

/// A request line and the reply the rules demand.
struct WireCase: Sendable, CustomTestStringConvertible {
    var name: String
    var line: [UInt8]
    var expected: ExpectedReply

    init(_ name: String, _ line: String, _ expected: ExpectedReply) {
        self.init(name, Array(line.utf8), expected)
    }

    init(_ name: String, _ line: [UInt8], _ expected: ExpectedReply) {
        self.name = name
        self.line = line
        self.expected = expected
    }

    var testDescription: String { name }
}

/// Runs `line` through a server with the specification's methods and checks the reply.
func check(_ wireCase: WireCase, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let server = Server(router: SpecMethods.router(), logger: .silent)
    let reply = await server.reply(to: wireCase.line)
    switch wireCase.expected {
    case .nothing:
        #expect(reply == nil, "expected no reply, got \(reply.map { String(decoding: $0, as: UTF8.self) } ?? "")")
    case .one(let expected):
        let line = try #require(reply, "expected \(expected)", sourceLocation: sourceLocation)
        let parsed = try parseReply(line)
        #expect(expected.matches(parsed), "expected \(expected), got \(parsed)", sourceLocation: sourceLocation)
    case .batch(let expected):
        let line = try #require(reply, "expected a batch reply", sourceLocation: sourceLocation)
        guard case .array(var replies) = try parseReply(line) else {
            Issue.record("expected an array, got \(String(decoding: line, as: UTF8.self))")
            return
        }
        // Order is free: match each expected response against a distinct reply.
        for response in expected {
            guard let index = replies.firstIndex(where: response.matches) else {
                Issue.record("no reply matches \(response) in \(replies)", sourceLocation: sourceLocation)
                continue
            }
            replies.remove(at: index)
        }
        #expect(replies.isEmpty, "unexpected extra replies \(replies)", sourceLocation: sourceLocation)
    }
}

/// The edge-case examples of the JSON-RPC 2.0 specification (its "Examples" section), case by case.
@Suite struct SpecExamplesTests {
    static let invalidRequest = "Invalid Request"

    static let specificationExamples: [WireCase] = [
        WireCase(
            "positional params", #"{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}"#,
            .one(.result(19, id: 1))),
        WireCase(
            "positional params, swapped", #"{"jsonrpc":"2.0","method":"subtract","params":[23,42],"id":2}"#,
            .one(.result(-19, id: 2))),
        WireCase(
            "named params",
            #"{"jsonrpc":"2.0","method":"subtract","params":{"subtrahend":23,"minuend":42},"id":3}"#,
            .one(.result(19, id: 3))),
        WireCase(
            "named params, reordered",
            #"{"jsonrpc":"2.0","method":"subtract","params":{"minuend":42,"subtrahend":23},"id":4}"#,
            .one(.result(19, id: 4))),
        WireCase("notification", #"{"jsonrpc":"2.0","method":"update","params":[1,2,3,4,5]}"#, .nothing),
        WireCase("notification without params", #"{"jsonrpc":"2.0","method":"foobar"}"#, .nothing),
        WireCase(
            "unknown method", #"{"jsonrpc":"2.0","method":"foobar","id":"1"}"#,
            .one(.error(-32601, "Method not found", id: "1"))),
        WireCase(
            "invalid JSON", #"{"jsonrpc":"2.0","method":"foobar, "params":"bar","baz]"#,
            .one(.error(-32700, "Parse error"))),
        WireCase(
            "invalid request object", #"{"jsonrpc":"2.0","method":1,"params":"bar"}"#,
            .one(.error(-32600, invalidRequest))),
        WireCase(
            "batch, invalid JSON",
            #"[{"jsonrpc":"2.0","method":"sum","params":[1,2,4],"id":"1"},{"jsonrpc":"2.0","method"]"#,
            .one(.error(-32700, "Parse error"))),
        WireCase("empty array", "[]", .one(.error(-32600, invalidRequest))),
        WireCase("non-empty invalid batch", "[1]", .batch([.error(-32600, invalidRequest)])),
        WireCase(
            "invalid batch", "[1,2,3]",
            .batch([.error(-32600, invalidRequest), .error(-32600, invalidRequest), .error(-32600, invalidRequest)])
        ),
        WireCase(
            "mixed batch",
            """
            [{"jsonrpc":"2.0","method":"sum","params":[1,2,4],"id":"1"},\
            {"jsonrpc":"2.0","method":"notify_hello","params":[7]},\
            {"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":"2"},\
            {"foo":"boo"},\
            {"jsonrpc":"2.0","method":"foo.get","params":{"name":"myself"},"id":"5"},\
            {"jsonrpc":"2.0","method":"get_data","id":"9"}]
            """,
            .batch([
                .result(7, id: "1"), .result(19, id: "2"), .error(-32600, invalidRequest),
                .error(-32601, "Method not found", id: "5"), .result(["hello", 5], id: "9"),
            ])),
        WireCase(
            "only notifications",
            #"[{"jsonrpc":"2.0","method":"notify_sum","params":[1,2,4]},"#
                + #"{"jsonrpc":"2.0","method":"notify_hello","params":[7]}]"#,
            .nothing),
    ]

    @Test(arguments: specificationExamples)
    func answersTheSpecificationExample(_ wireCase: WireCase) async throws {
        try await check(wireCase)
    }

    // MARK: - Further inputs beyond the specification's examples

    static let furtherInputs: [WireCase] = [
        WireCase("a number", "42", .one(.error(-32600, invalidRequest))),
        WireCase("a string", #""x""#, .one(.error(-32600, invalidRequest))),
        WireCase("null", "null", .one(.error(-32600, invalidRequest))),
        WireCase("true", "true", .one(.error(-32600, invalidRequest))),
        WireCase("an empty object", "{}", .one(.error(-32600, invalidRequest))),
        WireCase("no method", #"{"jsonrpc":"2.0","id":1}"#, .one(.error(-32600, invalidRequest, id: 1))),
        WireCase("jsonrpc missing", #"{"id":1,"method":"ping"}"#, .one(.error(-32600, invalidRequest, id: 1))),
        WireCase(
            "jsonrpc 1.0", #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, .one(.error(-32600, invalidRequest, id: 1))),
        WireCase(
            "jsonrpc as a number", #"{"jsonrpc":2.0,"id":1,"method":"ping"}"#,
            .one(.error(-32600, invalidRequest, id: 1))),
        WireCase("id true", #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, .one(.error(-32600, invalidRequest))),
        WireCase("id object", #"{"jsonrpc":"2.0","id":{},"method":"ping"}"#, .one(.error(-32600, invalidRequest))),
        WireCase("id array", #"{"jsonrpc":"2.0","id":[],"method":"ping"}"#, .one(.error(-32600, invalidRequest))),
        WireCase("id 1.5", #"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, .one(.error(-32600, invalidRequest))),
        WireCase(
            "id too large for an integer", #"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#,
            .one(.error(-32600, invalidRequest))),
        WireCase(
            "id null is answered with id null", #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
            .one(.result([:], id: nil))),
        WireCase(
            "string id with escapes is echoed", #"{"jsonrpc":"2.0","id":"a\"b\u00e9","method":"ping"}"#,
            .one(.result([:], id: "a\"bé"))),
        WireCase("negative id", #"{"jsonrpc":"2.0","id":-7,"method":"ping"}"#, .one(.result([:], id: -7))),
        WireCase(
            "params a string", #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"bar"}"#,
            .one(.error(-32600, invalidRequest, id: 1))),
        WireCase(
            "params a number", #"{"jsonrpc":"2.0","id":1,"method":"ping","params":5}"#,
            .one(.error(-32600, invalidRequest, id: 1))),
        WireCase(
            "a response sent by the client", #"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            .one(.error(-32600, invalidRequest, id: 1))),
        WireCase("trailing comma", #"{"jsonrpc":"2.0","id":1,"method":"ping",}"#, .one(.error(-32700, "Parse error"))),
        WireCase(
            "invalid UTF-8 in a string",
            Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","x":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
            .one(.error(-32700, "Parse error"))),
        WireCase(
            "an overlong encoding in a string",
            Array(#"{"jsonrpc":"2.0","id":1,"method":""#.utf8) + [0xC1, 0xB0] + Array(#""}"#.utf8),
            .one(.error(-32700, "Parse error"))),
        WireCase("a literal cut short", #"{"jsonrpc":"2.0","id":tru"#, .one(.error(-32700, "Parse error"))),
        WireCase("unknown method as a notification", #"{"jsonrpc":"2.0","method":"nope","params":[1]}"#, .nothing),
        WireCase("a notification whose handler fails", #"{"jsonrpc":"2.0","method":"fail"}"#, .nothing),
        WireCase(
            "a notification with bad params", #"{"jsonrpc":"2.0","method":"subtract","params":["x"]}"#, .nothing),
        WireCase(
            "a request whose handler fails unexpectedly", #"{"jsonrpc":"2.0","id":3,"method":"fail"}"#,
            .one(.error(-32603, id: 3))),
        WireCase(
            "a missing param names the field",
            #"{"jsonrpc":"2.0","id":7,"method":"subtract","params":{"minuend":42}}"#,
            .one(.error(-32602, id: 7, mentions: "subtrahend", field: "subtrahend"))),
        WireCase(
            "a missing positional param names the field",
            #"{"jsonrpc":"2.0","id":7,"method":"subtract","params":[42]}"#,
            .one(.error(-32602, id: 7, mentions: "subtrahend", field: "subtrahend"))),
        WireCase(
            "a mistyped param names the field",
            #"{"jsonrpc":"2.0","id":8,"method":"subtract","params":{"minuend":"42","subtrahend":1}}"#,
            .one(.error(-32602, id: 8, mentions: "minuend", field: "minuend"))),
        WireCase(
            "a null param names the field",
            #"{"jsonrpc":"2.0","id":8,"method":"subtract","params":[null,1]}"#,
            .one(.error(-32602, id: 8, mentions: "minuend", field: "minuend"))),
        WireCase(
            "an unknown named param names the field",
            #"{"jsonrpc":"2.0","id":9,"method":"subtract","params":{"minuend":1,"subtrahend":2,"extra":3}}"#,
            .one(.error(-32602, id: 9, mentions: "extra", field: "extra"))),
        WireCase(
            "too many positional params", #"{"jsonrpc":"2.0","id":10,"method":"subtract","params":[1,2,3]}"#,
            .one(.error(-32602, id: 10))),
        WireCase(
            "positional params to a method taking none", #"{"jsonrpc":"2.0","id":11,"method":"ping","params":[1]}"#,
            .one(.error(-32602, id: 11))),
        WireCase(
            "empty params to a method taking none", #"{"jsonrpc":"2.0","id":12,"method":"ping","params":[]}"#,
            .one(.result([:], id: 12))),
        WireCase(
            "a reserved rpc. method that does not exist", #"{"jsonrpc":"2.0","id":13,"method":"rpc.nothing"}"#,
            .one(.error(-32601, "Method not found", id: 13))),
        WireCase(
            "duplicate members: the first wins", #"{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}"#,
            .one(.result([:], id: 1))),
        WireCase("a nested empty batch", "[[]]", .batch([.error(-32600, invalidRequest)])),
        WireCase(
            "a batch with an invalid id among valid requests",
            #"[{"jsonrpc":"2.0","id":true,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#,
            .batch([.error(-32600, invalidRequest), .result([:], id: 2)])),
        WireCase(
            "nesting too deep", "[" + String(repeating: "[", count: 200) + String(repeating: "]", count: 201),
            .one(.error(-32600, invalidRequest))),
        WireCase(
            "cancelling an unknown id as a request",
            #"{"jsonrpc":"2.0","id":4,"method":"$/cancelRequest","params":{"id":99}}"#,
            .one(.result([:], id: 4))),
        WireCase(
            "cancelling an unknown id as a notification",
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":99}}"#,
            .nothing),
        WireCase(
            "a malformed cancellation", #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":true}}"#, .nothing),
    ]

    @Test(arguments: furtherInputs)
    func answersFurtherInputsAsTheRulesImply(_ wireCase: WireCase) async throws {
        try await check(wireCase)
    }

    @Test func answersEveryErrorWithATypedData() async throws {
        let server = Server(router: SpecMethods.router(), logger: .silent)
        let lines = [
            "{", "[]", #"{"jsonrpc":"2.0","id":1,"method":"x"}"#, #"{"jsonrpc":"2.0","id":1,"method":"fail"}"#,
        ]
        var types: [String] = []
        for line in lines {
            let reply = try parseReply(try #require(await server.reply(to: Array(line.utf8))))
            if case .string(let type)? = reply["error"]?["data"]?["type"] { types.append(type) }
        }
        #expect(types == ["parseError", "invalidRequest", "methodNotFound", "internalError"])
    }
}
