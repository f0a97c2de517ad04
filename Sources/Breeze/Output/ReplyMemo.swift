import Foundation

/// Encoded replies kept beside the upstream body they were made from, so a call answered from the HTTP cache
/// (or sharing a coalesced upstream call) costs a byte comparison instead of decoding and encoding again; and,
/// under the same key, the upstream request itself, so its URL is built and parsed once per distinct request.
///
/// A reply is a pure function of the request and the upstream body, so it is served only while the HTTP
/// stack hands back the very same body: when the cached body expires and a new one arrives, the bytes differ
/// and the reply is made afresh. Entries therefore never outlive the body's TTL in effect. The key is the
/// upstream query in full, and the request depends on nothing else but the configuration, which never changes
/// for the `Breeze` that owns the memo.
/// - Important: bounded; beyond `capacity` entries the least recently used go.
public final class ReplyMemo: @unchecked Sendable {
    private struct Entry {
        var request: HTTPRequest?
        var made: (body: Data, reply: [UInt8])?
        var lastUsed: UInt64 = 0
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0
    private let capacity: Int

    public init(capacity: Int = 128) {
        self.capacity = max(1, capacity)
    }

    /// The request for `key`, made by `make` the first time (a failure is not kept).
    func request(for key: String, make: () throws(BreezeError) -> HTTPRequest) throws(BreezeError) -> HTTPRequest {
        if let request = lock.withLock({ entries[key]?.request }) { return request }
        let request = try make()
        update(key) { $0.request = request }
        return request
    }

    /// The reply made earlier for `key` from exactly `body`, if any.
    func reply(for key: String, body: Data) -> [UInt8]? {
        lock.withLock {
            guard var entry = entries[key], let made = entry.made, made.body == body else { return nil }
            tick += 1
            entry.lastUsed = tick
            entries[key] = entry
            return made.reply
        }
    }

    /// Keeps `reply`, made for `key` from `body`.
    func store(_ reply: [UInt8], for key: String, body: Data) {
        update(key) { $0.made = (body, reply) }
    }

    private func update(_ key: String, _ change: (inout Entry) -> Void) {
        lock.withLock {
            tick += 1
            change(&entries[key, default: Entry()])
            entries[key]?.lastUsed = tick
            guard entries.count > capacity else { return }
            // An eighth at a time: one scan per `capacity / 8` stores instead of one per store, when every call
            // brings a new body.
            let excess = entries.count - capacity + capacity / 8
            for key in entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess).map(\.key) {
                entries[key] = nil
            }
        }
    }
}
