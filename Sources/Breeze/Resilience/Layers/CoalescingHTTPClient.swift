import Synchronization

/// Lets identical requests in flight at the same time share one call to the layer below.
///
/// Identical means the same `CacheKey` (the same query in any order). The first caller starts the shared call in
/// a task of its own, which inherits the first caller's task-locals (its trace) and carries its request (and so
/// its deadline); later callers join it. Each caller waits on its own continuation, so a caller who is
/// cancelled (by `$/cancelRequest`, or by its deadline above) leaves at once while the others keep waiting;
/// when the last caller leaves, the shared call is cancelled too, unless its request is on the wire
/// (`Transmission`): the upstream counts that request until it answers, so the call runs to its answer, keeps
/// its slots until then, stores the answer, and a caller who comes meanwhile joins it.
public final class CoalescingHTTPClient: HTTPClient {
    /// One shared call and the callers waiting for it.
    private struct Flight {
        /// Tells this flight from a later one for the same key.
        let id: UInt64
        /// The shared call's task; nil for the moment between the flight's start and its task's.
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<HTTPResponse, any Error>]
        /// Whether its request is on the wire now (see `Transmission`).
        var sending = false
    }

    private struct State {
        var flights: [CacheKey: Flight] = [:]
        var coalesced: [Upstream: Int] = [:]
        /// The last id given to a caller or a flight.
        var lastID: UInt64 = 0

        mutating func nextID() -> UInt64 {
            lastID += 1
            return lastID
        }
    }

    private let inner: any HTTPClient
    private let state = Mutex(State())

    public init(inner: any HTTPClient) {
        self.inner = inner
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let caller = state.withLock { $0.nextID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(request, caller: caller, continuation)
            }
        } onCancel: {
            leave(request.cacheKey, caller: caller)
        }
    }

    /// Adds the caller to the flight for `request`'s key, starting the flight when there is none.
    private func join(
        _ request: HTTPRequest, caller: UInt64, _ continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        enum Joined {
            case cancelled
            case joined(waiters: Int)
            case started(flight: UInt64)
        }
        let key = request.cacheKey
        let joined: Joined = state.withLock { state in
            // Cancelled before getting here: the cancellation handler may already have run and found nothing.
            if Task.isCancelled { return .cancelled }
            if state.flights[key] != nil {
                state.flights[key]?.waiters[caller] = continuation
                state.coalesced[key.service, default: 0] += 1
                return .joined(waiters: state.flights[key]?.waiters.count ?? 0)
            }
            let id = state.nextID()
            state.flights[key] = Flight(id: id, waiters: [caller: continuation])
            return .started(flight: id)
        }
        switch joined {
        case .cancelled:
            continuation.resume(throwing: CancellationError())
        case .joined(let waiters):
            UpstreamCallTrace.current?.source = .coalesced
            UpstreamCallTrace.current?.debug("coalesce", ["waiters": String(waiters)])
        case .started(let id):
            let inner = self.inner
            var shared = request
            shared.transmission = Transmission(
                began: { self.setSending(true, key, flight: id) }, ended: { self.setSending(false, key, flight: id) })
            let task = Task { [shared] in
                let result: Result<HTTPResponse, any Error>
                do {
                    result = .success(try await inner.send(shared))
                } catch {
                    result = .failure(error)
                }
                self.finish(key, flight: id, result)
            }
            let abandoned: Bool = state.withLock { state in
                guard state.flights[key]?.id == id else { return true }
                state.flights[key]?.task = task
                return false
            }
            if abandoned { task.cancel() }
        }
    }

    /// Hands the shared call's outcome to every caller still waiting.
    private func finish(_ key: CacheKey, flight id: UInt64, _ result: Result<HTTPResponse, any Error>) {
        let waiters: [CheckedContinuation<HTTPResponse, any Error>] = state.withLock { state in
            guard let flight = state.flights[key], flight.id == id else { return [] }
            state.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// Notes that the shared call's request went on the wire, or that its answer is in; a call nobody waits for
    /// any more then ends (cancelled, so that it neither retries nor waits), and a later caller starts anew.
    private func setSending(_ sending: Bool, _ key: CacheKey, flight id: UInt64) {
        let orphan: Task<Void, Never>? = state.withLock { state in
            guard let flight = state.flights[key], flight.id == id else { return nil }
            state.flights[key]?.sending = sending
            guard !sending, flight.waiters.isEmpty else { return nil }
            state.flights[key] = nil
            return flight.task
        }
        orphan?.cancel()
    }

    /// A cancelled caller leaves; the last one out cancels the shared call, unless its request is on the wire.
    private func leave(_ key: CacheKey, caller: UInt64) {
        let (waiter, abandoned): (CheckedContinuation<HTTPResponse, any Error>?, Task<Void, Never>?) =
            state.withLock { state in
                guard let waiter = state.flights[key]?.waiters.removeValue(forKey: caller) else {
                    return (nil, nil)  // already answered, or not joined yet
                }
                guard let flight = state.flights[key], flight.waiters.isEmpty, !flight.sending else {
                    return (waiter, nil)
                }
                state.flights[key] = nil
                return (waiter, flight.task)
            }
        waiter?.resume(throwing: CancellationError())
        abandoned?.cancel()
    }

    /// Callers that joined a call already in flight, per upstream.
    public func coalescedCounts() -> [Upstream: Int] { state.withLock { $0.coalesced } }

    /// Shared calls in flight now (for tests and diagnostics).
    public var inFlightCount: Int { state.withLock { $0.flights.count } }

    /// Callers waiting for the shared call identical to `request` (for tests and diagnostics).
    public func waiterCount(for request: HTTPRequest) -> Int {
        state.withLock { $0.flights[request.cacheKey]?.waiters.count ?? 0 }
    }
}
