#if canImport(Glibc)
import Glibc
#endif

/// A mutex with a condition variable, over pthreads: for the threads that must sleep until state changes.
///
/// The input reader, the output sink and the log writer each have a thread that sleeps until another thread
/// changes their state, which a `Mutex` cannot do. Foundation's `NSCondition` and `Thread` would do it, but full
/// Foundation links ICU's data into the binary for the sake of these few calls, so the wire layer says them
/// itself. The condition variable waits on the monotonic clock, so a change of the wall clock moves no deadline.
// @unchecked: the pthread objects are allocated once, never move, and are only touched through pthread calls,
// which are safe from any thread.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Sleeps until signalled; the lock must be held, and is held again on return.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Sleeps until signalled or until `deadline` (from `deadline(after:)`); false once the deadline has passed.
    func wait(until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes one sleeping thread.
    func signal() { pthread_cond_signal(condition) }

    /// Wakes every sleeping thread.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// The monotonic time `duration` from now, for `wait(until:)`.
    static func deadline(after duration: Duration) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(duration.components.attoseconds / 1_000_000_000)
        return timespec(
            tv_sec: now.tv_sec + Int(duration.components.seconds) + nanoseconds / 1_000_000_000,
            tv_nsec: nanoseconds % 1_000_000_000)
    }
}

/// Runs `body` on a new, detached thread named `name`, as debuggers and `ps` show it.
func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
        &thread, nil,
        { start in
            let start = Unmanaged<ThreadStart>.fromOpaque(start!).takeRetainedValue()
            nameThisThread(start.name)
            start.body()
            return nil
        }, start)
    precondition(result == 0, "could not start the thread \(name): \(String(cString: strerror(result)))")
    pthread_detach(thread)
}

/// Names the calling thread (Linux: at most 15 bytes). `pthread_setname_np` is a GNU extension Glibc's Swift
/// overlay does not import; the name is written where it keeps it.
private func nameThisThread(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    close(file)
}

/// What a new thread is to run, handed to it through `pthread_create`'s one pointer.
private final class ThreadStart: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
