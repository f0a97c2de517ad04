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

    /// What the code means, in a few words for display.
    public var description: String {
        switch self {
        case .clearSky: "Clear sky"
        case .mainlyClear: "Mainly clear"
        case .partlyCloudy: "Partly cloudy"
        case .overcast: "Overcast"
        case .fog: "Fog"
        case .depositingRimeFog: "Depositing rime fog"
        case .lightDrizzle: "Light drizzle"
        case .moderateDrizzle: "Moderate drizzle"
        case .denseDrizzle: "Dense drizzle"
        case .lightFreezingDrizzle: "Light freezing drizzle"
        case .denseFreezingDrizzle: "Dense freezing drizzle"
        case .slightRain: "Slight rain"
        case .moderateRain: "Moderate rain"
        case .heavyRain: "Heavy rain"
        case .lightFreezingRain: "Light freezing rain"
        case .heavyFreezingRain: "Heavy freezing rain"
        case .slightSnowfall: "Slight snowfall"
        case .moderateSnowfall: "Moderate snowfall"
        case .heavySnowfall: "Heavy snowfall"
        case .snowGrains: "Snow grains"
        case .slightRainShowers: "Slight rain showers"
        case .moderateRainShowers: "Moderate rain showers"
        case .violentRainShowers: "Violent rain showers"
        case .slightSnowShowers: "Slight snow showers"
        case .heavySnowShowers: "Heavy snow showers"
        case .thunderstorm: "Thunderstorm"
        case .thunderstormWithSlightHail: "Thunderstorm with slight hail"
        case .thunderstormWithHeavyHail: "Thunderstorm with heavy hail"
        }
    }

    /// The variable names that carry a weather code: the current one and its legacy spelling.
    static let variableNames: [String] = ["weather_code", "weathercode"]
}
