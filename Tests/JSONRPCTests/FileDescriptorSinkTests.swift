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
