#if canImport(Glibc)
import Glibc
#endif

/// Where replies go: one whole, framed message per call.
public protocol MessageSink: Sendable {
    /// Writes `message` framed as `framing` says, without interleaving with other writers.
    /// Returns false once the reader has gone away; every later call returns false too.
    @discardableResult
    func write(_ message: [UInt8], framing: Framing) -> Bool
}

/// Writes messages to a file descriptor: one owner, whole messages, partial writes and EINTR handled.
///
/// Concurrent writes longer than PIPE_BUF interleave on a pipe, so all writers share this one lock. SIGPIPE is
/// ignored for the whole process before the first write, so a reader that has gone away shows up as EPIPE: the
/// sink then closes for good.
public final class FileDescriptorSink: MessageSink {
    private let fileDescriptor: Int32
    private let isOpen = Locked(true)

    public init(fileDescriptor: Int32) {
        brokenPipesIgnored
        self.fileDescriptor = fileDescriptor
        widenPipe(fileDescriptor)
    }

    /// Writes `line` followed by a newline.
    @discardableResult
    public func write(line: [UInt8]) -> Bool {
        write(line, framing: .lines)
    }

    @discardableResult
    public func write(_ message: [UInt8], framing: Framing) -> Bool {
        let bytes = framing.frame(message)
        return isOpen.withLock { isOpen in
            guard isOpen else { return false }
            isOpen = writeFully(fileDescriptor, bytes)
            return isOpen
        }
    }
}

/// Evaluated by every writer before its first write: a write to a pipe whose reader is gone must fail with EPIPE,
/// not kill the process. SIGPIPE is ignored once, for the whole process.
let brokenPipesIgnored: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()

/// Asks for a pipe buffer of `pipeBufferBytes` when `fileDescriptor` is a pipe (Linux; elsewhere, or when the
/// system refuses, the buffer stays as it was).
///
/// The default 64 KiB holds a handful of large replies (a forecast is ~10 KiB): past that every write waits for
/// the client to read, a context switch on each side every few replies, and the writer holds the one output lock
/// meanwhile, so every other reply waits too. A wider pipe lets the client read in bulk.
func widenPipe(_ fileDescriptor: Int32) {
    #if os(Linux)
    var status = stat()
    guard fstat(fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
    // F_SETPIPE_SZ, which Glibc's Swift overlay does not import; 1 MiB is the default limit for unprivileged users.
    _ = fcntl(fileDescriptor, 1031, pipeBufferBytes)
    #endif
}

let pipeBufferBytes: Int32 = 1 << 20

/// Writes all of `bytes`, retrying partial writes and EINTR; false on any other error.
func writeFully(_ fileDescriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { buffer in
            Glibc.write(fileDescriptor, buffer.baseAddress! + written, buffer.count - written)
        }
        if result >= 0 {
            written += result
        } else if errno != EINTR {
            return false
        }
    }
    return true
}
