/// What `fetchAlerts` asks for: the points, and the language of the texts where a source has several.
public struct AlertsRequest: Sendable, Hashable {
    public let points: [Coordinates]
    /// A BCP-47 language tag (`de`, `fr-CH`); MeteoAlarm's blocks in it are picked, else English, else the first.
    public let language: String

    /// - Throws: `BreezeError.invalidParameter` naming `latitude` for no points or more than
    ///   `Coordinates.maxPerCall`, or `language` for a tag that is not a language tag (`LanguageTag`).
    public init(points: [Coordinates], language: String = "en") throws(BreezeError) {
        try Coordinates.checkCount(points, field: "latitude")
        try LanguageTag.check(language, field: "language")
        self.points = points
        self.language = language
    }
}
