import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file descriptor on a dedicated thread and delivers its frames as an `AsyncStream`.
///
/// A blocking `read(2)` inside a task would stall one of the cooperative pool's few threads (two on a 2-core
/// machine), so reading gets its own thread. Backpressure uses credits, one per call that may run: each frame
/// handed out takes one, each batch member past the first takes another (`acquireCredit`), and each is given
/// back when its call has been answered. Frames and batch members waiting for a credit are served in arrival
/// order. With no credits left the thread reads only a small, bounded lookahead and then stops, so a client
/// that floods the server waits in its own pipe instead of growing the server's memory. The lookahead exists
/// for `$/cancelRequest`: a cancellation is delivered at once, without a credit, even when every slot is held
/// by the slow calls it may be meant for.
// @unchecked: its state is guarded by `condition` (a condition variable: the reader thread sleeps on it while the
// lookahead is full, which a `Mutex` cannot do); `framer` is touched by the reader thread only.
final class InputReader: @unchecked Sendable {
    /// A frame, and whether it holds a credit the server must give back when done.
    struct Delivery: Sendable {
        let frame: Frame
        /// The connection's framing, for the reply.
        let framing: Framing
        let holdsCredit: Bool
        /// Read before a shutdown but never started: its requests are to be answered without running them.
        var refused = false
    }

    /// How far past the in-flight limit the reader looks for cancellations: at most this many frames…
    static let lookaheadFrames = 64
    /// …and, past the first frame, at most this many bytes.
    static let lookaheadBytes = 1 << 20
    /// Only messages this short are examined as possible cancellations; a real one is far shorter.
    static let maxCancellationBytes = 512

    /// Something waiting for a credit.
    private enum Claim {
        case frame(Frame, Framing)
        case member(id: Int, CheckedContinuation<Bool, Never>)
    }

    private let fileDescriptor: Int32
    private let logger: Logger
    private let threadName: String
    private let condition = Condition()
    /// Guarded by `condition`.
    private var credits: Int
    /// No more frames are delivered. Guarded by `condition`.
    private var stopped = false
    /// No more credits are handed out: the server is shutting down. Guarded by `condition`.
    private var refusing = false
    /// Frames and batch members waiting for credits, in arrival order. Guarded by `condition`.
    private var claims: [Claim] = []
    /// How many of `claims` are frames, and their bytes: the lookahead. Guarded by `condition`.
    private var waitingFrames = 0
    private var waitingBytes = 0
    /// Guarded by `condition`.
    private var nextClaimID = 0
    /// Only touched by the reader thread.
    private var framer: MessageFramer
    private let stream: AsyncStream<Delivery>
    private let continuation: AsyncStream<Delivery>.Continuation

    init(fileDescriptor: Int32, maxMessageBytes: Int, credits: Int, logger: Logger, threadName: String) {
        self.fileDescriptor = fileDescriptor
        self.framer = MessageFramer(maxMessageBytes: maxMessageBytes)
        self.credits = credits
        self.logger = logger
        self.threadName = threadName
        (stream, continuation) = AsyncStream.makeStream(of: Delivery.self)
    }

    /// Starts the reader thread and returns its frames; the stream ends at end of input or on `stop()`.
    func frames() -> AsyncStream<Delivery> {
        startThread(named: threadName) { [self] in readUntilEnd() }
        return stream
    }

    /// Takes a credit for one more batch member, waiting behind earlier claims. False when the server is shutting
    /// down or the waiting task is cancelled: the member is then answered without running.
    func acquireCredit() async -> Bool {
        let id: Int? = condition.withLock {
            if refusing { return nil }
            nextClaimID += 1
            return nextClaimID
        }
        guard let id else { return false }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let granted: Bool? = condition.withLock {
                    if refusing || Task.isCancelled { return false }
                    if credits > 0, claims.isEmpty {
                        credits -= 1
                        return true
                    }
                    claims.append(.member(id: id, continuation))
                    return nil
                }
                if let granted { continuation.resume(returning: granted) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Bool, Never>? = condition.withLock {
                guard
                    let index = claims.firstIndex(where: {
                        if case .member(id, _) = $0 { true } else { false }
                    }), case .member(_, let waiter) = claims.remove(at: index)
                else { return nil }
                return waiter
            }
            waiter?.resume(returning: false)
        }
    }

    /// Gives back the credit of a call that has been answered; the oldest claim takes it over.
    func releaseCredit() {
        let member: CheckedContinuation<Bool, Never>? = condition.withLock {
            guard !claims.isEmpty, !refusing else {
                credits += 1
                return nil
            }
            switch claims.removeFirst() {
            case .frame(let frame, let framing):
                waitingFrames -= 1
                waitingBytes -= frame.byteCount
                continuation.yield(Delivery(frame: frame, framing: framing, holdsCredit: true))
                condition.signal()
                return nil
            case .member(_, let waiter):
                return waiter
            }
        }
        member?.resume(returning: true)
    }

    /// Stops delivering frames at once, dropping those waiting; the stream ends after the frames already delivered.
    /// For a client that has gone away.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
        continuation.finish()
    }

    /// Stops reading for a shutdown: frames already read are delivered as refused, batch members still waiting
    /// for a credit are refused, and the stream ends.
    func shutDown() {
        let members: [CheckedContinuation<Bool, Never>] = condition.withLock {
            stopped = true
            refusing = true
            condition.broadcast()
            var members: [CheckedContinuation<Bool, Never>] = []
            for claim in claims {
                switch claim {
                case .frame(let frame, let framing):
                    continuation.yield(Delivery(frame: frame, framing: framing, holdsCredit: false, refused: true))
                case .member(_, let waiter):
                    members.append(waiter)
                }
            }
            claims.removeAll()
            waitingFrames = 0
            waitingBytes = 0
            return members
        }
        continuation.finish()
        for member in members { member.resume(returning: false) }
    }

    private func readUntilEnd() {
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, chunkSize) }
            let frames: [Frame]
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
            guard deliver(frames, framing: framer.framing ?? .lines) else { break }
            if count == 0 { break }
        }
        // End of input: frames still waiting for credits are delivered as calls finish.
        condition.withLock {
            while waitingFrames > 0, !stopped { condition.wait() }
        }
        continuation.finish()
    }

    /// Delivers each frame now if a credit is free (or it is a cancellation), else queues it, waiting while the
    /// lookahead is full. The frames of one read are handled under one lock, so a shutdown sees all of them or
    /// none (unless the lookahead fills up in between). False once stopped.
    private func deliver(_ frames: [Frame], framing: Framing) -> Bool {
        let cancellations = frames.map(\.isCancellation)
        return condition.withLock {
            for (frame, isCancellation) in zip(frames, cancellations) {
                guard !stopped else { return false }
                if isCancellation {
                    continuation.yield(Delivery(frame: frame, framing: framing, holdsCredit: false))
                } else if credits > 0, claims.isEmpty {
                    credits -= 1
                    continuation.yield(Delivery(frame: frame, framing: framing, holdsCredit: true))
                } else {
                    claims.append(.frame(frame, framing))
                    waitingFrames += 1
                    waitingBytes += frame.byteCount
                    while waitingFrames >= Self.lookaheadFrames || waitingBytes >= Self.lookaheadBytes, !stopped {
                        condition.wait()
                    }
                }
            }
            return !stopped
        }
    }
}

extension Frame {
    fileprivate var byteCount: Int {
        switch self {
        case .message(let bytes): bytes.count
        case .oversized, .malformed: 0
        }
    }

    /// Whether this is a `$/cancelRequest` or a `notifications/cancelled`, read from its envelope: only the
    /// method decides, never text inside params. Most messages never mention either method, so only those that
    /// do are parsed.
    fileprivate var isCancellation: Bool {
        guard case .message(let bytes) = self, bytes.count <= InputReader.maxCancellationBytes,
            Self.cancelMethods.contains(where: { bytes.contains(bytes: $0) }),
            let text = try? JSONText(validating: bytes, maxDepth: 8), text.root.kind == .object
        else {
            return false
        }
        let envelope = Envelope(text.root, in: text)
        return envelope.problem == nil
            && (envelope.method == Server.cancelMethod || envelope.method == Server.silentCancelMethod)
    }

    private static let cancelMethods = [Server.cancelMethod, Server.silentCancelMethod].map { Array($0.utf8) }
}

extension [UInt8] {
    /// Whether `needle` occurs in these bytes: a plain scan, cheaper than Foundation's generic `firstRange(of:)`
    /// on every message read.
    fileprivate func contains(bytes needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= count else { return needle.isEmpty }
        return withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                var start = 0
                let last = haystack.count - needle.count
                while start <= last {
                    if haystack[start] == first,
                        UnsafeBufferPointer(rebasing: haystack[start..<start + needle.count])
                            .elementsEqual(needle)
                    {
                        return true
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
