import Foundation
import Testing

@testable import JSONRPC

#if canImport(Glibc)
import Glibc
#endif

/// Logging never waits for stderr: a stuck reader costs dropped lines, counted, never a blocked writer.
@Suite(.timeLimit(.minutes(1)))
struct DetachedLineWriterTests {
    @Test func dropsAndCountsLinesWhileNobodyReadsThenReportsTheCount() async throws {
        let pipe = try TestPipe()
        let writer = DetachedLineWriter(
            fileDescriptor: pipe.writeEnd, capacityBytes: 4096, threadName: "test log",
            dropNotice: { "dropped \($0)" })
        // Far more than the pipe and the buffer hold, with nobody reading: every call still returns.
        let line = Array(String(repeating: "x", count: 99).utf8)
        for _ in 0..<10_000 { writer.write(line: line) }
        // Not `droppedCount > 0` here: when the writer's thread starts late (a loaded machine), it may already have
        // taken the count for its notice. That lines were dropped and reported is checked on what was written.

        let drainer = PipeDrainer(fileDescriptor: pipe.readEnd)
        #expect(writer.flush(timeout: .seconds(30)))
        close(pipe.writeEnd)
        let lines = String(decoding: try await drainer.bytes(), as: UTF8.self).split(separator: "\n")

        let written = lines.filter { $0.hasPrefix("x") }
        let dropped = lines.compactMap { $0.hasPrefix("dropped ") ? Int($0.dropFirst(8)) : nil }
        #expect(written.allSatisfy { $0.count == 99 }, "whole lines only")
        #expect(!dropped.isEmpty)
        #expect(written.count + dropped.reduce(0, +) == 10_000, "every line written or counted")
    }
}
