import Testing

@testable import JSONRPC

/// The framer splits the same input the same way however it is chunked.
@Suite struct LineFramerTests {
    static let chunkSizes = JSONRPCTests.chunkSizes

    /// Feeds `input` in chunks of `chunkSize`, then ends the stream.
    static func frame(_ input: [UInt8], chunkSize: Int, maxLineBytes: Int = 1024) -> ChunkedOutcome {
        var framer = LineFramer(maxLineBytes: maxLineBytes)
        return feed(input, to: &framer, chunkSize: chunkSize)
    }

    static func frame(_ input: String, chunkSize: Int, maxLineBytes: Int = 1024) -> ChunkedOutcome {
        frame(Array(input.utf8), chunkSize: chunkSize, maxLineBytes: maxLineBytes)
    }

    static func message(_ text: String) -> Frame { .message(Array(text.utf8)) }

    /// Inputs and the messages they frame into, whatever the chunking.
    static let examples: [(name: String, input: String, messages: [String])] = [
        ("splits LF-terminated lines", "{\"a\":1}\n[2]\n\"three\"\n", ["{\"a\":1}", "[2]", "\"three\""]),
        ("splits CRLF-terminated lines", "{\"a\":1}\r\n[2]\r\n3\n", ["{\"a\":1}", "[2]", "3"]),
        ("keeps a lone carriage return inside a line", "a\rb\r\n", ["a\rb"]),
        ("skips blank and whitespace-only lines", "\n\r\n   \n\t \r\n1\n\n \t\n2\n  \n", ["1", "2"]),
        // With chunk sizes 1 and 2 the three BOM bytes arrive in different chunks.
        ("strips a byte order mark at stream start", "\u{FEFF}{\"id\":1}\n2\n", ["{\"id\":1}", "2"]),
        ("treats a byte order mark alone as a blank first line", "\u{FEFF}\r\n1\n", ["1"]),
        ("delivers a final line without newline", "1\n{\"last\":true}", ["1", "{\"last\":true}"]),
        ("strips a carriage return from a final line without newline", "1\r", ["1"]),
    ]

    @Test(arguments: examples, chunkSizes)
    func framesEachLine(example: (name: String, input: String, messages: [String]), chunkSize: Int) {
        let outcome = Self.frame(example.input, chunkSize: chunkSize)
        #expect(outcome.frames == example.messages.map(Self.message), "\(example.name)")
    }

    @Test(arguments: chunkSizes)
    func keepsAByteOrderMarkLaterInTheStream(chunkSize: Int) {
        let outcome = Self.frame("1\n\u{FEFF}2\n", chunkSize: chunkSize)
        #expect(outcome.frames == [Self.message("1"), .message([0xEF, 0xBB, 0xBF, UInt8(ascii: "2")])])
    }

    @Test func producesNothingForEmptyInput() {
        #expect(Self.frame("", chunkSize: 1).frames.isEmpty)
    }

    @Test(arguments: chunkSizes)
    func reportsAnOversizedLineOnceAndSkipsItWithoutBufferingIt(chunkSize: Int) throws {
        let limit = 16
        let huge = String(repeating: "x", count: 1000)
        let outcome = Self.frame("1\n\(huge)\n{\"after\":1}\n", chunkSize: chunkSize, maxLineBytes: limit)
        #expect(outcome.frames.count == 3)
        #expect(outcome.frames.first == Self.message("1"))
        #expect(outcome.frames.last == Self.message("{\"after\":1}"))
        guard case .oversized(let byteCount) = outcome.frames[1] else {
            Issue.record("expected an oversized frame, got \(outcome.frames[1])")
            return
        }
        #expect(byteCount > limit)
        // One byte of slack is kept for a `\r` that the limit does not count.
        #expect(outcome.maxBuffered <= limit + 1)
    }

    @Test(arguments: chunkSizes)
    func skipsAnOversizedFinalLineWithoutNewline(chunkSize: Int) {
        let outcome = Self.frame("1\n" + String(repeating: "y", count: 100), chunkSize: chunkSize, maxLineBytes: 10)
        #expect(outcome.frames.count == 2)
        #expect(outcome.frames.first == Self.message("1"))
        #expect(outcome.maxBuffered <= 11)
    }

    @Test(arguments: chunkSizes)
    func acceptsALineOfExactlyTheLimit(chunkSize: Int) {
        let exact = String(repeating: "7", count: 10)
        let outcome = Self.frame("\(exact)\n\(exact)\r\n\(exact)", chunkSize: chunkSize, maxLineBytes: 10)
        #expect(outcome.frames == [Self.message(exact), Self.message(exact), Self.message(exact)])
    }

    @Test(arguments: chunkSizes)
    func rejectsALineOneByteOverTheLimit(chunkSize: Int) {
        let over = String(repeating: "8", count: 11)
        let outcome = Self.frame("\(over)\n\(over)\r\n1\n", chunkSize: chunkSize, maxLineBytes: 10)
        #expect(outcome.frames.count == 3)
        #expect(outcome.frames.prefix(2).allSatisfy { if case .oversized = $0 { true } else { false } })
        #expect(outcome.frames.last == Self.message("1"))
    }

    @Test(arguments: chunkSizes)
    func doesNotCountAByteOrderMarkAgainstTheLimit(chunkSize: Int) {
        let exact = String(repeating: "9", count: 10)
        let outcome = Self.frame("\u{FEFF}\(exact)\r\n", chunkSize: chunkSize, maxLineBytes: 10)
        #expect(outcome.frames == [Self.message(exact)])
    }

    @Test(arguments: chunkSizes)
    func agreesWithASplitOnNewlinesForAMixedStream(chunkSize: Int) {
        let lines = (0..<50).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
        let input = lines.enumerated().map { $0.element + ($0.offset.isMultiple(of: 3) ? "\r\n" : "\n") }.joined()
        #expect(Self.frame(input, chunkSize: chunkSize).frames == lines.map(Self.message))
    }
}
