import Foundation
import Synchronization
import Testing

@testable import Breeze

/// A clock for tests: time moves only when the test (or, in automatic mode, a sleeper) moves it.
///
/// Automatic: `sleep` records the duration, advances `now` by it and returns, so backoff and `Retry-After`
/// tests run instantly yet see exactly the waits the code asked for. Manual: `sleep` suspends until the test
/// calls `advance(by:)` past its wake-up time, for tests where a timer (a deadline) must race something else.
final class TestClock: ResilienceClock {
    enum Mode { case automatic, manual }

    private struct State {
        var current: Date
        /// Suspended `sleep`s by id: when each wakes, and its continuation.
        var sleepers: [UInt64: (wake: Date, continuation: CheckedContinuation<Void, any Error>)] = [:]
        var nextID: UInt64 = 0
        var recorded: [Double] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The watchers whose count of sleepers is reached, taken out.
        mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            defer { watchers.removeAll { $0.count <= count } }
            return watchers.filter { $0.count <= count }.map(\.continuation)
        }
    }

    private let mode: Mode
    private let state: Mutex<State>
    /// The wall-clock time and the monotonic instant the clock started at: the two move together.
    private let start: (date: Date, instant: ContinuousClock.Instant)

    init(_ mode: Mode = .automatic, now: Date = Date(timeIntervalSince1970: 1_779_624_000)) {
        self.mode = mode
        state = Mutex(State(current: now))
        start = (now, .now)
    }

    var now: Date { state.withLock { $0.current } }

    var instant: ContinuousClock.Instant { start.instant.advanced(by: .seconds(now.timeIntervalSince(start.date))) }

    /// Every duration passed to `sleep`, in order.
    var sleeps: [Double] { state.withLock { $0.recorded } }

    func sleep(for seconds: Double) async throws {
        try Task.checkCancellation()
        let id: UInt64 = state.withLock { state in
            state.recorded.append(seconds)
            state.nextID += 1
            return state.nextID
        }
        if mode == .automatic {
            advance(by: max(0, seconds))
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (cancelled, ready): (Bool, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                    if Task.isCancelled { return (true, []) }
                    state.sleepers[id] = (state.current.addingTimeInterval(seconds), continuation)
                    return (false, state.takeSatisfiedWatchers())
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Sleepers neither woken nor cancelled: what a call would leave behind.
    var pendingCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves time on and wakes every sleeper whose time has come.
    func advance(by seconds: Double) {
        let woken: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.current = state.current.addingTimeInterval(seconds)
            let now = state.current
            let due = state.sleepers.filter { $0.value.wake <= now }.sorted { $0.value.wake < $1.value.wake }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.continuation)
        }
        woken.forEach { $0.resume() }
    }

    /// Sets the time without waking anyone (for cache TTL tests, which only read `now`).
    func set(_ date: Date) { state.withLock { $0.current = date } }

    /// Suspends until at least `count` tasks are sleeping on this clock.
    func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                state.watchers.append((count, continuation))
                return state.takeSatisfiedWatchers()
            }
            ready.forEach { $0.resume() }
        }
    }
}

/// The two caching layers over `upstream`, as the stack has them (reading above, storing below), without the
/// layers between.
func cached(
    _ upstream: any HTTPClient, memory: ResponseCache = ResponseCache(), disk: DiskCache? = nil,
    policy: CachePolicy = CachePolicy(), clock: any ResilienceClock
) -> CachingHTTPClient {
    let storing = CacheStoringHTTPClient(inner: upstream, memory: memory, disk: disk, policy: policy, clock: clock)
    return CachingHTTPClient(inner: storing, memory: memory, disk: disk, clock: clock)
}

/// A forecast request for `query` (a distinct query makes a distinct cache key).
func forecastRequest(
    _ query: String = "latitude=52.52&longitude=13.41", timeout: Double = 10, deadline: Deadline? = nil
) -> HTTPRequest {
    var request = HTTPRequest(
        url: URL(string: "http://upstream.test/v1/forecast?\(query)")!, service: .forecast, timeoutSeconds: timeout)
    request.deadline = deadline  // as the domain puts its call's deadline on every request
    return request
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
