/// Air quality with its display texts in another language.
extension AirQuality {
    /// The same reading with the band texts, advice and pollutant names in `language`; every value, level, id
    /// and colour stays as it is.
    public func localized(_ language: Language) -> AirQuality {
        var copy = self
        copy.status = status?.localized(language)
        copy.europeanStatus = europeanStatus?.localized(language)
        copy.pollutants = pollutants.map { $0.localized(language) }
        return copy
    }
}

extension Pollutant {
    /// The same reading with its full name in `language`; the short name ("NO₂") is the same in every language,
    /// and an id we do not know keeps its name as it is.
    public func localized(_ language: Language) -> Pollutant {
        guard let known = PollutantID(rawValue: id) else { return self }
        var copy = self
        copy.fullName = language.texts.pollutantName(known)
        return copy
    }
}
