import Synchronization

/// An answer delivered to a callback, awaited in a task: the bridge `CoalescingHTTPClient.send` needs from its
/// callback-based `start`.
///
/// - Important: only the HTTP chain uses it; it goes when the chain is plain `async` throughout. The producer
///   calls `resolve` once; `cancel` reaches the producer through `onCancel`, which then resolves with a
///   cancellation error, so the consumer always hears exactly once.
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
