import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// `fetchElevation` through the real catalog and server: params decoding and the JSON on the wire.
@Suite struct FetchElevationWireTests {
    private static let heights = ["/v1/elevation": (status: 200, body: #"{"elevation":[38.0, nan]}"#)]

    @Test func listsGiveOneEntryPerPointInOrderWithNullForNan() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"fetchElevation","params":{"latitude":[52.52,90],"longitude":[13.41,0]}}"#,
            upstream: Self.heights)
        #expect(
            reply == #"{"id":1,"jsonrpc":"2.0","result":[{"elevation":38,"latitude":52.52,"longitude":13.41},"#
                + #"{"elevation":null,"latitude":90,"longitude":0}]}"#)
        let sent = try #require(upstream.requests.first)
        #expect(sent.query == ["latitude": "52.52,90.0", "longitude": "13.41,0.0"])
    }

    @Test func onePointByPositionIsAListOfOne() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":2,"method":"fetchElevation","params":[46,7]}"#,
            upstream: ["/v1/elevation": (200, #"{"elevation":[1534.0]}"#)])
        #expect(reply == #"{"id":2,"jsonrpc":"2.0","result":[{"elevation":1534,"latitude":46,"longitude":7}]}"#)
    }

    @Test(arguments: [
        (#"[91,0]"#, "latitude"), (#"{"latitude":0}"#, "longitude"),
        (#"{"latitude":[0,1],"longitude":2}"#, "longitude"), (#"{"latitude":[0,1],"longitude":[2]}"#, "longitude"),
        (#"{"latitude":[],"longitude":[]}"#, "latitude"), (#"{"latitude":0,"longitude":0,"format":"json"}"#, "format"),
    ])
    func invalidParamsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("fetchElevation", params, field: field)
    }

    @Test func aHundredAndOnePointsAreRefusedBeforeAnyCall() async throws {
        let list = "[" + Array(repeating: "1", count: 101).joined(separator: ",") + "]"
        try await expectInvalidParams(
            "fetchElevation", #"{"latitude":"# + list + #","longitude":"# + list + "}", field: "latitude")
    }
}
