import Foundation
import Testing

@testable import JSONRPC

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1))) struct FileDescriptorSinkTests {
    /// Writers that find another writing leave their lines to it: every line still arrives whole, once, and each
    /// writer's lines in the order it wrote them, also when more is queued than the queue holds.
    @Test(arguments: [16, 200 * 1024])
    func everyLineArrivesWholeOnceAndInEachWritersOrder(lineBytes: Int) async throws {
        signal(SIGPIPE, SIG_IGN)
        let output = try TestPipe()
        let drainer = PipeDrainer(fileDescriptor: output.readEnd)
        let sink = FileDescriptorSink(fileDescriptor: output.writeEnd)
        let writers = 8
        let linesEach = lineBytes > 1024 ? 8 : 500
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for number in 0..<linesEach {
                        let head = Array("\(writer) \(number) ".utf8)
                        #expect(sink.write(line: head + Array(repeating: UInt8(ascii: "x"), count: lineBytes)))
                    }
                }
            }
        }
        close(output.writeEnd)
        let lines = try await drainer.bytes().split(separator: 0x0A)
        #expect(lines.count == writers * linesEach)
        var next = Array(repeating: 0, count: writers)
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count == 3, let writer = Int(String(decoding: fields[0], as: UTF8.self)),
                let number = Int(String(decoding: fields[1], as: UTF8.self)), (0..<writers).contains(writer)
            else {
                Issue.record("a broken line: \(String(decoding: line.prefix(40), as: UTF8.self))")
                continue
            }
            #expect(number == next[writer])
            #expect(fields[2].count == lineBytes)
            next[writer] = number + 1
        }
        #expect(next == Array(repeating: linesEach, count: writers))
    }

    /// A light session keeps the kernel's pipe; a stream of large replies gets a wider one.
    @Test func widensAPipeOnceTheOutputIsHeavy() async throws {
        signal(SIGPIPE, SIG_IGN)
        let output = try TestPipe()
        let drainer = PipeDrainer(fileDescriptor: output.readEnd)
        let sink = FileDescriptorSink(fileDescriptor: output.writeEnd)
        let pipeSize = { fcntl(output.writeEnd, 1032) }  // F_GETPIPE_SZ
        let initial = pipeSize()
        let line = Array(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        #expect(sink.write(line: line))
        #expect(pipeSize() == initial)
        for _ in 0..<(FileDescriptorSink.heavyOutputBytes / line.count) { #expect(sink.write(line: line)) }
        // The system may refuse a pipe that large to an unprivileged process; then the pipe stays as it was.
        let allowed = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let mayRefuse = getuid() != 0 && (allowed ?? 0) < pipeBufferBytes
        #expect(pipeSize() == pipeBufferBytes || mayRefuse && pipeSize() == initial)
        close(output.writeEnd)
        #expect(
            try await drainer.bytes().count == (FileDescriptorSink.heavyOutputBytes / line.count + 1) * (line.count + 1)
        )
    }

    @Test func saysSoOnceTheReaderIsGone() throws {
        signal(SIGPIPE, SIG_IGN)
        let output = try TestPipe()
        close(output.readEnd)
        let sink = FileDescriptorSink(fileDescriptor: output.writeEnd)
        #expect(!sink.write(line: Array("one".utf8)))
        #expect(!sink.write(line: Array("two".utf8)))
        close(output.writeEnd)
    }
}
