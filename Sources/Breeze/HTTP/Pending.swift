import Synchronization

/// An answer on its way with no task waiting for it.
///
/// A call waiting on the network is held as this and the closures that will finish it, not as a suspended task
/// whose every frame stays allocated until the answer comes: a few hundred bytes instead of tens of KiB per
/// waiting request. The producer calls `resolve` once; the consumer either registers `whenReady` (and keeps no
/// task) or awaits `value` (when it has a task anyway). `cancel` reaches the producer through `onCancel`; the
/// producer then resolves with a cancellation error, so the consumer always hears exactly once.
public final class Pending<Value: Sendable>: Sendable {
    private struct State {
        var outcome: Result<Value, any Error>?
        var reader: (@Sendable (Result<Value, any Error>) -> Void)?
        var onCancel: (@Sendable () -> Void)?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// An answer still to come.
    public init() {}

    /// An answer already there.
    public init(_ outcome: Result<Value, any Error>) {
        state.withLock { $0.outcome = outcome }
    }

    /// Gives the answer to the consumer; only the first call counts.
    public func resolve(_ outcome: Result<Value, any Error>) {
        let reader: (@Sendable (Result<Value, any Error>) -> Void)? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.onCancel = nil
            defer { state.reader = nil }
            return state.reader
        }
        reader?(outcome)
    }

    /// How the producer stops early: run by `cancel`, at once if the consumer has already cancelled.
    public func onCancel(_ body: @escaping @Sendable () -> Void) {
        let cancelledFirst: Bool = state.withLock { state in
            guard state.outcome == nil else { return false }
            if state.cancelled { return true }
            state.onCancel = body
            return false
        }
        if cancelledFirst { body() }
    }

    /// Asks the producer to stop; no effect once the answer is there.
    public func cancel() {
        let body: (@Sendable () -> Void)? = state.withLock { state in
            guard state.outcome == nil, !state.cancelled else { return nil }
            state.cancelled = true
            defer { state.onCancel = nil }
            return state.onCancel
        }
        body?()
    }

    /// Calls `body` once with the answer: at once if it is there, else when it comes, on the producer's thread.
    /// One consumer only.
    public func whenReady(_ body: @escaping @Sendable (Result<Value, any Error>) -> Void) {
        let outcome: Result<Value, any Error>? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.reader = body
            return nil
        }
        if let outcome { body(outcome) }
    }

    /// The answer, if it is there already.
    public var outcome: Result<Value, any Error>? { state.withLock { $0.outcome } }

    /// The answer of the producer `start` starts, awaited in the calling task: `start` hands `deliver` on and
    /// returns how the producer stops early (nil when it has answered already), as `CoalescingHTTPClient.start`.
    public static func value(
        of start: (_ deliver: @escaping @Sendable (Result<Value, any Error>) -> Void) async -> (@Sendable () -> Void)?
    ) async throws -> Value {
        let answer = Pending()
        if let stop = await start(answer.resolve) { answer.onCancel(stop) }
        return try await answer.value
    }

    /// The answer, for a consumer that has a task to wait in; cancelling that task cancels this.
    public var value: Value {
        get async throws {
            if let outcome { return try outcome.get() }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    whenReady { continuation.resume(with: $0) }
                }
            } onCancel: {
                cancel()
            }
        }
    }
}

// MARK: - Combining

extension Pending {
    /// This answer turned into another by `transform` when it comes: a value `transform` returns, or the error it
    /// throws. Cancelling the new answer cancels this one. Takes this answer's one consumer.
    public func mapOutcome<Other: Sendable>(
        _ transform: @escaping @Sendable (Result<Value, any Error>) throws -> Other
    ) -> Pending<Other> {
        if let outcome { return Pending<Other>(Result { try transform(outcome) }) }
        let mapped = Pending<Other>()
        mapped.onCancel { self.cancel() }
        whenReady { outcome in mapped.resolve(Result { try transform(outcome) }) }
        return mapped
    }

    /// This answer's value turned into another by `transform`; a failure passes through (see `mapOutcome`).
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) throws -> Other) -> Pending<Other> {
        mapOutcome { try transform($0.get()) }
    }

    /// The values of `parts`, in their order, once every one has come; or the first failure, and then the parts
    /// still to come are cancelled. `arrived` hears how many parts have come, of how many, as each comes.
    ///
    /// Cancelling it cancels every part, and it answers with `CancellationError`, whatever the parts then answer;
    /// `arrived` hears nothing more, since the caller expects nothing more of a call it has cancelled.
    /// - Important: `arrived` is called under a lock, so its calls never overlap and counts never go backwards.
    public convenience init<Part>(
        all parts: [Pending<Part>], arrived: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil
    ) where Value == [Part] {
        self.init()
        guard !parts.isEmpty else {
            resolve(.success([]))
            return
        }
        let gathering = Gathering<Part>(count: parts.count)
        onCancel { for part in parts { part.cancel() } }
        for (index, part) in parts.enumerated() {
            part.whenReady { [self] outcome in
                let cancelled = isCancelled
                let answer = gathering.add(outcome, at: index) { completed in
                    if !cancelled { arrived?(completed, parts.count) }
                }
                guard let answer else { return }
                if case .failure = answer { for part in parts { part.cancel() } }
                resolve(cancelled ? .failure(CancellationError()) : answer)
            }
        }
    }

    /// Whether the consumer has asked the producer to stop.
    private var isCancelled: Bool { state.withLock { $0.cancelled } }
}

/// The parts of `Pending(all:)` come so far.
private final class Gathering<Part: Sendable>: Sendable {
    private struct State {
        var values: [Part?]
        var completed = 0
        var finished = false
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(values: Array(repeating: nil, count: count)))
    }

    /// Keeps part `index`'s outcome, telling `arrived` the count of parts come (under the lock, so in order);
    /// returns the whole answer once it is known (every value, or this first failure), else nil.
    func add(
        _ outcome: Result<Part, any Error>, at index: Int, arrived: (_ completed: Int) -> Void
    ) -> Result<[Part], any Error>? {
        state.withLock { state in
            guard !state.finished else { return nil }
            switch outcome {
            case .failure(let error):
                state.finished = true
                return .failure(error)
            case .success(let value):
                state.values[index] = value
                state.completed += 1
                arrived(state.completed)
                guard state.completed == state.values.count else { return nil }
                state.finished = true
                return .success(state.values.compactMap { $0 })
            }
        }
    }
}

/// A value shared by reference: closures that keep a large value while a call waits capture one box between them
/// instead of each copying the value into a context of its own.
final class Box<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
