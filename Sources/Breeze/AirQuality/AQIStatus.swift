/// What a US AQI value means for a person: a band, its name, advice, and the colour to show it in.
///
/// The bands are the Breeze app's, which split the EPA's "Good" and "Moderate" in two so a clean day and a
/// merely acceptable one look different. Values are rounded to the nearest integer first, as the EPA reports
/// AQI, so 25.4 is Excellent and 25.5 is Good.
public struct AQIStatus: Sendable, Hashable, Encodable {
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

    /// The status for a US AQI value; `nil` when there is no value, so a missing reading is never shown as clean.
    public init?(usAQI: Double?) {
        guard let usAQI, usAQI.isFinite else { return nil }
        self.init(level: Level(usAQI: usAQI))
    }

    /// The status of a band.
    public init(level: Level) {
        self.level = level
        switch level {
        case .excellent:
            text = "Excellent"
            description = "The air is clean; pollution poses no risk."
            color = .aqiGood
            tips = ["A great time to be outside and to air out your home."]
        case .good:
            text = "Good"
            description = "Air quality is satisfactory; pollution poses little or no risk."
            color = .aqiGood
            tips = ["Enjoy your usual outdoor activities."]
        case .moderate:
            text = "Moderate"
            description = "Air quality is acceptable, though people unusually sensitive to pollution may notice it."
            color = .aqiModerate
            tips = [
                "If you are unusually sensitive to air pollution, consider shorter or lighter outdoor exercise.",
                "Everyone else can carry on as usual.",
            ]
        case .slightlyHigh:
            text = "Slightly High"
            description = "Pollution is noticeable; sensitive people may feel mild effects such as coughing."
            color = .aqiModerate
            tips = [
                "People with asthma or heart or lung disease: take it easier outdoors and keep medication at hand.",
                "Prefer parks and side streets to busy roads for exercise.",
            ]
        case .unhealthyForSensitiveGroups:
            text = "Unhealthy for Sensitive Groups"
            description = "Children, older adults and people with heart or lung disease may feel health effects."
            color = .aqiUnhealthySensitive
            tips = [
                "Sensitive groups: reduce long or intense outdoor activity.",
                "Keep windows closed during traffic peaks.",
                "Watch for symptoms such as coughing or shortness of breath.",
            ]
        case .unhealthy:
            text = "Unhealthy"
            description = "Everyone may begin to feel health effects; sensitive groups more seriously."
            color = .aqiUnhealthy
            tips = [
                "Everyone: cut back on long or intense outdoor activity.",
                "Sensitive groups: avoid exertion outdoors and move activities inside.",
                "Keep windows closed and run an air purifier if you have one.",
            ]
        case .veryUnhealthy:
            text = "Very Unhealthy"
            description = "A health alert: everyone is at risk of health effects."
            color = .aqiVeryUnhealthy
            tips = [
                "Avoid outdoor exertion; sensitive groups should stay indoors.",
                "Keep indoor air clean: windows shut, purifier on, no smoking or candles.",
                "If you must go out, a well-fitted N95 or FFP2 mask helps.",
            ]
        case .hazardous:
            text = "Hazardous"
            description = "Emergency conditions: everyone is likely to be affected."
            color = .aqiHazardous
            tips = [
                "Stay indoors with windows and doors closed.",
                "Avoid all outdoor activity; wear an N95 or FFP2 mask if you must go out.",
                "Follow the advice of local authorities and seek medical help for breathing difficulties.",
            ]
        }
    }
}

extension AQIStatus.Level {
    /// The band of a US AQI value: 0–25, 26–50, 51–75, 76–100, 101–150, 151–200, 201–300, 301+.
    ///
    /// - Important: `usAQI` must be finite; `AQIStatus(usAQI:)` checks that before calling here.
    public init(usAQI: Double) {
        // Compared as Double: a converted Int would trap on absurd upstream values.
        let aqi = usAQI.rounded()
        if aqi <= 25 {
            self = .excellent
        } else if aqi <= 50 {
            self = .good
        } else if aqi <= 75 {
            self = .moderate
        } else if aqi <= 100 {
            self = .slightlyHigh
        } else if aqi <= 150 {
            self = .unhealthyForSensitiveGroups
        } else if aqi <= 200 {
            self = .unhealthy
        } else if aqi <= 300 {
            self = .veryUnhealthy
        } else {
            self = .hazardous
        }
    }
}
