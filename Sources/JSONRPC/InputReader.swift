import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor on a dedicated thread and delivers its frames as an `AsyncStream`.
///
/// A blocking `read(2)` inside a task would stall one of the cooperative pool's few threads (two on a 2-core
/// machine), so reading gets its own thread. Backpressure uses credits: each frame handed out takes one, and
/// the server gives it back when that frame has been answered. With no credits left the thread stops reading,
/// so a client that floods the server waits in its own pipe instead of growing the server's memory.
final class InputReader: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let logger: Logger
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var credits: Int
    /// Guarded by `condition`.
    private var stopped = false
    /// Only touched by the reader thread.
    private var framer: LineFramer
    private let stream: AsyncStream<LineFramer.Frame>
    private let continuation: AsyncStream<LineFramer.Frame>.Continuation

    init(fileDescriptor: Int32, maxLineBytes: Int, credits: Int, logger: Logger) {
        self.fileDescriptor = fileDescriptor
        self.framer = LineFramer(maxLineBytes: maxLineBytes)
        self.credits = credits
        self.logger = logger
        (stream, continuation) = AsyncStream.makeStream(of: LineFramer.Frame.self)
    }

    /// Starts the reader thread and returns its frames; the stream ends at end of input or on `stop()`.
    func frames() -> AsyncStream<LineFramer.Frame> {
        let thread = Thread { [self] in readUntilEnd() }
        thread.name = "breeze-rpc stdin"
        thread.start()
        return stream
    }

    /// Gives back the credit of a frame that has been answered.
    func releaseCredit() {
        condition.lock()
        credits += 1
        condition.signal()
        condition.unlock()
    }

    /// Stops delivering frames; the stream ends after the frames already delivered.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        continuation.finish()
    }

    private func readUntilEnd() {
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, chunkSize) }
            let frames: [LineFramer.Frame]
            if count > 0 {
                frames = framer.push(chunk[0..<count])
            } else if count == 0 {
                frames = framer.finish()
            } else if errno == EINTR {
                continue
            } else {
                logger.error("reading input failed: \(String(cString: strerror(errno)))")
                break
            }
            for frame in frames {
                guard takeCredit() else { break reading }
                continuation.yield(frame)
            }
            if count == 0 { break }
        }
        continuation.finish()
    }

    /// Waits for a credit; false when stopped.
    private func takeCredit() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while credits == 0, !stopped { condition.wait() }
        guard !stopped else { return false }
        credits -= 1
        return true
    }
}
