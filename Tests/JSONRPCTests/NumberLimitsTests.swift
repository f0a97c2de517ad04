import Foundation
import JSONRPC
import Testing

/// Numbers JSON allows but Swift's types cannot hold: in params (beyond `Double`) they are -32602 naming the
/// field, as an `id` (beyond `Int`) -32600 saying the range.
@Suite struct NumberLimitsTests {
    /// A method with a number, a list of numbers and an object holding a number.
    enum Locate: RPCMethod {
        static let name = "locate"
        static let parameterNames = ["latitude", "longitude", "extra"]
        struct Params: Decodable, Sendable {
            var latitude: Double
            var longitude: [Double]?
            var extra: [String: Double]?
        }
        static func handle(_ params: Params, context: Void, call: RPCCall) async throws -> Double { params.latitude }
    }

    static func server() -> Server {
        var router = Router(logger: .silent)
        router.register(Locate.self, context: ())
        return Server(router: router, logger: .silent)
    }

    /// The reply to `line`, parsed.
    static func reply(_ line: String) async throws -> JSONValue {
        let bytes = try #require(await server().reply(to: Array(line.utf8)))
        return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    static func call(_ params: String) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"locate","params":"# + params + "}"
    }

    // MARK: - Params beyond a double

    @Test(arguments: [
        (#"{"latitude":1e999}"#, "latitude", "1e999"),
        (#"{"latitude":-1e999}"#, "latitude", "-1e999"),
        (#"{"latitude":1E+400}"#, "latitude", "1E+400"),
        (#"{"latitude":1.7976931348623159e308}"#, "latitude", "1.7976931348623159e308"),
        ("[1e400, [13.41]]", "latitude", "1e400"),
        (#"{"latitude":1,"longitude":[2,1e999]}"#, "longitude[1]", "1e999"),
        ("[1, [2, -1e999]]", "longitude[1]", "-1e999"),
        (#"{"latitude":1,"extra":{"x":"1e999","y":1e999}}"#, "extra.y", "1e999"),
        (
            #"{"latitude":1\#(String(repeating: "9", count: 400))}"#, "latitude",
            "1" + String(repeating: "9", count: 23) + "…"
        ),
    ])
    func aNumberADoubleCannotHoldIsInvalidParamsNamingTheField(params: String, field: String, literal: String)
        async throws
    {
        let reply = try await Self.reply(Self.call(params))
        #expect(reply["error"]?["code"] == -32602, "\(reply)")
        #expect(reply["error"]?["data"]?["field"] == .string(field))
        #expect(reply["error"]?["message"] == .string("Parameter '\(field)' must be a finite number, not \(literal)."))
    }

    @Test(arguments: [
        (#"{"latitude":1e-999}"#, "latitude", "1e-999"),
        (#"{"latitude":1,"longitude":[-2e-324]}"#, "longitude[0]", "-2e-324"),
        ("[0.\(String(repeating: "0", count: 400))1]", "latitude", "0." + String(repeating: "0", count: 22) + "…"),
    ])
    func aNonZeroNumberADoubleRoundsToZeroIsInvalidParamsNamingTheField(params: String, field: String, literal: String)
        async throws
    {
        let reply = try await Self.reply(Self.call(params))
        #expect(reply["error"]?["code"] == -32602, "\(reply)")
        #expect(reply["error"]?["data"]?["field"] == .string(field))
        #expect(
            reply["error"]?["message"]
                == .string("Parameter '\(field)' is too close to zero for a double: write 0, not \(literal)."))
    }

    @Test(arguments: [
        #"{"latitude":1e308,"longitude":[-1.7976931348623157e308]}"#, #"{"latitude":5e-324,"longitude":[0e-999]}"#,
        #"{"latitude":1,"extra":{"1e999":2}}"#, #"{"latitude":1,"_meta":{"n":1e999}}"#,
    ])
    func finiteNumbersAndLookalikesPass(params: String) async throws {
        let reply = try await Self.reply(Self.call(params))
        #expect(reply["result"] != nil, "\(reply)")
    }

    // MARK: - Ids beyond an integer

    @Test(arguments: ["99999999999999999999", "-9223372036854775809"])
    func anIntegerIdBeyond64BitsIsInvalidRequestSayingTheRange(id: String) async throws {
        let reply = try await Self.reply(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        #expect(reply["error"]?["code"] == -32600)
        #expect(reply["id"] == .null)
        #expect(
            reply["error"]?["data"]?["detail"]
                == .string(
                    "\"id\" \(id) is out of range: an integer id must be from -9223372036854775808 to "
                        + "9223372036854775807."))
    }

    @Test func theLargestIntegerIdsAreStillIds() async throws {
        for id in ["9223372036854775807", "-9223372036854775808"] {
            let reply = try await Self.reply(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
            #expect(reply["result"] == [:], "\(reply)")
        }
    }
}
