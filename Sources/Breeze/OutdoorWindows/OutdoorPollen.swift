/// Pollen symptom classes: hourly CAMS concentrations per species, and Google's daily Universal Pollen Index.
///
/// Classes 0 none, 1 low, 2 moderate, 3 high, 4 very high.
enum OutdoorPollen {
    /// The upper bounds (grains/m³) of the low, moderate and high classes per CAMS species; above the last,
    /// very high (mugwort has no very-high class: high is open-ended).
    ///
    /// Low/moderate edges: von Wahl (1999), the German pollen information service's classes (alder, birch 10/50;
    /// grasses 5/30; mugwort 2/6). High-pollen-day edges: EAACI position paper, Pfaar et al., Allergy 2017;72:713
    /// (birch ≥ 100, grass ≥ 50, ragweed ≥ 50 … here ragweed and olive follow the NAB weed and tree scales,
    /// AAAAI National Allergy Bureau: weeds 5–49 moderate, 50–499 high, ≥ 500 very high; trees 15–89, 90–1,499,
    /// ≥ 1,500). ANSES: "five grains per cubic meter of air are enough to bring about symptoms" (ragweed). Daily
    /// thresholds applied to hourly model values, so `heuristic`.
    static func upperBounds(_ plant: OpenMeteoPlant) -> [Double] {
        switch plant {
        case .alder, .birch: [10, 50, 99.9]
        case .grass: [5, 30, 49.9]
        case .mugwort: [2, 6, .infinity]
        case .ragweed: [4, 49, 499.9]
        case .olive: [14, 89, 1499.9]
        }
    }

    /// The class of a CAMS concentration, the lower edge of that class and the headroom to the next.
    static func reading(_ plant: OpenMeteoPlant, _ value: Double) -> PollenReading {
        let bounds = upperBounds(plant)
        guard value > 0 else {
            return PollenReading(
                level: 0, value: value, unit: "grains/m³", source: .pollenClasses, threshold: 0, headroom: 1)
        }
        var lower = 0.0
        for (index, upper) in bounds.enumerated() {
            if value <= upper {
                let width = upper - lower
                return PollenReading(
                    level: index + 1, value: value, unit: "grains/m³", source: .pollenClasses, threshold: lower,
                    headroom: width.isFinite && width > 0 ? (upper - value) / width : 1)
            }
            lower = upper
        }
        return PollenReading(
            level: 4, value: value, unit: "grains/m³", source: .pollenClasses, threshold: lower, headroom: 0)
    }

    /// The class of a Google Universal Pollen Index value (0 None, 1 Very Low, 2 Low, 3 Moderate, 4 High, 5 Very
    /// High; https://developers.google.com/maps/documentation/pollen/pollen-index), for every hour of its day.
    static func reading(universalPollenIndex value: Int) -> PollenReading {
        let level =
            switch value {
            case ...0: 0
            case 1, 2: 1
            case 3: 2
            case 4: 3
            default: 4
            }
        return PollenReading(
            level: level, value: Double(value), unit: "UPI", source: .googleUPI, threshold: Double(value),
            headroom: value >= 5 ? 0 : 0.5)
    }
}
