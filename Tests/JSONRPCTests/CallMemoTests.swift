import Foundation
import Synchronization
import Testing

@testable import JSONRPC

@Suite struct CallMemoTests {
    private static func text(_ string: String) -> Data { Data(string.utf8) }

    @Test func decodesTheSameTextOnceAndOtherTextsEachTheirOwn() {
        let memo = CallMemo<String, Int>()
        var decoded: [String] = []
        func params(_ string: String) -> String {
            memo.recall(Self.text(string)) { text in
                decoded.append(String(decoding: text, as: UTF8.self))
                return "value of " + String(decoding: text, as: UTF8.self)
            }.params
        }
        #expect(params(#"{"a":1}"#) == #"value of {"a":1}"#)
        #expect(params(#"{"a":2}"#) == #"value of {"a":2}"#)
        #expect(params(#"{"a":1}"#) == #"value of {"a":1}"#)
        #expect(params(#"{"a": 1}"#) == #"value of {"a": 1}"#)  // other text, even if it means the same
        #expect(decoded == [#"{"a":1}"#, #"{"a":2}"#, #"{"a": 1}"#])
    }

    @Test func keepsNoFailureNoLongTextAndNoMoreThanItsCapacity() {
        let memo = CallMemo<Int, Int>(capacity: 3, maxTextBytes: 8)
        struct Refused: Error {}
        var decodes = 0
        for _ in 0..<2 {
            #expect(throws: Refused.self) {
                try memo.recall(Self.text("bad")) { _ throws -> Int in
                    decodes += 1
                    throw Refused()
                }
            }
        }
        #expect(decodes == 2 && memo.count == 0)
        for _ in 0..<2 { _ = memo.recall(Self.text("123456789")) { _ in 9 } }
        #expect(memo.count == 0)
        for value in 0..<10 { _ = memo.recall(Self.text(String(value))) { _ in value } }
        #expect(memo.count <= 3)
    }

    /// A large result, counting how often it is written.
    private struct Large: JSONWritable, Equatable {
        var values: [Double]
        static let writes = Mutex(0)
        func write(to json: inout JSONWriter) {
            Self.writes.withLock { $0 += 1 }
            json.string("\(values)")
        }

        /// The written string's text, without its quotes.
        func jsonBytes() -> [UInt8] {
            (try? JSONWriter.bytes(of: self)).map { Array($0.dropFirst().dropLast()) } ?? []
        }
    }

    @Test func writesAnEqualResultForTheSameParamsOnceAndAChangedOneAnew() throws {
        let memo = CallMemo<Int, Large>(capacity: 4, maxTextBytes: 64, maxReplyBytes: 32)
        func reply(_ text: String, _ values: [Double]) -> String {
            let data = Self.text(text)
            let kept = memo.recall(data) { _ in 0 }.replies[.plain]
            return String(
                decoding: memo.reply(for: data, on: .plain, kept: kept, Large(values: values)) { $0.jsonBytes() },
                as: UTF8.self)
        }
        let before = Large.writes.withLock { $0 }
        func writes() -> Int { Large.writes.withLock { $0 } - before }
        #expect(reply("a", [1, 2]) == "[1.0, 2.0]" && writes() == 1)
        #expect(reply("a", [1, 2]) == "[1.0, 2.0]" && writes() == 1)  // equal: the kept bytes
        #expect(reply("b", [1, 2]) == "[1.0, 2.0]" && writes() == 2)  // other params: their own reply
        #expect(reply("a", [1, 3]) == "[1.0, 3.0]" && writes() == 3)  // changed: written anew, and kept
        #expect(reply("a", [1, 3]) == "[1.0, 3.0]" && writes() == 3)
        let long = [Double](repeating: 1, count: 10)  // longer than maxReplyBytes: never kept
        _ = (reply("a", long), reply("a", long))
        #expect(writes() == 5)
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
