/// Everything that can go wrong in Breeze, in terms a user can act on.
///
/// These mirror the Breeze app's `badURL` and `badServerResponse`, and add the failures a service meets
/// in practice. The JSON-RPC binding maps each case to a fixed code and a `data.type` of the same name.
/// - Important: no case ever carries an API key or a URL that contains one.
public enum BreezeError: Error, Equatable, Sendable {
    /// A parameter is missing, mistyped or out of range (also: an upstream rejected a variable name).
    case invalidParameter(name: String, reason: String)
    /// An upstream URL could not be built, e.g. from a misconfigured base URL.
    case badURL(service: Upstream, reason: String)
    /// The upstream answered with a failure status, or with a body that does not decode.
    case badServerResponse(service: Upstream, status: Int, reason: String)
    /// The upstream could not be reached.
    case networkError(service: Upstream, reason: String)
    /// The upstream did not answer in time.
    case timeout(service: Upstream, seconds: Double)
    /// The upstream said 429 Too Many Requests.
    case rateLimited(service: Upstream, retryAfterSeconds: Int?, reason: String)
    /// The upstream has no data for that place or time; `service` is nil when the data is Breeze's own (the
    /// embedded place table has no place near that point).
    case noData(service: Upstream?, reason: String)
    /// A needed setting is missing, e.g. an API key.
    case notConfigured(setting: String, reason: String)
}

extension BreezeError: CustomStringConvertible {
    /// One sentence saying what happened and, where it helps, what to do.
    public var description: String {
        switch self {
        case .invalidParameter(let name, let reason):
            "Invalid parameter '\(name)': \(reason)"
        case .badURL(let service, let reason):
            "Cannot build the \(service.displayName) URL: \(reason)"
        case .badServerResponse(let service, let status, let reason):
            "\(service.displayName) answered \(status == 200 ? "with an unreadable body" : "HTTP \(status)"): \(reason)"
        case .networkError(let service, let reason):
            "Cannot reach \(service.displayName): \(reason)"
        case .timeout(let service, let seconds):
            "\(service.displayName) did not answer within \(seconds.plainText) s."
        case .rateLimited(let service, let retryAfterSeconds, let reason):
            "\(service.displayName) is rate limiting requests: \(reason)"
                + (retryAfterSeconds.map { " Try again in \($0) s." } ?? "")
        case .noData(let service, let reason):
            "\(service?.displayName ?? "Breeze") has no data here: \(reason)"
        case .notConfigured(_, let reason):
            reason
        }
    }
}
