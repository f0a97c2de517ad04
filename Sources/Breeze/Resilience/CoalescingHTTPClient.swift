import Foundation

/// Lets identical requests in flight at the same time share one upstream call.
///
/// The first caller of a `CacheKey` starts the shared call in its own task; later callers join it. Each caller
/// waits on its own continuation, so a caller that is cancelled (by `$/cancelRequest` or its deadline) leaves
/// at once while the others keep waiting; when the last caller leaves, the shared call is cancelled too, so a
/// cancellation reaches the upstream whenever nobody else wants the answer.
/// - Important: the shared task inherits the first caller's task-locals, including `Deadline.current`; a
///   caller who joins with a later deadline shares the first caller's retry budget.
public actor CoalescingHTTPClient: HTTPClient {
    private final class Flight {
        let id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<HTTPResponse, any Error>] = [:]

        init(id: UInt64) { self.id = id }
    }

    private let inner: any HTTPClient
    private var flights: [CacheKey: Flight] = [:]
    private var coalesced: [Upstream: Int] = [:]
    private var nextID: UInt64 = 0

    public init(inner: any HTTPClient) {
        self.inner = inner
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = CacheKey(request)
        nextID += 1
        let waiter = nextID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(key, request, waiter: waiter, continuation: continuation)
            }
        } onCancel: {
            Task { await self.leave(key, waiter: waiter) }
        }
    }

    /// Adds a caller to the flight for `key`, starting the flight if there is none.
    private func join(
        _ key: CacheKey, _ request: HTTPRequest, waiter: UInt64,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        // Cancelled before getting here: the cancellation handler may already have run and found nothing.
        if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        if let flight = flights[key] {
            flight.waiters[waiter] = continuation
            coalesced[key.service, default: 0] += 1
            UpstreamCallTrace.current?.source = .coalesced
            UpstreamCallTrace.current?.debug("coalesce", ["waiters": String(flight.waiters.count)])
            return
        }
        nextID += 1
        let flight = Flight(id: nextID)
        flight.waiters[waiter] = continuation
        flights[key] = flight
        let inner = self.inner
        let flightID = flight.id
        // Not a child task: it must outlive any one caller. `Task {}` keeps the task-locals (the deadline) and
        // this actor's isolation; `inner.send` runs off the actor, so only the bookkeeping happens here.
        flight.task = Task {
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(try await inner.send(request))
            } catch {
                result = .failure(error)
            }
            self.finish(key, flightID: flightID, result)
        }
    }

    /// Hands the shared call's outcome to every caller still waiting.
    private func finish(_ key: CacheKey, flightID: UInt64, _ result: Result<HTTPResponse, any Error>) {
        guard let flight = flights[key], flight.id == flightID else { return }
        flights[key] = nil
        for continuation in flight.waiters.values { continuation.resume(with: result) }
        flight.waiters = [:]
    }

    /// A cancelled caller leaves; the last one out cancels the shared call.
    private func leave(_ key: CacheKey, waiter: UInt64) {
        guard let flight = flights[key], let continuation = flight.waiters.removeValue(forKey: waiter) else {
            return  // already answered, or never joined
        }
        continuation.resume(throwing: CancellationError())
        if flight.waiters.isEmpty {
            flights[key] = nil
            flight.task?.cancel()
        }
    }

    /// Callers that joined a call already in flight, per upstream.
    public func coalescedCounts() -> [Upstream: Int] { coalesced }

    /// Shared calls in flight now (for tests and diagnostics).
    public var inFlightCount: Int { flights.count }

    /// Callers waiting for the shared call identical to `request` (for tests and diagnostics).
    public func waiterCount(for request: HTTPRequest) -> Int {
        flights[CacheKey(request)]?.waiters.count ?? 0
    }
}
