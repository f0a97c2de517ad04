import Breeze
import BreezeTestSupport
import Foundation
import Testing

@testable import BreezeRPC
@testable import JSONRPC

/// The reply memo (`CallMemo`) through the real catalog: a repeated call whose answer has not changed gets the
/// bytes of the reply before it, on each surface, and a changed answer is written anew. It once went dark without
/// a test noticing (no catalog result could be compared); these fail if it does again.
@Suite struct ReplyMemoTests {
    private static func forecast(temperature: Double) -> String {
        #"{"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.05,"utc_offset_seconds":7200,"#
            + #""timezone":"Europe/Berlin","timezone_abbreviation":"GMT+2","elevation":38.0,"#
            + #""current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C"},"#
            + #""current":{"time":"2026-10-03T12:00","interval":900,"temperature_2m":\#(temperature)}}"#
    }

    private static let params = #"{"latitude":52.52,"longitude":13.41,"current":["temperature_2m"]}"#

    @Test func everyCatalogResultCanBeCompared() {
        for method in Catalog.methods {
            let comparable = Self.isComparable(method)
            #expect(comparable, "\(method.name)'s replies are never reused: its result is not Equatable")
        }
    }

    private static func isComparable<M: BreezeMethod>(_ method: M.Type) -> Bool {
        M.Result.self is any Equatable.Type
    }

    @Test func aRepeatedCallGetsTheKeptReplyOnEachSurfaceAndAChangedAnswerANewOne() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: Self.forecast(temperature: 17.4))
        let router = Catalog.router(breeze: makeBreeze(http), logger: .silent)
        func reused() -> Int { router.reusedReplies(FetchForecast.name) }

        let first = try await wireReply(router, FetchForecast.name, Self.params)
        #expect(first.contains(#""temperature_2m":17.4"#) && reused() == 0)
        #expect(try await wireReply(router, FetchForecast.name, Self.params) == first)
        #expect(reused() == 1)

        // A tool call's reply is its own (its detail defaults to `standard`), kept beside the plain one.
        let toolCall = #"{"name":"fetchForecast","arguments":\#(Self.params)}"#
        let tool = try await wireReply(router, "tools/call", toolCall)
        #expect(reused() == 1)
        #expect(try await wireReply(router, "tools/call", toolCall) == tool)
        #expect(reused() == 2)

        http.on("/v1/forecast", body: Self.forecast(temperature: 18.1))
        let changed = try await wireReply(router, FetchForecast.name, Self.params)
        #expect(changed.contains(#""temperature_2m":18.1"#) && reused() == 2)
        #expect(http.requests.count == 5)
    }
}
