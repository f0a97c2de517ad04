import CPlaces
import Glibc

/// MeteoAlarm's warning areas (EMMA_ID), read in place from the bytes embedded in the binary, and which of them
/// contain a point.
///
/// The layout is written by `Sources/CPlaces/generate_areas.py` (its docstring is the format's reference): a
/// header, 36-byte area records sorted by code, ring records and Int32 points in 1e-5 degrees. The rings of an
/// area are tested together with the even-odd rule, so holes and islands need no flags.
/// - Important: the bytes live as long as the process and are never written (`@unchecked Sendable`).
public struct AlertAreaTable: @unchecked Sendable {
    /// The table embedded in this binary, parsed on first use (a global `let`): a process that never matches a
    /// warning never touches its pages.
    public static let embedded = embeddedTable(breeze_areas, named: "warning-area", read: AlertAreaTable.init)

    static let unitsPerDegree = 100_000.0
    static let areaSize = 36
    /// How far outside an area a point may lie and still be matched to it (`AlertMatch.nearArea`): simplified
    /// neighbours leave slivers between them of up to about this width.
    public static let nearKm = 2.0

    let bytes: UnsafeRawBufferPointer
    /// How many areas the table holds.
    public let count: Int
    let areasOffset: Int
    let ringsOffset: Int
    let pointsOffset: Int
    /// The data's credit: source, licence and what was changed.
    public let attribution: String

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let header = EmbeddedTableHeader(bytes, magic: "BRZAREAS", sizeWord: 10) else { return nil }
        self.bytes = bytes
        count = header.word(1)
        areasOffset = header.word(2)
        let ringCount = header.word(3)
        ringsOffset = header.word(4)
        let pointCount = header.word(5)
        pointsOffset = header.word(6)
        let strings = header.word(7)
        let stringsSize = header.word(8)
        let sections = [
            (areasOffset, count * Self.areaSize), (ringsOffset, ringCount * 8), (pointsOffset, pointCount * 8),
            (strings, stringsSize),
        ]
        guard header.holds(sections) else { return nil }
        let start = strings + header.word(9)
        let length = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt16.self)))
        attribution = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 2)..<(start + 2 + length)]), as: UTF8.self)
    }

    // MARK: - Reading

    private func uint32(_ offset: Int) -> Int {
        Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    private func int32(_ offset: Int) -> Int32 {
        Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    /// Area `index`'s EMMA_ID.
    public func code(_ index: Int) -> String {
        let start = areasOffset + Self.areaSize * index
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 8)])
        return String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Area `index`'s country, ISO 3166-1 alpha-2.
    public func country(_ index: Int) -> String {
        let start = areasOffset + Self.areaSize * index + 8
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 2)]), as: UTF8.self)
    }

    /// The index of the area whose code is `code`, by binary search; nil when the table has none.
    public func index(of code: String) -> Int? {
        let wanted = Array(code.utf8)
        guard wanted.count <= 8 else { return nil }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let start = areasOffset + Self.areaSize * middle
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + 8)]).prefix { $0 != 0 }
            if raw.lexicographicallyPrecedes(wanted) {
                low = middle + 1
            } else if raw.elementsEqual(wanted) {
                return middle
            } else {
                high = middle
            }
        }
        return nil
    }

    /// Area `index`'s bounding box in 1e-5 degrees: min lon, min lat, max lon, max lat.
    func box(_ index: Int) -> (Int32, Int32, Int32, Int32) {
        let start = areasOffset + Self.areaSize * index + 20
        return (int32(start), int32(start + 4), int32(start + 8), int32(start + 12))
    }

    /// Area `index`'s rings, each as its first point and count.
    func rings(_ index: Int) -> [(first: Int, count: Int)] {
        let start = areasOffset + Self.areaSize * index
        let first = uint32(start + 12)
        let ringCount = uint32(start + 16)
        return (first..<(first + ringCount)).map { ring in
            (uint32(ringsOffset + 8 * ring), uint32(ringsOffset + 8 * ring + 4))
        }
    }

    /// Point `index` (longitude, latitude) in 1e-5 degrees.
    func vertex(_ index: Int) -> (Int32, Int32) {
        (int32(pointsOffset + 8 * index), int32(pointsOffset + 8 * index + 4))
    }

    // MARK: - Matching

    /// Whether area `index` contains `point`: its bounding box first, then the even-odd rule over all its rings.
    public func contains(_ index: Int, _ point: Coordinates) -> Bool {
        let x = point.longitude * Self.unitsPerDegree
        let y = point.latitude * Self.unitsPerDegree
        let (minX, minY, maxX, maxY) = box(index)
        guard x >= Double(minX), x <= Double(maxX), y >= Double(minY), y <= Double(maxY) else { return false }
        var inside = false
        for ring in rings(index) {
            var previous = vertex(ring.first + ring.count - 1)
            for offset in 0..<ring.count {
                let current = vertex(ring.first + offset)
                if PolygonTest.crosses(x: x, y: y, from: previous, to: current) { inside.toggle() }
                previous = current
            }
        }
        return inside
    }

    /// Every area containing `point`, by index, in table order (a linear pass over the bounding boxes).
    public func areas(containing point: Coordinates) -> [Int] {
        (0..<count).filter { contains($0, point) }
    }

    /// The distance in kilometres from `point` to area `index`'s nearest edge, when it is within `limitKm` of its
    /// bounding box; nil otherwise (too far to matter).
    func distanceKm(_ index: Int, _ point: Coordinates, limitKm: Double) -> Double? {
        let kmPerUnitY = 111.195 / Self.unitsPerDegree
        let kmPerUnitX = kmPerUnitY * max(0.01, cos(point.latitude * .pi / 180))
        let x = point.longitude * Self.unitsPerDegree
        let y = point.latitude * Self.unitsPerDegree
        let (minX, minY, maxX, maxY) = box(index)
        let marginX = limitKm / kmPerUnitX
        let marginY = limitKm / kmPerUnitY
        guard x >= Double(minX) - marginX, x <= Double(maxX) + marginX, y >= Double(minY) - marginY,
            y <= Double(maxY) + marginY
        else { return nil }
        var best = Double.infinity
        for ring in rings(index) {
            var previous = vertex(ring.first + ring.count - 1)
            for offset in 0..<ring.count {
                let current = vertex(ring.first + offset)
                let ax = (Double(previous.0) - x) * kmPerUnitX
                let ay = (Double(previous.1) - y) * kmPerUnitY
                let bx = (Double(current.0) - x) * kmPerUnitX
                let by = (Double(current.1) - y) * kmPerUnitY
                best = min(best, PolygonTest.distanceToSegment(ax, ay, bx, by))
                previous = current
            }
        }
        return best
    }
}

/// The even-odd crossing test and a segment distance, shared by the embedded areas and the feeds' own polygons.
enum PolygonTest {
    /// Whether the ray from (`x`, `y`) towards +x crosses the edge `from`–`to` (half-open in y, so a vertex on the
    /// ray counts once).
    @inline(__always)
    static func crosses(x: Double, y: Double, from a: (Int32, Int32), to b: (Int32, Int32)) -> Bool {
        crosses(x: x, y: y, ax: Double(a.0), ay: Double(a.1), bx: Double(b.0), by: Double(b.1))
    }

    @inline(__always)
    static func crosses(x: Double, y: Double, ax: Double, ay: Double, bx: Double, by: Double) -> Bool {
        guard (ay > y) != (by > y) else { return false }
        return x < (bx - ax) * (y - ay) / (by - ay) + ax
    }

    /// Whether the even-odd rule puts (`x`, `y`) inside `rings` (each a list of (x, y), closed implicitly).
    static func contains(x: Double, y: Double, rings: [[(Double, Double)]]) -> Bool {
        var inside = false
        for ring in rings where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for current in ring {
                if crosses(x: x, y: y, ax: previous.0, ay: previous.1, bx: current.0, by: current.1) {
                    inside.toggle()
                }
                previous = current
            }
        }
        return inside
    }

    /// The distance from the origin to the segment (ax, ay)–(bx, by).
    static func distanceToSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax
        let dy = by - ay
        let length2 = dx * dx + dy * dy
        let t = length2 == 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / length2))
        let px = ax + t * dx
        let py = ay + t * dy
        return (px * px + py * py).squareRoot()
    }
}
