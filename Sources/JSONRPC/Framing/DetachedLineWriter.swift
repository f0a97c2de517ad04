import FoundationEssentials

/// Writes lines to a file descriptor from a thread of its own, so that whoever logs never waits for the reader.
///
/// Lines wait in a bounded buffer; when it is full (the reader of the descriptor is stuck, or slower than the
/// writers) new lines are dropped and counted, never waited for, and a notice with the count is written as soon
/// as the descriptor takes bytes again. The thread starts with the first line.
// @unchecked: its state is guarded by `condition` (a condition variable: its writer thread sleeps on it, which a
// `Mutex` cannot do).
final class DetachedLineWriter: @unchecked Sendable {
    private let fileDescriptor: Int32
    private let capacityBytes: Int
    private let threadName: String
    private let dropNotice: @Sendable (Int) -> String
    private let condition = Condition()
    // Guarded by `condition`.
    private var queue: [[UInt8]] = []
    private var queuedBytes = 0
    private var dropped = 0
    private var writing = false
    private var started = false

    /// - Parameter dropNotice: the line that reports how many lines were dropped.
    init(
        fileDescriptor: Int32, capacityBytes: Int, threadName: String, dropNotice: @escaping @Sendable (Int) -> String
    ) {
        brokenPipesIgnored
        self.fileDescriptor = fileDescriptor
        self.capacityBytes = capacityBytes
        self.threadName = threadName
        self.dropNotice = dropNotice
    }

    /// Queues `line` (a newline is added), or drops it when the buffer is full. Never blocks on the descriptor.
    func write(line: [UInt8]) {
        condition.withLock {
            guard queuedBytes + line.count < capacityBytes else {
                dropped += 1
                return
            }
            queue.append(line)
            queuedBytes += line.count
            if !started {
                started = true
                startThread(named: threadName) { [self] in drain() }
            }
            condition.signal()
        }
    }

    /// Waits until every queued line (and the drop notice) has been written, or until `timeout`; true if so.
    @discardableResult
    func flush(timeout: Duration) -> Bool {
        let deadline = Condition.deadline(after: timeout)
        return condition.withLock {
            while !queue.isEmpty || dropped > 0 || writing {
                guard started, condition.wait(until: deadline) else { return false }
            }
            return true
        }
    }

    private func drain() {
        while true {
            let (lines, droppedLines) = condition.withLock {
                while queue.isEmpty, dropped == 0 { condition.wait() }
                defer {
                    queue.removeAll(keepingCapacity: true)
                    queuedBytes = 0
                    dropped = 0
                    writing = true
                }
                return (queue, dropped)
            }
            var bytes: [UInt8] = []
            if droppedLines > 0 { bytes += Array(dropNotice(droppedLines).utf8) + [0x0A] }
            for line in lines { bytes += line + [0x0A] }
            let written = writeFully(fileDescriptor, bytes)
            condition.withLock {
                writing = false
                condition.broadcast()
            }
            if !written { return }  // the descriptor is closed for good: nothing more can be said there
        }
    }
}
