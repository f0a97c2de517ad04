import FoundationEssentials

/// Reading failure responses, whichever of the three error dialects the upstream speaks.
enum UpstreamFailure {
    /// The typed error for a failure status.
    static func error(for response: HTTPResponse, from service: Upstream) -> BreezeError {
        let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
        // Bounded: an error body is the upstream's text, and every text that leaves goes through `Redaction`.
        let reason = body?.reason.map { String($0.prefix(1000)) } ?? statusPhrase(response.status)
        if response.status == 429 {
            return .rateLimited(
                service: service,
                retryAfterSeconds: retryAfter(response.headers["retry-after"])
                    ?? body?.retryAfter.map(clampedRetryAfter),
                reason: reason)
        }
        return .badServerResponse(service: service, status: response.status, reason: reason)
    }

    /// Why a 2xx body did not decode, without echoing the body.
    static func undecodableReason(_ body: Data, _ error: any Error) -> String {
        let marker = Data("Unexpected error while streaming data".utf8)
        if let range = body.firstRange(of: marker) {
            let tail = String(decoding: body[range.lowerBound...].prefix(200), as: UTF8.self)
            return tail.trimmingWhitespaceAndNewlines()
        }
        if body.isEmpty { return "the body was empty" }
        return undecodableReason(error)
    }

    /// Why a value in a body did not decode, in words that name the field but quote nothing of the body.
    static func undecodableReason(_ error: any Error) -> String {
        switch error {
        case let error as FlatBufferError:
            return "the FlatBuffers body is unreadable: \(error.description)"
        case let error as BodyShapeError:
            return error.description
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            return "the body is not valid JSON"
        case DecodingError.keyNotFound(let key, let context):
            return "the field '\(path(context.codingPath + [key]))' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "the field '\(path(context.codingPath))' has an unexpected type"
        case DecodingError.dataCorrupted(let context):
            return "the field '\(path(context.codingPath))' is invalid"
        default:
            return "the body does not have the expected shape"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// The largest wait reported, in seconds (about 68 years): an integer every JSON reader takes exactly, and
    /// the schema's maximum. Anything longer is clamped to it.
    static let maxRetryAfterSeconds = Int(Int32.max)

    /// `Retry-After` in seconds, from either of its forms (delta-seconds or an HTTP date), within
    /// `0...maxRetryAfterSeconds`; digits too many for any integer type count as the maximum.
    static func retryAfter(_ value: String?) -> Int? {
        guard let value = value?.trimmingWhitespace(), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return clampedRetryAfter(Int(value) ?? maxRetryAfterSeconds)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return clampedRetryAfter(Int(min(Double(maxRetryAfterSeconds), date.timeIntervalSinceNow.rounded(.up))))
    }

    static func clampedRetryAfter(_ seconds: Int) -> Int { min(max(0, seconds), maxRetryAfterSeconds) }

    static func statusPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "HTTP status \(status)"
        }
    }
}

/// The error bodies upstreams send: Open-Meteo `{"error":true,"reason":…}` (either key order), Google
/// `{"error":{"code":…,"message":…,"status":…}}`, and the Breeze proxy `{"error":"…","retryAfter":…}`.
struct ErrorBody: Decodable {
    var reason: String?
    var retryAfter: Int?

    private enum CodingKeys: String, CodingKey {
        case reason, error, retryAfter
    }

    private struct GoogleError: Decodable {
        var message: String?
        var status: String?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        retryAfter = try? container.decodeIfPresent(Int.self, forKey: .retryAfter)
        if let reason = try? container.decodeIfPresent(String.self, forKey: .reason) {
            self.reason = reason  // Open-Meteo; its "error" member is just `true`
        } else if let message = try? container.decodeIfPresent(String.self, forKey: .error) {
            reason = message  // the Breeze proxy
        } else if let google = try? container.decodeIfPresent(GoogleError.self, forKey: .error) {
            reason = google.message ?? google.status
        }
    }
}
