import Breeze

/// A result with texts in our languages, which names an unsupported `language` in its `ignoredParameters`.
protocol Localizable {
    func localized(_ language: Language) -> Self
    var ignoredParameters: [String]? { get set }
}

extension Localizable {
    /// The result in the chosen language, `language` in `ignoredParameters` when that was one we have no texts
    /// for; an English answer is left untouched, so it stays byte for byte what it was before `language` existed.
    func localized(_ choice: Language.Choice) -> Self {
        guard choice.language != .en || choice.isIgnored else { return self }
        var copy = localized(choice.language)
        if choice.isIgnored { copy.ignoredParameters = ["language"] }
        return copy
    }
}

extension AirQuality: Localizable {}
extension Forecast: Localizable {}
