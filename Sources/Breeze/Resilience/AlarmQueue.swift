import Foundation

/// Something due to happen later, until it happens or is cancelled.
public protocol Alarm: Sendable {
    /// Stops the alarm from ringing; no effect once it has rung. Whoever set it cancels it as soon as it is
    /// not needed, so nothing is left waiting after a call ends.
    func cancel()
}

/// The one timer behind every call's deadline in the process: a heap of alarms and a single dispatch timer set
/// for the earliest.
///
/// A deadline costs an entry in the heap, not a task or a timer of its own, and a cancelled alarm leaves the
/// heap at once (a finished call leaves nothing behind). Alarms ring on a private queue, off the cooperative
/// pool, one after another, so ringing must be quick: resume a continuation, mark something, start a task.
/// - Important: a queue lives as long as the process (its timer holds it): make one, not one per use. Releasing
///   a dispatch timer from inside its own handler, which the last release of a short-lived queue can do, is
///   not safe.
public final class AlarmQueue: @unchecked Sendable {
    /// The queue of `SystemClock`.
    public static let shared = AlarmQueue()

    private final class Entry: Alarm, @unchecked Sendable {
        let due: UInt64
        let ring: @Sendable () -> Void
        let queue: AlarmQueue
        /// The position in `queue.heap`, -1 once out of it; guarded by `queue.lock`.
        var index = -1

        init(due: UInt64, queue: AlarmQueue, ring: @escaping @Sendable () -> Void) {
            self.due = due
            self.queue = queue
            self.ring = ring
        }

        func cancel() { queue.remove(self) }
    }

    private let lock = NSLock()
    /// A binary min-heap on `due`; guarded by `lock`.
    private var heap: [Entry] = []
    /// When the timer is set to fire (uptime nanoseconds), if it is; guarded by `lock`.
    private var firesAt: UInt64?
    private let dispatchQueue = DispatchQueue(label: "breeze-rpc.alarms")
    private let timer: any DispatchSourceTimer

    public init() {
        timer = DispatchSource.makeTimerSource(queue: dispatchQueue)
        timer.setEventHandler { [self] in ringDue() }
        timer.activate()
    }

    /// Alarms set and neither rung nor cancelled.
    public var pendingCount: Int { lock.withLock { heap.count } }

    /// Calls `ring` once, `seconds` from now, unless the alarm returned is cancelled first.
    public func alarm(after seconds: Double, _ ring: @escaping @Sendable () -> Void) -> any Alarm {
        let delay = UInt64(max(0, min(seconds, 1e9)) * 1e9)
        let entry = Entry(due: DispatchTime.now().uptimeNanoseconds &+ delay, queue: self, ring: ring)
        lock.withLock {
            entry.index = heap.count
            heap.append(entry)
            siftUp(entry.index)
            // Only an earlier alarm moves the timer; one that is later than what it waits for is found then.
            if firesAt.map({ entry.due < $0 }) ?? true { schedule(entry.due) }
        }
        return entry
    }

    private func remove(_ entry: Entry) {
        lock.withLock {
            let index = entry.index
            guard index >= 0 else { return }
            // The timer stays set: firing early for an alarm gone costs one wake-up, which then sets it anew.
            let last = heap.removeLast()
            entry.index = -1
            guard index < heap.count else { return }
            heap[index] = last
            last.index = index
            siftDown(siftUp(index))
        }
    }

    /// Rings every alarm that is due, then sets the timer for the next.
    private func ringDue() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due: [Entry] = lock.withLock {
            firesAt = nil
            var due: [Entry] = []
            while let first = heap.first, first.due <= now {
                due.append(first)
                let last = heap.removeLast()
                first.index = -1
                if !heap.isEmpty {
                    heap[0] = last
                    last.index = 0
                    siftDown(0)
                }
            }
            if let next = heap.first { schedule(next.due) }
            return due
        }
        // Outside the lock: a ring may set or cancel alarms.
        for entry in due { entry.ring() }
    }

    /// Call with the lock held.
    private func schedule(_ due: UInt64) {
        firesAt = due
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: due), leeway: .milliseconds(1))
    }

    /// Moves the entry at `index` up to its place; returns where it ended. Call with the lock held.
    @discardableResult
    private func siftUp(_ index: Int) -> Int {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].due < heap[parent].due else { break }
            swapAt(child, parent)
            child = parent
        }
        return child
    }

    /// Moves the entry at `index` down to its place. Call with the lock held.
    private func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].due < heap[smallest].due { smallest = left }
            if right < heap.count, heap[right].due < heap[smallest].due { smallest = right }
            guard smallest != parent else { return }
            swapAt(parent, smallest)
            parent = smallest
        }
    }

    private func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        heap[a].index = a
        heap[b].index = b
    }
}
