/// The `error` member of a JSON-RPC response: a code, a one-sentence message, and structured `data`.
///
/// The errors built here fill `data` with an object whose `type` names the error (`parseError`, …), and a
/// service's own errors should too, so clients can switch on a stable name instead of parsing messages.
public struct ResponseError: Error, Hashable, Sendable, Codable {
    public var code: ErrorCode
    public var message: String
    public var data: JSONValue?

    public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// An error whose `data` is `{"type": type, …details}`.
    public init(code: ErrorCode, type: String, message: String, details: [String: JSONValue] = [:]) {
        var data = details
        data["type"] = .string(type)
        self.init(code: code, message: message, data: .object(data))
    }

    /// The `data.type` name, when present.
    public var type: String? {
        if case .string(let name)? = data?["type"] { return name }
        return nil
    }
}

// MARK: - The standard errors

extension ResponseError {
    /// The line is not JSON. `detail` says where and why.
    public static func parseError(_ detail: String) -> ResponseError {
        ResponseError(
            code: .parseError, type: "parseError", message: "Parse error", details: ["detail": .string(detail)])
    }

    /// Valid JSON that is not a request object. `detail` says what is wrong.
    public static func invalidRequest(_ detail: String) -> ResponseError {
        ResponseError(
            code: .invalidRequest, type: "invalidRequest", message: "Invalid Request",
            details: ["detail": .string(detail)])
    }

    /// No method named `method`. `suggestions` (the nearest known names) are offered in the detail and listed
    /// in `data.suggestions`; `hint` (from the service: where to find the method list) ends the detail.
    public static func methodNotFound(_ method: String, suggestions: [String] = [], hint: String? = nil)
        -> ResponseError
    {
        let didYouMean = suggestions.isEmpty ? nil : "did you mean \(suggestions.joined(separator: ", "))?"
        let tail = [didYouMean, hint].compactMap { $0 }.joined(separator: " ")
        var details: [String: JSONValue] = [
            "method": .string(method),
            "detail": .string("No method named '\(method)'" + (tail.isEmpty ? "." : "; \(tail)")),
        ]
        if !suggestions.isEmpty { details["suggestions"] = .array(suggestions.map(JSONValue.string)) }
        return ResponseError(
            code: .methodNotFound, type: "methodNotFound", message: "Method not found", details: details)
    }

    /// Params that are missing, mistyped or out of range. `field` names the offending parameter.
    public static func invalidParams(_ message: String, field: String? = nil) -> ResponseError {
        var details: [String: JSONValue] = [:]
        if let field { details["field"] = .string(field) }
        return ResponseError(code: .invalidParams, type: "invalidParams", message: message, details: details)
    }

    /// A bug. The message is deliberately generic: details go to stderr, never to the client.
    public static let internalError = ResponseError(
        code: .internalError, type: "internalError", message: "Internal error; the server log on stderr has details.")

    public static let requestCancelled = ResponseError(
        code: .requestCancelled, type: "requestCancelled", message: "Request cancelled")

    /// A request read just before a shutdown, answered without being run.
    public static let shuttingDown = ResponseError(
        code: .requestCancelled, type: "requestCancelled", message: "Request cancelled: the server is shutting down")
}

/// An error that knows its own JSON-RPC form.
///
/// Domain errors conform (in the binding layer, so the domain never imports the wire layer); the router
/// maps any thrown error through this protocol once, at the edge.
public protocol RPCErrorConvertible: Error {
    var responseError: ResponseError { get }
}

extension ResponseError: RPCErrorConvertible {
    public var responseError: ResponseError { self }
}

extension ResponseError {
    /// The message with `data.detail` appended, for logs.
    var logDescription: String {
        if case .string(let detail)? = data?["detail"] { return "\(message): \(detail)" }
        return message
    }
}

/// Written as the router's encoder writes it, wherever an error sits inside a result (one place's failure).
extension ResponseError: JSONWritable {}
