import Foundation

/// The canonical form of an upstream request, which identifies it for caching and coalescing.
///
/// Two requests that mean the same thing get the same key whatever their query order; a secret query value
/// (`HTTPRequest.secretQueryNames`) or header value appears only as a hash, so the key can be written to disk,
/// logged or compared without ever holding an API key in clear.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The upstream the request goes to; keys of different upstreams never collide.
    public let service: Upstream
    /// `scheme://host[:port]/path?sorted&query` with secret values hashed, then the headers likewise.
    public let text: String

    public init(_ request: HTTPRequest) {
        service = request.service
        let components = URLComponents(string: request.urlText)
        var base = "\(components?.scheme?.lowercased() ?? "")://\(components?.host?.lowercased() ?? "")"
        if let port = components?.port { base += ":\(port)" }
        base += components?.percentEncodedPath ?? ""
        var items: [(name: String, value: String)] = []
        for item in components?.percentEncodedQueryItems ?? [] {
            let value = item.value ?? ""
            items.append((item.name, HTTPRequest.secretQueryNames.contains(item.name) ? Self.hashed(value) : value))
        }
        items.sort { $0.name != $1.name ? $0.name < $1.name : $0.value < $1.value }
        let query = items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        // Header values may carry keys too (`X-Api-Key`), so all of them are hashed.
        var headers = ""
        for (name, value) in request.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            headers += "\n\(name.lowercased()): \(Self.hashed(value))"
        }
        text = "\(service.rawValue) \(base)" + (query.isEmpty ? "" : "?\(query)") + headers
    }

    public var description: String { text }

    /// A stable name for files: 16 hex digits of FNV-1a 64 over the key.
    ///
    /// Collisions are possible in principle; every disk entry therefore holds its full key and is verified.
    public var fileName: String { Self.hex(FNV1a64.hash(Data(text.utf8))) }

    /// The placeholder of a secret: `#` and 16 hex digits, so two keys stay apart without either appearing.
    ///
    /// - Important: FNV-1a is not a cryptographic hash; it keeps a key out of sight of a casual reader of the
    ///   cache directory, not away from someone who can guess keys offline. The directory is the user's own.
    static func hashed(_ secret: String) -> String {
        "#" + hex(FNV1a64.hash(Data(secret.utf8)))
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension CacheKey {
    /// Keys made earlier, by the request they were made from: a key is a pure function of its request, and
    /// making one parses the URL, which costs more than hashing it. The coalescer asks for a key on every call,
    /// a cache hit included.
    /// - Important: bounded: emptied whenever it reaches `capacity` requests.
    final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        // Guarded by `lock`.
        private var keys: [HTTPRequest: CacheKey] = [:]
        private let capacity: Int

        init(capacity: Int = 256) {
            self.capacity = max(1, capacity)
        }

        /// The key of `request`, made once.
        func key(for request: HTTPRequest) -> CacheKey {
            if let key = lock.withLock({ keys[request] }) { return key }
            let key = CacheKey(request)
            lock.withLock {
                if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
                keys[request] = key
            }
            return key
        }

        /// How many keys are kept now (for tests).
        var count: Int { lock.withLock { keys.count } }
    }
}

/// FNV-1a, 64 bits: a small, stable, dependency-free hash (CryptoKit is not available on Linux without
/// swift-crypto, and this project takes no dependencies).
enum FNV1a64 {
    static func hash(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
