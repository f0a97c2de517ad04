import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

private let brisbane = #"""
    {"results":[{"id":2174003,"name":"Brisbane","latitude":-27.46794,"longitude":153.02809,"feature_code":"PPLA","country_code":"AU","timezone":"Australia/Brisbane","country":"Australia","admin1":"Queensland"}],"generationtime_ms":0.5660057}
    """#

/// `searchCities` through the real catalog and server: params decoding and the JSON on the wire.
@Suite struct SearchCitiesWireTests {
    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("searchCities"))
    }

    @Test func searchCitiesByNameRepliesWithSortedKeysAndExplicitNulls() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"searchCities","params":{"name":"Brisbane","count":null}}"#,
            upstream: ["/v1/search": (200, brisbane)])
        let expected: String =
            #"{"id":1,"jsonrpc":"2.0","result":[{"admin1":"Queensland","admin2":null,"country":"Australia","#
            + #""countryCode":"AU","displayName":"Brisbane, Queensland, Australia","elevation":null,"id":2174003,"#
            + #""latitude":-27.46794,"longitude":153.02809,"name":"Brisbane","population":null,"#
            + #""timezone":"Australia/Brisbane"}]}"#
        #expect(reply == expected)
    }

    @Test func searchCitiesByPositionMapsOntoNameCountLanguageCountryCode() async throws {
        let (_, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":2,"method":"searchCities","params":["Bris",3,"de","au"]}"#,
            upstream: ["/v1/search": (200, brisbane)])
        let url = try #require(upstream.requests.first?.url)
        #expect(url.query == "name=Bris&count=3&language=de&format=json&countryCode=AU")
    }

    @Test(arguments: [
        (#"{"count":5}"#, "name"), (#"{"name":"Berlin","count":"five"}"#, "count"),
        (#"{"name":"Berlin","count":0}"#, "count"), (#"{"name":"Berlin","count":2.5}"#, "count"),
        (#"{"name":7}"#, "name"),
        (#"{"name":"Berlin","countryCode":"Germany"}"#, "countryCode"),
    ])
    func searchCitiesInvalidParamsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("searchCities", params, field: field)
    }
}
