import FoundationEssentials
import Glibc

/// Finding the nearest place: search the 1-degree cells that can hold a place within the radius, nearest first,
/// and stop once no unsearched cell can beat the best place found.
///
/// Distances are great-circle distances on a sphere of the Earth's mean radius, compared through the haversine
/// `h = sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2)` (which grows with the distance), so longitudes wrap across the
/// antimeridian and the poles need no special case beyond searching every column near them.
extension PlaceTable {
    /// The Earth's mean radius (IUGG), in kilometres.
    static let earthRadiusKm = 6371.0088
    /// How far `findPlace` looks unless asked otherwise: a town's surroundings, as Open-Meteo's own unreleased
    /// proximity search would.
    public static let defaultRadiusKm = 100.0
    /// The farthest `findPlace` looks: beyond this, "nearest place" stops naming where someone is, and the
    /// search over the open ocean grows with the area.
    public static let maxRadiusKm = 500.0

    /// Checks a search radius: more than 0 and at most `maxRadiusKm`.
    /// - Throws: `BreezeError.invalidParameter` naming `radiusKm`.
    public static func checkRadius(_ radiusKm: Double) throws(BreezeError) {
        guard radiusKm.isFinite, radiusKm > 0, radiusKm <= maxRadiusKm else {
            throw .invalidParameter(
                name: "radiusKm",
                reason: "must be a number more than 0 and at most \(maxRadiusKm.plainText), not \(radiusKm.plainText).")
        }
    }

    /// The place nearest `point` within `radiusKm` (checked with `checkRadius`).
    /// - Throws: `BreezeError.noData` when no place lies within the radius (at sea, on an ice sheet).
    public func nearest(to point: Coordinates, withinKm radiusKm: Double = defaultRadiusKm) throws(BreezeError)
        -> NearbyPlace
    {
        try Self.checkRadius(radiusKm)
        guard let (index, h) = nearestIndex(latitude: point.latitude, longitude: point.longitude, radiusKm: radiusKm)
        else {
            throw .noData(
                service: nil,
                reason: "no place with at least 1,000 people lies within \(radiusKm.plainText) km of this point.")
        }
        return place(index, distanceKm: Self.kilometres(h))
    }

    // MARK: - The search

    /// A point prepared for distance computations.
    struct Query {
        var latitude: Double
        var longitude: Double
        /// Latitude and longitude in radians, and the cosine of the latitude.
        var phi: Double
        var lambda: Double
        var cosPhi: Double

        init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
            phi = latitude * .pi / 180
            lambda = longitude * .pi / 180
            cosPhi = cos(phi)
        }

        /// The haversine of the angle between this point and (`phi`, `lambda`) whose latitude has cosine `cosPhi`.
        func haversine(phi other: Double, lambda otherLambda: Double, cosPhi otherCos: Double) -> Double {
            let dPhi = sin((other - phi) / 2)
            let dLambda = sin((otherLambda - lambda) / 2)
            return dPhi * dPhi + cosPhi * otherCos * dLambda * dLambda
        }
    }

    /// The haversine of the angle from `query` to record `index`: the one distance both searches compare.
    func haversine(_ query: Query, _ index: Int) -> Double {
        let phi = Double(latitudeUnits(index)) / Self.unitsPerDegree * .pi / 180
        let lambda = Double(longitudeUnits(index)) / Self.unitsPerDegree * .pi / 180
        return query.haversine(phi: phi, lambda: lambda, cosPhi: cos(phi))
    }

    static func kilometres(_ haversine: Double) -> Double {
        2 * asin(min(1, haversine.squareRoot())) * earthRadiusKm
    }

    /// The angle (radians) whose haversine is `h`.
    static func angle(_ h: Double) -> Double {
        2 * asin(min(1, h.squareRoot()))
    }

    /// The haversine of an angle in radians.
    static func haversine(ofAngle angle: Double) -> Double {
        let half = sin(min(angle, .pi) / 2)
        return half * half
    }

    /// Slack for rounding in the pruning bounds: a bound is only trusted to skip what lies farther by more than
    /// this (radians, about 6 mm), so both searches agree on ties.
    private static let slack = 1e-9

    /// The index and haversine of the record nearest (`latitude`, `longitude`) within `radiusKm`, the lowest index
    /// among equally near ones; nil when none lies within it.
    func nearestIndex(latitude: Double, longitude: Double, radiusKm: Double) -> (Int, Double)? {
        let query = Query(latitude: latitude, longitude: longitude)
        let maxAngle = radiusKm / Self.earthRadiusKm
        let maxH = Self.haversine(ofAngle: maxAngle)
        var best: (index: Int, h: Double)?
        var bestAngle = maxAngle
        /// Keeps record `index` when it is nearer than the best so far (or as near, with a lower index).
        func consider(_ index: Int) {
            let h = haversine(query, index)
            if h <= maxH, best.map({ h < $0.h || (h == $0.h && index < $0.index) }) ?? true {
                best = (index, h)
                bestAngle = Self.angle(h)
            }
        }
        let queryUnits = Int32((latitude * Self.unitsPerDegree).rounded(.down))
        for (cell, lowerBound) in candidateCells(query, maxAngle: maxAngle) {
            if lowerBound > bestAngle + Self.slack { break }
            // Records of a cell are sorted by latitude, and no place nearer than `bestAngle` lies farther in
            // latitude than that: walk out from the point's latitude, north then south, while within it.
            let start = cellStart(cell)
            let end = cellStart(cell + 1)
            let middle = firstRecord(from: start, to: end, latitudeAtLeast: queryUnits)
            var index = middle
            while index < end, latitudeAngle(index, from: latitude) <= bestAngle + Self.slack {
                consider(index)
                index += 1
            }
            index = middle - 1
            while index >= start, latitudeAngle(index, from: latitude) <= bestAngle + Self.slack {
                consider(index)
                index -= 1
            }
        }
        return best.map { ($0.index, $0.h) }
    }

    /// The difference in latitude between record `index` and `latitude` (degrees), in radians: a lower bound of
    /// the distance between them.
    private func latitudeAngle(_ index: Int, from latitude: Double) -> Double {
        abs(Double(latitudeUnits(index)) / Self.unitsPerDegree - latitude) * .pi / 180
    }

    /// The first record in `start..<end` (sorted by latitude) whose latitude is at least `units`.
    private func firstRecord(from start: Int, to end: Int, latitudeAtLeast units: Int32) -> Int {
        var low = start
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if latitudeUnits(middle) < units { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The cell of a point in 1e-5 degrees, exactly as the generator files it.
    static func cell(latitudeUnits: Int, longitudeUnits: Int) -> Int {
        let row = min(rows - 1, (latitudeUnits + 9_000_000).floorDivided(by: 100_000))
        let column = (longitudeUnits + 18_000_000).floorDivided(by: 100_000) % columns
        return row * columns + column
    }

    /// Every cell that may hold a place within `maxAngle` of `query`, with a lower bound of the angle to any point
    /// in it, nearest first.
    ///
    /// The rows are those the latitude band reaches; the columns those the cap's longitude extent,
    /// asin(sin r / cos φ), reaches, or all of them when the cap touches a pole. The bound is the angle to the cell's
    /// centre less the cell's angular radius (the farthest point of a cell from its centre is a corner).
    func candidateCells(_ query: Query, maxAngle: Double) -> [(cell: Int, lowerBound: Double)] {
        let radiusDegrees = maxAngle * 180 / .pi + 1e-6
        let firstRow = max(0, Int((query.latitude - radiusDegrees + 90).rounded(.down)))
        let lastRow = min(Self.rows - 1, Int((query.latitude + radiusDegrees + 90).rounded(.down)))
        var columns: [Int]
        let polar = abs(query.latitude) + radiusDegrees >= 90
        let halfWidth = polar ? 180 : asin(min(1, sin(maxAngle + 1e-8) / query.cosPhi)) * 180 / .pi + 1e-6
        if polar || halfWidth >= 179 {
            columns = Array(0..<Self.columns)
        } else {
            let first = Int((query.longitude - halfWidth + 180).rounded(.down))
            let last = Int((query.longitude + halfWidth + 180).rounded(.down))
            columns = (first...last).map { ($0 % Self.columns + Self.columns) % Self.columns }
        }
        var cells: [(cell: Int, lowerBound: Double)] = []
        cells.reserveCapacity((lastRow - firstRow + 1) * columns.count)
        for row in firstRow...lastRow {
            let centrePhi = (Double(row) - 89.5) * .pi / 180
            let centreCos = cos(centrePhi)
            let radius = Self.cellRadius[row]
            for column in columns
            where cellStart(row * Self.columns + column + 1) > cellStart(row * Self.columns + column) {
                let centreLambda = (Double(column) - 179.5) * .pi / 180
                let centreAngle = Self.angle(query.haversine(phi: centrePhi, lambda: centreLambda, cosPhi: centreCos))
                let bound = max(0, centreAngle - radius)
                if bound <= maxAngle + Self.slack { cells.append((row * Self.columns + column, bound)) }
            }
        }
        cells.sort { $0.lowerBound < $1.lowerBound }
        return cells
    }

    /// The angular radius of a cell in each row: the angle from its centre to its farthest corner, plus slack.
    static let cellRadius: [Double] = (0..<rows).map { row in
        let centre = Query(latitude: Double(row) - 89.5, longitude: 0.5)
        func corner(_ latitude: Double) -> Double {
            let phi = latitude * .pi / 180
            return angle(centre.haversine(phi: phi, lambda: 0, cosPhi: cos(phi)))
        }
        return max(corner(Double(row) - 90), corner(Double(row) - 89)) + 1e-9
    }
}

extension Int {
    /// Division rounding toward negative infinity, as Python's `//`.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
