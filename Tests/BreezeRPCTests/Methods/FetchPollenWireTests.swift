import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// `fetchPollen` through the catalog's router: params decoding and the JSON on the wire.
@Suite struct FetchPollenWireTests {
    @Test func catalogListsTheMethod() {
        #expect(Catalog.methods.map { $0.name }.contains("fetchPollen"))
    }

    @Test(arguments: [
        ("fetchPollen", #"{"longitude":10}"#, "latitude"),
        ("fetchPollen", #"{"latitude":"51","longitude":10}"#, "latitude"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"days":"2"}"#, "days"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"days":9}"#, "days"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"source":"bing"}"#, "source"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"language":"de","languageCode":"fr"}"#, "language"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"language":"pt_BR"}"#, "language"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"languageCode":"pt_BR"}"#, "languageCode"),
        ("fetchPollen", #"{"latitude":51,"longitude":10,"language":3}"#, "language"),
        ("fetchPollen", #"{"latitude":95,"longitude":10}"#, "latitude"),
    ])
    func badParamsAreInvalidParamsNamingTheField(method: String, params: String, expected: String) async throws {
        try await expectInvalidParams(method, params, field: expected)
    }

    @Test func pollenResultWritesEveryItemFieldWithNullsForUnknowns() async throws {
        let body = #"""
            {"regionCode":"DE","dailyInfo":[{"date":{"year":2026,"month":5,"day":24},
             "pollenTypeInfo":[{"code":"GRASS","displayName":"Grass","inSeason":true,"indexInfo":{"code":"UPI","value":1,"category":"Very Low","indexDescription":"People with very high allergy to pollen are likely to experience symptoms","color":{"green":0.61960787,"blue":0.22745098}},"healthRecommendations":["Enjoy the outdoors."]},
              {"code":"TREE","displayName":"Tree"}]}]}
            """#
        let reply = try await wireReply(
            wireRouter(["/api/pollen": (200, body)]), "fetchPollen", #"{"latitude":52.52,"longitude":13.41}"#)
        let grass =
            ##"{"appearance":null,"category":"Very Low","color":"#009E3A","crossReaction":null,"family":null,"##
            + #""healthRecommendations":["Enjoy the outdoors."],"id":"GRASS","imageUrl":null,"inSeason":true,"#
            + #""indexDescription":"People with very high allergy to pollen are likely to experience symptoms","#
            + #""isPlant":false,"name":"Grass","peakGrainsPerCubicMeter":null,"season":null,"type":null,"value":1}"#
        let tree =
            #"{"appearance":null,"category":null,"color":null,"crossReaction":null,"family":null,"#
            + #""healthRecommendations":null,"id":"TREE","imageUrl":null,"inSeason":null,"indexDescription":null,"#
            + #""isPlant":false,"name":"Tree","peakGrainsPerCubicMeter":null,"season":null,"type":null,"value":null}"#
        #expect(
            reply
                == #"{"days":[{"date":"2026-05-24","items":["# + grass + "," + tree
                + #"]}],"ignoredParameters":[],"regionCode":"DE","source":"proxy"}"#)
    }

    @Test func anEnglishOnlySourceNamesTheLanguageParamTheCallerUsed() async throws {
        let body = #"{"regionCode":"DE","dailyInfo":[{"date":{"year":2026,"month":5,"day":24}}]}"#
        for (params, ignored) in [
            (#"{"latitude":52.52,"longitude":13.41,"language":"de"}"#, #"["language"]"#),
            (#"{"latitude":52.52,"longitude":13.41,"languageCode":"de"}"#, #"["languageCode"]"#),
            (#"{"latitude":52.52,"longitude":13.41,"language":"de","languageCode":"de"}"#, #"["language"]"#),
            (#"[52.52,13.41,1,"proxy",null,"en"]"#, "[]"),
        ] {
            let reply = try await wireReply(wireRouter(["/api/pollen": (200, body)]), "fetchPollen", params)
            #expect(reply.contains(#""ignoredParameters":"# + ignored), "\(params): \(reply)")
        }
    }

    @Test func uncoveredGooglePlaceIsNoDataOnTheWireWithoutTheKey() async {
        let body = #"""
            {"error":{"code":400,"message":"Information is unavailable for this location. Please try a different location.","status":"INVALID_ARGUMENT"}}
            """#
        do {
            _ = try await wireReply(
                wireRouter(["/v1/forecast:lookup": (400, body)], googleKey: "AIzaSyTEST-0000000000000000000000000000"),
                "fetchPollen", #"{"latitude":20.59,"longitude":78.96,"source":"google"}"#)
            Issue.record("expected noData")
        } catch {
            #expect(error.code == .noData)
            #expect(error.type == "noData")
            #expect(!String(describing: error).contains("AIzaSyTEST"))
        }
    }
}
