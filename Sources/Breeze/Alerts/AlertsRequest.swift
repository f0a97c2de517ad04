/// What `fetchAlerts` asks for: the points, and the language of the texts where a source has several.
public struct AlertsRequest: Sendable, Hashable {
    public let points: [Coordinates]
    /// A BCP-47 language tag (`de`, `fr-CH`); MeteoAlarm's blocks in it are picked, else English, else the first.
    public let language: String

    /// - Throws: `BreezeError.invalidParameter` naming `latitude` for no points or more than
    ///   `Coordinates.maxPerCall`, or `language` for a tag that is not a language (two or three letters, then
    ///   optional subtags of letters and digits).
    public init(points: [Coordinates], language: String = "en") throws(BreezeError) {
        try Coordinates.checkCount(points, field: "latitude")
        let parts = language.split(separator: "-", omittingEmptySubsequences: false)
        let letters = parts.first.map { (2...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isLetter } }
        guard letters == true,
            parts.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else {
            throw .invalidParameter(
                name: "language",
                reason: "must be a language tag such as en, de or fr-CH, not '\(language.prefix(40))'.")
        }
        self.points = points
        self.language = language
    }
}
