import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite(.timeLimit(.minutes(1))) struct DiskCacheTests {
    private let now = Date(timeIntervalSince1970: 1_779_624_000)

    private func entry(_ body: String = #"{"hourly":{"t":[1.5,2.5]}}"#, ttl: Double = 900) -> CachedResponse {
        CachedResponse(
            response: HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json", "Set-Cookie": "x=1"], body: Data(body.utf8)),
            storedAt: now, ttl: ttl)
    }

    @Test func anEntryWrittenByOneInstanceIsReadByAnother() throws {
        let directory = try temporaryDirectory()
        let key = CacheKey(forecastRequest())
        DiskCache(directory: directory).write(key, entry())
        let read = try #require(DiskCache(directory: directory).read(key, now: now.addingTimeInterval(899)))
        #expect(read.response.body == entry().response.body)
        #expect(read.response.status == 200)
        #expect(read.response.headers == ["content-type": "application/json"])  // only what decoding needs
        #expect(read.storedAt == now)
        #expect(read.ttl == 900)
        #expect(DiskCache(directory: directory).read(key, now: now.addingTimeInterval(900)) == nil)  // stale
    }

    @Test func usageCountsEveryEntryOnDiskWhicheverInstanceWroteIt() throws {
        let directory = try temporaryDirectory()
        #expect(DiskCache(directory: directory.appendingPathComponent("absent")).usage() == .init(entries: 0, bytes: 0))
        DiskCache(directory: directory).write(CacheKey(forecastRequest("a=1")), entry())
        DiskCache(directory: directory).write(CacheKey(forecastRequest("a=2")), entry(#"{"other":true}"#))
        let sizes = try FileManager.default.contentsOfDirectory(atPath: directory.path).map {
            try #require(
                FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size] as? Int)
        }
        #expect(DiskCache(directory: directory).usage() == .init(entries: 2, bytes: sizes.reduce(0, +)))
    }

    /// Ways an entry file can be damaged or not ours.
    enum Damage: String, CaseIterable {
        case truncatedBody, truncatedMetadata, flippedBodyByte, empty, garbage, otherKeysEntry, otherFormat

        func apply(to file: URL, otherKeysFile: URL) throws {
            var data = try Data(contentsOf: file)
            switch self {
            case .truncatedBody: data.removeLast(3)
            case .truncatedMetadata: data = data.prefix(40)
            case .flippedBodyByte: data[data.count - 3] ^= 0x01
            case .empty: data = Data()
            case .garbage: data = Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37) })
            case .otherKeysEntry: data = try Data(contentsOf: otherKeysFile)
            case .otherFormat: data = Data("breeze-rpc-cache 9\n{}\n{}".utf8)
            }
            try data.write(to: file)
        }
    }

    @Test(arguments: Damage.allCases)
    func aDamagedOrForeignEntryIsAMissAndTheNextWriteReplacesIt(damage: Damage) throws {
        let directory = try temporaryDirectory()
        let disk = DiskCache(directory: directory)
        let key = CacheKey(forecastRequest("a=1"))
        let other = CacheKey(forecastRequest("a=2"))
        disk.write(key, entry(#"{"mine":true}"#))
        disk.write(other, entry(#"{"other":true}"#))
        try damage.apply(to: disk.fileURL(for: key), otherKeysFile: disk.fileURL(for: other))

        #expect(disk.read(key, now: now) == nil)
        disk.write(key, entry(#"{"mine":"again"}"#))
        #expect(disk.read(key, now: now)?.response.body == Data(#"{"mine":"again"}"#.utf8))
    }

    @Test func aCorruptEntryOnDiskMeansAnUpstreamCallNotAWrongAnswer() async throws {
        let directory = try temporaryDirectory()
        let disk = DiskCache(directory: directory)
        let request = forecastRequest()
        disk.write(CacheKey(request), entry(#"{"n":0}"#))
        try Damage.flippedBodyByte.apply(to: disk.fileURL(for: CacheKey(request)), otherKeysFile: directory)

        let upstream = FakeHTTPClient { _, number in .ok(#"{"n":\#(number)}"#) }
        let client = cached(upstream, disk: disk, clock: TestClock(now: now))
        #expect(try await client.send(request).body == Data(#"{"n":1}"#.utf8))
        #expect(disk.read(CacheKey(request), now: now)?.response.body == Data(#"{"n":1}"#.utf8))
    }

    @Test func aSecondInstanceWithAnEmptyMemoryIsServedFromDisk() async throws {
        let directory = try temporaryDirectory()
        let upstream = FakeHTTPClient(gated: false)
        let clock = TestClock(now: now)
        for _ in 0..<2 {
            // Each "process": its own memory cache, the same directory.
            let memory = ResponseCache()
            let client = cached(upstream, memory: memory, disk: DiskCache(directory: directory), clock: clock)
            #expect(try await client.send(forecastRequest()) == .ok())
        }
        #expect(upstream.snapshot.requests.count == 1)
    }

    @Test func neverWritesASecretInClear() throws {
        let directory = try temporaryDirectory()
        let disk = DiskCache(directory: directory)
        disk.write(CacheKey(forecastRequest("latitude=1&apikey=SECRET-KEY-123")), entry())
        disk.write(CacheKey(forecastRequest("key=SECRET-KEY-123&days=1")), entry())
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 2)
        for file in files {
            #expect(!file.contains("SECRET"))
            let contents = try Data(contentsOf: directory.appendingPathComponent(file))
            #expect(contents.range(of: Data("SECRET".utf8)) == nil)
        }
    }

    @Test func keepsTheDirectoryWithinItsBoundsByRemovingTheOldest() throws {
        let directory = try temporaryDirectory()
        let disk = DiskCache(directory: directory, maxEntries: 5, maxBytes: 1 << 20)
        for index in 0..<20 {
            let key = CacheKey(forecastRequest("n=\(index)"))
            disk.write(key, entry())
            // Modification times order eviction; set them apart explicitly rather than waiting.
            try FileManager.default.setAttributes(
                [.modificationDate: now.addingTimeInterval(Double(index))], ofItemAtPath: disk.fileURL(for: key).path)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 5)
        #expect(disk.read(CacheKey(forecastRequest("n=19")), now: now) != nil)
        #expect(disk.read(CacheKey(forecastRequest("n=0")), now: now) == nil)

        let bytesBound = DiskCache(directory: try temporaryDirectory(), maxEntries: 100, maxBytes: 1000)
        for index in 0..<20 { bytesBound.write(CacheKey(forecastRequest("n=\(index)")), entry()) }
        let total = try FileManager.default.contentsOfDirectory(
            at: bytesBound.directory, includingPropertiesForKeys: [.fileSizeKey]
        ).reduce(0) { $0 + ((try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        #expect(total <= 1000)
    }

    @Test func concurrentWritersOnTwoInstancesNeverLeaveABrokenEntry() async throws {
        let directory = try temporaryDirectory()
        let writers = [DiskCache(directory: directory), DiskCache(directory: directory)]
        let shared = CacheKey(forecastRequest("shared=1"))
        // Four threads, two per instance, as two processes with two writers each would be. Threads, not tasks:
        // this is blocking file I/O, and the cooperative pool (two threads here) must stay free for the
        // real-clock tests running alongside.
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    await runOnThread {
                        for index in stride(from: thread, to: 100, by: 4) {
                            let disk = writers[thread % 2]
                            // Everybody writes the shared key (a whole body of their own), and a key of their own.
                            let pad = String(repeating: "x", count: index * 50)
                            disk.write(shared, entry(#"{"writer":\#(index),"pad":"\#(pad)"}"#))
                            disk.write(CacheKey(forecastRequest("own=\(index)")), entry(#"{"own":\#(index)}"#))
                            _ = disk.read(shared, now: now)
                        }
                    }
                }
            }
        }
        let reader = DiskCache(directory: directory)
        let body = try #require(reader.read(shared, now: now)?.response.body)
        let decoded = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect(decoded?["writer"] != nil)  // one writer's whole body, never a mix
        for index in 0..<100 {
            #expect(
                reader.read(CacheKey(forecastRequest("own=\(index)")), now: now)?.response.body
                    == Data(#"{"own":\#(index)}"#.utf8))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }
}

/// Runs `body` on a thread of its own and resumes when it is done.
private func runOnThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            body()
            continuation.resume()
        }.start()
    }
}
