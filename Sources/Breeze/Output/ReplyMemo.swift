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
    /// Everything kept under one key; a call looks its slot up once and uses it from then on. A slot that has
    /// been evicted meanwhile still works, it is just no longer found by the next call.
    final class Slot: @unchecked Sendable {
        // Guarded by the memo's lock.
        fileprivate var request: HTTPRequest?
        fileprivate var made: (body: Data, reply: [UInt8])?
        fileprivate var lastUsed: UInt64 = 0
    }

    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var tick: UInt64 = 0
    private let capacity: Int

    public init(capacity: Int = 128) {
        self.capacity = max(1, capacity)
    }

    /// The slot for `key`, with its request made by `make` the first time (a failure is not kept).
    func slot(for key: String, request make: () throws(BreezeError) -> HTTPRequest) throws(BreezeError) -> (
        Slot, HTTPRequest
    ) {
        let (slot, kept) = lock.withLock {
            let slot = use(key)
            return (slot, slot.request)
        }
        if let kept { return (slot, kept) }
        let request = try make()
        lock.withLock { slot.request = request }
        return (slot, request)
    }

    /// The reply made earlier in `slot` from exactly `body`, if any.
    func reply(in slot: Slot, body: Data) -> [UInt8]? {
        lock.withLock {
            guard let made = slot.made, made.body == body else { return nil }
            return made.reply
        }
    }

    /// Keeps `reply`, made in `slot` from `body`.
    func store(_ reply: [UInt8], in slot: Slot, body: Data) {
        lock.withLock { slot.made = (body, reply) }
    }

    /// The reply made earlier for `key` from exactly `body`, if any.
    func reply(for key: String, body: Data) -> [UInt8]? {
        lock.withLock {
            guard slots[key] != nil, let made = use(key).made, made.body == body else { return nil }
            return made.reply
        }
    }

    /// Keeps `reply`, made for `key` from `body`.
    func store(_ reply: [UInt8], for key: String, body: Data) {
        store(reply, in: lock.withLock { use(key) }, body: body)
    }

    /// The slot for `key`, made if there is none, marked as just used. Called with the lock held.
    private func use(_ key: String) -> Slot {
        tick += 1
        if let slot = slots[key] {
            slot.lastUsed = tick
            return slot
        }
        let slot = Slot()
        slot.lastUsed = tick
        slots[key] = slot
        if slots.count > capacity {
            // An eighth at a time: one scan per `capacity / 8` new keys instead of one per key, when every call
            // brings a new one.
            let excess = slots.count - capacity + capacity / 8
            for key in slots.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }).prefix(excess).map(\.key) {
                slots[key] = nil
            }
        }
        return slot
    }
}
