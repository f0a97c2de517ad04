/// Google's `forecast:lookup` answer, also what the Breeze proxy passes on unchanged.
///
/// Proto3 JSON drops default values, so almost everything is optional here: an entry without data carries
/// only `code` and `displayName`, a colour component of 0 is missing, and an index value of 0 ("None") is
/// missing from an `indexInfo` that is otherwise present.
struct GooglePollenResponse: Decodable, Sendable {
    var regionCode: String?
    var dailyInfo: [DayInfo]?

    private enum CodingKeys: String, CodingKey {
        case regionCode, dailyInfo
    }

    /// One forecast day.
    struct DayInfo: Decodable, Sendable {
        var date: GoogleDate
        var pollenTypeInfo: [PollenTypeInfo]?
        var plantInfo: [PlantInfo]?

        private enum CodingKeys: String, CodingKey {
            case date, pollenTypeInfo, plantInfo
        }
    }

    /// A calendar date as `google.type.Date`.
    struct GoogleDate: Decodable, Sendable {
        var year: Int
        var month: Int
        var day: Int

        private enum CodingKeys: String, CodingKey {
            case year, month, day
        }

        /// `YYYY-MM-DD`.
        var iso: String {
            func pad(_ number: Int, _ width: Int) -> String {
                let text = String(number)
                return String(repeating: "0", count: max(0, width - text.count)) + text
            }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
    }

    /// GRASS, TREE or WEED.
    struct PollenTypeInfo: Decodable, Sendable {
        var code: String
        var displayName: String?
        var inSeason: Bool?
        var indexInfo: IndexInfo?
        var healthRecommendations: [String]?

        private enum CodingKeys: String, CodingKey {
            case code, displayName, inSeason, indexInfo, healthRecommendations
        }
    }

    /// One plant (BIRCH, GRAMINALES, …).
    struct PlantInfo: Decodable, Sendable {
        var code: String
        var displayName: String?
        var inSeason: Bool?
        var indexInfo: IndexInfo?
        var plantDescription: PlantDescription?

        private enum CodingKeys: String, CodingKey {
            case code, displayName, inSeason, indexInfo, plantDescription
        }
    }

    /// The Universal Pollen Index for an entry.
    struct IndexInfo: Decodable, Sendable {
        var code: String?
        var displayName: String?
        var value: Int?
        var category: String?
        var indexDescription: String?
        var color: Color?

        private enum CodingKeys: String, CodingKey {
            case code, displayName, value, category, indexDescription, color
        }
    }

    /// `google.type.Color`: components 0…1, each missing when 0.
    struct Color: Decodable, Sendable {
        var red: Double?
        var green: Double?
        var blue: Double?

        private enum CodingKeys: String, CodingKey {
            case red, green, blue
        }

        /// `#RRGGBB`, missing components read as 0.
        var hex: String {
            [red, green, blue].map { component -> String in
                let byte = Int((min(max(component ?? 0, 0), 1) * 255).rounded())
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }
            .reduce("#", +)
        }
    }

    /// What a plant is and looks like.
    struct PlantDescription: Decodable, Sendable {
        var type: String?
        var family: String?
        var season: String?
        var specialColors: String?
        var specialShapes: String?
        var crossReaction: String?
        var picture: String?
        var pictureCloseup: String?

        private enum CodingKeys: String, CodingKey {
            case type, family, season, specialColors, specialShapes, crossReaction, picture, pictureCloseup
        }
    }
}
