import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `breeze-rpc` executable, run as a client runs it: over pipes, checking stdout, stderr and status.
@Suite(.timeLimit(.minutes(1)))
struct BinaryTests {
    init() {
        // Writing to a child that has exited must fail with EPIPE, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// What a run of the binary produced.
    struct Outcome {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: [UInt8]
        var stderr: String

        /// stdout split into lines; the last line must end with LF, so a trailing empty piece is dropped.
        var lines: [[UInt8]] {
            var lines = stdout.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            if lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
    }

    /// The executable sits next to the test bundle when SwiftPM runs the tests; `.build/debug` otherwise.
    static func executableURL() throws -> URL {
        let besideBundle = Bundle.main.bundleURL.appendingPathComponent("breeze-rpc")
        if FileManager.default.isExecutableFile(atPath: besideBundle.path) { return besideBundle }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()  // Tests/BreezeRPCTests/Command/
        let inBuild = packageRoot.appendingPathComponent(".build/debug/breeze-rpc")
        try #require(FileManager.default.isExecutableFile(atPath: inBuild.path), "build breeze-rpc first")
        return inBuild
    }

    /// Runs the binary with `arguments`, feeding it `input` and then end of input.
    ///
    /// With `closeAfterFirstLine`, the test closes its end of stdout after the first line, as `| head -1` does.
    static func run(
        _ arguments: [String] = [], input: [UInt8] = [], environment: [String: String] = [:],
        closeAfterFirstLine: Bool = false
    ) async throws -> Outcome {
        let process = Process()
        // Ignored signals survive exec, and this test process ignores SIGPIPE; `env` restores the default, so
        // the binary starts as a client would start it and must ignore SIGPIPE itself.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=PIPE", try executableURL().path] + arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let (exited, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.finish() }
        try process.run()

        let writing = stdin.fileHandleForWriting
        async let written: Void = onThread {
            try? writing.write(contentsOf: input)  // fails with EPIPE when the child stops reading early
            try? writing.close()
        }
        let reading = stdout.fileHandleForReading
        async let output = onThread { closeAfterFirstLine ? readFirstLineThenClose(reading) : readToEnd(reading) }
        let readingErrors = stderr.fileHandleForReading
        async let errors = onThread { readToEnd(readingErrors) }
        for await _ in exited {}
        await written
        return Outcome(
            status: process.terminationStatus, reason: process.terminationReason, stdout: await output,
            stderr: String(decoding: await errors, as: UTF8.self))
    }

    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private static func readToEnd(_ handle: FileHandle) -> [UInt8] {
        [UInt8]((try? handle.readToEnd()) ?? Data())
    }

    private static func readFirstLineThenClose(_ handle: FileHandle) -> [UInt8] {
        var bytes: [UInt8] = []
        while !bytes.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        try? handle.close()
        return Array(bytes.prefix { $0 != 0x0A }) + [0x0A]
    }

    static func lines(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    static let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#

    static func parse(_ line: [UInt8]) throws -> JSONValue {
        _ = try JSONText(validating: line)  // strictly JSON, not merely what JSONDecoder forgives
        return try JSONDecoder().decode(JSONValue.self, from: Data(line))
    }

    // MARK: - Command line

    @Test func printsItsVersion() async throws {
        let outcome = try await Self.run(["--version"])
        #expect(outcome.status == 0)
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "breeze-rpc 0.1.0\n")
        #expect(outcome.stderr.isEmpty)
    }

    @Test func helpMentionsEveryOptionAndEnvironmentVariable() async throws {
        let outcome = try await Self.run(["--help"])
        #expect(outcome.status == 0)
        let help = String(decoding: outcome.stdout, as: UTF8.self)
        let expected = [
            "--open-meteo-api-key", "OPEN_METEO_API_KEY", "--google-pollen-api-key", "GOOGLE_POLLEN_API_KEY",
            "--geocoding-url", "BREEZE_GEOCODING_URL", "--air-quality-url", "BREEZE_AIR_QUALITY_URL",
            "--forecast-url", "BREEZE_FORECAST_URL", "--archive-url", "BREEZE_ARCHIVE_URL", "--pollen-url",
            "BREEZE_POLLEN_URL", "--google-pollen-url", "BREEZE_GOOGLE_POLLEN_URL", "--timeout", "BREEZE_TIMEOUT",
            "--max-line-bytes", "BREEZE_MAX_LINE_BYTES", "--max-in-flight", "BREEZE_MAX_IN_FLIGHT", "--log-level",
            "BREEZE_LOG_LEVEL", "--help", "--version",
        ]
        for word in expected {
            #expect(help.contains(word), "--help does not mention \(word)")
        }
        #expect(outcome.stderr.isEmpty)
    }

    @Test func rejectsAnUnknownFlagOnStderrWithStatus2() async throws {
        let outcome = try await Self.run(["--frobnicate"], input: Self.lines([Self.ping]))
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("--frobnicate"))
    }

    @Test func rejectsABadLogLevelVariableWithStatus2() async throws {
        let outcome = try await Self.run(input: Self.lines([Self.ping]), environment: ["BREEZE_LOG_LEVEL": "loud"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("loud"))
    }

    // MARK: - Serving

    @Test func answersPingWithExactlyOneLine() async throws {
        let outcome = try await Self.run(input: Self.lines([Self.ping]))
        #expect(outcome.status == 0)
        #expect(outcome.lines.count == 1)
        let reply = try Self.parse(try #require(outcome.lines.first))
        #expect(reply == ["id": 1, "jsonrpc": "2.0", "result": [:]])
        #expect(outcome.stdout.last == 0x0A)
        #expect(!outcome.stdout.contains(0x0D))
    }

    @Test func answersAParseErrorWithMinus32700() async throws {
        let outcome = try await Self.run(input: Self.lines([#"{"jsonrpc":"2.0","id":1,"method":"ping""#]))
        #expect(outcome.status == 0)
        #expect(outcome.lines.count == 1)
        let reply = try Self.parse(try #require(outcome.lines.first))
        #expect(reply["error"]?["code"] == -32700)
        #expect(reply["id"] == .null)
    }

    @Test func writesNothingAtAllForNotificationsOnly() async throws {
        let outcome = try await Self.run(
            input: Self.lines([
                #"{"jsonrpc":"2.0","method":"ping"}"#, #"{"jsonrpc":"2.0","method":"nope","params":[1]}"#,
                #"[{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","method":"other"}]"#,
                #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
            ]))
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty)
    }

    @Test func writesOnlyJSONLinesForMixedInputIncludingGarbage() async throws {
        let input: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Self.lines([Self.ping, "garbage", "", "{", "   ", "[]", "[1,2]", "42"])
            + [0xFF, 0xFE, 0x0A] + Array("\r\n".utf8)
            + Self.lines([
                #"{"jsonrpc":"2.0","id":"x","method":"nope"}"#, #"{"jsonrpc":"2.0","method":"ping"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\r", String(repeating: "[", count: 100_000),
            ])
            + Array(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#.utf8)
        let outcome = try await Self.run(input: input)
        #expect(outcome.status == 0)
        // One reply for every line except blank ones and the notification.
        #expect(outcome.lines.count == 11)
        for line in outcome.lines {
            #expect(throws: Never.self) { _ = try Self.parse(line) }
        }
        let ids = try outcome.lines.compactMap { try Self.parse($0)["id"] }
        #expect(Set(ids.filter { $0 != .null }) == [1, "x", 2, 3])
    }

    @Test func answersEveryRequestInFlightAtEndOfInputAndExits0() async throws {
        // The last line has no newline, and end of input arrives while replies are still being produced.
        let requests = (1...2000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
        let outcome = try await Self.run(input: Array(requests.joined(separator: "\n").utf8))
        #expect(outcome.status == 0)
        #expect(outcome.reason == .exit)
        #expect(outcome.lines.count == 2000)
        let ids = try outcome.lines.map { try Self.parse($0)["id"] }
        #expect(Set(ids) == Set((1...2000).map { JSONValue.number(Double($0)) }))
    }

    @Test func answersAnOversizedLineWhenTheLimitIsSetByFlag() async throws {
        let long =
            #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "p", count: 500)
            + #""}}"#
        let outcome = try await Self.run(["--max-line-bytes", "100"], input: Self.lines([long, Self.ping]))
        #expect(outcome.status == 0)
        let replies = try outcome.lines.map(Self.parse)
        #expect(replies.count == 2)
        #expect(replies.contains { $0["error"]?["code"] == -32600 && $0["id"] == .null })
        #expect(replies.contains { $0["result"] == [:] && $0["id"] == 1 })
    }

    @Test func exitsQuietlyWhenTheClientClosesStdoutEarly() async throws {
        // Enough replies to overflow the pipe, so the server is still writing when its reader goes away.
        let requests = (1...20_000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
        let outcome = try await Self.run(input: Self.lines(requests), closeAfterFirstLine: true)
        #expect(outcome.reason == .exit)
        #expect(outcome.status == 0)
        #expect(!outcome.stderr.contains("Fatal error"))
        #expect(try Self.parse(try #require(outcome.lines.first))["result"] == [:])
    }
}
