import FoundationEssentials

/// How long an answer to a request may be kept, as judged by the feature that made the request.
///
/// The HTTP cache sits below decoding and knows no upstream's body format: the domain, which does, attaches this
/// rule to each request it makes, and the cache asks it about a 2xx body before storing it (`CachePolicy`).
public struct AnswerLifetime: Sendable {
    /// What a body is worth keeping.
    public enum Verdict: Sendable, Equatable {
        /// Never stored: not whole or not readable. A body that breaks off mid-stream (Open-Meteo's "Unexpected
        /// error while streaming data") must not be served again for the whole TTL.
        case unusable
        /// Still being filled in upstream: kept for the cache's short TTL at most.
        case provisional
        /// Kept for its upstream's TTL.
        case lasting
    }

    private let judge: @Sendable (_ body: Data, _ now: Date) -> Verdict

    /// A rule judging a 2xx `body` received at `now`.
    public init(_ judge: @escaping @Sendable (_ body: Data, _ now: Date) -> Verdict) {
        self.judge = judge
    }

    /// What `body`, received at `now`, is worth keeping.
    public func verdict(on body: Data, at now: Date) -> Verdict {
        judge(body, now)
    }

    /// A JSON answer lasts when it is whole, well-formed JSON. A well-formed body of an unexpected shape would fail
    /// the same way on every fetch, so storing it changes nothing.
    public static let json = AnswerLifetime { body, _ in
        (try? JSONDecoder().decode(WellFormedJSON.self, from: body)) != nil ? .lasting : .unusable
    }
}

/// A JSON text, read only to learn that it is whole and well-formed: `JSONDecoder` checks the whole text before it
/// decodes anything (it throws `dataCorrupted` for text that is not valid JSON), so this type reads no value. Walking
/// the values would add nothing but cost: each failed trial decode throws an error that spells its coding path.
private struct WellFormedJSON: Decodable {
    init(from decoder: any Decoder) {}
}
