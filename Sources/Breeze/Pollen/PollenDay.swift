/// One day of pollen data.
public struct PollenDay: Sendable, Equatable, Encodable {
    /// The calendar date, `YYYY-MM-DD` (Google's is a UTC date; Open-Meteo's the local date).
    public var date: String
    /// Pollen types (GRASS, TREE, WEED), then plants.
    public var items: [PollenItem]

    public init(date: String, items: [PollenItem]) {
        self.date = date
        self.items = items
    }
}
