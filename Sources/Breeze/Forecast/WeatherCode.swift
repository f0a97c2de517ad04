/// A WMO weather interpretation code, as Open-Meteo's `weather_code` sends it.
///
/// Only these 28 values occur; anything else has no description rather than a guessed one.
public enum WeatherCode: Int, Sendable, Hashable, CaseIterable {
    case clearSky = 0
    case mainlyClear = 1
    case partlyCloudy = 2
    case overcast = 3
    case fog = 45
    case depositingRimeFog = 48
    case lightDrizzle = 51
    case moderateDrizzle = 53
    case denseDrizzle = 55
    case lightFreezingDrizzle = 56
    case denseFreezingDrizzle = 57
    case slightRain = 61
    case moderateRain = 63
    case heavyRain = 65
    case lightFreezingRain = 66
    case heavyFreezingRain = 67
    case slightSnowfall = 71
    case moderateSnowfall = 73
    case heavySnowfall = 75
    case snowGrains = 77
    case slightRainShowers = 80
    case moderateRainShowers = 81
    case violentRainShowers = 82
    case slightSnowShowers = 85
    case heavySnowShowers = 86
    case thunderstorm = 95
    case thunderstormWithSlightHail = 96
    case thunderstormWithHeavyHail = 99

    /// The code of a `weather_code` value, which arrives as a JSON number; `nil` for none or an unknown code.
    public init?(value: Double?) {
        guard let value, value.isFinite, value == value.rounded(), abs(value) < 1000 else { return nil }
        self.init(rawValue: Int(value))
    }

    /// What the code means, in a few words for display, in English.
    public var description: String { description(in: .en) }

    /// What the code means, in a few words for display, in `language`.
    public func description(in language: Language) -> String {
        language.texts.weather(self)
    }

    /// The variable names that carry a weather code: the current one and its legacy spelling.
    static let variableNames: [String] = ["weather_code", "weathercode"]
}
