/// One row of the Breeze app's pollen list: a pollen type (GRASS, TREE, WEED) or a single plant.
///
/// The fields are the app's `PollenItem` with one deliberate difference: an entry the upstream sends without
/// an index keeps `value` and `category` as `nil`, where the app invents 0 and "Low". "We don't know" and
/// "no pollen" are different answers for someone with an allergy.
public struct PollenItem: Sendable, Equatable {
    /// The upstream code: `GRASS`, `TREE`, `WEED` for types; `BIRCH`, `GRAMINALES`, … for plants.
    public var id: String
    /// The display name, translated by `languageCode` where the upstream supports it.
    public var name: String
    /// The Universal Pollen Index, 0–5; `nil` when the upstream has no index for this entry.
    public var value: Int?
    /// The upstream's category text for `value` ("Very Low", …), as sent (it may be translated); `nil` with
    /// no index.
    public var category: String?
    /// `false` for the three pollen types, `true` for plants.
    public var isPlant: Bool
    /// Whether the plant or type is in season; `nil` when the upstream says nothing about this entry.
    public var inSeason: Bool?
    /// A picture of the plant.
    public var imageUrl: String?
    /// The botanical family, e.g. "Betulaceae".
    public var family: String?
    /// When the plant sheds pollen, e.g. "Late spring, summer".
    public var season: String?
    /// What the plant looks like (Google's `specialColors`).
    public var appearance: String?
    /// Other pollen and foods that may cause reactions in people allergic to this plant.
    public var crossReaction: String?
    /// Advice for the day (Google sends it for pollen types only).
    public var healthRecommendations: [String]?
    /// What the index value means for people with allergies.
    public var indexDescription: String?
    /// The index colour as `#RRGGBB` (Google's colour, with its missing zero components read as 0).
    public var color: String?
    /// For plants, the pollen type they belong to: `GRASS`, `TREE` or `WEED`.
    public var type: String?
    /// For the `openMeteo` source, the day's peak concentration behind `value`, in grains/m³.
    public var peakGrainsPerCubicMeter: Double?

    public init(
        id: String, name: String, value: Int?, category: String?, isPlant: Bool, inSeason: Bool? = nil,
        imageUrl: String? = nil, family: String? = nil, season: String? = nil, appearance: String? = nil,
        crossReaction: String? = nil, healthRecommendations: [String]? = nil, indexDescription: String? = nil,
        color: String? = nil, type: String? = nil, peakGrainsPerCubicMeter: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.value = value
        self.category = category
        self.isPlant = isPlant
        self.inSeason = inSeason
        self.imageUrl = imageUrl
        self.family = family
        self.season = season
        self.appearance = appearance
        self.crossReaction = crossReaction
        self.healthRecommendations = healthRecommendations
        self.indexDescription = indexDescription
        self.color = color
        self.type = type
        self.peakGrainsPerCubicMeter = peakGrainsPerCubicMeter
    }
}

extension PollenItem: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, value, category, isPlant, inSeason, imageUrl, family, season, appearance, crossReaction,
            healthRecommendations, indexDescription, color, type, peakGrainsPerCubicMeter
    }

    /// Every field is written, `null` when unknown, so clients see one stable shape whatever the source.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMembers([
            .id: id, .name: name, .value: value, .category: category, .isPlant: isPlant, .inSeason: inSeason,
            .imageUrl: imageUrl, .family: family, .season: season, .appearance: appearance,
            .crossReaction: crossReaction, .healthRecommendations: healthRecommendations,
            .indexDescription: indexDescription, .color: color, .type: type,
            .peakGrainsPerCubicMeter: peakGrainsPerCubicMeter,
        ])
    }
}
