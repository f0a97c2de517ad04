/// Where pollen data comes from.
public enum PollenSource: String, ParameterChoice, Codable {
    /// `google` when a Google Pollen key is configured, else `proxy`. Never appears in a result.
    case auto
    /// Google Pollen directly, with `GOOGLE_POLLEN_API_KEY`.
    case google
    /// The Breeze pollen proxy, which holds a Google key of its own; one day only, English only.
    case proxy
    /// Open-Meteo's keyless CAMS pollen forecast; Europe only, six plants, levels from `PollenLevels`.
    case openMeteo
}
