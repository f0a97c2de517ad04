import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The breeze-rpc processes of one host that use the same cache directory, and the two things they share there:
/// the Open-Meteo in-flight budget, and one upstream fetch per question.
///
/// No server: the cache directory is the meeting point, and `flock(2)` the only primitive. The kernel releases a
/// process's locks when it dies, however it dies (`kill -9` included), so nothing is ever left held.
/// - The budget: `fleet/open-meteo.0 … .K-1`, K = `--open-meteo-max-in-flight`; a request to Open-Meteo holds one,
///   locked, while it is on the wire (`takeSlot`).
/// - One fetch per question: `fleet/fetching/<key>.lock`, locked by the process fetching that question, removed
///   (while still locked) once the answer is on disk (`lockFetch`).
///
/// Degrades, never hangs: without a usable local directory (`--cache memory` or `off`, no directory, an unusable
/// one, a network file system where `flock` cannot be trusted, a lock call that fails) each process keeps its own
/// budget and fetches on its own, and `status` tells `cacheStats` why; what the user did not choose is also said
/// once on stderr (an unusable directory by the disk cache's own warning).
public final class HostFleet: Sendable {
    /// Whether the processes of this host share one budget and one fetch per question.
    public enum Mode: String, Sendable, Equatable {
        /// One budget and one fetch per question for every process using the cache directory.
        case host
        /// Each process on its own.
        case process
    }

    /// What `cacheStats` shows.
    public struct Status: Sendable, Equatable {
        public var mode: Mode
        /// Why the mode is `process`; nil in `host` mode.
        public var reason: String?
        /// The host's Open-Meteo slots this process takes from (`host` mode), else nil.
        public var slots: Int?

        public init(mode: Mode, reason: String? = nil, slots: Int? = nil) {
            self.mode = mode
            self.reason = reason
            self.slots = slots
        }
    }

    /// A question this process is fetching for the host: the locked file, removed when the fetch is done.
    public struct FetchLock: Sendable {
        let descriptor: Int32
        let path: String
    }

    /// What asking for a question's lock found.
    public enum FetchTurn: Sendable {
        /// This process fetches; `unlockFetch` when the answer is stored.
        case held(FetchLock)
        /// Another process is fetching it now.
        case busy
        /// No sharing (process mode, or it just ended): fetch alone.
        case alone
    }

    private struct State {
        /// Nil until the directory is checked; then nil reason for host mode.
        var checked = false
        var reason: String?
        var slotDescriptors: [Int32] = []
        /// Which slots this process holds now: a second `flock` on a descriptor we hold would succeed again.
        var held: [Bool] = []
    }

    /// The directory the fleet meets in (`<cache dir>/fleet`), nil when no directory can be shared.
    public let directory: String?
    public let slotCount: Int
    private let disk: DiskCache?
    private let fixedReason: String?
    private let warn: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// - Parameters:
    ///   - settings: the cache mode, directory and Open-Meteo budget.
    ///   - disk: the persistent cache; the fleet is on only while it is.
    ///   - warn: told once, in words, when the processes of this host cannot share although the cache is on.
    public init(settings: ResilienceSettings, disk: DiskCache?, warn: @escaping @Sendable (String) -> Void) {
        slotCount = max(1, settings.openMeteoMaxInFlight)
        self.disk = disk
        self.warn = warn
        switch (settings.cacheMode, disk) {
        case (.on, let disk?):
            directory = disk.directory.appendingPathComponent("fleet").path
            fixedReason = nil
        case (.on, nil):
            (directory, fixedReason) = (nil, "there is no cache directory (set --cache-dir)")
        case (let mode, _):
            (directory, fixedReason) = (nil, "--cache is \(mode.rawValue), so no directory is shared")
        }
    }

    /// The mode in force now, checking the directory on first use.
    public var status: Status {
        let reason = ready()
        return reason == nil ? Status(mode: .host, slots: slotCount) : Status(mode: .process, reason: reason)
    }

    // MARK: - The budget

    /// Waits for one of the host's Open-Meteo slots, in this process's order: only the head of `line` (the
    /// limiter's `hostSlot` pool, one at a time) polls the slot files; the others wait behind it in the line.
    ///
    /// Polling, not a blocking `flock`: the cooperative pool must never block, and a blocking lock would need a
    /// thread per waiter. `LOCK_NB` on each free-looking slot, then a pause of 2 ms doubling to 20 ms with
    /// jitter: one waiter per process, a few system calls per pause. Bounded by the call: cancellation (its
    /// deadline, its caller) ends the pause at once.
    /// - Returns: the slot to give back with `giveBack`; nil when the request needs none (not Open-Meteo, or
    ///   process mode).
    public func takeSlot(for service: Upstream, line: ConcurrencyLimiter) async throws -> Int? {
        guard service.key == .openMeteo, ready() == nil else { return nil }
        try await line.acquire(.hostSlot)
        defer { line.release(.hostSlot) }
        let trace = UpstreamCallTrace.current
        var pause = 0.002
        while true {
            if let slot = tryTakeSlot() {
                if pause > 0.002 { trace?.debug("fleet.slot", ["slot": String(slot)]) }
                return slot >= 0 ? slot : nil
            }
            if pause == 0.002 { trace?.debug("fleet.wait", ["slots": String(slotCount)]) }
            try await Task.sleep(for: .microseconds(Int(Double.random(in: pause / 2...pause) * 1_000_000)))
            pause = min(pause * 2, 0.02)
        }
    }

    /// Gives back a slot `takeSlot` returned.
    public func giveBack(_ slot: Int) {
        state.withLock { state in
            guard slot < state.slotDescriptors.count, state.held[slot] else { return }
            _ = flock(state.slotDescriptors[slot], LOCK_UN)
            state.held[slot] = false
        }
    }

    /// A free slot taken now; nil when all are taken; -1 when locking failed and the fleet just turned off.
    func tryTakeSlot() -> Int? {
        let outcome: (slot: Int?, failure: String?) = state.withLock { state in
            guard state.reason == nil else { return (-1, nil) }
            for slot in state.slotDescriptors.indices where !state.held[slot] {
                if flock(state.slotDescriptors[slot], LOCK_EX | LOCK_NB) == 0 {
                    state.held[slot] = true
                    return (slot, nil)
                }
                guard errno == EAGAIN else {
                    let failure = "flock failed on \(directory ?? ""): \(String(cString: strerror(errno)))"
                    state.reason = failure
                    return (-1, failure)
                }
            }
            return (nil, nil)
        }
        if let failure = outcome.failure { warnProcessMode(failure) }
        return outcome.slot
    }

    // MARK: - One fetch per question

    /// Whether identical questions from other processes wait for one fetch: host mode, and answers that go to
    /// disk (where the waiters read them).
    public func sharesFetches(_ service: Upstream) -> Bool {
        service.storesOnDisk && ready() == nil
    }

    /// Takes the lock of `key`'s fetch, or says another process holds it.
    ///
    /// The holder removes the file while it still holds the lock, so a process that opened the old file and
    /// locks it afterwards finds the path gone (or another file there) and tries again: two processes never
    /// both believe they fetch.
    public func lockFetch(_ key: CacheKey) -> FetchTurn {
        guard let directory, ready() == nil else { return .alone }
        let path = directory + "/fetching/" + key.fileName + ".lock"
        for _ in 0..<8 {
            let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                turnOff("cannot create a lock file in \(directory)/fetching: \(String(cString: strerror(errno)))")
                return .alone
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let failure = errno
                close(descriptor)
                if failure == EAGAIN { return .busy }
                turnOff("flock failed on \(path): \(String(cString: strerror(failure)))")
                return .alone
            }
            if Self.isStill(path, descriptor) { return .held(FetchLock(descriptor: descriptor, path: path)) }
            close(descriptor)
        }
        return .alone
    }

    /// Ends a fetch: removes its lock file, then releases the lock.
    public func unlockFetch(_ lock: FetchLock) {
        unlink(lock.path)
        close(lock.descriptor)
    }

    /// Whether `path` still names the file open as `descriptor`.
    private static func isStill(_ path: String, _ descriptor: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    // MARK: - Setting up, and turning off

    /// Nil in host mode; else why not. The first call checks the directory and opens the slot files.
    private func ready() -> String? {
        if let diskProblem = disk?.problem { return stopSharing(diskProblem, warning: false) }
        let (reason, checkedNow): (String?, Bool) = state.withLock { state in
            if state.checked { return (state.reason, false) }
            state.checked = true
            state.reason = fixedReason ?? openFiles(&state)
            return (state.reason, true)
        }
        // `--cache memory` or `off` is the user's own choice: `cacheStats` says so, stderr stays quiet.
        if checkedNow, let reason, fixedReason == nil { warnProcessMode(reason) }
        return reason
    }

    /// Process mode from now on, for `reason`; the caller warns.
    private func stopSharing(_ reason: String, warning: Bool) -> String {
        let (current, changed): (String, Bool) = state.withLock { state in
            state.checked = true
            if let existing = state.reason { return (existing, false) }
            state.reason = reason
            return (reason, true)
        }
        if changed, warning { warnProcessMode(reason) }
        return current
    }

    private func turnOff(_ reason: String) { _ = stopSharing(reason, warning: true) }

    private func warnProcessMode(_ reason: String) {
        warn("each process keeps its own Open-Meteo budget and fetches on its own: \(reason)")
    }

    /// Opens the fleet's files; nil when they can be trusted, else why not.
    private func openFiles(_ state: inout State) -> String? {
        guard let directory else { return "there is no cache directory" }
        if let network = Self.networkFileSystem(at: directory.deletingLastPathComponentText) {
            return "\(directory) is on a network file system (\(network)), where flock cannot be trusted"
        }
        for path in [directory, directory + "/fetching"] where mkdir(path, 0o700) != 0 && errno != EEXIST {
            return "cannot create \(path): \(String(cString: strerror(errno)))"
        }
        var descriptors: [Int32] = []
        for slot in 0..<slotCount {
            let descriptor = Glibc.open(directory + "/open-meteo.\(slot)", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                let reason = "cannot open the slot files in \(directory): \(String(cString: strerror(errno)))"
                descriptors.forEach { close($0) }
                return reason
            }
            descriptors.append(descriptor)
        }
        // A shared lock tells whether flock works here at all; "held by another process" is an answer too.
        if flock(descriptors[0], LOCK_SH | LOCK_NB) == 0 {
            _ = flock(descriptors[0], LOCK_UN)
        } else if errno != EAGAIN {
            let reason = "flock does not work in \(directory): \(String(cString: strerror(errno)))"
            descriptors.forEach { close($0) }
            return reason
        }
        state.slotDescriptors = descriptors
        state.held = Array(repeating: false, count: descriptors.count)
        Self.removeAbandonedFetchLocks(in: directory + "/fetching")
        return nil
    }

    /// Removes the lock files of fetches whose process died before removing them (none is locked): bounds
    /// their number to the fetches in flight, plus those of crashes since the last process started.
    static func removeAbandonedFetchLocks(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasSuffix(".lock") {
            let path = directory + "/" + name
            let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0, isStill(path, descriptor) { unlink(path) }
            close(descriptor)
        }
    }

    /// The network file system `path` is on (its type as the kernel names it), nil for a local one: found in
    /// `/proc/self/mountinfo` by the device number `stat(2)` gives the path, so bind mounts and symbolic links
    /// make no difference.
    static func networkFileSystem(at path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, let table = readProcFile("/proc/self/mountinfo") else { return nil }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        return networkFileSystem(mountTable: table, device: "\(major):\(minor)")
    }

    /// The type of the mount of `device` ("major:minor") in a `mountinfo` table, if it is a network one.
    static func networkFileSystem(mountTable: String, device: String) -> String? {
        for line in mountTable.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2, fields[2] == device, let dash = fields.firstIndex(of: "-"),
                dash + 1 < fields.count
            else { continue }
            let type = String(fields[dash + 1])
            if isNetwork(type) { return type }
        }
        return nil
    }

    /// File systems whose `flock` cannot be trusted between processes of one host: NFS emulates it with byte-range
    /// locks shared with other clients, SMB/CIFS and the cluster file systems follow their servers, and a FUSE
    /// file system (sshfs, s3fs …) does whatever its daemon does.
    static func isNetwork(_ type: String) -> Bool {
        let network: Set<String> = [
            "nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "9p", "ceph", "glusterfs", "lustre", "gfs2", "ocfs2",
            "afs", "coda", "davfs", "fuse",
        ]
        return network.contains(type) || type.hasPrefix("fuse.")
    }

    /// The whole text of a `/proc` file (whose size `stat` reports as 0, so it is read to its end).
    private static func readProcFile(_ path: String) -> String? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes += chunk[0..<count]
        }
    }
}

extension String {
    /// The text up to its last `/` (the parent directory of a path), or itself without one.
    fileprivate var deletingLastPathComponentText: String {
        guard let slash = lastIndex(of: "/"), slash != startIndex else { return self }
        return String(self[..<slash])
    }
}

extension Upstream {
    /// Whether its answers may be written to the persistent cache. Google's terms allow caching Pollen API content
    /// only as their service terms expressly permit, so its answers are never written to disk (nor shared).
    public var storesOnDisk: Bool { key != .googlePollen }
}
