import Breeze
import JSONRPC

extension ErrorCode {
    /// An upstream URL could not be built (e.g. a misconfigured base URL).
    public static let badURL = ErrorCode(rawValue: 1001)
    /// The upstream answered with a failure status or a body that does not decode.
    public static let badServerResponse = ErrorCode(rawValue: 1002)
    /// The upstream could not be reached.
    public static let networkError = ErrorCode(rawValue: 1003)
    /// The upstream did not answer in time.
    public static let timeout = ErrorCode(rawValue: 1004)
    /// The upstream said 429.
    public static let rateLimited = ErrorCode(rawValue: 1005)
    /// The upstream has no data for that place or time.
    public static let noData = ErrorCode(rawValue: 1006)
    /// A needed setting is missing.
    public static let notConfigured = ErrorCode(rawValue: 1007)
    /// Every part of a `fetchDashboard` failed; `data.errors` holds each part's own error.
    public static let dashboardUnavailable = ErrorCode(rawValue: 1008)
}

extension BreezeError: RPCErrorConvertible {
    /// The one place a domain error gets its wire form: fixed code, `data.type` named after the case.
    public var responseError: ResponseError {
        switch self {
        case .invalidParameter(let name, _):
            return .invalidParams(description, field: name)
        case .badURL(let service, let reason):
            return ResponseError(
                code: .badURL, type: "badURL", message: description,
                details: ["service": .string(service.rawValue), "reason": .string(reason)])
        case .badServerResponse(let service, let status, let reason):
            return ResponseError(
                code: .badServerResponse, type: "badServerResponse", message: description,
                details: [
                    "service": .string(service.rawValue), "status": .number(Double(status)), "reason": .string(reason),
                ])
        case .networkError(let service, let reason):
            return ResponseError(
                code: .networkError, type: "networkError", message: description,
                details: ["service": .string(service.rawValue), "reason": .string(reason)])
        case .timeout(let service, let seconds):
            return ResponseError(
                code: .timeout, type: "timeout", message: description,
                details: ["service": .string(service.rawValue), "timeoutSeconds": .number(seconds)])
        case .rateLimited(let service, let retryAfterSeconds, let reason):
            var details: [String: JSONValue] = ["service": .string(service.rawValue), "reason": .string(reason)]
            if let retryAfterSeconds { details["retryAfterSeconds"] = .number(Double(retryAfterSeconds)) }
            return ResponseError(code: .rateLimited, type: "rateLimited", message: description, details: details)
        case .noData(let service, let reason):
            var details: [String: JSONValue] = ["reason": .string(reason)]
            if let service { details["service"] = .string(service.rawValue) }
            return ResponseError(code: .noData, type: "noData", message: description, details: details)
        case .notConfigured(let setting, _):
            return ResponseError(
                code: .notConfigured, type: "notConfigured", message: description,
                details: ["setting": .string(setting)])
        }
    }
}
