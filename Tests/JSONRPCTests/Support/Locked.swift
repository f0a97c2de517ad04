import Synchronization

/// A value behind a `Mutex`, in a class so that closures and tasks can share it.
final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value; never `await` inside.
    @discardableResult
    func withLock<T, E: Error>(_ body: (inout sending Value) throws(E) -> sending T) throws(E) -> T {
        try mutex.withLock(body)
    }
}
