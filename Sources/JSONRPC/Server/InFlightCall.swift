import Synchronization

/// What answering a call needs once it has run.
struct Call: Sendable {
    let id: RequestID?
    let method: String
    let isNotification: Bool
}

/// A request's running task, with whether and how a cancellation reached it.
///
/// A child of the server's task group has no handle, so the call holds its task by the unsafe handle, valid
/// only while the task runs: `end()` drops it before the task returns, and `cancel` uses it under the same
/// lock, so a cancellation never reaches a task that has finished.
final class InFlightCall: Sendable {
    /// How a cancelled call is answered: -32800 (`$/cancelRequest`, shutdown), or not at all
    /// (`notifications/cancelled`).
    enum Cancellation { case answered, silent }

    private struct State {
        var task: TaskHandle?
        var cancelled: Cancellation?
    }

    // @unchecked: the handle is used only under the call's lock, and only while its task runs (see `end()`).
    private struct TaskHandle: @unchecked Sendable {
        let task: UnsafeCurrentTask
    }

    let call: Call
    private let state: Mutex<State>

    init(_ call: Call, task: UnsafeCurrentTask?) {
        self.call = call
        state = Mutex(State(task: task.map(TaskHandle.init)))
    }

    var cancellation: Cancellation? { state.withLock { $0.cancelled } }

    /// Cancels the call's task; silence wins: once the client has said it expects no reply, none is sent.
    func cancel(silently: Bool = false) {
        state.withLock { state in
            state.cancelled = silently ? .silent : (state.cancelled ?? .answered)
            // Under the lock, so the task cannot finish (`end`) meanwhile. Cancellation handlers run here, and
            // none of them waits for anything.
            state.task?.task.cancel()
        }
    }

    /// The call has finished: its task may end.
    func end() {
        state.withLock { $0.task = nil }
    }
}

/// The calls in flight under one id: almost always one, kept inline (a client may reuse an id, and notifications
/// and null ids share the nil one).
enum InFlightCalls {
    case none
    case one(InFlightCall)
    case many([InFlightCall])

    init() { self = .none }

    var calls: [InFlightCall] {
        switch self {
        case .none: []
        case .one(let call): [call]
        case .many(let calls): calls
        }
    }

    mutating func add(_ call: InFlightCall) {
        switch self {
        case .none: self = .one(call)
        case .one(let first): self = .many([first, call])
        case .many(var calls):
            self = .none  // the array stays unique while it grows
            calls.append(call)
            self = .many(calls)
        }
    }

    /// Takes `call` out; true when none is left.
    mutating func remove(_ call: InFlightCall) -> Bool {
        switch self {
        case .none: break
        case .one(let only): if only === call { self = .none }
        case .many(var calls):
            self = .none
            calls.removeAll { $0 === call }
            self = calls.count == 1 ? .one(calls[0]) : .many(calls)
        }
        if case .none = self { return true }
        return false
    }
}
