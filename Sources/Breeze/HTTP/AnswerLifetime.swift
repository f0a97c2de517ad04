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
        (try? JSONDecoder().decode(AnyJSON.self, from: body)) != nil ? .lasting : .unusable
    }
}

/// Any JSON value, read only to learn that the text is whole and well-formed.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyJSON.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
        } else {
            let value = try decoder.singleValueContainer()
            if !value.decodeNil(), (try? value.decode(Bool.self)) == nil, (try? value.decode(String.self)) == nil {
                _ = try value.decode(Double.self)
            }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
