import FoundationEssentials

/// Takes secrets out of text before it leaves the process: error messages, error `data`, log lines.
///
/// Two rules, applied together so neither depends on how an upstream echoes what it was sent:
/// - the value of every `key=` / `apikey=` query parameter (any case) becomes `***`, whatever it is;
/// - every run of at least `minimumFragment` characters taken from a configured key becomes `***`, so a key
///   cut short (an 8-character prefix in a log, a truncated echo) or percent-encoded is caught too.
/// - Important: one `Redaction` per process, built from the configuration, used for every outgoing text.
public struct Redaction: Sendable, Equatable {
    /// The configured keys, each also in its percent-encoded form when that differs.
    public let secrets: [String]

    /// The shortest piece of a key that is redacted on its own; a key shorter than this is redacted whole.
    /// Eight, the shortest cut of a key worth hiding: a shorter run is too likely to be an ordinary word that also
    /// occurs in a key (a key holding "google" would otherwise mangle every `upstream=googlePollen` log line).
    public static let minimumFragment = 8
    /// What a secret becomes.
    public static let mask = "***"

    public init(secrets: [String?]) {
        var all: [String] = []
        for secret in secrets.compactMap({ $0 }) where !secret.isEmpty {
            all.append(secret)
            let encoded = Breeze.percentEncode(secret)
            if encoded != secret { all.append(encoded) }
        }
        self.secrets = all
    }

    /// The redaction for `configuration`'s keys.
    public init(_ configuration: BreezeConfiguration) {
        self.init(secrets: [configuration.openMeteoAPIKey, configuration.googlePollenAPIKey])
    }

    /// `text` with every secret replaced by `***`.
    public func callAsFunction(_ text: String) -> String {
        Self.maskingQueryKeys(in: maskingFragments(in: text))
    }

    /// `error` with each of its texts redacted.
    public func callAsFunction(_ error: BreezeError) -> BreezeError {
        switch error {
        case .invalidParameter(let name, let reason): .invalidParameter(name: name, reason: self(reason))
        case .badURL(let service, let reason): .badURL(service: service, reason: self(reason))
        case .badServerResponse(let service, let status, let reason):
            .badServerResponse(service: service, status: status, reason: self(reason))
        case .networkError(let service, let reason): .networkError(service: service, reason: self(reason))
        case .timeout: error
        case .rateLimited(let service, let retryAfterSeconds, let reason):
            .rateLimited(service: service, retryAfterSeconds: retryAfterSeconds, reason: self(reason))
        case .noData(let service, let reason): .noData(service: service, reason: self(reason))
        case .notConfigured(let setting, let reason): .notConfigured(setting: setting, reason: self(reason))
        }
    }

    // MARK: - The two rules

    /// Replaces every run of text that also occurs in a secret, if long enough, by the mask.
    private func maskingFragments(in text: String) -> String {
        guard !secrets.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let keys = secrets.map { Array($0.utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            let length = keys.map { Self.longestMatch(bytes, at: index, within: $0) }.max() ?? 0
            if length > 0 {
                output.append(contentsOf: Self.mask.utf8)
                index += length
                changed = true
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// The length of the longest run starting at `text[start]` that occurs anywhere in `key`, when it is at least
    /// `minimumFragment` long (or the whole key); otherwise 0.
    private static func longestMatch(_ text: [UInt8], at start: Int, within key: [UInt8]) -> Int {
        var best = 0
        for offset in key.indices where key[offset] == text[start] {
            var length = 0
            while start + length < text.count, offset + length < key.count, text[start + length] == key[offset + length]
            {
                length += 1
            }
            best = max(best, length)
        }
        return best >= min(minimumFragment, key.count) ? best : 0
    }

    /// Replaces the value after every `key=` (so `apikey=`, `api_key=`, `KEY=` too) by the mask.
    static func maskingQueryKeys(in text: String) -> String {
        let bytes = Array(text.utf8)
        let marker = Array("key=".utf8)
        guard bytes.count >= marker.count else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            let isMarker =
                index + marker.count <= bytes.count
                && zip(bytes[index..<index + marker.count], marker).allSatisfy { $0 | 0x20 == $1 | 0x20 }
            guard isMarker else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output.append(contentsOf: bytes[index..<index + marker.count])
            index += marker.count
            let valueStart = index
            while index < bytes.count, !valueTerminators.contains(bytes[index]) { index += 1 }
            if index > valueStart {
                output.append(contentsOf: mask.utf8)
                changed = true
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// What ends a query value in echoed text: the next parameter, the fragment, quotes, brackets, white space.
    private static let valueTerminators = Set("&#\"'<>()[]{},; \t\r\n\\".utf8)
}
