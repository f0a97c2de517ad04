import FoundationEssentials

/// An upstream's configured base URL, checked and taken apart once, so that a request's URL is written as text and
/// its cache key made from the same parts, with no URL parsed per call.
///
/// A request's URL is the base URL as configured, then its query: names and values percent-encoded so that none can
/// inject a parameter (`Breeze.percentEncode`). Its cache key is the base's scheme, host, port and path, then the
/// base's own query items and the request's, exactly what `CacheKey` reads back from the whole URL.
struct UpstreamBase: Sendable {
    /// The base URL as configured.
    let text: String
    /// `scheme://host[:port]/path`, scheme and host in lower case, as the cache key writes it.
    let origin: String
    /// The query items the base URL adds to a request's, percent-encoded, as `CacheKey` reads them back from the
    /// request's URL (a base ending in `?` or `&` adds an empty one).
    let items: [(name: String, value: String)]
    /// Whether the base URL has a query (even an empty one), so a request's query continues it with `&`.
    let hasQuery: Bool

    /// - Throws: `BreezeError.badURL` when `text` is not an http(s) URL with a host, or one libcurl would refuse
    ///   (see `curlRefusal`), or cannot take a query.
    init(_ text: String, service: Upstream) throws(BreezeError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw .badURL(
                service: service,
                reason: "the configured base URL '\(text)' is not an http(s) URL with a host; check its setting.")
        }
        if let refusal = Self.curlRefusal(text, encodedHost: components.percentEncodedHost ?? host, host: host) {
            throw .badURL(service: service, reason: "the configured base URL '\(text)' \(refusal); check its setting.")
        }
        hasQuery = components.percentEncodedQuery != nil
        // A query adds only unreserved characters, commas, `%`, `&` and `=`: if one such query parses, all do. Read
        // back, its items follow the base's, so what comes before them is what the base adds.
        let sample = text + (hasQuery ? "&" : "?") + "name=value,%20"
        guard URL(string: text) != nil, URL(string: sample) != nil, let read = URLComponents(string: sample) else {
            throw .badURL(service: service, reason: "the configured base URL '\(text)' cannot take a query.")
        }
        self.text = text
        origin = CacheKey.origin(scheme: scheme, host: host, port: components.port, path: components.percentEncodedPath)
        items = (read.percentEncodedQueryItems ?? []).dropLast().map { ($0.name, $0.value ?? "") }
    }

    /// Why libcurl would refuse `text`, whose host is `host` (`encodedHost` as the URL writes it); nil when it
    /// would not.
    ///
    /// Foundation's parser percent-encodes what it does not allow (`exa mple.com` becomes `exa%20mple.com`), so a
    /// base URL that parses may still be one libcurl refuses at every call ("URL using bad/illegal format"), which
    /// would answer `networkError` instead of saying the setting is wrong. These are libcurl's own rules: no space
    /// or control character anywhere in the URL, and a host name without the characters its host check refuses
    /// once the name is percent-decoded. An IPv6 literal (`[::1]`) is left to the parser.
    static func curlRefusal(_ text: String, encodedHost: String, host: String) -> String? {
        if text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            return "holds a space or a control character"
        }
        guard !encodedHost.hasPrefix("[") else { return nil }
        let name = Array(host.utf8)
        if name.isEmpty { return "has an empty host" }
        if let bad = name.first(where: { $0 <= 0x20 || $0 == 0x7F || refusedInHost.contains($0) }) {
            return "has a host name with '\(Unicode.Scalar(bad).escaped(asASCII: true))' in it"
        }
        return nil
    }

    /// What libcurl's host check refuses in a host name, besides spaces and control characters.
    private static let refusedInHost = Set("/:#?!@{}[]\\$'\"^`*<>=;,+&()%".utf8)

    /// The configured base URL of `service`, or why it cannot be used.
    static func checked(_ service: Upstream, in configuration: BreezeConfiguration) -> Result<Self, BreezeError> {
        Result { () throws(BreezeError) in try UpstreamBase(configuration.baseURL(for: service), service: service) }
    }

    /// The request for `query` (names and values as they are, encoded here) to `service`.
    func request(_ query: [(String, String)], service: Upstream, timeoutSeconds: Double) -> HTTPRequest {
        guard !query.isEmpty else {  // the base URL alone, read back as it is
            let key = CacheKey(urlText: text, service: service, headers: [:])
            return HTTPRequest(urlText: text, service: service, cacheKey: key, timeoutSeconds: timeoutSeconds)
        }
        let encoded = query.map { (name: Breeze.percentEncode($0.0), value: Breeze.percentEncode($0.1)) }
        var url = text
        // Exactly as long as it needs: a request waiting for a slot keeps its URL.
        url.reserveCapacity(encoded.reduce(text.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
        for (index, (name, value)) in encoded.enumerated() {
            url += index > 0 || hasQuery ? "&" : "?"
            url += name
            url += "="
            url += value
        }
        let key = CacheKey(service: service, origin: origin, queryItems: items + encoded, headers: [:])
        return HTTPRequest(urlText: url, service: service, cacheKey: key, timeoutSeconds: timeoutSeconds)
    }
}
