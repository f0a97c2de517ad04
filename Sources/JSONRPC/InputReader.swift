import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor on a dedicated thread and delivers its frames as an `AsyncStream`.
///
/// A blocking `read(2)` inside a task would stall one of the cooperative pool's few threads (two on a 2-core
/// machine), so reading gets its own thread. Backpressure uses credits: each frame handed out takes one, and
/// the server gives it back when that frame has been answered. With no credits left the thread reads only a
/// small, bounded lookahead and then stops, so a client that floods the server waits in its own pipe instead of
/// growing the server's memory. The lookahead exists for `$/cancelRequest`: a cancellation is delivered at once,
/// without a credit, even when every slot is held by the slow calls it may be meant for.
final class InputReader: @unchecked Sendable {
    /// A frame, and whether it holds a credit the server must give back when done.
    struct Delivery: Sendable {
        let frame: LineFramer.Frame
        let holdsCredit: Bool
    }

    /// How far past the in-flight limit the reader looks for cancellations: at most this many lines…
    static let lookaheadLines = 64
    /// …and, past the first line, at most this many bytes.
    static let lookaheadBytes = 1 << 20

    private let fileDescriptor: Int32
    private let logger: Logger
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var credits: Int
    /// Guarded by `condition`.
    private var stopped = false
    /// Lines read past the limit, waiting for credits in arrival order. Guarded by `condition`.
    private var waiting: [LineFramer.Frame] = []
    /// Guarded by `condition`.
    private var waitingBytes = 0
    /// Only touched by the reader thread.
    private var framer: LineFramer
    private let stream: AsyncStream<Delivery>
    private let continuation: AsyncStream<Delivery>.Continuation

    init(fileDescriptor: Int32, maxLineBytes: Int, credits: Int, logger: Logger) {
        self.fileDescriptor = fileDescriptor
        self.framer = LineFramer(maxLineBytes: maxLineBytes)
        self.credits = credits
        self.logger = logger
        (stream, continuation) = AsyncStream.makeStream(of: Delivery.self)
    }

    /// Starts the reader thread and returns its frames; the stream ends at end of input or on `stop()`.
    func frames() -> AsyncStream<Delivery> {
        let thread = Thread { [self] in readUntilEnd() }
        thread.name = "breeze-rpc stdin"
        thread.start()
        return stream
    }

    /// Gives back the credit of a frame that has been answered; the oldest waiting line takes it over.
    func releaseCredit() {
        condition.lock()
        defer { condition.unlock() }
        guard !waiting.isEmpty else {
            credits += 1
            return
        }
        let frame = waiting.removeFirst()
        waitingBytes -= frame.byteCount
        continuation.yield(Delivery(frame: frame, holdsCredit: true))
        condition.signal()
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
                guard deliver(frame) else { break reading }
            }
            if count == 0 { break }
        }
        // End of input: lines still waiting for credits are delivered as calls finish.
        condition.lock()
        while !waiting.isEmpty, !stopped { condition.wait() }
        condition.unlock()
        continuation.finish()
    }

    /// Delivers `frame` now if a credit is free (or it is a cancellation), else queues it, waiting while the
    /// lookahead is full. False once stopped.
    private func deliver(_ frame: LineFramer.Frame) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return false }
        if frame.isCancellation {
            continuation.yield(Delivery(frame: frame, holdsCredit: false))
        } else if credits > 0, waiting.isEmpty {
            credits -= 1
            continuation.yield(Delivery(frame: frame, holdsCredit: true))
        } else {
            waiting.append(frame)
            waitingBytes += frame.byteCount
            while waiting.count >= Self.lookaheadLines || waitingBytes >= Self.lookaheadBytes, !stopped {
                condition.wait()
            }
        }
        return !stopped
    }
}

extension LineFramer.Frame {
    fileprivate var byteCount: Int {
        switch self {
        case .line(let bytes): bytes.count
        case .oversized: 0
        }
    }

    /// Whether this line looks like a `$/cancelRequest` or a `notifications/cancelled`. A cheap byte search, not a
    /// parse: a false positive only lets one ordinary line skip the queue, and an escaped spelling merely waits
    /// its turn.
    fileprivate var isCancellation: Bool {
        guard case .line(let bytes) = self, bytes.count <= 512 else { return false }
        return Self.cancelMethods.contains { bytes.firstRange(of: $0) != nil }
    }

    private static let cancelMethods = [Server.cancelMethod, Server.silentCancelMethod].map { Array($0.utf8) }
}
