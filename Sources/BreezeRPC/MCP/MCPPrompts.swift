import Breeze
import FoundationEssentials
import JSONRPC

/// The questions people ask most, as MCP prompts: each names the tools to call, with what, and the facts to
/// answer from.
///
/// Hosts show prompts as slash commands; a person picks one and names a place. Tools are named through their
/// method types and each step's arguments are checked against the tool's params and the known variable names by
/// the tests, so a prompt cannot send the model to a tool or a param that does not exist.
enum MCPPrompts {
    /// A call the prompt asks for: the tool, its arguments beside the place's coordinates, and what to read.
    struct Step: Sendable {
        var tool: any BreezeMethod.Type
        /// Written as JSON in the text; the place's `latitude` and `longitude` are implied.
        var arguments: JSONValue
        var use: String

        init(_ tool: any BreezeMethod.Type, _ arguments: JSONValue = [:], use: String) {
            self.tool = tool
            self.arguments = arguments
            self.use = use
        }
    }

    /// A prompt before it is wrapped for the wire: its steps stay visible to the tests.
    struct Recipe: Sendable {
        var name: String
        var title: String
        var description: String
        var arguments: [MCPPrompt.Argument]
        /// The question, from the arguments (the required ones are present).
        var question: @Sendable ([String: String]) -> String
        var steps: [Step]
        /// How to answer, after the steps.
        var answer: String
    }

    static let place = MCPPrompt.Argument(
        name: "place", description: "The town or city, as you would type it (e.g. Berlin, or Paris, France).",
        required: true)

    /// The place as the question names it: what the person typed, or a stand-in when the host sent nothing.
    static func placeName(_ arguments: [String: String]) -> String {
        placeMissing(arguments) ? "the place I will name" : arguments["place"] ?? ""
    }

    /// Whether the host sent no place: Claude Code sends `""` for a required argument from its `/mcp` menu.
    static func placeMissing(_ arguments: [String: String]) -> Bool {
        (arguments["place"] ?? "").allSatisfy(\.isWhitespace)
    }

    static let recipes: [Recipe] = [
        Recipe(
            name: "outdoor-exercise", title: "Good time to exercise outdoors?",
            description: "Is now a good time to exercise outdoors at a place: air quality, pollen and the next hours' "
                + "weather.",
            arguments: [
                place,
                .init(
                    name: "activity", description: "What you plan, e.g. a run or a bike ride (default: exercise).",
                    required: false),
            ],
            question: { "Is it a good time for \($0["activity"] ?? "exercise") outdoors in \(placeName($0))?" },
            steps: [
                Step(
                    FindOutdoorWindows.self,
                    [
                        "hours": 24, "activity": ["intensity": "moderate", "durationMinutes": 60],
                        "profile": [:],
                    ],
                    use: "the windows (start, end, level, bestStart), what closes each (endsBecause), the spans to "
                        + "avoid and, with no window, leastBad; set activity.intensity (running is vigorous) and "
                        + "profile (conditions, pollen allergies, heat sensitivity) from what the person said")
            ],
            answer: "Answer yes, no, or a better time in the next hours, in two or three sentences, naming the "
                + "factors that decide it and their sources, and say it is model guidance, not medical advice."),
        Recipe(
            name: "allergy-outlook", title: "Allergy outlook this week",
            description: "The week's allergy outlook at a place: pollen day by day, air quality, rain and wind.",
            arguments: [place],
            question: { "What is the allergy outlook for \(placeName($0)) this week?" },
            steps: [
                Step(FetchPollen.self, ["days": 5], use: "each day's highest value (0 to 5) and the plants in season"),
                Step(
                    FindOutdoorWindows.self,
                    [
                        "hours": 96, "activity": ["intensity": "light", "durationMinutes": 60],
                        "profile": ["pollenAllergies": [["taxon": "grass"], ["taxon": "tree"], ["taxon": "weed"]]],
                        "detail": "summary",
                    ],
                    use: "per day the best hour-long window outdoors for an allergic person (pollen, air quality, "
                        + "rain and wind together) and coverage.pollen (unknown means no source covers the place)"),
            ],
            answer: "Give a day-by-day outlook (low, moderate or high), the worst days and the plants behind them, "
                + "and one practical tip."),
        Recipe(
            name: "unusual-weather", title: "How unusual is today's weather?",
            description: "Today's weather at a place against the same day in past decades.",
            arguments: [place],
            question: { "How unusual is today's weather in \(placeName($0))?" },
            steps: [
                Step(
                    FetchForecast.self,
                    [
                        "daily": ["temperature_2m_max", "temperature_2m_min", "precipitation_sum", "weather_code"],
                        "forecastDays": 1,
                    ],
                    use: "today's highs, lows, precipitation and weather"),
                Step(FetchClimate.self, use: "the maximum temperature of this day in past years, and its change"),
            ],
            answer: "Compare today's maximum with the past years' values: warmer or colder than most, by how much, "
                + "and what the change over the decades says. Three or four sentences, with the numbers."),
    ]

    /// The prompts as the wire layer serves them.
    static var prompts: [MCPPrompt] { recipes.map(\.prompt) }
}

extension MCPPrompts.Recipe {
    var prompt: MCPPrompt {
        let steps = steps
        let question = question
        let answer = answer
        return MCPPrompt(name: name, title: title, description: description, arguments: arguments) { arguments in
            var lines: [String] = []
            if MCPPrompts.placeMissing(arguments) {
                lines.append(
                    "I have not named the place yet: first ask me which town or city I mean, and wait for my answer "
                        + "before calling any tool.")
            }
            lines += [
                question(arguments),
                "1. Call \(SearchCities.name) with the place's name and confirm the place before fetching anything: "
                    + "the name may reach you cut to its first word (\"New\" for \"New York\"), so unless the best "
                    + "match is plainly the place I mean, show me the likely candidates and ask which one. Then take "
                    + "its latitude and longitude.",
            ]
            for (index, step) in steps.enumerated() {
                var call = "\(index + 2). Call \(step.tool.name) with those coordinates"
                if case .object(let members) = step.arguments, !members.isEmpty {
                    call += " and " + ToolSchema.text(step.arguments)
                }
                lines.append(call + "; use \(step.use).")
            }
            lines.append(answer)
            return lines.joined(separator: "\n")
        }
    }
}
