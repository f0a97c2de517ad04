/// Turns Open-Meteo's pollen concentrations (grains/m³) into the 0–5 levels of Google's Universal Pollen
/// Index, so the `openMeteo` source speaks the same scale as `google` and `proxy`.
///
/// There is no single official European mapping from counts to a six-step index, so the table below is
/// ours, built on published bands and stated openly:
///
/// | plant (family)              | 1 Very Low ≥ | 2 Low ≥ | 3 Moderate ≥ | 4 High ≥ | 5 Very High ≥ |
/// |-----------------------------|-------------:|--------:|-------------:|---------:|--------------:|
/// | alder, birch (Betulaceae)   | 0.6          | 5       | 16           | 50       | 200           |
/// | grasses (Poaceae)           | 0.6          | 3       | 10           | 30       | 150           |
/// | olive (Oleaceae)            | 0.6          | 2       | 5            | 25       | 100           |
/// | mugwort, ragweed (Asteraceae) | 0.1        | 2       | 5            | 25       | 100           |
///
/// - "Very Low", "Moderate" and "High" start where the Italian aerobiology classes (Associazione Italiana di
///   Aerobiologia, standard UNI 11108, as published by the Italian regional environment agencies) put
///   "bassa", "media" and "alta" for each family. They are per family because families differ hugely in how
///   much pollen they shed and how little it takes to cause symptoms (ragweed at a few grains, birch at
///   dozens).
/// - "Low" splits the Italian "bassa" band at about a third of the "media" threshold: our choice, so that the
///   six UPI steps are all reachable.
/// - "Very High" for grasses is 150, the UK Met Office / NPARU grass band; for the others it is four times the
///   "High" threshold, our convention in the same spirit.
/// - Below the "Very Low" threshold the level is 0 ("None"): CAMS is model output and carries traces that
///   no pollen trap would count.
///
/// - Important: the bands were defined for daily mean counts; Breeze applies them to each day's hourly
///   maximum (what the Breeze app shows is "how bad will it get today"), so a day rates somewhat higher
///   than its daily mean would.
public enum PollenLevels {
    /// The lower bounds of levels 1 through 5 for one plant, in grains/m³.
    public struct Thresholds: Sendable, Equatable {
        public let veryLow: Double
        public let low: Double
        public let moderate: Double
        public let high: Double
        public let veryHigh: Double

        /// The 0–5 level of `grainsPerCubicMeter`; `nil` stays `nil` (no data is not "None").
        public func level(_ grainsPerCubicMeter: Double?) -> Int? {
            guard let value = grainsPerCubicMeter, value.isFinite else { return nil }
            switch value {
            case veryHigh...: return 5
            case high...: return 4
            case moderate...: return 3
            case low...: return 2
            case veryLow...: return 1
            default: return 0
            }
        }
    }

    /// Betulaceae: alder and birch.
    public static let betulaceae = Thresholds(veryLow: 0.6, low: 5, moderate: 16, high: 50, veryHigh: 200)
    /// Poaceae: the grasses.
    public static let grasses = Thresholds(veryLow: 0.6, low: 3, moderate: 10, high: 30, veryHigh: 150)
    /// Oleaceae: olive.
    public static let olive = Thresholds(veryLow: 0.6, low: 2, moderate: 5, high: 25, veryHigh: 100)
    /// Asteraceae (Compositae): mugwort and ragweed, allergenic at very low counts.
    public static let asteraceae = Thresholds(veryLow: 0.1, low: 2, moderate: 5, high: 25, veryHigh: 100)

    /// The English category Google sends for each UPI value (index = value).
    ///
    /// Used only for the `openMeteo` source; Google's own (translated) category text is passed through as sent.
    public static let categories = PollenCategory.allCases.map(Language.en.texts.pollenCategory)

    /// An index description for each UPI value, so `openMeteo` items read like Google's: the texts for 1 and 2
    /// are the ones Google sends; the others follow the same pattern.
    static let descriptions = PollenCategory.allCases.map(Language.en.texts.pollenIndexDescription)
}
