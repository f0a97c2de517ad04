#if canImport(Glibc)
import Glibc
#endif

/// Where replies go: one whole message per call.
public protocol LineSink: Sendable {
    /// Writes `line` followed by a newline, without interleaving with other writers.
    /// Returns false once the reader has gone away; every later call returns false too.
    @discardableResult
    func write(line: [UInt8]) -> Bool
}

/// Writes lines to a file descriptor: one owner, whole lines, partial writes and EINTR handled.
///
/// Concurrent writes of lines longer than PIPE_BUF interleave on a pipe, so all writers share this one lock.
/// A write that fails with EPIPE (SIGPIPE is ignored) means the reader is gone: the sink closes for good.
public final class FileDescriptorSink: LineSink {
    private let fileDescriptor: Int32
    private let isOpen = Locked(true)

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    @discardableResult
    public func write(line: [UInt8]) -> Bool {
        var message = line
        message.append(0x0A)
        return isOpen.withLock { isOpen in
            guard isOpen else { return false }
            var written = 0
            while written < message.count {
                let result = message.withUnsafeBytes { buffer in
                    Glibc.write(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
                }
                if result >= 0 {
                    written += result
                } else if errno != EINTR {
                    isOpen = false
                    return false
                }
            }
            return true
        }
    }
}
