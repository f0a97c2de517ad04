/// The dashboard with its display texts in another language.
extension Dashboard {
    /// The same dashboard with every part's own texts in `language`; failed parts stay as they failed.
    public func localized(_ language: Language) -> Dashboard {
        var copy = self
        copy.airQuality = airQuality.map { $0.localized(language) }
        copy.pollen = pollen.map { $0.localized(language) }
        copy.forecast = forecast.map { $0.localized(language) }
        copy.outdoors = outdoors.map { $0.localized(language) }
        return copy
    }
}
