import FoundationEssentials
import Synchronization

/// Slots: at most so many requests to an upstream at once, and at most so many to all Open-Meteo hosts together;
/// the rest wait in line, first come, first served.
///
/// A request takes its upstream's slot first, then (for an Open-Meteo host) a slot of the shared Open-Meteo
/// budget, and gives them back in the reverse order. Every request takes them in that one order, so no two wait on
/// each other; and a request waiting for its own upstream holds nothing that others need. The shared budget
/// exists because Open-Meteo counts the requests in flight from one address across all of its hosts (it answers
/// 429 "Too many concurrent requests" above 5), however many hosts they go to.
///
/// A released slot is handed straight to the longest waiter rather than freed, so a newcomer can never
/// overtake the line. A waiter that is cancelled leaves the line without ever taking a slot.
public final class ConcurrencyLimiter: Sendable {
    /// What a slot belongs to: one upstream, or the budget all Open-Meteo hosts share.
    public enum Pool: Hashable, Sendable {
        case upstream(Upstream)
        /// Every upstream whose key is `UpstreamKey.openMeteo`: the hosts of one service, which limits the
        /// requests in flight from one address across all of them.
        case openMeteo
        /// The one place in this process's line for a slot of the host's Open-Meteo budget (`HostFleet`): the
        /// processes of a host take those slots each in its own order.
        case hostSlot
    }

    private typealias Waiter = CheckedContinuation<Void, any Error>

    /// One pool's line, oldest first; `head` skips the entries already served, so taking the first is O(1).
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
        var inUse: [Pool: Int] = [:]
        var lines: [Pool: Line] = [:]
        var nextID: UInt64 = 0
    }

    private let limits: [Upstream: Int]
    /// The slots all Open-Meteo hosts share.
    public let openMeteoLimit: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - limits: the slots per upstream; an upstream not listed gets its `defaultMaxConcurrent`.
    ///   - openMeteoLimit: the slots all Open-Meteo hosts share (see `Pool.openMeteo`).
    public init(limits: [Upstream: Int], openMeteoLimit: Int = ResilienceSettings.defaultOpenMeteoMaxInFlight) {
        self.limits = limits.mapValues { max(1, $0) }
        self.openMeteoLimit = max(1, openMeteoLimit)
    }

    /// The number of slots for `service` alone.
    public func limit(for service: Upstream) -> Int { limits[service] ?? service.defaultMaxConcurrent }

    /// The number of slots in `pool`.
    public func limit(of pool: Pool) -> Int {
        switch pool {
        case .upstream(let service): limit(for: service)
        case .openMeteo: openMeteoLimit
        case .hostSlot: 1
        }
    }

    /// The pools a request to `service` takes a slot of, in the order it takes them.
    public static func pools(for service: Upstream) -> [Pool] {
        switch service.key {
        case .openMeteo: [.upstream(service), .openMeteo]
        case .none, .googlePollen: [.upstream(service)]
        }
    }

    /// Waits for a slot of every pool `service` needs (`pools(for:)`). Every successful `acquire` must be paired
    /// with one `release`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled while waiting (no slot is then held).
    public func acquire(_ service: Upstream) async throws {
        var taken: [Pool] = []
        do {
            for pool in Self.pools(for: service) {
                try await acquire(pool)
                taken.append(pool)
            }
        } catch {
            for pool in taken.reversed() { release(pool) }
            throw error
        }
    }

    /// Gives back the slots `acquire` took for `service`, in the reverse order.
    public func release(_ service: Upstream) {
        for pool in Self.pools(for: service).reversed() { release(pool) }
    }

    /// Takes a free slot: nil when one was taken, else a place number to join the line with.
    private func takeOrNumber(_ pool: Pool) -> UInt64? {
        let limit = limit(of: pool)
        return state.withLock { state in
            if state.inUse[pool, default: 0] < limit, state.lines[pool, default: Line()].count == 0 {
                state.inUse[pool, default: 0] += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
    }

    /// Waits for a slot of `pool`; pair it with one `release(pool)`.
    func acquire(_ pool: Pool) async throws {
        try Task.checkCancellation()
        // Only a place number for now: the continuation joins the line below, once it exists.
        guard let id = takeOrNumber(pool) else { return }
        let trace = UpstreamCallTrace.current
        if let trace {
            let (inUse, waiting) = usage(pool)
            trace.debug("limiter.wait", ["pool": pool.name, "inUse": String(inUse), "ahead": String(waiting)])
        }
        let started = ContinuousClock.now
        defer {
            let waited = (ContinuousClock.now - started) / .milliseconds(1)
            trace?.debug("limiter.done", ["pool": pool.name, "waitedMs": waited.oneDecimalText])
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Nil once queued; else whether the caller goes on with a slot (true) or cancelled without (false).
                let goes: Bool? = state.withLock { state in
                    guard !Task.isCancelled else { return false }
                    // A slot freed since the place was taken goes to this caller, unless others wait ahead.
                    if state.inUse[pool, default: 0] < limit(of: pool), state.lines[pool, default: Line()].count == 0 {
                        state.inUse[pool, default: 0] += 1
                        return true
                    }
                    state.lines[pool, default: Line()].append(id, continuation)
                    return nil
                }
                switch goes {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            abandon(pool, id: id)
        }
    }

    /// Gives the slot to the next in line, or frees it.
    func release(_ pool: Pool) {
        let next: Waiter? = state.withLock { state in
            // The slot passes on; `inUse` is unchanged.
            if let next = state.lines[pool]?.popFirst() { return next }
            state.inUse[pool, default: 0] = max(0, state.inUse[pool, default: 0] - 1)
            return nil
        }
        next?.resume()
    }

    /// A cancelled waiter leaves the line; if it was already given a slot, it releases it after its call fails.
    private func abandon(_ pool: Pool, id: UInt64) {
        state.withLock { $0.lines[pool]?.remove(id) }?.resume(throwing: CancellationError())
    }

    /// Slots taken and callers waiting for `service`'s own slots now.
    public func usage(_ service: Upstream) -> (inUse: Int, waiting: Int) { usage(.upstream(service)) }

    /// Slots taken and callers waiting in `pool` now.
    public func usage(_ pool: Pool) -> (inUse: Int, waiting: Int) {
        state.withLock { ($0.inUse[pool, default: 0], $0.lines[pool, default: Line()].count) }
    }
}

extension ConcurrencyLimiter.Pool {
    /// The pool's name in debug events: the upstream's, or `openMeteo` for the shared budget.
    var name: String {
        switch self {
        case .upstream(let service): service.rawValue
        case .openMeteo: "openMeteo"
        case .hostSlot: "hostSlot"
        }
    }
}
