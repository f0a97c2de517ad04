/// Splits a byte stream into lines: one JSON-RPC message per line, each a `.message` frame without its line ending.
///
/// Pure and chunk-agnostic, so it can be tested with input split at every possible byte. It tolerates what
/// real clients send: `\r\n` endings, blank lines, a UTF-8 byte-order mark at the start of the stream, and a
/// last line without a newline. A line longer than the limit is reported once and its bytes are dropped as
/// they arrive, so memory stays bounded by the limit whatever the client sends.
public struct LineFramer: Sendable {
    /// The longest line accepted, in bytes, not counting the line ending.
    public let maxLineBytes: Int

    private var buffer: [UInt8] = []
    /// True while dropping the rest of an oversized line.
    private var discarding = false
    /// True until the first line has been emitted, while a byte-order mark may still start the stream.
    private var atStreamStart = true

    /// How many bytes of an unfinished line are held: at most the limit plus a `\r` (and a BOM on the first line).
    var bufferedByteCount: Int { buffer.count }

    public init(maxLineBytes: Int) {
        precondition(maxLineBytes > 0)
        self.maxLineBytes = maxLineBytes
    }

    /// Consumes a chunk of input and returns the frames it completes.
    public mutating func push(_ chunk: some Collection<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        var rest = chunk[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: 0x0A)
            let piece = rest[..<(newline ?? rest.endIndex)]
            if discarding {
                // Still inside an oversized line: drop, and resume at its end.
            } else if buffer.count + piece.count > maxLineBytes + uncountedBytes {
                // Room is left for what the limit does not count; `emit` checks the exact length.
                frames.append(.oversized(byteCount: buffer.count + piece.count))
                buffer.removeAll()
                discarding = true
                atStreamStart = false
            } else {
                buffer.append(contentsOf: piece)
            }
            guard let newline else { break }
            if discarding {
                discarding = false
            } else {
                emit(into: &frames)
            }
            rest = rest[rest.index(after: newline)...]
        }
        return frames
    }

    /// Ends the stream, returning the last line if it had no newline.
    public mutating func finish() -> [Frame] {
        var frames: [Frame] = []
        if !discarding { emit(into: &frames) }
        discarding = false
        return frames
    }

    /// Bytes a line may carry beyond the limit: its `\r`, and the byte-order mark while one may start the stream.
    private var uncountedBytes: Int { atStreamStart ? 4 : 1 }

    private mutating func emit(into frames: inout [Frame]) {
        defer { buffer.removeAll(keepingCapacity: buffer.count <= 64 * 1024) }
        var line = buffer[...]
        if atStreamStart {
            atStreamStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        if line.count > maxLineBytes {
            frames.append(.oversized(byteCount: line.count))
        } else {
            frames.append(.message(Array(line)))
        }
    }
}
