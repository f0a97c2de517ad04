import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import Breeze

/// The processes of one host share the Open-Meteo slots and one fetch per question through `flock(2)` files in
/// the cache directory. Two `HostFleet`s on one directory stand for two processes: `flock` locks belong to open
/// files, so two opens of the same file exclude each other even within one process.
@Suite(.timeLimit(.minutes(1))) struct HostFleetTests {
    private final class Warnings: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private func fleet(
        _ directory: URL, mode: ResilienceSettings.CacheMode = .on, slots: Int = 2, warnings: Warnings = Warnings()
    ) -> HostFleet {
        var settings = ResilienceSettings()
        settings.cacheMode = mode
        settings.openMeteoMaxInFlight = slots
        let disk = mode == .on ? DiskCache(directory: directory) : nil
        return HostFleet(settings: settings, disk: disk, warn: warnings.append)
    }

    @Test func twoProcessesShareTheSlotsAndAFreedSlotIsTakenAgain() async throws {
        let directory = try temporaryDirectory()
        let (first, second) = (fleet(directory), fleet(directory))
        #expect(first.status == HostFleet.Status(mode: .host, slots: 2))
        #expect(second.status.mode == .host)
        let line = ConcurrencyLimiter(limits: [:])
        let taken = [
            try await first.takeSlot(for: .forecast, line: line), try await first.takeSlot(for: .archive, line: line),
        ]
        #expect(Set(taken.compactMap { $0 }) == [0, 1])
        #expect(second.tryTakeSlot() == nil)
        first.giveBack(1)
        #expect(second.tryTakeSlot() == 1)
        first.giveBack(0)
        #expect(try await first.takeSlot(for: .geocoding, line: line) == 0)  // geocoding is Open-Meteo too
        #expect(try await first.takeSlot(for: .googlePollen, line: line) == nil)  // not Open-Meteo: no slot
    }

    @Test func aWaiterTakesTheSlotOnceItIsGivenBackAndCancellingEndsTheWait() async throws {
        let directory = try temporaryDirectory()
        let (first, second) = (fleet(directory, slots: 1), fleet(directory, slots: 1))
        let line = ConcurrencyLimiter(limits: [:])
        let held = try #require(try await first.takeSlot(for: .forecast, line: line))
        let waiter = Task { try await second.takeSlot(for: .forecast, line: line) }
        first.giveBack(held)
        #expect(try await waiter.value == 0)
        let cancelled = Task { try await first.takeSlot(for: .forecast, line: line) }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }

    @Test func oneProcessFetchesAQuestionTheOthersWaitAndTheLockFileGoes() throws {
        let directory = try temporaryDirectory()
        let (first, second) = (fleet(directory), fleet(directory))
        let key = CacheKey(forecastRequest())
        guard case .held(let lock) = first.lockFetch(key) else {
            Issue.record("the first process should fetch")
            return
        }
        guard case .busy = second.lockFetch(key) else {
            Issue.record("the second process should wait")
            return
        }
        first.unlockFetch(lock)
        let locks = directory.appendingPathComponent("fleet/fetching")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locks.path).isEmpty)
        guard case .held(let next) = second.lockFetch(key) else {
            Issue.record("the second process should fetch once the first is done")
            return
        }
        second.unlockFetch(next)
    }

    /// `--cache memory` is the user's choice: `cacheStats` says why, and nothing is warned.
    @Test func withoutASharedDirectoryEachProcessIsOnItsOwnAndSaysWhy() async throws {
        let warnings = Warnings()
        let memory = fleet(try temporaryDirectory(), mode: .memory, warnings: warnings)
        #expect(memory.status.mode == .process)
        #expect(memory.status.reason?.contains("--cache is memory") == true)
        #expect(try await memory.takeSlot(for: .forecast, line: ConcurrencyLimiter(limits: [:])) == nil)
        #expect(!memory.sharesFetches(.forecast))
        #expect(warnings.all.isEmpty)
    }

    @Test func networkFileSystemsAreFoundInTheMountTableByDevice() throws {
        let table = """
            22 1 259:1 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p1 rw
            40 22 0:45 / /home/shared rw,relatime shared:20 - nfs4 server:/export rw,vers=4.2
            41 22 0:46 / /mnt/box rw,nosuid shared:21 - fuse.sshfs me@box: rw,user_id=0
            42 22 0:47 / /mnt/win rw shared:22 - cifs //nas/share rw
            """
        #expect(HostFleet.networkFileSystem(mountTable: table, device: "259:1") == nil)
        #expect(HostFleet.networkFileSystem(mountTable: table, device: "0:45") == "nfs4")
        #expect(HostFleet.networkFileSystem(mountTable: table, device: "0:46") == "fuse.sshfs")
        #expect(HostFleet.networkFileSystem(mountTable: table, device: "0:47") == "cifs")
        #expect(!HostFleet.isNetwork("tmpfs") && !HostFleet.isNetwork("fuseblk") && HostFleet.isNetwork("smb3"))
        // The directory the tests run in is local, as it is found in this process's own mount table.
        #expect(HostFleet.networkFileSystem(at: try temporaryDirectory().path) == nil)
    }

    @Test func googlePollenAnswersNeverGoToDisk() {
        #expect(!Upstream.googlePollen.storesOnDisk)
        #expect(Upstream.allCases.filter { !$0.storesOnDisk } == [.googlePollen])
        #expect(CachePolicy().ttl[.googlePollen] == 0)
    }
}
