import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// `findPlace` through the real catalog and server: params decoding and the JSON on the wire, with no upstream.
@Suite struct FindPlaceWireTests {
    @Test func catalogListsTheMethodAsLocal() {
        #expect(Catalog.methods.contains { $0.name == "findPlace" && !$0.readsUpstream })
    }

    @Test func byPositionWithARadiusWritesEveryFieldAndTheCredit() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"findPlace","params":[-16.85,-179.97,80]}"#)
        let result = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))["result"])
        #expect(result["name"] == "Savusavu" && result["countryCode"] == "FJ" && result["admin1"] == "Northern")
        #expect(result["country"] == "Fiji" && result["timezone"] == "Pacific/Fiji")
        #expect(result["latitude"] == -16.77942 && result["longitude"] == 179.33564)
        #expect(result["distanceKm"] == 74.32)
        guard case .string(let attribution)? = result["attribution"] else {
            Issue.record("no attribution: \(reply)")
            return
        }
        #expect(attribution.contains("GeoNames") && attribution.contains("CC BY 4.0"))
        #expect(upstream.requests.isEmpty)
    }

    @Test func anUnknownAdmin1IsNull() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":2,"method":"findPlace","params":{"latitude":57.7778,"longitude":26.0473,"radiusKm":null}}"#
        )
        #expect(reply.contains(#""admin1":null"#) && reply.contains(#""name":"Valga""#))
    }

    @Test func aListGivesEachPointItsPlaceOrItsOwnNoDataAndTheCreditOnce() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":3,"method":"findPlace","params":{"latitude":[39.8,0],"longitude":[-89.64,-140]}}"#)
        let result = try #require(try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))["result"])
        guard case .array(let places)? = result["places"], places.count == 2 else {
            Issue.record("places is not a list of two: \(reply)")
            return
        }
        #expect(places[0]["admin1"] == "Illinois" && places[0]["attribution"] == nil)
        #expect(places[1]["error"]?["code"] == 1006 && places[1]["error"]?["data"]?["type"] == "noData")
        #expect(places[1]["error"]?["data"]?["service"] == nil)
        #expect(result["attribution"] != nil)
        #expect(reply.components(separatedBy: "GeoNames").count == 2, "the credit once: \(reply)")
    }

    @Test func nothingWithinTheRadiusIsNoDataWithoutAService() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":4,"method":"findPlace","params":{"latitude":0,"longitude":-140}}"#)
        let error = try error(in: reply)
        #expect(error["code"] == 1006 && error["data"]?["type"] == "noData" && error["data"]?["service"] == nil)
        #expect(error["data"]?["reason"] == "no place with at least 1,000 people lies within 100 km of this point.")
    }

    @Test(arguments: [
        (#"[91,0]"#, "latitude"), (#"{"latitude":0}"#, "longitude"),
        (#"{"latitude":[0,1],"longitude":2}"#, "longitude"),
        (#"{"latitude":[0,1],"longitude":[2]}"#, "longitude"),
        (#"{"latitude":0,"longitude":0,"radiusKm":0}"#, "radiusKm"),
        (#"{"latitude":0,"longitude":0,"radiusKm":501}"#, "radiusKm"),
        (#"{"latitude":0,"longitude":0,"radiusKm":"far"}"#, "radiusKm"),
    ])
    func invalidParamsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("findPlace", params, field: field)
    }
}
