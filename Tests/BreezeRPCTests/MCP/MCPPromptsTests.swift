import Breeze
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// The prompts send the model to tools and params that exist, with variable names the domain knows.
@Suite(.timeLimit(.minutes(1))) struct MCPPromptsTests {
    @Test func everyStepCallsACatalogToolWithItsOwnParamsAndKnownVariables() {
        #expect(MCPPrompts.recipes.map(\.name) == ["outdoor-exercise", "allergy-outlook", "unusual-weather"])
        for recipe in MCPPrompts.recipes {
            for step in recipe.steps {
                let params = Catalog.wireParameterNames[step.tool.name] ?? []
                #expect(params.contains("latitude") && params.contains("longitude"), "\(step.tool.name)")
                guard case .object(let arguments) = step.arguments else { continue }
                for (name, value) in arguments {
                    #expect(params.contains(name), "\(recipe.name): \(step.tool.name) has no param \(name)")
                    let known = name == "daily" ? KnownVariables.daily : KnownVariables.weather
                    guard ["current", "hourly", "daily"].contains(name), case .array(let variables) = value else {
                        continue
                    }
                    for case .string(let variable) in variables {
                        #expect(known.contains(variable), "\(recipe.name): \(variable)")
                    }
                }
            }
        }
    }

    /// The text of `prompts/get` for `recipe` with `place`, as a host receives it.
    static func message(_ recipe: MCPPrompts.Recipe, place: String) async throws -> String {
        let router = Catalog.router(
            breeze: Breeze(configuration: .test(), http: FakeHTTPClient()), logger: Logger(level: .error))
        let params = #"{"name":"\#(recipe.name)","arguments":{"place":"\#(place)"}}"#
        let text = try JSONText(validating: Array(params.utf8))
        let bytes = try await router.call("prompts/get", params: text.root, in: text)
        let result = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        guard case .array(let messages)? = result["messages"], messages.count == 1,
            case .string(let message)? = messages.first?["content"]?["text"]
        else {
            throw TestFailure("\(recipe.name): no message in \(result)")
        }
        return message
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func promptsGetNamesThePlaceTheLookUpAndEveryStepsTool() async throws {
        for recipe in MCPPrompts.recipes {
            let message = try await Self.message(recipe, place: "Lyon")
            #expect(message.contains("Lyon"))
            #expect(message.contains("Call \(SearchCities.name) with the place's name"))
            #expect(!message.contains("I have not named the place"))
            for step in recipe.steps { #expect(message.contains("Call \(step.tool.name) with those coordinates")) }
        }
    }

    /// Claude Code sends `""` for a required argument from its `/mcp` menu: the prompt asks for the place first,
    /// and names none in the question, so the model cannot fetch for a place nobody gave.
    @Test(arguments: ["", "  "]) func anEmptyPlaceMakesThePromptAskForIt(place: String) async throws {
        for recipe in MCPPrompts.recipes {
            let message = try await Self.message(recipe, place: place)
            let lines = message.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("I have not named the place yet: first ask me which town or city") == true)
            #expect(lines.first?.contains("before calling any tool") == true)
            #expect(lines.dropFirst().first?.contains("the place I will name") == true, "\(message)")
            #expect(!message.contains(" in ?") && !message.contains(" for  "), "\(message)")
        }
    }

    /// Claude Code passes only the first word of a multi-word argument: "New" for "New York". Every prompt has the
    /// model confirm the place with searchCities, showing candidates unless the match is plain, before any fetch.
    @Test func aCutPlaceIsConfirmedWithSearchCitiesBeforeAnyFetch() async throws {
        for recipe in MCPPrompts.recipes {
            let message = try await Self.message(recipe, place: "New")
            let lines = message.split(separator: "\n").map(String.init)
            let lookUp = try #require(lines.firstIndex { $0.hasPrefix("1. Call \(SearchCities.name)") }, "\(message)")
            #expect(lines[lookUp].contains("confirm the place before fetching anything"))
            #expect(lines[lookUp].contains(#"cut to its first word ("New" for "New York")"#))
            #expect(lines[lookUp].contains("show me the likely candidates and ask which one"))
            let fetches = lines.indices.filter { index in recipe.steps.contains { lines[index].contains($0.tool.name) }
            }
            #expect(fetches.allSatisfy { $0 > lookUp }, "every fetch comes after the confirmation")
            #expect(lines[lookUp - 1].contains("New"), "the question names what the host sent")
        }
    }
}
