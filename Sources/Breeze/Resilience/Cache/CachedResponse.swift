import FoundationEssentials

/// A response kept for reuse, with when it was stored and for how long it stays fresh.
public struct CachedResponse: Sendable, Equatable {
    public var response: HTTPResponse
    public var storedAt: Date
    /// Seconds from `storedAt` during which the response may be served.
    public var ttl: Double

    public var expiresAt: Date { storedAt.addingTimeInterval(ttl) }

    /// Fresh at `now`. An entry stored "in the future" (a clock set back) is not trusted.
    public func isFresh(at now: Date) -> Bool {
        storedAt <= now.addingTimeInterval(60) && now < expiresAt
    }
}
