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

    /// The key of a request to `urlText` with `headers`, read back from the URL.
    init(urlText: String, service: Upstream, headers: [String: String]) {
        let components = URLComponents(string: urlText)
        let origin = Self.origin(
            scheme: components?.scheme?.lowercased() ?? "", host: components?.host ?? "", port: components?.port,
            path: components?.percentEncodedPath ?? "")
        let items = (components?.percentEncodedQueryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        self.init(service: service, origin: origin, queryItems: items, headers: headers)
    }

    /// The key of a request to `origin` (see `origin(scheme:host:port:path:)`) with `queryItems` (percent-encoded, in
    /// any order) and `headers`: what a request made from parts (`UpstreamBase`) uses, with no URL to parse.
    init(service: Upstream, origin: String, queryItems: [(name: String, value: String)], headers: [String: String]) {
        self.service = service
        var items = queryItems
        for index in items.indices where HTTPRequest.secretQueryNames.contains(items[index].name) {
            items[index].value = Self.hashed(items[index].value)
        }
        items.sort { $0.name != $1.name ? $0.name < $1.name : $0.value < $1.value }
        var text = service.rawValue + " " + origin
        text.reserveCapacity(items.reduce(text.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
        for (index, item) in items.enumerated() {
            text += index == 0 ? "?" : "&"
            text += item.name
            text += "="
            text += item.value
        }
        // Header values may carry keys too (`X-Api-Key`), so all of them are hashed.
        for (name, value) in headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            text += "\n\(name.lowercased()): \(Self.hashed(value))"
        }
        self.text = text
    }

    /// `scheme://host[:port]/path`, host in lower case: the part of a key before the query.
    static func origin(scheme: String, host: String, port: Int?, path: String) -> String {
        "\(scheme)://\(host.lowercased())" + (port.map { ":\($0)" } ?? "") + path
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
