/// What a European AQI value means: the European Environment Agency's band, its name and advice.
///
/// `AQIStatus` (the US scale) stays the Breeze app's `status`; European users read this scale, so
/// `fetchAirQuality` reports both. The bands are the EEA's, each 20 index points wide; a value on a
/// boundary belongs to the cleaner band (20 is Good, 20.5 Fair), and everything above 100 is Extremely Poor.
public struct EuropeanAQIStatus: Sendable, Hashable {
    /// The band, as a stable identifier (`good` … `extremelyPoor`) to switch on.
    public var level: Level
    /// The band's name for display, e.g. "Very Poor".
    public var text: String
    /// One sentence on what the air is like.
    public var description: String
    /// Practical advice for this band, most important first.
    public var tips: [String]

    /// The EEA bands, from cleanest to worst.
    public enum Level: String, Sendable, Hashable, Encodable, CaseIterable {
        case good, fair, moderate, poor, veryPoor, extremelyPoor

        /// The band of a European AQI value: up to 20, 40, 60, 80, 100, then above.
        ///
        /// - Important: `europeanAQI` must be finite; `EuropeanAQIStatus(europeanAQI:)` checks that first.
        public init(europeanAQI: Double) {
            self = .band(of: europeanAQI, upperBounds: [20, 40, 60, 80, 100])
        }
    }

    /// The status for a European AQI value, its texts in `language`; `nil` when there is none, so a missing
    /// reading never looks clean.
    public init?(europeanAQI: Double?, language: Language = .en) {
        guard let europeanAQI, europeanAQI.isFinite else { return nil }
        self.init(level: Level(europeanAQI: europeanAQI), language: language)
    }

    /// The status of a band, with the EEA's health advice for it, in `language`.
    public init(level: Level, language: Language = .en) {
        self.level = level
        let texts = language.texts.europeanAQI(level)
        text = texts.text
        description = texts.description
        tips = texts.tips
    }

    /// The same band with its texts in `language`; the level stays.
    public func localized(_ language: Language) -> EuropeanAQIStatus {
        EuropeanAQIStatus(level: level, language: language)
    }
}
