import FoundationEssentials

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

    /// The key of `request`, which it made when it was made.
    public init(_ request: HTTPRequest) {
        self = request.cacheKey
    }

    /// The key of a request to `urlText` with `headers`; `HTTPRequest` makes its own with this.
    init(urlText: String, service: Upstream, headers: [String: String]) {
        self.service = service
        let components = URLComponents(string: urlText)
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
        var headerLines = ""
        for (name, value) in headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            headerLines += "\n\(name.lowercased()): \(Self.hashed(value))"
        }
        text = "\(service.rawValue) \(base)" + (query.isEmpty ? "" : "?\(query)") + headerLines
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
