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
        // The code goes into Google's query and picks its texts.
        try LanguageTag.check(languageCode, field: "languageCode")
        self.coordinates = coordinates
        self.days = days
        self.source = source
        self.languageCode = languageCode
    }
}
