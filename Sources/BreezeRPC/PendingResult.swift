import Breeze
import JSONRPC

/// A result still being fetched, as JSON text: the server writes it when it comes, and no task waits for it
/// meanwhile. Every method that calls an upstream answers with one.
public struct PendingResult: DeferredResult {
    let pending: Pending<[UInt8]>

    /// A result the domain writes as JSON text itself (a forecast, see `Breeze.fetchForecastJSON`).
    init(_ pending: Pending<[UInt8]>) {
        self.pending = pending
    }

    /// A result written as the router writes every result (`Router.resultJSON`) when it comes.
    init(encoding pending: Pending<some Encodable & Sendable>) {
        self.pending = pending.map { try Router.resultJSON($0) }
    }

    public func whenReady(_ body: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        pending.whenReady(body)
    }

    public func cancel() { pending.cancel() }

    public var readyResult: Result<[UInt8], any Error>? { pending.outcome }
}
