import Breeze
import JSONRPC

/// Any Breeze method, plus the optional `timeoutMs` param every method accepts: the call's one deadline.
///
/// Implemented once, here, instead of in each method: the catalog registers every method through this
/// wrapper. Its params decode the method's own params and `timeoutMs` from the same object (the method's
/// decoder ignores the extra key), and the handler runs within the domain's time budget for the call
/// (`Breeze.withTimeBudget`), which is `BREEZE_TIMEOUT` (`configuration.timeoutSeconds`) without `timeoutMs`.
/// Progress the method reports (`CallProgress`) goes to the client as notifications when the request carried a
/// progress token.
public enum TimeLimited<M: BreezeMethod>: RPCMethod {
    public static var name: String { M.name }
    public static var parameterNames: [String] { M.parameterNames + TimeoutParam.names }

    public struct Params: Decodable, Sendable {
        public var inner: M.Params
        /// The call's time budget in milliseconds, when the caller gave one.
        public var timeoutMs: Int?

        public init(from decoder: any Decoder) throws {
            // `timeoutMs` first, so a bad value is reported as such even when the method's own params are wrong.
            timeoutMs = try TimeoutParam.decode(from: decoder)
            inner = try M.Params(from: decoder)
        }
    }

    /// The method's result, bounded unless the call's detail is `full` (see `BoundedResult`).
    public static func handle(_ params: Params, context: Breeze) async throws -> BoundedResult {
        let inner = params.inner
        let result = try await context.withTimeBudget(milliseconds: params.timeoutMs) {
            try await CallProgress.$current.withValue(progressNotifications) {
                try await M.handle(inner, context: context)
            }
        }
        return try BoundedResult(result, of: M.self)
    }

    /// The domain's progress reports, sent as `notifications/progress` when the request asked for them.
    private static var progressNotifications: CallProgress? {
        RequestNotifications.progressReporter().map { report in
            CallProgress { completed, total in report(completed, total, "\(completed) of \(total) done") }
        }
    }
}

/// The `timeoutMs` param: its one decoding and range check, shared by every method and `ping`.
public enum TimeoutParam {
    /// The accepted range: at least 1 ms, at most 10 minutes.
    public static let range: ClosedRange<Int> = 1...600_000

    private enum CodingKeys: String, CodingKey, CaseIterable { case timeoutMs }

    /// Its name, as the parameter lists of every method end with it.
    public static let names = CodingKeys.allCases.map(\.rawValue)

    /// The params of a method that takes only `timeoutMs` and answers at once (`ping`, `rpc.discover`): checked,
    /// then moot.
    public struct Only: Decodable, Sendable {
        public init(from decoder: any Decoder) throws {
            _ = try TimeoutParam.decode(from: decoder)
        }
    }

    /// `timeoutMs` from the params object, nil when absent or null.
    ///
    /// - Throws: `DecodingError` naming `timeoutMs` (→ -32602) when it is not a whole number in `range`.
    public static func decode(from decoder: any Decoder) throws -> Int? {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Decoded as a number first: JSONDecoder reports `1.5` as an `Int` without naming the field.
        guard let value = try container.decodeIfPresent(Double.self, forKey: .timeoutMs) else { return nil }
        guard value == value.rounded(), let milliseconds = Int(exactly: value), range.contains(milliseconds) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeoutMs, in: container,
                debugDescription: "must be a whole number of milliseconds from 1 to 600000, not \(value.plainText).")
        }
        return milliseconds
    }
}

/// `ping` as breeze-rpc serves it: the wire layer's built-in, plus the `timeoutMs` every method accepts (checked,
/// then moot: the answer is immediate).
public enum TimedPing: RPCMethod {
    public static var name: String { Ping.name }
    public static let parameterNames = TimeoutParam.names

    public static func handle(_ params: TimeoutParam.Only, context: Void) async throws -> EmptyResult { EmptyResult() }
}
