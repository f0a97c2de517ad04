import Synchronization

/// One slot of the in-flight limit, held by a running call; giving it back twice gives it back once.
///
/// One is made per message, so it is a single allocation: an atomic flag rather than a lock.
final class Credit: Sendable {
    private let reader: InputReader
    private let held = Atomic(true)

    init(_ reader: InputReader) {
        self.reader = reader
    }

    func release() {
        if held.exchange(false, ordering: .acquiringAndReleasing) { reader.releaseCredit() }
    }
}

/// Whether the calls of a message may run, and on which credit.
enum Admission: Sendable {
    /// No limit: a message handed to the server directly, not read from its input.
    case unlimited
    /// Runs on `credit`; more credits for batch members come from `reader`. A cancellation holds none.
    case limited(InputReader, Credit?)
    /// The server is shutting down: answered without running.
    case refused

    var isRefused: Bool {
        if case .refused = self { true } else { false }
    }

    /// The admission of a batch member: the first runs on the message's own credit, each later one waits for a
    /// credit of its own.
    func forMember(first: Bool) async -> Admission {
        guard case .limited(let reader, _) = self, !first else { return self }
        return await reader.acquireCredit() ? .limited(reader, Credit(reader)) : .refused
    }

    /// Gives back the credit, if one is held.
    func release() {
        if case .limited(_, let credit?) = self { credit.release() }
    }
}

/// Bounds how many message tasks exist but have not begun: once `limit` are waiting to run, the reading loop
/// waits until half of them have begun before it makes another.
///
/// A task that has begun does not count, however long it runs or waits, so a slow call never holds up reading
/// (a `$/cancelRequest` or a `ping` behind it is read at once). Without the bound, input read faster than the
/// threads run it became thousands of tasks at once, about 2 KiB each before their first step, and the memory
/// they left behind, scattered among the calls still waiting, stayed with the process. Waiting for half, not for
/// one, keeps the loop from being suspended and resumed for every message while the threads are busy.
final class TaskBacklog: Sendable {
    private struct State {
        var waitingToBegin = 0
        /// The reading loop, when it waits for tasks to begin.
        var reader: CheckedContinuation<Void, Never>?
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Returns once another task may be made, and counts it; call from one task only (the reading loop).
    func admit() async {
        if state.withLock({ take(&$0) }) { return }
        await withCheckedContinuation { continuation in
            let now: Bool = state.withLock { state in
                if take(&state) { return true }
                state.reader = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// A task counted by `admit` has begun.
    func begun() {
        let reader: CheckedContinuation<Void, Never>? = state.withLock { state in
            state.waitingToBegin -= 1
            guard state.waitingToBegin <= limit / 2, let reader = state.reader else { return nil }
            state.reader = nil
            state.waitingToBegin += 1  // the loop's next task
            return reader
        }
        reader?.resume()
    }

    private func take(_ state: inout State) -> Bool {
        guard state.waitingToBegin < limit else { return false }
        state.waitingToBegin += 1
        return true
    }
}
