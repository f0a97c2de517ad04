import Foundation
import Testing

@testable import Breeze

/// A clock for tests: time moves only when the test (or, in automatic mode, a sleeper) moves it.
///
/// Automatic: `sleep` records the duration, advances `now` by it and returns, so backoff and `Retry-After`
/// tests run instantly yet see exactly the waits the code asked for. Manual: `sleep` suspends until the test
/// calls `advance(by:)` past its wake-up time, for tests where a timer must race something else.
final class TestClock: ResilienceClock, @unchecked Sendable {
    enum Mode { case automatic, manual }

    private struct Sleeper {
        let wake: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private let mode: Mode
    private var current: Date
    private var sleepers: [UInt64: Sleeper] = [:]
    private var nextID: UInt64 = 0
    private var recorded: [Double] = []
    private var sleeperWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(_ mode: Mode = .automatic, now: Date = Date(timeIntervalSince1970: 1_779_624_000)) {
        self.mode = mode
        current = now
    }

    var now: Date { lock.withLock { current } }

    /// Every duration passed to `sleep`, in order.
    var sleeps: [Double] { lock.withLock { recorded } }

    func sleep(for seconds: Double) async throws {
        try Task.checkCancellation()
        let id: UInt64 = lock.withLock {
            recorded.append(seconds)
            nextID += 1
            return nextID
        }
        if mode == .automatic {
            lock.withLock { current = current.addingTimeInterval(max(0, seconds)) }
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return []
                    }
                    sleepers[id] = Sleeper(wake: current.addingTimeInterval(seconds), continuation: continuation)
                    return takeSatisfiedWatchers()
                }
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            lock.withLock { sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes every sleeper whose time has come.
    func advance(by seconds: Double) {
        let woken: [Sleeper] = lock.withLock {
            current = current.addingTimeInterval(seconds)
            let due = sleepers.filter { $0.value.wake <= current }
            for id in due.keys { sleepers[id] = nil }
            return Array(due.values)
        }
        woken.forEach { $0.continuation.resume() }
    }

    /// Sets the time without waking anyone (for cache TTL tests, which only read `now`).
    func set(_ date: Date) { lock.withLock { current = date } }

    /// Suspends until at least `count` tasks are sleeping on this clock.
    func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
                sleeperWatchers.append((count, continuation))
                return takeSatisfiedWatchers()
            }
            ready.forEach { $0.resume() }
        }
    }

    /// Call with the lock held.
    private func takeSatisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
        let ready = sleeperWatchers.filter { $0.count <= sleepers.count }.map(\.continuation)
        sleeperWatchers.removeAll { $0.count <= sleepers.count }
        return ready
    }
}

/// A fake upstream for the resilience tests: answers with `respond`, counts requests, gauges how many are in
/// flight (keeping the maximum), and, when `gated`, holds every request until the test releases it. A held
/// request observes its task's cancellation, which is how tests see a cancellation reach the upstream.
final class UpstreamDouble: HTTPClient, @unchecked Sendable {
    typealias Responder = @Sendable (_ request: HTTPRequest, _ number: Int) throws -> HTTPResponse

    struct State {
        var requests: [HTTPRequest] = []
        var inFlight = 0
        var maxInFlight = 0
        var held = 0
        var cancelled = 0
        var completed = 0
    }

    private let lock = NSLock()
    private let gated: Bool
    private let respond: Responder
    private var state = State()
    private var holds: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    private var holdOrder: [UInt64] = []
    private var nextID: UInt64 = 0
    private var watchers: [(predicate: (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    init(gated: Bool = false, respond: @escaping Responder = { _, _ in .ok() }) {
        self.gated = gated
        self.respond = respond
    }

    var snapshot: State { lock.withLock { state } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let number: Int = change {
            $0.requests.append(request)
            $0.inFlight += 1
            $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
            return $0.requests.count
        }
        defer { change { $0.inFlight -= 1 } }
        if gated { try await hold() }
        let response = try respond(request, number)
        change { $0.completed += 1 }
        return response
    }

    private func hold() async throws {
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledAlready = Task.isCancelled
                if cancelledAlready {
                    change { $0.cancelled += 1 }
                    continuation.resume(throwing: CancellationError())
                    return
                }
                lock.withLock {
                    holds[id] = continuation
                    holdOrder.append(id)
                }
                change { $0.held += 1 }
            }
        } onCancel: {
            let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                holdOrder.removeAll { $0 == id }
                return holds.removeValue(forKey: id)
            }
            if let continuation {
                change {
                    $0.held -= 1
                    $0.cancelled += 1
                }
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Lets the `count` longest-held requests (all, by default) answer.
    func release(_ count: Int = .max) {
        let released: [CheckedContinuation<Void, any Error>] = lock.withLock {
            let ids = holdOrder.prefix(count)
            holdOrder.removeFirst(ids.count)
            return ids.compactMap { holds.removeValue(forKey: $0) }
        }
        change { $0.held -= released.count }
        released.forEach { $0.resume() }
    }

    /// Suspends until `predicate` holds for the double's state.
    func waitUntil(_ predicate: @escaping (State) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied: Bool = lock.withLock {
                if predicate(state) { return true }
                watchers.append((predicate, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }

    @discardableResult
    private func change<T>(_ body: (inout State) -> T) -> T {
        let (result, ready): (T, [CheckedContinuation<Void, Never>]) = lock.withLock {
            let result = body(&state)
            let ready = watchers.filter { $0.predicate(state) }.map(\.continuation)
            watchers.removeAll { $0.predicate(state) }
            return (result, ready)
        }
        ready.forEach { $0.resume() }
        return result
    }
}

extension HTTPResponse {
    static func ok(_ body: String = #"{"ok":true}"#) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    static func status(_ status: Int, _ body: String = #"{"error":true,"reason":"x"}"#, headers: [String: String] = [:])
        -> HTTPResponse
    {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }
}

/// A forecast request for `query` (a distinct query makes a distinct cache key).
func forecastRequest(_ query: String = "latitude=52.52&longitude=13.41", timeout: Double = 10) -> HTTPRequest {
    HTTPRequest(
        url: URL(string: "http://upstream.test/v1/forecast?\(query)")!, service: .forecast, timeoutSeconds: timeout)
}

/// Yields until `condition` holds: for state behind an actor that offers no way to be awaited. It polls by
/// yielding to other tasks and never sleeps; `.timeLimit` on the test bounds it.
func yieldUntil(_ condition: () async -> Bool) async {
    while !(await condition()) { await Task.yield() }
}

/// A fresh, empty directory under the temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "breeze-resilience-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
