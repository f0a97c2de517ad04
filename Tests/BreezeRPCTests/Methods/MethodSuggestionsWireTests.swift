import Foundation
import JSONRPC
import Testing

/// A method name with the wrong case or a typo is offered the nearest methods, as variable and model names are.
@Suite struct MethodSuggestionsWireTests {
    @Test(arguments: [
        ("searchcities", ["searchCities"]), ("fetchForcast", ["fetchForecast"]), ("FETCHCLIMATE", ["fetchClimate"]),
        ("fetch_pollen", ["fetchPollen"]), ("rpc.discovery", ["rpc.discover"]), ("tools/lists", ["tools/list"]),
    ])
    func aNearMissIsOfferedTheNearestMethods(method: String, expected: [String]) async throws {
        let (reply, _) = try await exchange(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)"}"#)
        let error = try error(in: reply)
        #expect(error["code"] == -32601)
        #expect(error["data"]?["suggestions"] == .array(expected.map(JSONValue.string)), "\(reply)")
        #expect(
            error["data"]?["detail"]
                == .string(
                    "No method named '\(method)'; did you mean \(expected.joined(separator: ", "))? "
                        + "rpc.discover lists them."))
    }

    @Test func aNameNearNothingGetsNoSuggestion() async throws {
        let (reply, _) = try await exchange(#"{"jsonrpc":"2.0","id":1,"method":"launchRocket"}"#)
        let error = try error(in: reply)
        #expect(error["data"]?["suggestions"] == nil, "\(reply)")
        #expect(error["data"]?["detail"] == "No method named 'launchRocket'; rpc.discover lists them.")
    }
}
