import FoundationEssentials

/// Upstream requests: the configured base URL, the query percent-encoded, the key the service needs.
extension Breeze {
    /// The request for `query` against the configured base URL of `service`, with the key that service needs.
    func request(_ service: Upstream, query: [(String, String)]) throws(BreezeError) -> HTTPRequest {
        var query = query
        let key = configuration.apiKey(service.key)
        switch service.key {
        case .none:
            break
        case .openMeteo:
            if let key { query.append(("apikey", key)) }
        case .googlePollen:
            guard let key else {
                throw .notConfigured(
                    setting: "GOOGLE_POLLEN_API_KEY",
                    reason: "Google Pollen needs an API key: set GOOGLE_POLLEN_API_KEY (or --google-pollen-api-key).")
            }
            query.append(("key", key))
        }
        let base = try (bases[service] ?? UpstreamBase.checked(service, in: configuration)).get()
        return base.request(query, service: service, timeoutSeconds: configuration.timeoutSeconds)
    }

    /// Every upstream's configured base URL, checked and taken apart once (or why it cannot be used).
    static func bases(_ configuration: BreezeConfiguration) -> [Upstream: Result<UpstreamBase, BreezeError>] {
        Dictionary(uniqueKeysWithValues: Upstream.allCases.map { ($0, UpstreamBase.checked($0, in: configuration)) })
    }

    /// `base` with `query` appended, every value percent-encoded so no value can inject a parameter.
    static func url(_ base: String, query: [(String, String)], service: Upstream) throws(BreezeError) -> URL {
        let request = try UpstreamBase(base, service: service).request(query, service: service, timeoutSeconds: 0)
        return request.url
    }

    /// Unreserved characters stay; so do commas, which Open-Meteo uses for lists. Everything else,
    /// including `&`, `=`, `+` and `#`, is percent-encoded.
    ///
    /// Byte by byte over the UTF-8, with upper-case hex digits, exactly as `addingPercentEncoding` writes it,
    /// without its detour through CoreFoundation on every call.
    static func percentEncode(_ value: String) -> String {
        // Most values (numbers, variable names) need no escape: kept as they are. Checked over the contiguous
        // bytes when the string has them (a native string does), a scan every upstream request makes.
        let plain =
            value.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isUnreservedOrComma) }
            ?? value.utf8.allSatisfy(isUnreservedOrComma)
        if plain { return value }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreservedOrComma(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(upperHexDigits[Int(byte >> 4)])
                encoded.append(upperHexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func isUnreservedOrComma(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: ","):
            true
        default: false
        }
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)
}
