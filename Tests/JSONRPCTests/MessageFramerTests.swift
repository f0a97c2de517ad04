import Testing

@testable import JSONRPC

/// The framing is chosen by the first bytes, and `Content-Length` framing splits the same input the same way
/// however it is chunked.
@Suite struct MessageFramerTests {
    static let chunkSizes = JSONRPCTests.chunkSizes

    /// What the framer produced, and the framing it chose.
    struct Outcome {
        var frames: [Frame]
        var framing: Framing?
        var maxBuffered: Int
    }

    /// Feeds `input` in chunks of `chunkSize`, then ends the stream.
    static func frame(_ input: [UInt8], chunkSize: Int, maxMessageBytes: Int = 1024) -> Outcome {
        var framer = MessageFramer(maxMessageBytes: maxMessageBytes)
        let outcome = feed(input, to: &framer, chunkSize: chunkSize)
        return Outcome(frames: outcome.frames, framing: framer.framing, maxBuffered: outcome.maxBuffered)
    }

    static func frame(_ input: String, chunkSize: Int, maxMessageBytes: Int = 1024) -> Outcome {
        frame(Array(input.utf8), chunkSize: chunkSize, maxMessageBytes: maxMessageBytes)
    }

    static func message(_ text: String) -> Frame { .message(Array(text.utf8)) }

    /// `body` with its `Content-Length` header, as a client frames it.
    static func framed(_ body: String) -> String {
        "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    // MARK: - Choosing the framing

    /// Blank bytes and a byte-order mark are skipped; a header opens `Content-Length` framing, anything else
    /// (a prefix of a header cut short by the end of input included) line mode.
    static let choices: [(input: String, framing: Framing?, frames: [String])] = [
        ("\n \r\n\t\u{FEFF}{\"id\":1}\n[2]\n", .lines, [#"{"id":1}"#, "[2]"]),
        ("\r\n\u{FEFF}cOnTeNt-LeNgTh: 7\r\n\r\n{\"a\":1}" + framed("[2]"), .contentLength, [#"{"a":1}"#, "[2]"]),
        (
            "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}", .contentLength,
            ["{}"]
        ),
        ("Content-Lengthy: 2\n{}\n", .lines, ["Content-Lengthy: 2", "{}"]),
        ("Cont", .lines, ["Cont"]),
        (" \r\n\n\t", nil, []),
    ]

    @Test(arguments: choices.indices, chunkSizes)
    func choosesTheFramingFromTheFirstNonBlankBytes(choice index: Int, chunkSize: Int) {
        let choice = Self.choices[index]
        let outcome = Self.frame(choice.input, chunkSize: chunkSize)
        #expect(outcome.framing == choice.framing)
        #expect(outcome.frames == choice.frames.map(Self.message))
    }

    // MARK: - Content-Length framing

    @Test(arguments: chunkSizes)
    func countsTheLengthInBytesNotCharacters(chunkSize: Int) {
        let body = #"{"name":"Zürich 東京 🌦"}"#
        let outcome = Self.frame(Self.framed(body) + Self.framed("[]"), chunkSize: chunkSize)
        #expect(outcome.frames == [Self.message(body), Self.message("[]")])
    }

    @Test(arguments: chunkSizes)
    func ignoresUnknownHeadersAndAcceptsBareLineFeeds(chunkSize: Int) {
        let input = "Content-Length: 2\nX-Trace:  abc \n\n{}" + "content-length:3\r\nContent-Type: x\r\n\r\n[1]"
        let outcome = Self.frame(input, chunkSize: chunkSize)
        #expect(outcome.frames == [Self.message("{}"), Self.message("[1]")])
    }

    @Test(arguments: chunkSizes)
    func deliversBodiesThatContainNewlinesAndHeaderText(chunkSize: Int) {
        let body = "{\n\"a\":\"Content-Length: 99\\r\\n\"\n}"
        let outcome = Self.frame(Self.framed(body) + "\r\n" + Self.framed("1"), chunkSize: chunkSize)
        #expect(outcome.frames == [Self.message(body), Self.message("1")])
    }

    @Test(arguments: chunkSizes)
    func deliversAnEmptyBodyForTheServerToRefuse(chunkSize: Int) {
        let outcome = Self.frame("Content-Length: 0\r\n\r\n" + Self.framed("{}"), chunkSize: chunkSize)
        #expect(outcome.frames == [.message([]), Self.message("{}")])
    }

    @Test(arguments: chunkSizes)
    func skipsAnOversizedBodyExactlyWithoutBufferingIt(chunkSize: Int) {
        let big = String(repeating: "x", count: 5000)
        let outcome = Self.frame(Self.framed(big) + Self.framed("{}"), chunkSize: chunkSize, maxMessageBytes: 100)
        #expect(outcome.frames == [.oversized(byteCount: 5000), Self.message("{}")])
        #expect(outcome.maxBuffered <= 100 + ContentLengthFramer.maxHeaderBytes)
    }

    @Test(arguments: chunkSizes)
    func acceptsABodyOfExactlyTheLimit(chunkSize: Int) {
        let body = "[" + String(repeating: "1", count: 98) + "]"
        let outcome = Self.frame(Self.framed(body), chunkSize: chunkSize, maxMessageBytes: 100)
        #expect(outcome.frames == [Self.message(body)])
    }

    @Test(arguments: chunkSizes)
    func skipsTheBodyOfAnInvalidSectionWhoseLengthIsKnown(chunkSize: Int) {
        let input = "Content-Length: 2\r\nbroken header\r\n\r\n{}" + Self.framed("[3]")
        let outcome = Self.frame(input, chunkSize: chunkSize)
        #expect(outcome.frames == [.malformed("A header line has no colon."), Self.message("[3]")])
    }

    /// A missing or unreadable length leaves the body's extent unknown: the framer resynchronises at the next
    /// line that opens a header section.
    @Test(arguments: [
        ("Content-Type: a\r\n\r\n{}\n", "The message has no Content-Length header."),
        ("Content-Length: -2\r\n\r\n{}\n", #"Content-Length "-2" is not a number of bytes."#),
        ("Content-Length: two\r\n\r\n{}\n", #"Content-Length "two" is not a number of bytes."#),
        (
            "Content-Length: 99999999999999999999\r\n\r\n{}\n",
            #"Content-Length "99999999999999999999" is not a number of bytes."#
        ),
        ("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}\n", "The message has two different Content-Length headers."),
    ])
    func resynchronisesAfterAnUnusableLength(header: String, problem: String) {
        for chunkSize in Self.chunkSizes {
            let outcome = Self.frame(header + "junk Content-Length: 1\r\n" + Self.framed("[4]"), chunkSize: chunkSize)
            #expect(outcome.frames == [.malformed(problem), Self.message("[4]")], "chunk size \(chunkSize)")
        }
    }

    @Test(arguments: chunkSizes)
    func resynchronisesAfterHeadersThatNeverEnd(chunkSize: Int) {
        let endless = "Content-Length: 2\r\n" + String(repeating: "X-Filler: aaaaaaaaaaaaaaaaaaaa\r\n", count: 400)
        let outcome = Self.frame(endless + Self.framed("{}"), chunkSize: chunkSize)
        let tooLong = "The message's headers are longer than \(ContentLengthFramer.maxHeaderBytes) bytes."
        #expect(outcome.frames == [.malformed(tooLong), Self.message("{}")])
        #expect(outcome.maxBuffered <= ContentLengthFramer.maxHeaderBytes)
    }

    @Test(arguments: chunkSizes)
    func reportsAMessageCutShortByTheEndOfInput(chunkSize: Int) {
        let outcome = Self.frame(Self.framed("{}") + "Content-Length: 10\r\n\r\n{\"a\"", chunkSize: chunkSize)
        #expect(
            outcome.frames == [Self.message("{}"), .malformed("The input ended 4 bytes into a message of 10 bytes.")])
    }

    @Test(arguments: chunkSizes)
    func reportsHeadersCutShortByTheEndOfInput(chunkSize: Int) {
        let outcome = Self.frame(Self.framed("{}") + "\r\nContent-Length: 10\r\n", chunkSize: chunkSize)
        #expect(outcome.frames == [Self.message("{}"), .malformed("The input ended inside a message's headers.")])
    }

    @Test(arguments: chunkSizes)
    func endsQuietlyAfterBlankLinesBetweenMessages(chunkSize: Int) {
        let outcome = Self.frame(Self.framed("{}") + "\r\n\r\n", chunkSize: chunkSize)
        #expect(outcome.frames == [Self.message("{}")])
    }

    // MARK: - Writing

    @Test func framesRepliesWithTheirByteCount() {
        let body = Array(#"{"r":"é"}"#.utf8)
        #expect(Framing.contentLength.frame(body) == Array("Content-Length: 10\r\n\r\n".utf8) + body)
        #expect(Framing.lines.frame(body) == body + [0x0A])
    }
}
