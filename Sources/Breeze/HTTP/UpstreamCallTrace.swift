import Synchronization

/// What happened to one upstream call on its way through the resilience stack: where the answer came from and
/// how many retries it took, gathered for the one `upstream` log line `Breeze.fetch` writes when it ends.
///
/// The one task local of the service, bound by `Breeze.fetch` so the layers below note what they did without the
/// `HTTPClient` seam (one request in, one response out) carrying a log sink: it changes nothing a caller gets
/// back, only what the log line says, which is what makes out-of-sight acceptable here and nowhere else (the
/// deadline and progress, which do change answers, are passed explicitly: `Breeze.Call`). A coalesced call's
/// shared task inherits the first caller's trace.
/// - Important: the layers may run on other tasks than the caller (the shared call), hence the lock.
public final class UpstreamCallTrace: Sendable {
    /// Where an answer came from.
    public enum Source: String, Sendable {
        /// Fresh in the memory cache.
        case hit
        /// Fresh on disk (then kept in memory).
        case diskHit
        /// Shared with an identical call already in flight.
        case coalesced
        /// Fetched from the upstream.
        case miss
    }

    public let service: Upstream
    /// Where this call's events go.
    public let log: EventLog
    private let state = Mutex((source: Source.miss, retries: 0))

    public init(service: Upstream, log: EventLog) {
        self.service = service
        self.log = log
    }

    /// Where the answer came from; `miss` unless a cache or the coalescer said otherwise.
    public var source: Source {
        get { state.withLock { $0.source } }
        set { state.withLock { $0.source = newValue } }
    }

    /// Retries after the first attempt.
    public var retries: Int { state.withLock { $0.retries } }

    /// Counts one retry.
    public func noteRetry() { state.withLock { $0.retries += 1 } }

    /// A decision worth seeing at `debug` (a deadline, a wait for a slot, a cache write), tagged with the upstream.
    public func debug(_ event: String, _ fields: @autoclosure () -> KeyValuePairs<String, String>) {
        guard log.isEnabled(.debug) else { return }
        log.log(.debug, event, pairs: [("upstream", service.rawValue)] + Array(fields()))
    }

    /// The trace of the upstream call this task works for, if `Breeze.fetch` started one.
    @TaskLocal public static var current: UpstreamCallTrace?
}
