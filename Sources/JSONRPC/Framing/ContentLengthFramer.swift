/// Splits a byte stream framed with the base protocol of LSP: headers, a blank line, then a body of exactly
/// `Content-Length` bytes.
///
/// Pure and chunk-agnostic, like `LineFramer`. `Content-Length` is required and counts bytes; every other
/// header (`Content-Type` included) is accepted and ignored. A header section that cannot be used is reported
/// once: with a usable length its body is skipped exactly; without one the framer resynchronises at the next
/// line that starts a header section (`Content-Length:` or `Content-Type:`). A body over the limit is reported
/// and skipped as it arrives, so memory stays bounded by the limit plus one header section.
struct ContentLengthFramer: Sendable {
    /// The largest body accepted, in bytes.
    let maxMessageBytes: Int
    /// The largest header section accepted, in bytes: real clients send one or two short headers.
    static let maxHeaderBytes = 8 * 1024

    /// Lower-case header names that may open a header section, each with its colon.
    static let sectionOpeners = [Array("content-length:".utf8), Array("content-type:".utf8)]

    private enum Phase {
        /// Reading header lines; blank lines before the first header are skipped.
        case headers
        /// Reading `remaining` more bytes of a body into `buffer`.
        case body
        /// Dropping `remaining` more bytes of a body that was already reported.
        case skipping
        /// Dropping lines until one starts a header section; `buffer` holds the start of the current line.
        case resynchronising
    }

    private var phase = Phase.headers
    /// The header line or body being read, or the start of a line while resynchronising.
    private var buffer: [UInt8] = []
    private var remaining = 0
    // The header section being read.
    private var headerBytes = 0
    private var sawHeader = false
    private var contentLength: Int?
    private var headerProblem: String?

    /// How many bytes are held: at most one header section, or one body up to the limit.
    var bufferedByteCount: Int { buffer.count }

    init(maxMessageBytes: Int) {
        precondition(maxMessageBytes > 0)
        self.maxMessageBytes = maxMessageBytes
    }

    /// Consumes a chunk of input and returns the frames it completes.
    mutating func push(_ chunk: some Collection<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        var rest = ArraySlice(chunk)
        while !rest.isEmpty {
            switch phase {
            case .headers:
                rest = readHeaders(rest, into: &frames)
            case .body:
                let piece = rest.prefix(remaining)
                buffer.append(contentsOf: piece)
                remaining -= piece.count
                rest = rest.dropFirst(piece.count)
                if remaining == 0 { emitBody(into: &frames) }
            case .skipping:
                let count = min(remaining, rest.count)
                remaining -= count
                rest = rest.dropFirst(count)
                if remaining == 0 { startHeaderSection() }
            case .resynchronising:
                rest = resynchronise(rest)
            }
        }
        return frames
    }

    /// Ends the stream; a message cut short by the end of input is reported.
    mutating func finish() -> [Frame] {
        var frames: [Frame] = []
        switch phase {
        case .headers where sawHeader || buffer.contains(where: { !Self.isBlank($0) }):
            frames.append(.malformed("The input ended inside a message's headers."))
        case .body:
            frames.append(
                .malformed(
                    "The input ended \(buffer.count) bytes into a message of \(buffer.count + remaining) bytes."))
        default:
            break
        }
        phase = .headers
        startHeaderSection()
        return frames
    }

    // MARK: - Headers

    /// Reads header lines from `rest`; returns what is left once the section ends or the chunk runs out.
    private mutating func readHeaders(_ rest: ArraySlice<UInt8>, into frames: inout [Frame]) -> ArraySlice<UInt8> {
        var rest = rest
        while !rest.isEmpty, phase == .headers {
            let newline = rest.firstIndex(of: 0x0A)
            let piece = rest[..<(newline ?? rest.endIndex)]
            if headerBytes + buffer.count + piece.count > Self.maxHeaderBytes {
                frames.append(.malformed("The message's headers are longer than \(Self.maxHeaderBytes) bytes."))
                beginResynchronising()
                buffer = Self.restOfLineDropped  // this over-long line cannot open a section
                return rest
            }
            buffer.append(contentsOf: piece)
            guard let newline else { return rest[rest.endIndex...] }
            rest = rest[rest.index(after: newline)...]
            headerLineEnded(into: &frames)
        }
        return rest
    }

    /// Handles the header line in `buffer`.
    private mutating func headerLineEnded(into frames: inout [Frame]) {
        var line = ArraySlice(buffer)
        buffer.removeAll(keepingCapacity: true)
        headerBytes += line.count + 1
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { !Self.isBlank($0) }) else {
            if sawHeader {
                endHeaderSection(into: &frames)
            } else {
                headerBytes = 0  // blank lines between messages
            }
            return
        }
        sawHeader = true
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            headerProblem = headerProblem ?? "A header line has no colon."
            return
        }
        // Content-Type and unknown headers are ignored.
        guard Self.lowercased(Self.trimmingBlanks(line[..<colon])) == Self.contentLengthName else { return }
        let value = Self.trimmingBlanks(line[line.index(after: colon)...])
        guard !value.isEmpty, value.count <= 18, value.allSatisfy({ (0x30...0x39).contains($0) }),
            let length = Int(String(decoding: value, as: UTF8.self))
        else {
            let shown = String(decoding: value.prefix(40), as: UTF8.self)
            headerProblem = headerProblem ?? "Content-Length \"\(shown)\" is not a number of bytes."
            return
        }
        if let contentLength, contentLength != length {
            headerProblem = headerProblem ?? "The message has two different Content-Length headers."
        }
        contentLength = length
    }

    private mutating func endHeaderSection(into frames: inout [Frame]) {
        switch (contentLength, headerProblem) {
        case (nil, let problem):
            frames.append(.malformed(problem ?? "The message has no Content-Length header."))
            beginResynchronising()
        case (let length?, let problem?):
            frames.append(.malformed(problem))
            skip(length)
        case (let length?, nil) where length > maxMessageBytes:
            frames.append(.oversized(byteCount: length))
            skip(length)
        case (let length?, nil):
            phase = .body
            remaining = length
            buffer.reserveCapacity(length)
            if length == 0 { emitBody(into: &frames) }
        }
    }

    private mutating func emitBody(into frames: inout [Frame]) {
        frames.append(.message(buffer))
        buffer = []
        startHeaderSection()
    }

    private mutating func skip(_ length: Int) {
        if length == 0 {
            startHeaderSection()
        } else {
            phase = .skipping
            remaining = length
        }
    }

    private mutating func startHeaderSection() {
        phase = .headers
        remaining = 0
        headerBytes = 0
        sawHeader = false
        contentLength = nil
        headerProblem = nil
    }

    // MARK: - Resynchronising

    private mutating func beginResynchronising() {
        startHeaderSection()
        phase = .resynchronising
        buffer.removeAll()
    }

    /// Drops input up to a line that opens a header section, which then starts being read as one.
    private mutating func resynchronise(_ rest: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = rest
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == 0x0A {
                buffer.removeAll()
                continue
            }
            // `buffer` holds the start of the line while it may still open a section; once it cannot,
            // `restOfLineDropped` fills it so the rest of the line is dropped without being kept.
            guard buffer.count < Self.maxOpenerBytes else { continue }
            buffer.append(byte)
            switch Self.opens(buffer) {
            case .yes:
                phase = .headers
                return rest
            case .maybe:
                continue
            case .no:
                buffer = Self.restOfLineDropped
            }
        }
        return rest
    }

    private static let maxOpenerBytes = sectionOpeners.map(\.count).max() ?? 0
    private static let restOfLineDropped = [UInt8](repeating: 0, count: maxOpenerBytes)
    private static let contentLengthName = Array("content-length".utf8)

    enum Opening { case yes, maybe, no }

    /// Whether `bytes` (the start of a line) open a header section, may still do so, or cannot.
    static func opens(_ bytes: some Collection<UInt8>) -> Opening {
        let lowered = lowercased(bytes)
        for opener in sectionOpeners {
            if lowered.starts(with: opener) { return .yes }
            if opener.starts(with: lowered) { return .maybe }
        }
        return .no
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// ASCII letters lowered; header names are case-insensitive.
    private static func lowercased(_ bytes: some Collection<UInt8>) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    private static func trimmingBlanks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return bytes
    }
}
