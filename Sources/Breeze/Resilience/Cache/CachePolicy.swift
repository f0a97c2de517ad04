import FoundationEssentials

/// How long an upstream's answer may be reused.
///
/// Fit to how fast the data changes: places barely change (24 h), forecasts and air quality are re-run
/// several times an hour at most (15 min), pollen is a daily forecast (1 h), and reanalysis of past days is
/// final, except that its last ~5 days are still being filled in (null values), hence the short TTL for
/// archive requests that reach into the last week.
public struct CachePolicy: Sendable, Equatable {
    /// Seconds an answer stays fresh, per upstream; 0 turns caching off for that upstream.
    public var ttl = Upstream.table(\.defaultCacheTTL)
    /// The TTL of archive answers that are not final yet (recent `end_date`, or nulls in the body).
    public var recentArchiveTTL: Double = 3600
    /// How many days back an archive `end_date` still counts as recent.
    public var recentArchiveDays = 7

    public init() {}

    /// Seconds to keep `response` to `request`, received at `now`; 0 means "do not store".
    ///
    /// Only 2xx answers whose body is well-formed JSON are stored: the HTTP stack sits below decoding, and a
    /// body that breaks off mid-stream (Open-Meteo's "Unexpected error while streaming data") must not be
    /// served again for the whole TTL. A well-formed body of an unexpected shape would fail the same way on
    /// every fetch, so storing it changes nothing.
    public func ttl(for request: HTTPRequest, response: HTTPResponse, now: Date) -> Double {
        let base = ttl[request.service] ?? request.service.defaultCacheTTL
        guard (200..<300).contains(response.status), base > 0 else { return 0 }
        let body = CachedBody(request: request, response: response)
        guard body.isReadable else { return 0 }
        if request.service == .archive, !isFinalArchive(request, body, now: now) {
            return min(base, recentArchiveTTL)
        }
        return base
    }

    /// Whether an archive answer is final: its `end_date` (the latest, when it lists several date ranges) is older
    /// than `recentArchiveDays` and it has no nulls.
    private func isFinalArchive(_ request: HTTPRequest, _ body: CachedBody, now: Date) -> Bool {
        if body.hasMissingValues { return false }
        let items = URLComponents(string: request.urlText)?.queryItems ?? []
        guard let text = items.last(where: { $0.name == "end_date" })?.value else {
            return false  // no end date (e.g. `past_days`): relative to today, so never final
        }
        var latest = Date.distantPast
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let end = Self.day(String(part)) else { return false }
            latest = max(latest, end)
        }
        return latest < now.addingTimeInterval(-Double(recentArchiveDays) * 86400)
    }

    /// The start of `YYYY-MM-DD` in UTC.
    private static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)
    }
}

/// What the cache needs to know of a 2xx body, in either format Open-Meteo answers in.
private struct CachedBody {
    /// The FlatBuffers messages, when the request asked for `format=flatbuffers` and the body reads.
    private let messages: [WeatherApiResponse]?
    private let isFlatBuffers: Bool
    private let body: Data

    init(request: HTTPRequest, response: HTTPResponse) {
        body = response.body
        isFlatBuffers = URLComponents(string: request.urlText)?.query?.contains("format=flatbuffers") == true
        messages = isFlatBuffers ? try? WeatherApiResponse.messages(in: body) : nil
    }

    /// Whole and well-formed: JSON that parses, or FlatBuffers with at least one readable message.
    var isReadable: Bool {
        if isFlatBuffers { return messages?.isEmpty == false }
        return (try? JSONDecoder().decode(AnyJSON.self, from: body)) != nil
    }

    /// Whether any value is missing (`null` in JSON, NaN in FlatBuffers).
    var hasMissingValues: Bool {
        guard isFlatBuffers else { return body.firstRange(of: Data("null".utf8)) != nil }
        return messages?.contains { message in
            [message.current, message.daily, message.hourly, message.minutely15].contains { section in
                section?.variables.contains(where: \.hasMissingValues) == true
            }
        } ?? true
    }
}

/// Any JSON value, read only to learn that the text is whole and well-formed.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyJSON.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
        } else {
            let value = try decoder.singleValueContainer()
            if !value.decodeNil(), (try? value.decode(Bool.self)) == nil, (try? value.decode(String.self)) == nil {
                _ = try value.decode(Double.self)
            }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
