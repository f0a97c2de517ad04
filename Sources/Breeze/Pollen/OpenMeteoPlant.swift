import FoundationEssentials

/// The six CAMS Europe pollen variables, with the Google plant code each maps to so items look alike
/// whichever source answered.
enum OpenMeteoPlant: CaseIterable, Sendable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// The Open-Meteo variable name.
    var variable: String {
        switch self {
        case .alder: "alder_pollen"
        case .birch: "birch_pollen"
        case .grass: "grass_pollen"
        case .mugwort: "mugwort_pollen"
        case .olive: "olive_pollen"
        case .ragweed: "ragweed_pollen"
        }
    }

    /// Google's plant code.
    var code: String {
        switch self {
        case .alder: "ALDER"
        case .birch: "BIRCH"
        case .grass: "GRAMINALES"
        case .mugwort: "MUGWORT"
        case .olive: "OLIVE"
        case .ragweed: "RAGWEED"
        }
    }

    /// Google's English display name.
    var name: String { Language.en.texts.plant(self) }

    /// The pollen type the plant counts towards.
    var type: String {
        switch self {
        case .alder, .birch, .olive: "TREE"
        case .grass: "GRASS"
        case .mugwort, .ragweed: "WEED"
        }
    }

    var family: String {
        switch self {
        case .alder, .birch: "Betulaceae"
        case .grass: "Poaceae"
        case .mugwort, .ragweed: "Asteraceae"
        case .olive: "Oleaceae"
        }
    }

    var thresholds: PollenLevels.Thresholds {
        switch self {
        case .alder, .birch: PollenLevels.betulaceae
        case .grass: PollenLevels.grasses
        case .mugwort, .ragweed: PollenLevels.asteraceae
        case .olive: PollenLevels.olive
        }
    }

    /// The three pollen types in the order Google lists them.
    static let types: [(code: String, name: String)] = PollenType.allCases.map {
        ($0.rawValue, Language.en.texts.pollenType($0))
    }
}
