import FoundationEssentials
import Synchronization

/// Per-upstream slots: at most `limit` requests to an upstream at once; the rest wait in line, first come,
/// first served.
///
/// A released slot is handed straight to the longest waiter rather than freed, so a newcomer can never
/// overtake the line. A waiter that is cancelled leaves the line without ever taking a slot.
public final class ConcurrencyLimiter: Sendable {
    private typealias Waiter = CheckedContinuation<Void, any Error>

    /// One upstream's line, oldest first; `head` skips the entries already served, so taking the first is O(1).
    private struct Line {
        private var entries: [(id: UInt64, waiter: Waiter)] = []
        private var head = 0

        var count: Int { entries.count - head }

        mutating func append(_ id: UInt64, _ waiter: Waiter) { entries.append((id, waiter)) }

        mutating func popFirst() -> Waiter? {
            guard head < entries.count else { return nil }
            let first = entries[head].waiter
            head += 1
            if head == entries.count {
                entries.removeAll(keepingCapacity: entries.count < 64)
                head = 0
            } else if head >= 64, head * 2 >= entries.count {
                entries.removeFirst(head)
                head = 0
            }
            return first
        }

        mutating func remove(_ id: UInt64) -> Waiter? {
            guard let index = entries[head...].firstIndex(where: { $0.id == id }) else { return nil }
            return entries.remove(at: index).waiter
        }
    }

    private struct State {
        var inUse: [Upstream: Int] = [:]
        var lines: [Upstream: Line] = [:]
        var nextID: UInt64 = 0
    }

    private let limits: [Upstream: Int]
    private let state = Mutex(State())

    /// - Parameters:
    ///   - limits: the slots per upstream; an upstream not listed gets its `defaultMaxConcurrent`.
    public init(limits: [Upstream: Int]) {
        self.limits = limits.mapValues { max(1, $0) }
    }

    /// The number of slots for `service`.
    public func limit(for service: Upstream) -> Int { limits[service] ?? service.defaultMaxConcurrent }

    /// Takes a free slot: nil when one was taken, else a place number to join the line with.
    private func takeOrNumber(_ service: Upstream) -> UInt64? {
        let limit = limit(for: service)
        return state.withLock { state in
            if state.inUse[service, default: 0] < limit, state.lines[service, default: Line()].count == 0 {
                state.inUse[service, default: 0] += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
    }

    /// Waits for a slot for `service`. Every successful `acquire` must be paired with one `release`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled while waiting (no slot is then held).
    public func acquire(_ service: Upstream) async throws {
        try Task.checkCancellation()
        // Only a place number for now: the continuation joins the line below, once it exists.
        guard let id = takeOrNumber(service) else { return }
        let trace = UpstreamCallTrace.current
        if let trace {
            let (inUse, waiting) = usage(service)
            trace.debug("limiter.wait", ["inUse": String(inUse), "ahead": String(waiting)])
        }
        let started = ContinuousClock.now
        defer {
            let waited = (ContinuousClock.now - started) / .milliseconds(1)
            trace?.debug("limiter.done", ["waitedMs": waited.oneDecimalText])
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Nil once queued; else whether the caller goes on with a slot (true) or cancelled without (false).
                let goes: Bool? = state.withLock { state in
                    guard !Task.isCancelled else { return false }
                    // A slot freed since the place was taken goes to this caller, unless others wait ahead.
                    if state.inUse[service, default: 0] < limit(for: service),
                        state.lines[service, default: Line()].count == 0
                    {
                        state.inUse[service, default: 0] += 1
                        return true
                    }
                    state.lines[service, default: Line()].append(id, continuation)
                    return nil
                }
                switch goes {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            abandon(service, id: id)
        }
    }

    /// Gives the slot to the next in line, or frees it.
    public func release(_ service: Upstream) {
        let next: Waiter? = state.withLock { state in
            // The slot passes on; `inUse` is unchanged.
            if let next = state.lines[service]?.popFirst() { return next }
            state.inUse[service, default: 0] = max(0, state.inUse[service, default: 0] - 1)
            return nil
        }
        next?.resume()
    }

    /// A cancelled waiter leaves the line; if it was already given a slot, it releases it after its call fails.
    private func abandon(_ service: Upstream, id: UInt64) {
        state.withLock { $0.lines[service]?.remove(id) }?.resume(throwing: CancellationError())
    }

    /// Slots taken and callers waiting for `service` now.
    public func usage(_ service: Upstream) -> (inUse: Int, waiting: Int) {
        state.withLock { ($0.inUse[service, default: 0], $0.lines[service, default: Line()].count) }
    }
}
