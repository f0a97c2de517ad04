import Foundation

/// Holds each call to its deadline, and lets identical requests in flight at the same time share one upstream
/// call.
///
/// The first caller of a `CacheKey` starts the shared call in its own task; later callers join it. Each caller
/// waits on its own continuation, which ends with the shared answer, when the caller is cancelled (by
/// `$/cancelRequest`), or when its deadline passes (`BreezeError.timeout`): `Deadline.current`, or without
/// one the request's own `timeoutSeconds`. A caller who leaves does so at once while the others keep waiting;
/// when the last caller leaves, the shared call is cancelled too, so a cancellation or a deadline reaches
/// everything below (a slot in line, a backoff, a `Retry-After`, the HTTP request) whenever nobody else wants
/// the answer.
///
/// The deadline lives here, in the one place every caller waits, so that it costs an alarm (`ResilienceClock`)
/// and no task: the alarm resumes the caller's continuation, and it is cancelled the moment the caller has
/// its answer. Deadlines have sub-second precision.
/// - Important: the shared task inherits the first caller's task-locals, including `Deadline.current`; a
///   caller who joins with a later deadline shares the first caller's retry budget.
public final class CoalescingHTTPClient: HTTPClient, @unchecked Sendable {
    private final class Flight {
        let id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter] = [:]

        init(id: UInt64) { self.id = id }
    }

    private struct Waiter {
        let continuation: CheckedContinuation<HTTPResponse, any Error>
        var alarm: (any Alarm)?
    }

    private let inner: any HTTPClient
    private let clock: any ResilienceClock
    private let lock = NSLock()
    // Guarded by `lock`.
    private var flights: [CacheKey: Flight] = [:]
    private var coalesced: [Upstream: Int] = [:]
    private var nextID: UInt64 = 0
    private let keys = CacheKey.Memo()

    /// The fresh answer in memory for a key, asked before anything else (an answer at once needs no sharing
    /// and no alarm); nil without a cache.
    private let memoryHit: (@Sendable (CacheKey) -> HTTPResponse?)?

    public init(
        inner: any HTTPClient, clock: any ResilienceClock = SystemClock(),
        memoryHit: (@Sendable (CacheKey) -> HTTPResponse?)? = nil
    ) {
        self.inner = inner
        self.clock = clock
        self.memoryHit = memoryHit
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let now = clock.now
        let deadline = Deadline.current ?? Deadline(seconds: request.timeoutSeconds, from: now)
        let remaining = deadline.remaining(at: now)
        let trace = UpstreamCallTrace.current
        trace?.debug(
            "deadline", ["seconds": deadline.seconds.plainText, "remainingMs": String(Int(remaining * 1000))])
        let timeout = BreezeError.timeout(service: request.service, seconds: deadline.seconds)
        guard remaining > 0 else { throw timeout }
        let key = keys.key(for: request)
        if let answer = memoryHit?(key) { return answer }
        let waiter = lock.withLock {
            nextID += 1
            return nextID
        }
        // Bound for the layers below, which spend from the same budget (retries, backoff, `Retry-After`).
        return try await Deadline.$current.withValue(deadline) {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    join(key, request, waiter: waiter, continuation: continuation)
                    // Set once the caller waits, so that its ring always finds the caller (or nothing, if answered).
                    let alarm = clock.alarm(after: remaining) { [self] in
                        trace?.debug("deadline.expired", ["seconds": deadline.seconds.plainText])
                        leave(key, waiter: waiter, throwing: timeout)
                    }
                    keep(alarm, key, waiter: waiter)
                }
            } onCancel: {
                leave(key, waiter: waiter, throwing: CancellationError())
            }
        }
    }

    /// Adds a caller to the flight for `key`, starting the flight if there is none.
    private func join(
        _ key: CacheKey, _ request: HTTPRequest, waiter: UInt64,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        lock.lock()
        // Cancelled before getting here: the cancellation handler may already have run and found nothing.
        if Task.isCancelled {
            lock.unlock()
            continuation.resume(throwing: CancellationError())
            return
        }
        if let flight = flights[key] {
            flight.waiters[waiter] = Waiter(continuation: continuation)
            coalesced[key.service, default: 0] += 1
            let count = flight.waiters.count
            lock.unlock()
            UpstreamCallTrace.current?.source = .coalesced
            UpstreamCallTrace.current?.debug("coalesce", ["waiters": String(count)])
            return
        }
        nextID += 1
        let flight = Flight(id: nextID)
        flight.waiters[waiter] = Waiter(continuation: continuation)
        flights[key] = flight
        let inner = self.inner
        let flightID = flight.id
        // Not a child task: it must outlive any one caller. `Task {}` keeps the task-locals (the deadline).
        flight.task = Task {
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(try await inner.send(request))
            } catch {
                result = .failure(error)
            }
            self.finish(key, flightID: flightID, result)
        }
        lock.unlock()
    }

    /// Gives a waiting caller its deadline's alarm; cancels it at once if the caller has already left.
    private func keep(_ alarm: any Alarm, _ key: CacheKey, waiter: UInt64) {
        let kept: Bool = lock.withLock {
            guard let flight = flights[key], flight.waiters[waiter] != nil else { return false }
            flight.waiters[waiter]?.alarm = alarm
            return true
        }
        if !kept { alarm.cancel() }
    }

    /// Hands the shared call's outcome to every caller still waiting.
    private func finish(_ key: CacheKey, flightID: UInt64, _ result: Result<HTTPResponse, any Error>) {
        let waiters: [Waiter] = lock.withLock {
            guard let flight = flights[key], flight.id == flightID else { return [] }
            flights[key] = nil
            defer { flight.waiters = [:] }
            return Array(flight.waiters.values)
        }
        for waiter in waiters {
            waiter.alarm?.cancel()
            waiter.continuation.resume(with: result)
        }
    }

    /// A caller leaves (cancelled, or out of time) with `error`; the last one out cancels the shared call.
    private func leave(_ key: CacheKey, waiter id: UInt64, throwing error: any Error) {
        let left: (Waiter, Task<Void, Never>?)? = lock.withLock {
            guard let flight = flights[key], let waiter = flight.waiters.removeValue(forKey: id) else {
                return nil  // already answered, or never joined
            }
            guard flight.waiters.isEmpty else { return (waiter, nil) }
            flights[key] = nil
            return (waiter, flight.task)
        }
        guard let (waiter, abandoned) = left else { return }
        waiter.alarm?.cancel()
        waiter.continuation.resume(throwing: error)
        abandoned?.cancel()
    }

    /// Callers that joined a call already in flight, per upstream.
    public func coalescedCounts() -> [Upstream: Int] { lock.withLock { coalesced } }

    /// Shared calls in flight now (for tests and diagnostics).
    public var inFlightCount: Int { lock.withLock { flights.count } }

    /// Callers waiting for the shared call identical to `request` (for tests and diagnostics).
    public func waiterCount(for request: HTTPRequest) -> Int {
        lock.withLock { flights[CacheKey(request)]?.waiters.count ?? 0 }
    }
}
