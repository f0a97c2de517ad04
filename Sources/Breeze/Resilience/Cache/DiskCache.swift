import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The persistent cache: one file per entry, so one-shot processes (`echo … | breeze-rpc`) share answers.
///
/// Stateless on purpose: every operation goes to the file system, and safety between threads and between
/// processes comes from writing a private temporary file and `rename(2)`-ing it over the entry, which
/// replaces it atomically. A reader therefore sees a whole old entry, a whole new one, or none.
///
/// File layout (`<16 hex digits>.entry`, named by `CacheKey.fileName`):
/// ```
/// breeze-rpc-cache 1\n
/// {"key":…,"storedAt":…,"ttl":…,"status":…,"headers":{…},"bodyBytes":…,"bodyHash":…}\n
/// <body bytes>
/// ```
/// - Important: an entry is served only if its magic line, metadata, full key, body length and body hash all
///   check out; anything else (truncated, corrupt, another key's file after a hash collision, a different
///   format) is a miss, and the next write replaces it. Reads never delete, so they cannot race a writer.
/// - Important: an unusable directory (not creatable, not a directory, no permission, read-only, full) turns
///   the persistent cache off for the rest of the process, with one call of `warn` saying why; `problem` then
///   tells `cacheStats`. Calls never fail because of the disk.
public struct DiskCache: Sendable {
    public let directory: URL
    public let maxEntries: Int
    public let maxBytes: Int
    private let health: Health

    public init(
        directory: URL, maxEntries: Int = 2000, maxBytes: Int = 64 << 20,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.directory = directory
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = max(1, maxBytes)
        health = Health(warn: warn)
    }

    /// Why the persistent cache is off, or nil while it is in use. Checks the directory on first use.
    public var problem: String? {
        health.problem { Self.directoryProblem(directory) }
    }

    private static let magic = Data("breeze-rpc-cache 1\n".utf8)
    private static let entrySuffix = ".entry"
    /// Only what decoding needs; headers like `Set-Cookie` have no business on disk.
    private static let keptHeaders: Set<String> = ["content-type"]

    private struct Metadata: Codable {
        var key: String
        var storedAt: Double
        var ttl: Double
        var status: Int
        var headers: [String: String]
        var bodyBytes: Int
        var bodyHash: String
    }

    /// The file that holds (or would hold) `key`'s entry.
    public func fileURL(for key: CacheKey) -> URL {
        directory.appendingPathComponent(key.fileName + Self.entrySuffix)
    }

    // MARK: - Reading

    /// The entry for `key` if a valid one is on disk; nil otherwise (including when it is stale at `now`).
    public func read(_ key: CacheKey, now: Date) -> CachedResponse? {
        guard problem == nil, let data = try? Data(contentsOf: fileURL(for: key)),
            let cached = Self.decode(data, key: key),
            cached.isFresh(at: now)
        else { return nil }
        return cached
    }

    static func decode(_ data: Data, key: CacheKey) -> CachedResponse? {
        guard data.starts(with: magic) else { return nil }
        let afterMagic = data.index(data.startIndex, offsetBy: magic.count)
        guard let newline = data[afterMagic...].firstIndex(of: UInt8(ascii: "\n")),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: data[afterMagic..<newline]),
            metadata.key == key.text, metadata.ttl > 0, (100..<600).contains(metadata.status)
        else { return nil }
        let body = Data(data[data.index(after: newline)...])
        guard body.count == metadata.bodyBytes, CacheKey.hex(FNV1a64.hash(body)) == metadata.bodyHash else {
            return nil
        }
        return CachedResponse(
            response: HTTPResponse(status: metadata.status, headers: metadata.headers, body: body),
            storedAt: Date(timeIntervalSince1970: metadata.storedAt), ttl: metadata.ttl)
    }

    // MARK: - Writing

    /// Stores `cached` under `key`, atomically, then trims the directory to its bounds.
    ///
    /// A failed write removes its temporary file at once and turns the persistent cache off (see `problem`).
    public func write(_ key: CacheKey, _ cached: CachedResponse) {
        let data = Self.encode(cached, key: key)
        guard data.count <= maxBytes, problem == nil else { return }
        // Unique per process and call, in the same directory so that rename never crosses file systems.
        let temporary = directory.appendingPathComponent(
            ".\(key.fileName).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            health.turnOff("cannot write in \(directory.path): \(Self.describe(error))")
            return
        }
        guard rename(temporary.path, fileURL(for: key).path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            health.turnOff("cannot rename a file in \(directory.path): \(reason)")
            return
        }
        trim()
    }

    static func encode(_ cached: CachedResponse, key: CacheKey) -> Data {
        let body = cached.response.body
        let metadata = Metadata(
            key: key.text, storedAt: cached.storedAt.timeIntervalSince1970, ttl: cached.ttl,
            status: cached.response.status, headers: cached.response.headers.filter { keptHeaders.contains($0.key) },
            bodyBytes: body.count, bodyHash: CacheKey.hex(FNV1a64.hash(body)))
        // Encoding plain strings and numbers cannot fail; an empty line would only make the entry unreadable.
        let line = (try? JSONEncoder().encode(metadata)) ?? Data()
        return magic + line + Data("\n".utf8) + body
    }

    /// Removes the oldest entries beyond `maxEntries` or `maxBytes`, and temporary files abandoned by
    /// crashed writers. Races with another process doing the same only ever remove a file twice.
    func trim() {
        let files = entryFiles(removingTemporaryFilesOlderThan: Date().addingTimeInterval(-600))
        var total = files.reduce(0) { $0 + $1.size }
        var count = files.count
        guard count > maxEntries || total > maxBytes else { return }
        for file in files.sorted(by: { $0.modified < $1.modified }) {
            guard count > maxEntries || total > maxBytes else { break }
            try? FileManager.default.removeItem(at: file.url)
            count -= 1
            total -= file.size
        }
    }

    /// The entries on disk now, whichever process wrote them: what `cacheStats` shows beside this process's
    /// counters, so a one-shot process does not report an empty cache. Stale entries count until trimmed.
    public func usage() -> DiskCacheUsage {
        let files = entryFiles(removingTemporaryFilesOlderThan: nil)
        return DiskCacheUsage(entries: files.count, bytes: files.reduce(0) { $0 + $1.size })
    }

    /// The entry files in the directory; with a date, temporary files older than it are removed on the way.
    private func entryFiles(removingTemporaryFilesOlderThan abandoned: Date?) -> [(
        url: URL, modified: Date, size: Int
    )] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var files: [(url: URL, modified: Date, size: Int)] = []
        for name in names where name.hasSuffix(".tmp") || name.hasSuffix(Self.entrySuffix) {
            let url = directory.appendingPathComponent(name)
            var status = stat()
            guard stat(url.path, &status) == 0 else { continue }
            let modified = Date(
                timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
            if name.hasSuffix(".tmp") {
                if let abandoned, modified < abandoned { try? FileManager.default.removeItem(at: url) }
            } else {
                files.append((url, modified, Int(status.st_size)))
            }
        }
        return files
    }
}

/// What the persistent cache holds on disk.
public struct DiskCacheUsage: Sendable, Equatable, Codable {
    /// Entry files in the cache directory.
    public var entries: Int
    /// Their total size in bytes.
    public var bytes: Int

    public init(entries: Int, bytes: Int) {
        self.entries = entries
        self.bytes = bytes
    }
}

// MARK: - Health

extension DiskCache {
    /// Whether the directory is usable: checked once, on first use, and turned off by the first failed write.
    private final class Health: Sendable {
        private let warn: @Sendable (String) -> Void
        /// Nil until checked; then `.some(nil)` while usable, `.some(reason)` once off.
        private let state = Mutex<String??>(nil)

        init(warn: @escaping @Sendable (String) -> Void) { self.warn = warn }

        /// Why the cache is off; the first call runs `check` (under the lock, so only once).
        func problem(checking check: () -> String?) -> String? {
            let (problem, checkedNow): (String?, Bool) = state.withLock { state in
                if let state { return (state, false) }
                let found = check()
                state = .some(found)
                return (found, true)
            }
            if checkedNow, let problem { warn(Self.warning(problem)) }
            return problem
        }

        func turnOff(_ reason: String) {
            let wasOn: Bool = state.withLock { state in
                guard state == nil || state == .some(nil) else { return false }
                state = .some(reason)
                return true
            }
            if wasOn { warn(Self.warning(reason)) }
        }

        private static func warning(_ reason: String) -> String {
            "the persistent cache is off: \(reason); answers are cached in memory only (see --cache-dir)"
        }
    }

    /// Why `directory` cannot hold the cache, creating it if needed; nil when it can.
    static func directoryProblem(_ directory: URL) -> String? {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return "cannot create \(directory.path): \(describe(error))"
        }
        guard access(directory.path, R_OK | W_OK | X_OK) == 0 else {
            return "cannot use \(directory.path): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// A file-system error in the system's words ("No space left on device"), without Foundation's phrasing.
    static func describe(_ error: any Error) -> String {
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        guard let error = error as? CocoaError else { return "\(error)" }
        if let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        switch error.code {
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileWriteFileExists: return "a file is in the way"
        default: return "file-system error \(error.code.rawValue)"
        }
    }
}
