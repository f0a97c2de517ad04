import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite struct ElevationTests {
    private let points: [Coordinates]

    init() throws {
        points = [
            try Coordinates(latitude: 52.52, longitude: 13.41), try Coordinates(latitude: 90, longitude: 0),
            try Coordinates(latitude: 0, longitude: -30),
        ]
    }

    @Test(arguments: [UpstreamFormat.flatbuffers, .json])
    func asksOnceInJSONWhateverTheFormatAndReadsNanAsNull(format: UpstreamFormat) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/elevation", body: #"{"elevation":[38.0, nan, 0.0]}"#)
        let breeze = makeBreeze(http) { $0.upstreamFormat = format }
        let heights = try await breeze.fetchElevation(ElevationRequest(points: points))

        #expect(heights.map(\.elevation) == [38.0, nil, 0.0])
        #expect(heights.map(\.latitude) == [52.52, 90, 0] && heights.map(\.longitude) == [13.41, 0, -30])
        #expect(http.requests.count == 1)
        #expect(http.requests.first?.query == ["latitude": "52.52,90.0,0.0", "longitude": "13.41,0.0,-30.0"])
    }

    @Test func theWrongNumberOfElevationsIsABadServerResponse() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/elevation", body: #"{"elevation":[38.0]}"#)
        await #expect {
            try await makeBreeze(http).fetchElevation(ElevationRequest(points: points))
        } throws: { error in
            guard case BreezeError.badServerResponse(.elevation, 200, let reason) = error else { return false }
            return reason.contains("1 elevations for the 3 points")
        }
    }

    @Test(arguments: [
        ("Parameter 'latitude' and 'longitude' must not exceed 100 coordinates.", "latitude"),
        ("Parameter 'latitude' and 'longitude' must not be empty", "latitude"),
        ("Latitude must be in range of -90 to 90°. Given: 522.52.", "latitude"),
        ("Longitude must be in range of -180 to 180°. Given: 200.0.", "longitude"),
        ("Parameter 'latitude' and 'longitude' must have the same number of elements", "longitude"),
        ("Parameter 'latitude' and 'longitude' must have the same amount of elements", "longitude"),
    ])
    func openMeteosRefusalsNameTheParameter(reason: String, field: String) async throws {
        let http = FakeHTTPClient()
        http.on("/v1/elevation", status: 400, body: #"{"error":true,"reason":"\#(reason)"}"#)
        await #expect {
            try await makeBreeze(http).fetchElevation(ElevationRequest(points: points))
        } throws: { error in
            guard case BreezeError.invalidParameter(let name, let text) = error else { return false }
            return name == field && text.hasSuffix(reason)
        }
    }

    @Test func anotherFailureIsPassedOn() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/elevation", status: 429, body: #"{"error":true,"reason":"Too many concurrent requests"}"#)
        await #expect(
            throws: BreezeError.rateLimited(
                service: .elevation, retryAfterSeconds: nil, reason: "Too many concurrent requests")
        ) {
            try await makeBreeze(http).fetchElevation(ElevationRequest(points: points))
        }
    }

    @Test(arguments: [0, 101])
    func noPointsOrMoreThanAHundredAreRefused(count: Int) throws {
        let point = try Coordinates(latitude: 1, longitude: 2)
        #expect(throws: BreezeError.self) { try ElevationRequest(points: Array(repeating: point, count: count)) }
    }

    @Test(arguments: [
        (#"{"elevation":[nan]}"#, #"{"elevation":[null]}"#),
        (#"{"elevation":[-nan, 1.0,nan]}"#, #"{"elevation":[null, 1.0,null]}"#),
        (#"{"note":"nan \"nan\"","elevation":[2.0]}"#, #"{"note":"nan \"nan\"","elevation":[2.0]}"#),
        (#"{"elevation":[29.0, 46.0]}"#, #"{"elevation":[29.0, 46.0]}"#),
    ])
    func bareNanOutsideStringsBecomesNull(body: String, expected: String) {
        #expect(String(decoding: ElevationResponse.withNulls(Data(body.utf8)), as: UTF8.self) == expected)
    }
}
