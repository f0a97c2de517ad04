/// A JSON-RPC error code.
///
/// A struct rather than an enum so that any integer a peer sends can be represented, while the codes
/// a server uses are named constants. The standard codes keep their JSON-RPC meaning; a service adds its own
/// (as extensions) with positive codes, outside every range JSON-RPC and MCP reserve.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { String(rawValue) }

    // MARK: - JSON-RPC 2.0

    /// The line is not valid JSON.
    public static let parseError = ErrorCode(rawValue: -32700)
    /// Valid JSON, but not a valid request object (or over a size limit).
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// No such method.
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// Missing, mistyped or out-of-range params.
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// A bug in the server.
    public static let internalError = ErrorCode(rawValue: -32603)

    // MARK: - LSP

    /// The request was cancelled by `$/cancelRequest`; LSP's `RequestCancelled`, which clients already know.
    public static let requestCancelled = ErrorCode(rawValue: -32800)

    // MARK: - MCP

    /// A request stamped with an MCP revision this server does not serve (MCP 2026-07-28's
    /// `UnsupportedProtocolVersion`); `data.supported` lists the ones it does.
    public static let unsupportedProtocolVersion = ErrorCode(rawValue: -32022)
}
