import FoundationEssentials

/// The part of an Open-Meteo air-quality answer the pollen source reads.
struct OpenMeteoPollenResponse: Decodable, Sendable {
    var hourly: Hourly

    private enum CodingKeys: String, CodingKey {
        case hourly
    }

    /// Hourly concentrations in grains/m³; `null` outside Europe or where the model has nothing.
    struct Hourly: Decodable, Sendable {
        var time: [String]
        var alder: [Double?]?
        var birch: [Double?]?
        var grass: [Double?]?
        var mugwort: [Double?]?
        var olive: [Double?]?
        var ragweed: [Double?]?

        private enum CodingKeys: String, CodingKey {
            case time
            case alder = "alder_pollen"
            case birch = "birch_pollen"
            case grass = "grass_pollen"
            case mugwort = "mugwort_pollen"
            case olive = "olive_pollen"
            case ragweed = "ragweed_pollen"
        }

        /// The series for `plant`; a variable missing from the answer reads as no data.
        func series(_ plant: OpenMeteoPlant) -> [Double?] {
            switch plant {
            case .alder: alder ?? []
            case .birch: birch ?? []
            case .grass: grass ?? []
            case .mugwort: mugwort ?? []
            case .olive: olive ?? []
            case .ragweed: ragweed ?? []
            }
        }
    }
}
