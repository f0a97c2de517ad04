/// How messages are delimited on one connection; the first bytes the client sends decide it.
public enum Framing: Sendable, Equatable {
    /// One JSON value per line; replies end with LF.
    case lines
    /// The base protocol of LSP: `Content-Length: N` and other headers, a blank line, then exactly N bytes.
    case contentLength

    /// `message` framed for the wire: a newline after it, or a `Content-Length` header before it.
    public func frame(_ message: [UInt8]) -> [UInt8] {
        switch self {
        case .lines:
            var framed = message
            framed.append(0x0A)
            return framed
        case .contentLength:
            var framed = Array("Content-Length: \(message.count)\r\n\r\n".utf8)
            framed += message
            return framed
        }
    }
}

/// What a framer produces from the input stream.
public enum Frame: Equatable, Sendable {
    /// One message's bytes, without its framing.
    case message([UInt8])
    /// A message over the size limit was skipped; `byteCount` is at least the limit, not always its real length.
    case oversized(byteCount: Int)
    /// Bytes that could not be framed as a message (a bad header, or input ending inside a message) were
    /// skipped; the text says why.
    case malformed(String)
}
