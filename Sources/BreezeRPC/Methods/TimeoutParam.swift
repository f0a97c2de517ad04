import Breeze
import JSONRPC

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

    public static func handle(_ params: TimeoutParam.Only, context: Void, call: RPCCall) async throws -> EmptyResult {
        EmptyResult()
    }
}
