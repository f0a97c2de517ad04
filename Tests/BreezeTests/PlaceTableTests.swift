import BreezeTestSupport
import CBruteForce
import Foundation
import Testing

@testable import Breeze

/// The embedded place table and the nearest-place search over it.
@Suite struct PlaceTableTests {
    let table = PlaceTable.embedded

    /// A point, and what its nearest place must be: name, admin1, country code, time zone.
    struct Known: Sendable, CustomTestStringConvertible {
        var latitude: Double
        var longitude: Double
        var radiusKm = PlaceTable.defaultRadiusKm
        var name: String
        var admin1: String?
        var countryCode: String
        var timezone: String
        var testDescription: String { "\(name) (\(latitude), \(longitude))" }
    }

    static let known: [Known] = [
        // A capital on every inhabited continent.
        Known(
            latitude: 52.5244, longitude: 13.4105, name: "Berlin", admin1: "Berlin", countryCode: "DE",
            timezone: "Europe/Berlin"),
        Known(
            latitude: -1.2833, longitude: 36.8167, name: "Nairobi", admin1: "Nairobi Area", countryCode: "KE",
            timezone: "Africa/Nairobi"),
        Known(
            latitude: 35.6895, longitude: 139.6917, name: "Tokyo", admin1: "Tokyo", countryCode: "JP",
            timezone: "Asia/Tokyo"),
        Known(
            latitude: 38.8951, longitude: -77.0364, name: "Washington", admin1: "District of Columbia",
            countryCode: "US", timezone: "America/New_York"),
        Known(
            latitude: -15.7797, longitude: -47.9297, name: "Brasília", admin1: "Federal District", countryCode: "BR",
            timezone: "America/Sao_Paulo"),
        Known(
            latitude: -35.2835, longitude: 149.1281, name: "Canberra", admin1: "Australian Capital Territory",
            countryCode: "AU", timezone: "Australia/Sydney"),
        // One town on the Estonian-Latvian border, each half in its own country and time zone (admin1 unknown:
        // both countries renumbered their areas after the admin1 source was made).
        Known(
            latitude: 57.7778, longitude: 26.0473, name: "Valga", admin1: nil, countryCode: "EE",
            timezone: "Europe/Tallinn"),
        Known(
            latitude: 57.7752, longitude: 26.0101, name: "Valka", admin1: nil, countryCode: "LV",
            timezone: "Europe/Riga"),
        // The two Springfields.
        Known(
            latitude: 39.80, longitude: -89.64, name: "Springfield", admin1: "Illinois", countryCode: "US",
            timezone: "America/Chicago"),
        Known(
            latitude: 37.21, longitude: -93.29, name: "Springfield", admin1: "Missouri", countryCode: "US",
            timezone: "America/Chicago"),
        // Across the antimeridian: Taveuni lies on it; the nearest place is west of it, on Vanua Levu.
        Known(
            latitude: -16.85, longitude: -179.97, name: "Savusavu", admin1: "Northern", countryCode: "FJ",
            timezone: "Pacific/Fiji"),
        Known(
            latitude: 63.06, longitude: -179.8, name: "Beringovskiy", admin1: nil, countryCode: "RU",
            timezone: "Asia/Anadyr"),
        // Far north, where the search spans 75 degrees of longitude.
        Known(
            latitude: 82.5, longitude: 15.6, radiusKm: 500, name: "Longyearbyen", admin1: "Svalbard",
            countryCode: "SJ", timezone: "Arctic/Longyearbyen"),
    ]

    @Test(arguments: known)
    func findsTheKnownPlace(_ known: Known) throws {
        let point = try Coordinates(latitude: known.latitude, longitude: known.longitude)
        let place = try table.nearest(to: point, withinKm: known.radiusKm)
        #expect(place.name == known.name)
        #expect(place.admin1 == known.admin1)
        #expect(place.countryCode == known.countryCode)
        #expect(place.timezone == known.timezone)
        #expect(place.distanceKm <= known.radiusKm)
    }

    @Test func aPlaceAtItsOwnCoordinatesIsZeroKilometresAway() throws {
        let place = try table.nearest(to: Coordinates(latitude: 37.21533, longitude: -93.29824))
        #expect(place.name == "Springfield" && place.distanceKm == 0)
        #expect(place.population > 100_000 && place.country == "United States")
        #expect((place.latitude, place.longitude) == (37.21533, -93.29824))
    }

    @Test(arguments: [(0.0, -140.0, 100.0), (-40.0, -100.0, 500.0), (90, 0, 500), (-90, 0, 500), (90, 180, 100)])
    func nothingWithinTheRadiusIsNoData(latitude: Double, longitude: Double, radiusKm: Double) throws {
        let point = try Coordinates(latitude: latitude, longitude: longitude)
        #expect(
            throws: BreezeError.noData(
                service: nil,
                reason: "no place with at least 1,000 people lies within \(radiusKm.plainText) km of this point.")
        ) { try table.nearest(to: point, withinKm: radiusKm) }
    }

    @Test(arguments: [0, -1, 500.5, .nan, .infinity])
    func aRadiusOutOfRangeIsNamed(_ radiusKm: Double) throws {
        let point = try Coordinates(latitude: 0, longitude: 0)
        #expect {
            try table.nearest(to: point, withinKm: radiusKm)
        } throws: { error in
            guard case .invalidParameter(name: "radiusKm", _) = error as? BreezeError else { return false }
            return true
        }
    }

    @Test func theTableHoldsTheCities1000PlacesWithTheirCredit() {
        #expect(table.count == 170_391)
        #expect(table.attribution.contains("GeoNames") && table.attribution.contains("CC BY 4.0"))
    }

    /// Every record lies in the cell the index files it under, sorted by latitude inside it, which is what the
    /// search relies on.
    @Test func everyRecordIsFiledUnderItsCell() {
        var misfiled = 0
        var unsorted = 0
        for cell in 0..<(PlaceTable.rows * PlaceTable.columns) {
            let range = table.cellStart(cell)..<table.cellStart(cell + 1)
            for index in range {
                let latitude = Int(table.latitudeUnits(index))
                let longitude = Int(table.longitudeUnits(index))
                if PlaceTable.cell(latitudeUnits: latitude, longitudeUnits: longitude) != cell { misfiled += 1 }
                if index > range.lowerBound, table.latitudeUnits(index - 1) > table.latitudeUnits(index) {
                    unsorted += 1
                }
            }
        }
        #expect(table.cellStart(0) == 0 && table.cellStart(PlaceTable.rows * PlaceTable.columns) == table.count)
        #expect(misfiled == 0 && unsorted == 0)
    }

    /// Every record as a unit vector, x, y, z in turn, for the brute-force reference.
    static let unitVectors: [Double] = {
        let table = PlaceTable.embedded
        var vectors: [Double] = []
        vectors.reserveCapacity(3 * table.count)
        for index in 0..<table.count {
            let phi = Double(table.latitudeUnits(index)) / PlaceTable.unitsPerDegree * .pi / 180
            let lambda = Double(table.longitudeUnits(index)) / PlaceTable.unitsPerDegree * .pi / 180
            vectors += [cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi)]
        }
        return vectors
    }()

    /// The nearest record to a point by measuring every one (in C, `brute_force_nearest`), and its distance in km.
    static func bruteForce(latitude: Double, longitude: Double) -> (index: Int, km: Double) {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        var chord2 = 0.0
        let index = unitVectors.withUnsafeBufferPointer { points in
            brute_force_nearest(
                points.baseAddress, points.count / 3, cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi),
                &chord2)
        }
        return (index, 2 * asin(min(1, chord2.squareRoot() / 2)) * PlaceTable.earthRadiusKm)
    }

    /// The grid search agrees with measuring every place, for 10,000 seeded points: half anywhere on the sphere
    /// (mostly sea: noData), half within about a degree of a random place, at radii up to the maximum. Agreeing
    /// means the same distance to within a millimetre (two places may be equally near), or nothing found where the
    /// nearest place lies beyond the radius.
    ///
    /// Seconds of work in a debug build: it runs on a thread of its own, so the tests that run beside it on the
    /// cooperative threads (some with deadlines) are not starved.
    @Test func theGridSearchAgreesWithBruteForce() async {
        let (disagreements, found) = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.compareWithBruteForce()) }.start()
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(5))")
        #expect(found > 4_000, "too few points near a place to test the search: \(found)")
    }

    /// The disagreements between the grid search and brute force over the seeded points, and how many points
    /// had a place within the radius.
    static func compareWithBruteForce() -> (disagreements: [String], found: Int) {
        let table = PlaceTable.embedded
        var random = SplitMix64(seed: 23)
        var disagreements: [String] = []
        var found = 0
        for trial in 0..<10_000 {
            let latitude: Double
            let longitude: Double
            if trial.isMultiple(of: 2) {
                latitude = asin(Double.random(in: -1...1, using: &random)) * 180 / .pi
                longitude = Double.random(in: -180...180, using: &random)
            } else {
                let index = Int.random(in: 0..<table.count, using: &random)
                let base = Double(table.latitudeUnits(index)) / PlaceTable.unitsPerDegree
                latitude = min(90, max(-90, base + Double.random(in: -1...1, using: &random)))
                let around = Double(table.longitudeUnits(index)) / PlaceTable.unitsPerDegree
                longitude =
                    (around + Double.random(in: -1...1, using: &random) + 540).truncatingRemainder(dividingBy: 360)
                    - 180
            }
            let radiusKm = trial % 5 == 0 ? Double.random(in: 1...PlaceTable.maxRadiusKm, using: &random) : 100
            let grid = table.nearestIndex(latitude: latitude, longitude: longitude, radiusKm: radiusKm)
            let brute = Self.bruteForce(latitude: latitude, longitude: longitude)
            let agrees: Bool
            if let grid {
                let km = PlaceTable.kilometres(grid.1)
                agrees = abs(km - brute.km) < 1e-6 && km <= radiusKm
                found += 1
            } else {
                agrees = brute.km > radiusKm - 1e-6
            }
            if !agrees {
                disagreements.append(
                    "(\(latitude), \(longitude)) within \(radiusKm) km: grid \(grid.map { "\($0.0)" } ?? "none"), "
                        + "brute force \(brute.index) at \(brute.km) km")
            }
        }
        return (disagreements, found)
    }
}
