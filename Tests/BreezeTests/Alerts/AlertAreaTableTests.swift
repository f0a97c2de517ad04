import BreezeTestSupport
import CBruteForce
import CPlaces
import Foundation
import Testing

@testable import Breeze

/// The embedded MeteoAlarm areas against a plain even-odd test in C that reads the bytes itself.
@Suite struct AlertAreaTableTests {
    let table = AlertAreaTable.embedded

    @Test func holdsTheAreasOfThirtyFiveCountries() {
        #expect(table.count == 2003)
        #expect(Set((0..<table.count).map(table.country)).count == 35)
        #expect(table.attribution.contains("MeteoAlarm") && table.attribution.contains("meteoalarm 0.3.0"))
        #expect(table.index(of: "DE312").map(table.code) == "DE312" && table.index(of: "XX999") == nil)
    }

    @Test func everyAreaAgreesWithTheBruteForceTestAtRandomPoints() throws {
        var count = 0
        let start = try #require(breeze_areas(&count))
        var random = SplitMix64(seed: 30)
        var mismatches: [String] = []
        var inside = 0
        for area in 0..<table.count {
            let (minX, minY, maxX, maxY) = table.box(area)
            // Points in the bounding box and a little around it, where inside and outside both occur.
            for _ in 0..<12 {
                let lon = Double.random(in: (Double(minX) - 500)...(Double(maxX) + 500), using: &random) / 100_000
                let lat = Double.random(in: (Double(minY) - 500)...(Double(maxY) + 500), using: &random) / 100_000
                let point = try Coordinates(latitude: lat, longitude: lon)
                let expected = brute_force_area_contains(start, count, area, lon, lat)
                let found = table.contains(area, point)
                inside += found ? 1 : 0
                if expected != (found ? 1 : 0) { mismatches.append("\(table.code(area)) at \(lat),\(lon)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(inside > table.count * 2, "the points must test insides as well as outsides")
    }

    @Test func knownPlacesLieInTheirAreas() throws {
        func codes(_ latitude: Double, _ longitude: Double) throws -> Set<String> {
            Set(table.areas(containing: try Coordinates(latitude: latitude, longitude: longitude)).map(table.code))
        }
        #expect(try codes(47.6156, 7.6614) == ["DE312"])
        #expect(try codes(52.52, 13.405) == ["DE202"])
        #expect(try codes(47.5596, 7.5886).isEmpty, "Basel is Swiss: no EMMA_ID area")
    }
}
