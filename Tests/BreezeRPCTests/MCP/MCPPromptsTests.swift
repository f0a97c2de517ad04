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

    @Test func promptsGetNamesThePlaceTheLookUpAndEveryStepsTool() async throws {
        let router = Catalog.router(
            breeze: Breeze(configuration: .test(), http: FakeHTTPClient()), logger: Logger(level: .error))
        for recipe in MCPPrompts.recipes {
            let text = try JSONText(validating: Array(#"{"name":"\#(recipe.name)","arguments":{"place":"Lyon"}}"#.utf8))
            let bytes = try await router.call("prompts/get", params: text.root, in: text)
            let result = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
            guard case .array(let messages)? = result["messages"],
                case .string(let message)? = messages.first?["content"]?["text"]
            else {
                Issue.record("\(recipe.name): no message")
                continue
            }
            #expect(message.contains("Lyon"))
            #expect(message.contains("Call \(SearchCities.name) with the place's name"))
            for step in recipe.steps { #expect(message.contains("Call \(step.tool.name) with those coordinates")) }
        }
    }
}
