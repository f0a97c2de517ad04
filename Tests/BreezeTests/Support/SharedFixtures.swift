import Foundation
import Testing

/// Recorded upstream answers kept outside the repository (`../shared/fixtures` beside its root), read when the
/// folder is there; tests that need one are disabled, saying so, when it is not.
enum SharedFixtures {
    /// A real Open-Meteo FlatBuffers answer (`/v1/forecast?latitude=52.52,40.1&longitude=13.41,8.1
    /// &hourly=temperature_2m&format=flatbuffers`, as published in open-meteo/sdk's tests): two locations.
    static let openMeteoForecast: Data? = read("openmeteo-sdk-apitests-forecast.bin")

    static let missingNote: Comment = "the real FlatBuffers fixture (../shared/fixtures) is not present"

    private static func read(_ name: String) -> Data? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try? Data(contentsOf: root.appendingPathComponent("../shared/fixtures/\(name)"))
    }
}
