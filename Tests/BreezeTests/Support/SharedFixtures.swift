import Foundation
import Testing

/// Recorded upstream answers kept outside the repository, in a `shared/fixtures` folder beside the clone (CI has
/// one), read when the folder is there; tests that need one are disabled, saying so, when it is not.
enum SharedFixtures {
    /// A real Open-Meteo FlatBuffers answer (`/v1/forecast?latitude=52.52,40.1&longitude=13.41,8.1
    /// &hourly=temperature_2m&format=flatbuffers`, as published in open-meteo/sdk's tests): two locations.
    static let openMeteoForecast: Data? = read("openmeteo-sdk-apitests-forecast.bin")

    static let missingNote: Comment = "the real FlatBuffers fixture (shared/fixtures beside the clone) is not present"

    private static func read(_ name: String) -> Data? {
        // This file is <clone>/Tests/BreezeTests/Support/SharedFixtures.swift; the folder sits beside <clone>.
        let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try? Data(contentsOf: beside.appendingPathComponent("shared/fixtures/\(name)"))
    }
}
