import Breeze
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// File descriptors at start-up: as many as allowed, and a budget of upstream sockets that stays below them.
///
/// Every request in flight holds a socket, and running out of descriptors inside libcurl or libdispatch crashes
/// the process instead of failing one call. So the soft `RLIMIT_NOFILE` is raised to the hard limit, and the
/// per-upstream concurrency limits are lowered until all upstream sockets together fit in what is left.
enum DescriptorLimit {
    /// Descriptors kept back for everything that is not an upstream socket: the runtime's and libcurl's own
    /// (event queues, wake-up pipes, resolver threads), cache files being written, and a margin.
    static let reserved = 24
    /// No need to ask for more than this: the default limits allow far fewer sockets.
    static let enough: rlim_t = 65536

    /// The fewest descriptors with which upstream calls are made at all. Below it, one upstream socket and
    /// libcurl's wake-up pair can take the last descriptors, and libdispatch, which opens files under /proc to
    /// watch its threads, stops the whole process when it finds none.
    static let minimumForUpstreams = 16

    /// Raises the soft limit where allowed; returns how many descriptors are allowed and how many upstream
    /// sockets may be open at once: at least 1, or 0 when the limit is below `minimumForUpstreams`.
    static func raiseAndBudgetSockets() -> (limit: Int, sockets: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (Int(enough), Int(enough)) }
        let wanted = min(limit.rlim_max, enough)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let allowed = Int(min(limit.rlim_cur, enough))
        guard allowed >= minimumForUpstreams else { return (allowed, 0) }
        return (allowed, max(1, allowed - openDescriptors() - reserved))
    }

    /// The upstream client of a process allowed too few descriptors: every call fails with the reason, and
    /// everything that needs no upstream keeps working.
    struct TooFew: HTTPClient {
        let allowed: Int

        var reason: String {
            "only \(allowed) file descriptors are allowed (ulimit -n); upstream calls need at least "
                + "\(DescriptorLimit.minimumForUpstreams)"
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            throw BreezeError.networkError(service: request.service, reason: reason)
        }
    }

    /// How many descriptors are open now (stdio, and whatever the runtime opened), from /proc when present.
    private static func openDescriptors() -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 3 }
        return entries.count
    }
}
