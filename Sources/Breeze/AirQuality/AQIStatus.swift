/// What a US AQI value means for a person: a band, its name, advice, and the colour to show it in.
///
/// The bands are the Breeze app's, which split the EPA's "Good" and "Moderate" in two so a clean day and a
/// merely acceptable one look different. Values are rounded to the nearest integer first, as the EPA reports
/// AQI, so 25.4 is Excellent and 25.5 is Good.
public struct AQIStatus: Sendable, Hashable {
    /// The band, as a stable identifier (`excellent` … `hazardous`) to switch on.
    public var level: Level
    /// The band's name for display, e.g. "Slightly High".
    public var text: String
    /// One sentence on what the air is like.
    public var description: String
    /// The colour name to show the band in; two neighbouring Breeze bands share one EPA colour.
    public var color: Color
    /// Practical advice for this band, most important first.
    public var tips: [String]

    /// The Breeze AQI bands, from cleanest to worst.
    public enum Level: String, Sendable, Hashable, Encodable, CaseIterable {
        case excellent, good, moderate, slightlyHigh, unhealthyForSensitiveGroups, unhealthy, veryUnhealthy, hazardous
    }

    /// The colour names the Breeze app defines for air quality.
    public enum Color: String, Sendable, Hashable, Encodable, CaseIterable {
        case aqiGood, aqiModerate, aqiUnhealthySensitive, aqiUnhealthy, aqiVeryUnhealthy, aqiHazardous
    }

    /// The status for a US AQI value, its texts in `language`; `nil` when there is no value, so a missing reading
    /// is never shown as clean.
    public init?(usAQI: Double?, language: Language = .en) {
        guard let usAQI, usAQI.isFinite else { return nil }
        self.init(level: Level(usAQI: usAQI), language: language)
    }

    /// The status of a band, its texts in `language` (the English texts are the Breeze app's).
    public init(level: Level, language: Language = .en) {
        self.level = level
        let texts = language.texts.usAQI(level)
        text = texts.text
        description = texts.description
        tips = texts.tips
        color =
            switch level {
            case .excellent, .good: .aqiGood
            case .moderate, .slightlyHigh: .aqiModerate
            case .unhealthyForSensitiveGroups: .aqiUnhealthySensitive
            case .unhealthy: .aqiUnhealthy
            case .veryUnhealthy: .aqiVeryUnhealthy
            case .hazardous: .aqiHazardous
            }
    }

    /// The same band with its texts in `language`; the level and colour stay.
    public func localized(_ language: Language) -> AQIStatus {
        AQIStatus(level: level, language: language)
    }
}

extension AQIStatus.Level {
    /// The band of a US AQI value: 0–25, 26–50, 51–75, 76–100, 101–150, 151–200, 201–300, 301+.
    ///
    /// - Important: `usAQI` must be finite; `AQIStatus(usAQI:)` checks that before calling here.
    public init(usAQI: Double) {
        // Compared as Double: a converted Int would trap on absurd upstream values.
        self = .band(of: usAQI.rounded(), upperBounds: [25, 50, 75, 100, 150, 200, 300])
    }
}
