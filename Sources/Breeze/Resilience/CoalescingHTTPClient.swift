import Foundation

/// Holds each call to its deadline, and lets identical requests in flight at the same time share one upstream
/// call.
///
/// The first caller of a `CacheKey` starts the shared call in its own task; later callers join it. Each caller
/// is a callback (`start`; `send` waits on it in the calling task), called once: with the shared answer, when
/// the caller is cancelled (by `$/cancelRequest`), or when its deadline passes (`BreezeError.timeout`):
/// `Deadline.current`, or without one the request's own `timeoutSeconds`. A caller waiting through `start`
/// holds no task at all. A caller who leaves does so at once while the others keep waiting;
/// when the last caller leaves, the shared call is cancelled too, so a cancellation or a deadline reaches
/// everything below (a slot in line, a backoff, a `Retry-After`, the HTTP request) whenever nobody else wants
/// the answer.
///
/// The deadline lives here, in the one place every caller waits, so that it costs an alarm (`ResilienceClock`)
/// and no task: the alarm answers the caller, and it is cancelled the moment the caller has
/// its answer. Deadlines have sub-second precision.
public final class CoalescingHTTPClient: HTTPClient, @unchecked Sendable {
    /// What identifies a shared call: its request, which the call keeps anyway to send it, hashed as its cache
    /// key; two requests with the same key (the same query in another order) are the same call.
    ///
    /// Not the `CacheKey` itself: its text is a second copy of the URL, and a distinct call waiting for a slot
    /// would keep both.
    private struct FlightKey: Hashable {
        let request: HTTPRequest
        let keyHash: Int

        init(_ request: HTTPRequest, key: CacheKey) {
            self.request = request
            keyHash = key.hashValue
        }

        static func == (lhs: FlightKey, rhs: FlightKey) -> Bool {
            lhs.keyHash == rhs.keyHash && (lhs.request == rhs.request || CacheKey(lhs.request) == CacheKey(rhs.request))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(keyHash) }
    }

    /// One shared call, with the first caller's deadline and trace, which the layers below spend from and report
    /// to; guarded by the client's `lock`.
    private final class Flight: @unchecked Sendable {
        let key: FlightKey
        let client: CoalescingHTTPClient
        let deadline: Deadline
        let trace: UpstreamCallTrace?
        var task: Task<Void, Never>?
        /// The first caller inline: most calls have only one, and a dictionary of one costs more than the flight.
        var first: Caller?
        var others: [ObjectIdentifier: Caller] = [:]
        /// The call's place in the line for a slot while it waits there with no task (see `launch`).
        var ticket: ConcurrencyLimiter.Ticket?

        init(key: FlightKey, of client: CoalescingHTTPClient, deadline: Deadline, trace: UpstreamCallTrace?) {
            self.key = key
            self.client = client
            self.deadline = deadline
            self.trace = trace
        }

        /// Its turn in the limiter's line has come.
        func begin(with slot: ConcurrencyLimiter.Slot) { client.begin(self, slot: slot) }

        var callerCount: Int { (first == nil ? 0 : 1) + others.count }

        func add(_ caller: Caller) {
            if first == nil { first = caller } else { others[ObjectIdentifier(caller)] = caller }
        }

        /// Takes `caller` out; false when it is not waiting here (already answered).
        func remove(_ caller: Caller) -> Bool {
            if first === caller {
                first = nil
                return true
            }
            return others.removeValue(forKey: ObjectIdentifier(caller)) != nil
        }

        func contains(_ caller: Caller) -> Bool { first === caller || others[ObjectIdentifier(caller)] != nil }

        /// Every caller, taken out.
        func removeAll() -> [Caller] {
            defer {
                first = nil
                others = [:]
            }
            return (first.map { [$0] } ?? []) + others.values
        }
    }

    /// One caller waiting for a shared call: the one object its alarm and its way out refer to, so that a
    /// waiting caller costs one allocation here besides its own `deliver`.
    private final class Caller: @unchecked Sendable {
        let client: CoalescingHTTPClient
        let deliver: @Sendable (Result<HTTPResponse, any Error>) -> Void
        let service: Upstream
        let deadline: Deadline
        let trace: UpstreamCallTrace?
        // Guarded by the client's `lock`.
        var flight: Flight?
        var alarm: (any Alarm)?

        init(
            _ client: CoalescingHTTPClient, service: Upstream, deadline: Deadline, trace: UpstreamCallTrace?,
            deliver: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
        ) {
            self.client = client
            self.service = service
            self.deadline = deadline
            self.trace = trace
            self.deliver = deliver
        }

        /// The caller's deadline has passed.
        func expire() {
            trace?.debug("deadline.expired", ["seconds": deadline.seconds.plainText])
            client.leave(self, throwing: BreezeError.timeout(service: service, seconds: deadline.seconds))
        }

        /// The caller was cancelled.
        func cancel() { client.leave(self, throwing: CancellationError()) }
    }

    private let inner: any HTTPClient
    private let clock: any ResilienceClock
    /// Where a new shared call waits for a slot before its task starts; nil to start it at once.
    private let limiter: ConcurrencyLimiter?
    private let lock = NSLock()
    // Guarded by `lock`.
    private var flights: [FlightKey: Flight] = [:]
    private var coalesced: [Upstream: Int] = [:]
    private let keys = CacheKey.Memo()

    /// The fresh answer in the cache (memory, then disk) for a key, asked before anything else (an answer at once
    /// needs no sharing, no alarm and no slot); nil without a cache.
    private let cacheHit: (@Sendable (CacheKey) -> HTTPResponse?)?

    /// - Parameter limiter: the slots of the `LimitingHTTPClient` below, if any: a shared call then waits for
    ///   its first slot as an entry in the limiter's line, and its task starts with the slot in hand.
    public init(
        inner: any HTTPClient, clock: any ResilienceClock = SystemClock(), limiter: ConcurrencyLimiter? = nil,
        cacheHit: (@Sendable (CacheKey) -> HTTPResponse?)? = nil
    ) {
        self.inner = inner
        self.clock = clock
        self.limiter = limiter
        self.cacheHit = cacheHit
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await Pending.value { await start(request, deliver: $0) }
    }

    /// `send` without a task waiting: the answer (or the caller's timeout) goes to `deliver`, exactly once, on
    /// whichever thread has it, possibly before this returns.
    ///
    /// - Returns: how the caller leaves early (cancelled: `deliver` then gets `CancellationError`); nil when
    ///   `deliver` already has the answer.
    public func start(
        _ request: HTTPRequest, deliver: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) async -> (@Sendable () -> Void)? {
        let now = clock.now
        let deadline = Deadline.current ?? Deadline(seconds: request.timeoutSeconds, from: now)
        let remaining = deadline.remaining(at: now)
        let trace = UpstreamCallTrace.current
        trace?.debug(
            "deadline", ["seconds": deadline.seconds.plainText, "remainingMs": String(Int(remaining * 1000))])
        guard remaining > 0 else {
            deliver(.failure(BreezeError.timeout(service: request.service, seconds: deadline.seconds)))
            return nil
        }
        let key = keys.key(for: request)
        if let answer = cacheHit?(key) {
            deliver(.success(answer))
            return nil
        }
        let caller = Caller(self, service: request.service, deadline: deadline, trace: trace, deliver: deliver)
        guard join(FlightKey(request, key: key), caller) else { return nil }
        // Set once the caller waits, so that its ring always finds the caller (or nothing, if answered).
        keep(clock.alarm(after: remaining, caller.expire), for: caller)
        return caller.cancel
    }

    /// Adds a caller to the flight for `key`, starting the flight if there is none; false when the caller was
    /// answered at once (cancelled before joining).
    private func join(_ key: FlightKey, _ caller: Caller) -> Bool {
        lock.lock()
        // Cancelled before getting here: the cancellation handler may already have run and found nothing.
        if Task.isCancelled {
            lock.unlock()
            caller.deliver(.failure(CancellationError()))
            return false
        }
        if let flight = flights[key] {
            flight.add(caller)
            caller.flight = flight
            coalesced[key.request.service, default: 0] += 1
            let count = flight.callerCount
            lock.unlock()
            caller.trace?.source = .coalesced
            caller.trace?.debug("coalesce", ["waiters": String(count)])
            return true
        }
        let flight = Flight(key: key, of: self, deadline: caller.deadline, trace: caller.trace)
        flight.add(caller)
        caller.flight = flight
        flights[key] = flight
        lock.unlock()
        launch(flight)
        return true
    }

    /// Starts the shared call's task, once the limiter has a slot for it: until then the call is only an entry
    /// in the limiter's line.
    private func launch(_ flight: Flight) {
        guard let limiter else { return begin(flight, slot: nil) }
        let ticket = limiter.enqueue(flight.key.request.service, flight.begin)
        let abandoned: Bool = lock.withLock {
            guard flights[flight.key] === flight, flight.task == nil else { return flights[flight.key] !== flight }
            flight.ticket = ticket
            return false
        }
        if abandoned { _ = limiter.withdraw(ticket) }
    }

    /// Starts the shared call's task with `slot`, unless every caller left while it waited.
    ///
    /// The task is detached (it must outlive any one caller, and may start on another call's thread) and given
    /// the first caller's deadline and trace: a caller who joins with a later deadline shares the first caller's
    /// retry budget.
    private func begin(_ flight: Flight, slot: ConcurrencyLimiter.Slot?) {
        let wanted: Bool = lock.withLock {
            guard flights[flight.key] === flight else { return false }
            flight.ticket = nil
            flight.task = task(slot: slot, flight: flight)
            return true
        }
        // Given back outside the lock: the slot may pass straight on to another call in line, whose start takes
        // the lock.
        if !wanted { slot?.releaseIfUnused() }
    }

    /// The shared call's task: its request sent below with the first caller's deadline and trace, and the slot
    /// it was started with; its outcome goes to every caller still waiting.
    private func task(slot: ConcurrencyLimiter.Slot?, flight: Flight) -> Task<Void, Never> {
        let inner = self.inner
        let (request, deadline, trace) = (flight.key.request, flight.deadline, flight.trace)
        return Task.detached {
            let result: Result<HTTPResponse, any Error>
            do {
                result = .success(
                    try await Deadline.$current.withValue(deadline) {
                        try await UpstreamCallTrace.$current.withValue(trace) {
                            try await ConcurrencyLimiter.Slot.$current.withValue(slot) { try await inner.send(request) }
                        }
                    })
            } catch {
                result = .failure(error)
            }
            slot?.releaseIfUnused()
            self.finish(flight, result)
        }
    }

    /// Gives a waiting caller its deadline's alarm; cancels it at once if the caller has already left.
    private func keep(_ alarm: any Alarm, for caller: Caller) {
        let kept: Bool = lock.withLock {
            guard let flight = caller.flight, flight.contains(caller) else { return false }
            caller.alarm = alarm
            return true
        }
        if !kept { alarm.cancel() }
    }

    /// Hands the shared call's outcome to every caller still waiting.
    private func finish(_ flight: Flight, _ result: Result<HTTPResponse, any Error>) {
        let callers: [(Caller, (any Alarm)?)] = lock.withLock {
            if flights[flight.key] === flight { flights[flight.key] = nil }
            return flight.removeAll().map { caller in
                defer { caller.alarm = nil }
                return (caller, caller.alarm)
            }
        }
        for (caller, alarm) in callers {
            alarm?.cancel()
            caller.deliver(result)
        }
    }

    /// A caller leaves (cancelled, or out of time) with `error`; the last one out cancels the shared call, or
    /// takes it out of the line if it has not started.
    private func leave(_ caller: Caller, throwing error: any Error) {
        typealias Left = (alarm: (any Alarm)?, abandoned: Task<Void, Never>?, ticket: ConcurrencyLimiter.Ticket?)
        let left: Left? = lock.withLock {
            guard let flight = caller.flight, flight.remove(caller) else {
                return nil  // already answered
            }
            let alarm = caller.alarm
            caller.alarm = nil
            guard flight.callerCount == 0 else { return (alarm, nil, nil) }
            if flights[flight.key] === flight { flights[flight.key] = nil }
            defer { flight.ticket = nil }
            return (alarm, flight.task, flight.ticket)
        }
        guard let left else { return }
        left.alarm?.cancel()
        caller.deliver(.failure(error))
        left.abandoned?.cancel()
        if let ticket = left.ticket { _ = limiter?.withdraw(ticket) }
    }

    /// Callers that joined a call already in flight, per upstream.
    public func coalescedCounts() -> [Upstream: Int] { lock.withLock { coalesced } }

    /// Shared calls in flight now (for tests and diagnostics).
    public var inFlightCount: Int { lock.withLock { flights.count } }

    /// Callers waiting for the shared call identical to `request` (for tests and diagnostics).
    public func waiterCount(for request: HTTPRequest) -> Int {
        lock.withLock { flights[FlightKey(request, key: CacheKey(request))]?.callerCount ?? 0 }
    }
}
