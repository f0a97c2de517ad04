import FoundationEssentials

/// `temperature_unit`.
public enum TemperatureUnit: String, ParameterChoice {
    case celsius, fahrenheit
}

/// `wind_speed_unit`.
public enum WindSpeedUnit: String, ParameterChoice {
    case kmh, ms, mph, kn
}

/// `precipitation_unit`.
public enum PrecipitationUnit: String, ParameterChoice {
    case mm, inch
}
