/// Any JSON value, for the free-form parts of messages such as an error's `data`.
///
/// Requests are never decoded through this type (params are decoded straight into each method's own
/// `Params`); it exists for values the server builds and writes.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            // Whole numbers print without a fraction, as JSON readers in every language expect of counts.
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }
}

extension JSONValue {
    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension JSONValue {
    /// The value `value` of validated text, built in one pass over its bytes: much cheaper than decoding
    /// through `JSONDecoder`, for documents read whole (an embedded description, not requests).
    public init(_ value: JSONText.Value, in text: JSONText) {
        switch value.kind {
        case .object:
            var members: [String: JSONValue] = [:]
            for (key, member) in text.members(of: value) where members[key] == nil {
                members[key] = JSONValue(member, in: text)
            }
            self = .object(members)
        case .array:
            self = .array(text.elements(of: value).map { JSONValue($0, in: text) })
        case .string:
            self = .string(text.string(value))
        case .number:
            self = .number(Double(String(decoding: text.slice(value), as: UTF8.self)) ?? .nan)
        case .bool:
            self = .bool(text.bytes[value.range.lowerBound] == UInt8(ascii: "t"))
        case .null:
            self = .null
        }
    }
}
