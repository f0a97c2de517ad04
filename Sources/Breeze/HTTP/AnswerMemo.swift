import FoundationEssentials
import Synchronization

/// Values decoded from upstream bodies, kept so that a call answered with the very same body (from the HTTP
/// cache, or a shared call) skips decoding it again.
///
/// Decoding is a pure function of the body and of the request the value depends on, so a value is served only
/// when both match: it is keyed by the upstream request's `CacheKey`, the type decoded and the domain request
/// (its variables, units, language, …), and it is served only for a body byte-for-byte equal to the one it was
/// decoded from. When the cached body expires and a new one arrives, the bytes differ and the value is decoded
/// afresh and replaces the old one.
///
/// Why decoded values, in the domain: decoding an Open-Meteo body (the FlatBuffers floats rounded, every hourly
/// time formatted) is the work a cache hit repeats for nothing, and it is a pure function the domain owns. The
/// domain keeps only values, never reply bytes: writing the reply is the binding's job, and a memo of reply bytes
/// there would need every result to say which upstream body it came from.
///
/// A class behind a `Mutex`, like `ResponseCache`: a hit is one dictionary lookup and every cached call asks.
/// - Important: bounded per upstream (`LRUTable`); beyond `maxEntriesPerUpstream` the least recently used entry
///   goes.
final class AnswerMemo: Sendable {
    /// What a value was decoded for: the upstream request, the type, and the domain request when the value
    /// depends on more than the body.
    struct Key: Hashable, Sendable {
        let cacheKey: CacheKey
        let type: ObjectIdentifier
        let request: Request?

        /// The request takes part in equality but not in the hash: the query already tells requests apart (it is
        /// made from the request), and hashing every variable name again would double the cost of a hit.
        func hash(into hasher: inout Hasher) {
            hasher.combine(cacheKey)
            hasher.combine(type)
        }
    }

    /// A domain request of any type, hashable and sendable (`AnyHashable` is not `Sendable`).
    struct Request: Hashable, Sendable {
        let base: any Hashable & Sendable

        init(_ base: any Hashable & Sendable) {
            self.base = base
        }

        static func == (lhs: Request, rhs: Request) -> Bool {
            func equal<T: Hashable>(_ lhs: T, _ rhs: any Hashable) -> Bool {
                guard let rhs = rhs as? T else { return false }
                return lhs == rhs
            }
            return equal(lhs.base, rhs.base)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type(of: base)))
            base.hash(into: &hasher)
        }
    }

    private struct Entry {
        var body: Data
        var value: any Sendable
    }

    private let maxEntriesPerUpstream: Int
    private let entries = Mutex<[Upstream: LRUTable<Key, Entry>]>([:])

    init(maxEntriesPerUpstream: Int = 1000) {
        self.maxEntriesPerUpstream = max(1, maxEntriesPerUpstream)
    }

    /// The value decoded earlier for `key` from exactly `body`, if any.
    func value<T>(_ type: T.Type, for key: Key, body: Data) -> T? {
        let kept = entries.withLock { $0[key.cacheKey.service]?.value(for: key) }
        // Compared outside the lock: a body is kilobytes.
        guard let kept, kept.body == body else { return nil }
        return kept.value as? T
    }

    /// Keeps `value`, decoded for `key` from `body`, evicting the least recently used entry beyond the bound.
    func store(_ value: some Sendable, for key: Key, body: Data) {
        entries.withLock { entries in
            _ = entries[key.cacheKey.service, default: LRUTable(capacity: maxEntriesPerUpstream)]
                .store(Entry(body: body, value: value), for: key)
        }
    }

    /// How many values are kept for `service`.
    func count(_ service: Upstream) -> Int {
        entries.withLock { $0[service]?.count ?? 0 }
    }
}
