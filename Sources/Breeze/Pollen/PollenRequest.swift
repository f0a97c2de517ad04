/// A checked `fetchPollen` request.
public struct PollenRequest: Sendable, Equatable {
    public let coordinates: Coordinates
    /// The days of forecast one may ask for: Google's limit.
    public static let daysRange: ClosedRange<Int> = 1...5
    /// Days of forecast, 1…5 (Google's limit). The proxy always answers with one.
    public let days: Int
    public let source: PollenSource
    /// A BCP-47 tag for Google's texts; the proxy and Open-Meteo answer in English whatever it says.
    public let languageCode: String

    /// - Throws: `BreezeError.invalidParameter` naming `days` or `languageCode`.
    public init(
        coordinates: Coordinates, days: Int = 1, source: PollenSource = .auto, languageCode: String = "en"
    ) throws(BreezeError) {
        try checkRange(days, Self.daysRange, name: "days")
        // Letters, digits and hyphens only: the code goes into Google's query and must look like a BCP-47 tag.
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        guard (1...35).contains(languageCode.count), languageCode.allSatisfy(allowed.contains) else {
            throw .invalidParameter(
                name: "languageCode", reason: "must be a BCP-47 language tag such as 'en' or 'de-CH'.")
        }
        self.coordinates = coordinates
        self.days = days
        self.source = source
        self.languageCode = languageCode
    }
}
