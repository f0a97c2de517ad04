import Breeze

extension AirQuality {
    /// The reading in the chosen language, `language` in `ignoredParameters` when that was one we have no texts
    /// for; an English answer is left untouched, so it stays byte for byte what it was before `language` existed.
    func localized(_ choice: Language.Choice) -> AirQuality {
        guard choice.language != .en || choice.isIgnored else { return self }
        var copy = localized(choice.language)
        if choice.isIgnored { copy.ignoredParameters = ["language"] }
        return copy
    }
}

extension Forecast {
    /// The forecast in the chosen language, `language` in `ignoredParameters` when that was one we have no texts
    /// for; an English answer is left untouched, so it stays byte for byte what it was before `language` existed.
    func localized(_ choice: Language.Choice) -> Forecast {
        guard choice.language != .en || choice.isIgnored else { return self }
        var copy = localized(choice.language)
        if choice.isIgnored { copy.ignoredParameters = ["language"] }
        return copy
    }
}
