import Foundation
import Testing

@testable import Breeze

/// A clock for tests: time moves only when the test (or, in automatic mode, a sleeper) moves it.
///
/// Automatic: `sleep` records the duration, advances `now` by it and returns, so backoff and `Retry-After`
/// tests run instantly yet see exactly the waits the code asked for. Manual: `sleep` suspends until the test
/// calls `advance(by:)` past its wake-up time, for tests where a timer must race something else. Alarms (the
/// deadlines) count as sleepers, and ring when time passes them, in either mode.
final class TestClock: ResilienceClock, @unchecked Sendable {
    enum Mode { case automatic, manual }

    private struct Sleeper {
        let wake: Date
        /// Resumes a `sleep`, or rings an alarm.
        let ring: @Sendable () -> Void
    }

    private final class TestAlarm: Alarm, @unchecked Sendable {
        let id: UInt64
        weak var clock: TestClock?

        init(id: UInt64, clock: TestClock) {
            self.id = id
            self.clock = clock
        }

        func cancel() { clock?.removeSleeper(id) }
    }

    private let lock = NSLock()
    private let mode: Mode
    private var current: Date
    private var sleepers: [UInt64: Sleeper] = [:]
    /// The continuations of suspended `sleep`s, by sleeper, for cancellation.
    private var sleeperContinuations: [UInt64: CheckedContinuation<Void, any Error>] = [:]
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
            advance(by: max(0, seconds))
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return []
                    }
                    sleepers[id] = Sleeper(wake: current.addingTimeInterval(seconds)) { continuation.resume() }
                    sleeperContinuations[id] = continuation
                    return takeSatisfiedWatchers()
                }
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = lock.withLock {
                sleepers[id] = nil
                return sleeperContinuations.removeValue(forKey: id)
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    func alarm(after seconds: Double, _ ring: @escaping @Sendable () -> Void) -> any Alarm {
        let (id, ready): (UInt64, [CheckedContinuation<Void, Never>]) = lock.withLock {
            recorded.append(seconds)
            nextID += 1
            sleepers[nextID] = Sleeper(wake: current.addingTimeInterval(seconds), ring: ring)
            return (nextID, takeSatisfiedWatchers())
        }
        ready.forEach { $0.resume() }
        return TestAlarm(id: id, clock: self)
    }

    /// Sleepers and alarms neither woken nor cancelled: what a call would leave behind.
    var pendingCount: Int { lock.withLock { sleepers.count } }

    private func removeSleeper(_ id: UInt64) {
        lock.withLock {
            sleepers[id] = nil
            sleeperContinuations[id] = nil
        }
    }

    /// Moves time on and wakes every sleeper whose time has come.
    func advance(by seconds: Double) {
        let woken: [Sleeper] = lock.withLock {
            current = current.addingTimeInterval(seconds)
            let due = sleepers.filter { $0.value.wake <= current }
            for id in due.keys {
                sleepers[id] = nil
                sleeperContinuations[id] = nil
            }
            return due.sorted { $0.value.wake < $1.value.wake }.map(\.value)
        }
        woken.forEach { $0.ring() }
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
