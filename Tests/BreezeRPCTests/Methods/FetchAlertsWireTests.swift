import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

/// `fetchAlerts` through the real catalog and server: params decoding and the JSON on the wire.
@Suite struct FetchAlertsWireTests {
    private static let gale =
        #"{"type":"FeatureCollection","features":[{"id":"x","type":"Feature","geometry":null,"properties":{"#
        + #""id":"urn:gale","areaDesc":"Coastal waters","references":[],"sent":"2026-05-24T06:00:00-05:00","#
        + #""effective":null,"onset":"2026-05-24T06:00:00-05:00","expires":"2099-01-01T00:00:00Z","ends":null,"#
        + #""status":"Actual","messageType":"Alert","severity":"Moderate","certainty":"Likely","urgency":"Expected","#
        + #""event":"Gale Warning","sender":"w-nws.webmaster@noaa.gov","senderName":"NWS New York NY","#
        + #""headline":"Gale Warning","description":"Winds 35 kt.","instruction":null,"language":"en-US","#
        + #""web":"http://www.weather.gov","eventCode":{"NationalWeatherService":["GLW"]}}}]}"#

    @Test func onePointIsAnObjectWithEveryFieldWritten() async throws {
        let (reply, upstream) = try await exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"fetchAlerts","params":{"latitude":40.3,"longitude":-73.3}}"#,
            upstream: ["/alerts/active": (200, Self.gale)])
        #expect(
            reply
                == #"{"id":1,"jsonrpc":"2.0","result":{"alerts":[{"areaDesc":"Coastal waters","#
                + #""attribution":"National Weather Service (weather.gov); NWS New York NY","awarenessLevel":null,"#
                + #""certainty":"Likely","description":"Winds 35 kt.","effective":null,"ends":null,"event":"Gale Warning","#
                + #""eventCode":"GLW","expires":"2099-01-01T00:00:00Z","headline":"Gale Warning","id":"urn:gale","#
                + #""instruction":null,"language":"en-US","matchedBy":"zone","onset":"2026-05-24T06:00:00-05:00","#
                + #""sender":"w-nws.webmaster@noaa.gov","sent":"2026-05-24T06:00:00-05:00","severity":"Moderate","#
                + #""source":"nws","urgency":"Expected","web":"http://www.weather.gov"}],"country":"US","coverage":"full","#
                + #""errors":{},"latitude":40.3,"longitude":-73.3,"reason":null,"sources":[{"answered":true,"#
                + #""attribution":"National Weather Service (weather.gov)","country":null,"source":"nws"}]}}"#)
        #expect(upstream.requests.count == 1)
    }

    @Test func aListGivesOneEntryPerPointAndSummaryKeepsEventSeverityAndTimes() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":2,"method":"fetchAlerts","params":{"latitude":[40.3,45],"longitude":[-73.3,-30],"detail":"summary"}}"#,
            upstream: ["/alerts/active": (200, Self.gale)])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
        let points = try #require((result["result"] as? [String: Any])?["points"] as? [[String: Any]])
        #expect(points.count == 2)
        let alert = try #require((points[0]["alerts"] as? [[String: Any]])?.first)
        #expect(Set(alert.keys) == ["event", "severity", "sent", "onset", "expires", "ends", "attribution"])
        #expect(points[1]["coverage"] as? String == "none" && (points[1]["reason"] as? String)?.isEmpty == false)
    }

    @Test func everySourceFailingIsTheCallsError() async throws {
        let (reply, _) = try await exchange(
            #"{"jsonrpc":"2.0","id":3,"method":"fetchAlerts","params":[40.3,-73.3]}"#,
            upstream: ["/alerts/active": (403, "<HTML><TITLE>Access Denied</TITLE></HTML>")])
        #expect(reply.contains(#""code":1002"#) && reply.contains("firewall") && reply.contains(#""service":"nws""#))
    }

    @Test(arguments: [
        (#"[91,0]"#, "latitude"), (#"{"latitude":0}"#, "longitude"),
        (#"{"latitude":0,"longitude":0,"language":"en_GB"}"#, "language"),
        (#"{"latitude":0,"longitude":0,"detail":"all"}"#, "detail"),
        (#"{"latitude":[],"longitude":[]}"#, "latitude"), (#"{"latitude":0,"longitude":0,"lang":"de"}"#, "lang"),
    ])
    func invalidParamsNameTheField(params: String, field: String) async throws {
        try await expectInvalidParams("fetchAlerts", params, field: field)
    }
}
