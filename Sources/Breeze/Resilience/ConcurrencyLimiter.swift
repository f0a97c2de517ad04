import Foundation
import Synchronization

/// Per-upstream slots: at most `limit` requests to an upstream at once; the rest wait in line, first come,
/// first served.
///
/// A released slot is handed straight to the longest waiter rather than freed, so a newcomer can never
/// overtake the line. A waiter that is cancelled leaves the line without ever taking a slot.
///
/// The line holds two kinds of waiter: a task suspended in `acquire`, and a shared call that has no task yet
/// (`enqueue`), which is only a callback until its slot comes. Thousands of distinct calls waiting for an
/// upstream's few slots are thus entries in a line, not thousands of suspended tasks.
public final class ConcurrencyLimiter: Sendable {
    /// A slot handed over before the task that uses it exists (`enqueue`): the first request of that task to the
    /// upstream takes it (`LimitingHTTPClient`) instead of queueing again.
    public final class Slot: Sendable {
        let service: Upstream
        private let limiter: ConcurrencyLimiter
        private let unused = Atomic(true)

        init(_ service: Upstream, of limiter: ConcurrencyLimiter) {
            self.service = service
            self.limiter = limiter
        }

        /// Takes the slot for a request to `service`; false when it is taken already, or is another upstream's.
        func take(for service: Upstream) -> Bool {
            service == self.service && unused.exchange(false, ordering: .acquiringAndReleasing)
        }

        /// Gives the slot back unless a request took it (which then releases it when done).
        public func releaseIfUnused() {
            if unused.exchange(false, ordering: .acquiringAndReleasing) { limiter.release(service) }
        }

        /// The slot the task's shared call was started with, if any.
        @TaskLocal public static var current: Slot?
    }

    private enum Waiter {
        case task(CheckedContinuation<Void, any Error>)
        case launch(@Sendable (Slot) -> Void)
    }

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

    /// Takes a free slot, or joins the line: nil when a slot was taken, else the waiter's place.
    private func takeOrQueue(_ service: Upstream, _ waiter: @autoclosure () -> Waiter?) -> UInt64? {
        let limit = limit(for: service)
        return state.withLock { state in
            if state.inUse[service, default: 0] < limit, state.lines[service, default: Line()].count == 0 {
                state.inUse[service, default: 0] += 1
                return nil
            }
            state.nextID += 1
            if let waiter = waiter() { state.lines[service, default: Line()].append(state.nextID, waiter) }
            return state.nextID
        }
    }

    /// Waits for a slot for `service`. Every successful `acquire` must be paired with one `release`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled while waiting (no slot is then held).
    public func acquire(_ service: Upstream) async throws {
        try Task.checkCancellation()
        // Only a place number for now: the continuation joins the line below, once it exists.
        guard let id = takeOrQueue(service, nil) else { return }
        let trace = UpstreamCallTrace.current
        if let trace {
            let (inUse, waiting) = usage(service)
            trace.debug("limiter.wait", ["inUse": String(inUse), "ahead": String(waiting)])
        }
        let started = ContinuousClock.now
        defer {
            let waited = (ContinuousClock.now - started) / .milliseconds(1)
            trace?.debug("limiter.done", ["waitedMs": String(format: "%.1f", waited)])
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let queued: Bool = state.withLock { state in
                    guard !Task.isCancelled else { return false }
                    // A slot freed since the place was taken goes to this caller, unless others wait ahead.
                    if state.inUse[service, default: 0] < limit(for: service),
                        state.lines[service, default: Line()].count == 0
                    {
                        state.inUse[service, default: 0] += 1
                        return false
                    }
                    state.lines[service, default: Line()].append(id, .task(continuation))
                    return true
                }
                if !queued {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
            }
        } onCancel: {
            abandon(service, id: id)
        }
    }

    /// A place in line taken by `enqueue`, to leave it by (`withdraw`): a value, so that waiting costs no closure.
    public struct Ticket: Sendable {
        fileprivate let service: Upstream
        /// Nil when the slot was free and `start` ran at once.
        fileprivate let id: UInt64?
    }

    /// Calls `start` with a slot for `service`: at once if one is free, else when one is released (on the
    /// releasing thread), in line with every other waiter. For work that should not exist as a task until it
    /// may run.
    ///
    /// - Returns: the place in line, to leave it by.
    public func enqueue(_ service: Upstream, _ start: @escaping @Sendable (Slot) -> Void) -> Ticket {
        guard let id = takeOrQueue(service, .launch(start)) else {
            start(Slot(service, of: self))
            return Ticket(service: service, id: nil)
        }
        return Ticket(service: service, id: id)
    }

    /// Leaves the line; false when `start` has been (or is being) called already.
    public func withdraw(_ ticket: Ticket) -> Bool {
        guard let id = ticket.id else { return false }
        return state.withLock { $0.lines[ticket.service]?.remove(id) } != nil
    }

    /// Gives the slot to the next in line, or frees it.
    public func release(_ service: Upstream) {
        let next: Waiter? = state.withLock { state in
            // The slot passes on; `inUse` is unchanged.
            if let next = state.lines[service]?.popFirst() { return next }
            state.inUse[service, default: 0] = max(0, state.inUse[service, default: 0] - 1)
            return nil
        }
        switch next {
        case .task(let continuation): continuation.resume()
        case .launch(let start): start(Slot(service, of: self))
        case nil: break
        }
    }

    /// A cancelled waiter leaves the line; if it was already given a slot, it releases it after its call fails.
    private func abandon(_ service: Upstream, id: UInt64) {
        guard case .task(let continuation) = state.withLock({ $0.lines[service]?.remove(id) }) else { return }
        continuation.resume(throwing: CancellationError())
    }

    /// Slots taken and callers waiting for `service` now.
    public func usage(_ service: Upstream) -> (inUse: Int, waiting: Int) {
        state.withLock { ($0.inUse[service, default: 0], $0.lines[service, default: Line()].count) }
    }
}

/// Sends each request only once its upstream has a free slot in `limiter`.
///
/// Below the retrier, so a request waiting out a backoff or a `Retry-After` holds no slot, and each attempt
/// queues fairly behind the requests that were already waiting. A shared call started with a slot
/// (`ConcurrencyLimiter.Slot.current`) sends its first request on it.
public struct LimitingHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let limiter: ConcurrencyLimiter

    public init(inner: any HTTPClient, limiter: ConcurrencyLimiter) {
        self.inner = inner
        self.limiter = limiter
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if ConcurrencyLimiter.Slot.current?.take(for: request.service) != true {
            try await limiter.acquire(request.service)
        }
        defer { limiter.release(request.service) }
        return try await inner.send(request)
    }
}
