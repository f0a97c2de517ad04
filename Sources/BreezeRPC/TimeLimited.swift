import Breeze
import JSONRPC

/// Any Breeze method, plus the optional `timeoutMs` param every method accepts: the call's one deadline.
///
/// Implemented once, here, instead of in each method: the catalog registers every method through this
/// wrapper. Its params decode the method's own params and `timeoutMs` from the same object (the method's
/// decoder ignores the extra key), and the handler runs with `Deadline.current` bound, which the HTTP stack
/// reads. Without `timeoutMs`, the deadline is `BREEZE_TIMEOUT` (`configuration.timeoutSeconds`).
public enum TimeLimited<M: BreezeMethod>: RPCMethod {
    /// The accepted range of `timeoutMs`: at least 1 ms, at most 10 minutes.
    public static var timeoutRange: ClosedRange<Int> { 1...600_000 }

    public static var name: String { M.name }
    public static var parameterNames: [String] { M.parameterNames + ["timeoutMs"] }

    public struct Params: Decodable, Sendable {
        public var inner: M.Params
        /// The call's time budget in milliseconds, when the caller gave one.
        public var timeoutMs: Int?

        private enum CodingKeys: String, CodingKey { case timeoutMs }

        public init(from decoder: any Decoder) throws {
            // `timeoutMs` first, so a bad value is reported as such even when the method's own params are wrong.
            timeoutMs = try Self.timeoutMs(decoder)
            inner = try M.Params(from: decoder)
        }

        private static func timeoutMs(_ decoder: any Decoder) throws -> Int? {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // Decoded as a number first: JSONDecoder reports `1.5` as an `Int` without naming the field.
            guard let value = try container.decodeIfPresent(Double.self, forKey: .timeoutMs) else { return nil }
            guard value == value.rounded(), let milliseconds = Int(exactly: value),
                TimeLimited.timeoutRange.contains(milliseconds)
            else {
                let given = Int(exactly: value).map(String.init) ?? String(value)
                throw DecodingError.dataCorruptedError(
                    forKey: .timeoutMs, in: container,
                    debugDescription: "must be a whole number of milliseconds from 1 to 600000, not \(given).")
            }
            return milliseconds
        }
    }

    public static func handle(_ params: Params, context: Breeze) async throws -> M.Result {
        let clock = context.resilience?.clock ?? SystemClock()
        let seconds = params.timeoutMs.map { Double($0) / 1000 } ?? context.configuration.timeoutSeconds
        let inner = params.inner
        return try await Deadline.$current.withValue(Deadline(seconds: seconds, from: clock.now)) {
            try await M.handle(inner, context: context)
        }
    }
}
