import FoundationEssentials

/// The members of a request object that JSON-RPC itself defines, read without decoding `params`.
struct Envelope {
    enum IDField: Equatable {
        case absent
        case null
        case value(RequestID)
        case invalid(String)

        init(_ value: JSONText.Value, in text: JSONText) {
            switch value.kind {
            case .string:
                self = .value(.string(text.string(value)))
            case .number:
                if let number = text.integer(value) {
                    self = .value(.number(number))
                } else {
                    self = .invalid(RequestID.problem(withNumber: value, in: text))
                }
            case .null:
                self = .null
            default:
                self = .invalid("\"id\" must be a string or an integer.")
            }
        }
    }

    var id = IDField.absent
    var method: String?
    var params: JSONText.Value?
    /// Why this is not a valid request, if it is not.
    var problem: String?

    var isNotification: Bool { id == .absent }

    init(_ object: JSONText.Value, in text: JSONText) {
        var version: String?
        // Only the members read here need remembering: a bit each, not a set of every key.
        var seen: Member = []
        // Duplicate members: the first wins, as with JSONDecoder.
        for (key, value) in text.members(of: object) {
            guard let member = Member(key), seen.insert(member).inserted else { continue }
            switch member {
            case .jsonrpc:
                version = value.kind == .string ? text.string(value) : ""
            case .id:
                id = IDField(value, in: text)
            case .method:
                if value.kind == .string {
                    method = text.string(value)
                } else {
                    problem = problem ?? "\"method\" must be a string."
                }
            case .params:
                if value.kind == .object || value.kind == .array {
                    params = value
                } else {
                    problem = problem ?? "\"params\" must be an object or an array."
                }
            default:
                break
            }
        }
        if version != "2.0" {
            problem = "\"jsonrpc\" must be exactly \"2.0\"."
        } else if method == nil, problem == nil {
            problem =
                !seen.isDisjoint(with: [.result, .error])
                ? "This server sends no requests, so it expects no responses; a request needs \"method\"."
                : "A request needs a \"method\"."
        }
    }

    /// The members of a message this server looks at.
    private struct Member: OptionSet {
        let rawValue: UInt8
        static let jsonrpc = Member(rawValue: 1 << 0)
        static let id = Member(rawValue: 1 << 1)
        static let method = Member(rawValue: 1 << 2)
        static let params = Member(rawValue: 1 << 3)
        static let result = Member(rawValue: 1 << 4)
        static let error = Member(rawValue: 1 << 5)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init?(_ key: String) {
            switch key {
            case "jsonrpc": self = .jsonrpc
            case "id": self = .id
            case "method": self = .method
            case "params": self = .params
            case "result": self = .result
            case "error": self = .error
            default: return nil
            }
        }
    }
}
