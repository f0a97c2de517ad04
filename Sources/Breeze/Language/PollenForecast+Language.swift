/// Pollen with breeze-rpc's own texts in another language.
extension PollenForecast {
    /// The same forecast with the texts breeze-rpc writes itself in `language`.
    ///
    /// Only the `openMeteo` source carries our texts (type and plant names, categories, index descriptions): its
    /// items are rewritten, and `languageCode` leaves `ignoredParameters` because the answer now honours it.
    /// Google's texts are Google's: `google` answers in the language it was asked for, and the proxy's English
    /// stays English (and stays reported as ignored). Values, ids and colours never change.
    public func localized(_ language: Language) -> PollenForecast {
        guard source == .openMeteo, language != .en else { return self }
        var copy = self
        copy.days = days.map { day in
            PollenDay(date: day.date, items: day.items.map { $0.localizedOpenMeteoItem(language) })
        }
        copy.ignoredParameters.removeAll { $0 == "languageCode" }
        return copy
    }
}

extension PollenItem {
    /// An `openMeteo` item with its name, category and index description in `language`.
    fileprivate func localizedOpenMeteoItem(_ language: Language) -> PollenItem {
        var copy = self
        let texts = language.texts
        if let type = PollenType(rawValue: id), !isPlant {
            copy.name = texts.pollenType(type)
        } else if let plant = OpenMeteoPlant.allCases.first(where: { $0.code == id }) {
            copy.name = texts.plant(plant)
        }
        if let category = value.flatMap(PollenCategory.init(rawValue:)) {
            copy.category = texts.pollenCategory(category)
            copy.indexDescription = texts.pollenIndexDescription(category)
        }
        return copy
    }
}
