import FoundationEssentials
import Synchronization

/// What a method made of params text it saw before: the params decoded from it, and the last reply written for a
/// call with it through each surface (a plain request, an MCP tool call: their answers may differ).
///
/// Decoding is pure, so the same text always decodes to the same value: a client repeating a call (polling,
/// retrying, a dashboard refreshing) gets the value decoded the first time instead of another pass through
/// Foundation's decoder. Only successes are kept; text that fails to decode is decoded again, and fails the same
/// way, each time.
///
/// Writing is pure too: a result equal to the one the last reply for the same text and surface was written from is
/// answered with that reply's bytes, without writing it again. Only for `Equatable` results (every result of the
/// catalog's methods is: a test through the real router fails if one is not); a result that changed (the
/// upstream's answer was refreshed) is written anew and its reply kept instead. Equal values write equal bytes,
/// except where `==` looks past a difference the text shows: a zero's sign (`-0.0 == 0.0`) and a string's Unicode
/// normalization. A kept reply could thus be served for a result that differs from it in that alone, an upstream
/// answer that changed in nothing but the sign of a zero or the form of an accent; an answer served again (the
/// usual case) is the very same value.
/// - Important: bounded: texts longer than `maxTextBytes` and replies longer than `maxReplyBytes` are never kept,
///   and the table is emptied whenever it reaches `capacity`, so it holds at most `capacity` texts and replies.
final class CallMemo<Params: Sendable, Result: Sendable>: Sendable {
    /// A reply kept for a params text and a surface, with the result it was written from.
    struct Reply {
        var result: Result
        var bytes: [UInt8]
    }

    private struct Entry {
        var params: Params
        var replies: [RPCCall.Surface: Reply] = [:]
    }

    private let entries = Mutex<[Data: Entry]>([:])
    private let reused = Atomic<Int>(0)
    let capacity: Int
    let maxTextBytes: Int
    let maxReplyBytes: Int

    init(capacity: Int = 64, maxTextBytes: Int = 1024, maxReplyBytes: Int = 64 * 1024) {
        self.capacity = max(1, capacity)
        self.maxTextBytes = maxTextBytes
        self.maxReplyBytes = maxReplyBytes
    }

    /// The params `text` decodes to (from the table when the very same text was decoded before, else `decode`'s),
    /// and the replies kept for it so far, per surface: one look into the table for both, since a call needs its
    /// params first and its kept reply last.
    func recall(_ text: Data, decode: (Data) throws -> Params) rethrows
        -> (params: Params, replies: [RPCCall.Surface: Reply])
    {
        guard text.count <= maxTextBytes else { return (try decode(text), [:]) }
        if let entry = entries.withLock({ $0[text] }) { return (entry.params, entry.replies) }
        let params = try decode(text)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = Entry(params: params)
        }
        return (params, [:])
    }

    /// The reply to a call through `surface` with params `text` that returned `result`: the bytes of `kept` (the
    /// reply kept for that text and surface when the call began, see `recall`) for an equal result, else `write`'s,
    /// kept for the next call when `result` can be compared.
    func reply(
        for text: Data?, on surface: RPCCall.Surface, kept: Reply?, _ result: Result,
        write: (Result) throws -> [UInt8]
    ) rethrows -> [UInt8] {
        guard let text, let comparable = result as? any Equatable else { return try write(result) }
        if let kept, Self.equal(comparable, kept.result) {
            reused.add(1, ordering: .relaxed)
            return kept.bytes
        }
        let bytes = try write(result)
        if bytes.count <= maxReplyBytes {
            // Only where the params were kept: the reply lives and goes with them.
            entries.withLock { $0[text]?.replies[surface] = Reply(result: result, bytes: bytes) }
        }
        return bytes
    }

    private static func equal<T: Equatable>(_ result: T, _ kept: Result) -> Bool {
        guard let kept = kept as? T else { return false }
        return kept == result
    }

    /// How many texts are kept now (for tests).
    var count: Int { entries.withLock { $0.count } }

    /// How many replies were answered with kept bytes so far (for tests, which fail if the memo goes dark).
    var reusedReplies: Int { reused.load(ordering: .relaxed) }
}
