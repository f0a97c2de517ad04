import FoundationEssentials

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

/// Writes messages to a file descriptor: one writer at a time, whole messages, partial writes and EINTR handled.
///
/// Concurrent writes longer than PIPE_BUF interleave on a pipe, so one caller at a time writes. A caller who finds
/// another writing does not wait for it: it leaves its message in a queue, which the writing caller empties (in
/// one write) before it returns, so replies finishing together cost one system call and no thread sleeps on a
/// lock meanwhile. Only when `maxQueuedBytes` are already queued (the reader is slow, or gone quiet) does a caller
/// wait for room: memory stays bounded, and a client that stops reading stops the server's writers as it did.
/// SIGPIPE is ignored for the whole process before the first write, so a reader that has gone away shows up as
/// EPIPE: the sink then closes for good, and whatever was queued is dropped.
// @unchecked: its state is guarded by `condition` (a condition variable: a writer sleeps on it while the output is
// full, which a `Mutex` cannot do).
public final class FileDescriptorSink: MessageSink, @unchecked Sendable {
    /// The most bytes queued behind a write in progress before callers wait for room.
    static let maxQueuedBytes = 1 << 20
    /// Output past which the pipe is widened (`widenPipe`): a stream of large replies, not a short session.
    static let heavyOutputBytes = 4 << 20

    private let fileDescriptor: Int32
    private let condition = Condition()
    // Guarded by `condition`.
    private var isOpen = true
    private var writing = false
    private var queued: [UInt8] = []
    /// Bytes written so far, until the output counts as heavy. Touched only by the caller in the writer's role
    /// (`writing`), which passes from caller to caller under `condition`.
    private var bytesWritten = 0

    public init(fileDescriptor: Int32) {
        brokenPipesIgnored
        self.fileDescriptor = fileDescriptor
    }

    /// Writes `line` followed by a newline.
    @discardableResult
    public func write(line: [UInt8]) -> Bool {
        write(line, framing: .lines)
    }

    /// Writes `message`, or queues it behind the write in progress, which then writes it too. True unless the
    /// reader is known to be gone (a queued message whose write then fails is reported by the next call).
    @discardableResult
    public func write(_ message: [UInt8], framing: Framing) -> Bool {
        var bytes = framing.frame(message)
        condition.lock()
        while isOpen, writing, !queued.isEmpty, queued.count + bytes.count > Self.maxQueuedBytes {
            condition.wait()
        }
        guard isOpen else {
            condition.unlock()
            return false
        }
        if writing {
            queued += bytes
            condition.unlock()
            return true
        }
        writing = true
        condition.unlock()
        while true {
            if bytesWritten < Self.heavyOutputBytes {
                bytesWritten += bytes.count
                if bytesWritten >= Self.heavyOutputBytes { widenPipe(fileDescriptor) }
            }
            let written = writeFully(fileDescriptor, bytes)
            condition.lock()
            if !written {
                isOpen = false
                queued = []
            }
            guard isOpen, !queued.isEmpty else {
                writing = false
                condition.broadcast()
                condition.unlock()
                return written
            }
            swap(&bytes, &queued)
            queued.removeAll(keepingCapacity: true)
            condition.broadcast()  // room in the queue again
            condition.unlock()
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
/// The default 64 KiB holds only a few large replies (results of ten KiB and more): past that each write waits
/// for the client to read, and client and server wake each other every few replies. A wider pipe lets the
/// client read, and the server write, in bulk. Asked for once the output is heavy, so that a short or light
/// session leaves the kernel's default alone.
func widenPipe(_ fileDescriptor: Int32) {
    #if os(Linux)
    var status = stat()
    guard fstat(fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
    // F_SETPIPE_SZ, which Glibc's Swift overlay does not import. Unprivileged processes may ask for up to
    // /proc/sys/fs/pipe-max-size (1 MiB by default).
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
