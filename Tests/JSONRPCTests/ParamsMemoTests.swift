import Foundation
import Testing

@testable import JSONRPC

@Suite struct ParamsMemoTests {
    private static func text(_ string: String) -> Data { Data(string.utf8) }

    @Test func decodesTheSameTextOnceAndOtherTextsEachTheirOwn() {
        let memo = ParamsMemo<String>()
        var decoded: [String] = []
        func params(_ string: String) -> String {
            memo.params(Self.text(string)) { text in
                decoded.append(String(decoding: text, as: UTF8.self))
                return "value of " + String(decoding: text, as: UTF8.self)
            }
        }
        #expect(params(#"{"a":1}"#) == #"value of {"a":1}"#)
        #expect(params(#"{"a":2}"#) == #"value of {"a":2}"#)
        #expect(params(#"{"a":1}"#) == #"value of {"a":1}"#)
        #expect(params(#"{"a": 1}"#) == #"value of {"a": 1}"#)  // other text, even if it means the same
        #expect(decoded == [#"{"a":1}"#, #"{"a":2}"#, #"{"a": 1}"#])
    }

    @Test func keepsNoFailureNoLongTextAndNoMoreThanItsCapacity() {
        let memo = ParamsMemo<Int>(capacity: 3, maxTextBytes: 8)
        struct Refused: Error {}
        var decodes = 0
        for _ in 0..<2 {
            #expect(throws: Refused.self) {
                try memo.params(Self.text("bad")) { _ throws -> Int in
                    decodes += 1
                    throw Refused()
                }
            }
        }
        #expect(decodes == 2 && memo.count == 0)
        for _ in 0..<2 { _ = memo.params(Self.text("123456789")) { _ in 9 } }
        #expect(memo.count == 0)
        for value in 0..<10 { _ = memo.params(Self.text(String(value))) { _ in value } }
        #expect(memo.count <= 3)
    }

    @Test func aRouterAnswersRepeatedParamsAsTheFirstTimeAndOthersAsThemselves() async throws {
        let server = Server(router: SpecMethods.router(), logger: .silent)
        let cases = [
            (#"[42,23]"#, #""result":19"#), (#"[23,42]"#, #""result":-19"#),
            (#"{"minuend":42,"subtrahend":23}"#, #""result":19"#),
            (#"{"subtrahend":42,"minuend":23}"#, #""result":-19"#),
            (#"{"minuend":"42","subtrahend":23}"#, #""code":-32602"#),
        ]
        for _ in 0..<3 {
            for (params, expected) in cases {
                let request = #"{"jsonrpc":"2.0","id":1,"method":"subtract","params":\#(params)}"#
                let reply = try #require(await server.reply(to: Array(request.utf8)))
                #expect(String(decoding: reply, as: UTF8.self).contains(expected), "\(params)")
            }
        }
    }
}
