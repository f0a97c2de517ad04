import Foundation

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

    /// Raises the soft limit where allowed; returns how many upstream sockets may be open at once (at least 1).
    static func raiseAndBudgetSockets() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Int(enough) }
        let wanted = min(limit.rlim_max, enough)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let available = Int(min(limit.rlim_cur, enough)) - openDescriptors() - reserved
        return max(1, available)
    }

    /// How many descriptors are open now (stdio, and whatever the runtime opened), from /proc when present.
    private static func openDescriptors() -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 3 }
        return entries.count
    }
}
