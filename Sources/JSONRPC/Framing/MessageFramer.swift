/// Splits a connection's input into messages, in the framing its first bytes choose.
///
/// Pure and chunk-agnostic, like the framers it wraps. Blank bytes (and a UTF-8 byte-order mark) before the
/// first message are skipped; then a line that opens a header section (`Content-Length:` or `Content-Type:`,
/// any case) selects `.contentLength` for the whole connection, and anything else — a JSON value, or bytes
/// that are not JSON at all, which line mode answers with a parse error — selects `.lines`.
public struct MessageFramer: Sendable {
    /// The largest message accepted, in bytes, not counting its framing.
    public let maxMessageBytes: Int
    /// The connection's framing, once its first non-blank bytes have been seen.
    public private(set) var framing: Framing?

    /// Non-blank bytes seen while the framing is undecided: at most a header name and a byte-order mark.
    private var undecided: [UInt8] = []
    private var lines: LineFramer?
    private var contentLength: ContentLengthFramer?

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many bytes are held between calls.
    var bufferedByteCount: Int {
        undecided.count + (lines?.bufferedByteCount ?? 0) + (contentLength?.bufferedByteCount ?? 0)
    }

    public init(maxMessageBytes: Int) {
        precondition(maxMessageBytes > 0)
        self.maxMessageBytes = maxMessageBytes
    }

    /// Consumes a chunk of input and returns the frames it completes.
    public mutating func push(_ chunk: some Collection<UInt8>) -> [Frame] {
        if lines != nil { return lines!.push(chunk) }
        if contentLength != nil { return contentLength!.push(chunk) }
        var rest = chunk[...]
        while framing == nil, let byte = rest.first {
            rest = rest.dropFirst()
            if undecided.isEmpty, byte == 0x0A || ContentLengthFramer.isBlank(byte) { continue }
            undecided.append(byte)
            decide()
        }
        guard framing != nil else { return [] }
        let start = undecided
        undecided = []
        return push(start) + push(rest)
    }

    /// Ends the stream, returning what the end of input completes or cuts short.
    public mutating func finish() -> [Frame] {
        if framing == nil, !undecided.isEmpty {
            // Too short to open a header section: line mode, whose parse error tells the client what is wrong.
            framing = .lines
            lines = LineFramer(maxLineBytes: maxMessageBytes)
            let start = undecided
            undecided = []
            return lines!.push(start) + lines!.finish()
        }
        return lines?.finish() ?? contentLength?.finish() ?? []
    }

    /// Chooses the framing once `undecided` is long enough to tell.
    private mutating func decide() {
        var start = undecided[...]
        if Self.byteOrderMark.starts(with: start) { return }  // a byte-order mark, maybe cut short
        if start.starts(with: Self.byteOrderMark) { start = start.dropFirst(Self.byteOrderMark.count) }
        guard !start.isEmpty else { return }
        switch ContentLengthFramer.opens(start) {
        case .maybe:
            return
        case .yes:
            framing = .contentLength
            contentLength = ContentLengthFramer(maxMessageBytes: maxMessageBytes)
        case .no:
            framing = .lines
            lines = LineFramer(maxLineBytes: maxMessageBytes)
        }
        undecided = Array(start)
    }
}
