import FoundationEssentials
import Synchronization

/// Params a method decoded earlier, by their exact text.
///
/// Decoding is pure, so the same text always decodes to the same value: a client repeating a call (polling,
/// retrying, a dashboard refreshing) gets the value decoded the first time instead of another pass through
/// Foundation's decoder, the largest cost of a call the cache answers. Only successes are kept; text that
/// fails to decode is decoded again, and fails the same way, each time.
/// - Important: bounded: texts longer than `maxTextBytes` are never kept, and the table is emptied whenever it
///   reaches `capacity`, so it holds at most `capacity × maxTextBytes` of text.
final class ParamsMemo<Params: Sendable>: Sendable {
    private let decoded = Mutex<[Data: Params]>([:])
    let capacity: Int
    let maxTextBytes: Int

    init(capacity: Int = 64, maxTextBytes: Int = 1024) {
        self.capacity = max(1, capacity)
        self.maxTextBytes = maxTextBytes
    }

    /// The params `text` decodes to: from the table when the very same text was decoded before, else `decode`'s.
    func params(_ text: Data, decode: (Data) throws -> Params) rethrows -> Params {
        guard text.count <= maxTextBytes else { return try decode(text) }
        if let params = decoded.withLock({ $0[text] }) { return params }
        let params = try decode(text)
        decoded.withLock { decoded in
            if decoded.count >= capacity { decoded.removeAll(keepingCapacity: true) }
            decoded[text] = params
        }
        return params
    }

    /// How many texts are kept now (for tests).
    var count: Int { decoded.withLock { $0.count } }
}
