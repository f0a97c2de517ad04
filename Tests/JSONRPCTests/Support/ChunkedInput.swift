@testable import JSONRPC

/// A framer the tests feed in chunks of every size, to show that chunking never changes what it produces.
protocol ChunkedFramer {
    mutating func push(_ chunk: some Collection<UInt8>) -> [Frame]
    mutating func finish() -> [Frame]
    var bufferedByteCount: Int { get }
}

extension LineFramer: ChunkedFramer {}
extension MessageFramer: ChunkedFramer {}

/// What a framer produced from one input, and the most it ever buffered.
struct ChunkedOutcome {
    var frames: [Frame] = []
    var maxBuffered = 0
}

/// Chunk sizes to split every input by; `Int.max` feeds it whole.
let chunkSizes = [1, 2, 3, 7, 64, Int.max]

/// Feeds `input` to `framer` in chunks of `chunkSize`, then ends the stream.
func feed(_ input: [UInt8], to framer: inout some ChunkedFramer, chunkSize: Int) -> ChunkedOutcome {
    var outcome = ChunkedOutcome()
    var start = 0
    while start < input.count {
        let end = start + min(chunkSize, input.count - start)
        outcome.frames += framer.push(input[start..<end])
        outcome.maxBuffered = max(outcome.maxBuffered, framer.bufferedByteCount)
        start = end
    }
    outcome.frames += framer.finish()
    return outcome
}
