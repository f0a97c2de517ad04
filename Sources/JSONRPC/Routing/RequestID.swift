/// The `id` of a JSON-RPC request: a string or an integer.
///
/// JSON-RPC also allows `null` and fractional numbers; the server answers a `null` id with `null` (see
/// `Envelope`) and rejects fractional, boolean and structured ids as invalid requests, as MCP and LSP do.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    /// The id as it appears on the wire.
    public var json: String {
        switch self {
        case .number(let value): String(value)
        case .string(let value): JSONText.quoted(value)
        }
    }

    public var description: String { json }
}

extension RequestID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}
