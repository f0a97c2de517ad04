import FoundationEssentials

/// How long an upstream's answer may be reused.
///
/// Fit to how fast the data changes: places barely change (24 h), forecasts and air quality are re-run
/// several times an hour at most (15 min), pollen is a daily forecast (1 h). Whether a body is worth keeping at
/// all, or is still being filled in upstream (the archive's last days), is the request's own `AnswerLifetime`,
/// attached by the feature that knows the upstream's format: this layer reads no body.
public struct CachePolicy: Sendable, Equatable {
    /// Seconds an answer stays fresh, per upstream; 0 turns caching off for that upstream.
    public var ttl = Upstream.table(\.defaultCacheTTL)
    /// The TTL of answers that are not final yet (`AnswerLifetime.Verdict.provisional`).
    public var provisionalTTL: Double = 3600

    public init() {}

    /// Seconds to keep `response` to `request`, received at `now`; 0 means "do not store".
    ///
    /// Only 2xx answers are stored, and only those the request's lifetime rule finds whole: the HTTP stack sits
    /// below decoding.
    public func ttl(for request: HTTPRequest, response: HTTPResponse, now: Date) -> Double {
        let base = ttl[request.service] ?? request.service.defaultCacheTTL
        guard (200..<300).contains(response.status), base > 0 else { return 0 }
        return switch request.lifetime.verdict(on: response.body, at: now) {
        case .unusable: 0
        case .provisional: min(base, provisionalTTL)
        case .lasting: base
        }
    }
}
