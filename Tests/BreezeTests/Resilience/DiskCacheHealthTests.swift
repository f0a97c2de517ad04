import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import Breeze

/// An unusable cache directory turns the disk cache off, once, saying why, and leaves nothing behind.
@Suite(.timeLimit(.minutes(1))) struct DiskCacheHealthTests {
    private let now = Date(timeIntervalSince1970: 1_779_624_000)

    private func entry() -> CachedResponse {
        CachedResponse(response: HTTPResponse(status: 200, body: Data("{}".utf8)), storedAt: now, ttl: 900)
    }

    /// Collects what the cache says, as the binary's logger would.
    private final class Warnings: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsOneWarningAndTheCacheOff() throws {
        let file = try temporaryDirectory().appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let warnings = Warnings()
        let disk = DiskCache(directory: file, warn: warnings.append)
        let key = CacheKey(forecastRequest())
        disk.write(key, entry())
        disk.write(key, entry())
        #expect(disk.read(key, now: now) == nil)
        #expect(disk.problem?.contains(file.path) == true)
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.contains("the persistent cache is off") == true)
    }

    @Test func aFailedWriteRemovesItsTemporaryFileAtOnceAndTurnsTheCacheOff() throws {
        let directory = try temporaryDirectory()
        let warnings = Warnings()
        let disk = DiskCache(directory: directory, warn: warnings.append)
        let key = CacheKey(forecastRequest())
        // A non-empty directory where the entry goes: the write succeeds, the rename over it cannot.
        let blocker = disk.fileURL(for: key)
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data().write(to: blocker.appendingPathComponent("inside"))
        #expect(disk.problem == nil)
        disk.write(key, entry())
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left == [blocker.lastPathComponent], "no temporary file is left behind")
        #expect(disk.problem?.contains("cannot rename") == true)
        disk.write(CacheKey(forecastRequest("latitude=1&longitude=2")), entry())
        #expect(warnings.all.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
    }

    @Test func cacheStatisticsSayTheDiskIsOffAndWhy() async throws {
        let file = try temporaryDirectory().appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        var settings = ResilienceSettings()
        settings.cacheDirectory = file.path
        let statistics = await Resilience(settings: settings, upstream: FakeHTTPClient()).statistics()
        #expect(!statistics.diskEnabled)
        #expect(statistics.diskProblem?.contains(file.path) == true)

        settings.cacheDirectory = try temporaryDirectory().path
        let healthy = await Resilience(settings: settings, upstream: FakeHTTPClient()).statistics()
        #expect(healthy.diskEnabled)
        #expect(healthy.diskProblem == nil)
    }
}
