import CPlaces

/// The table of populated places (every GeoNames place with at least 1,000 people), read in place from the bytes
/// embedded in the binary: nothing is copied or decoded up front.
///
/// The layout is written by `Sources/CPlaces/generate_places.py` (its docstring is the format's reference):
/// a header of section offsets, a 1-degree cell index, fixed 20-byte records sorted by cell, then small tables
/// of admin1 areas, countries and time zones, and a pool of length-prefixed UTF-8 strings.
/// - Important: the bytes live as long as the process and are never written, which is what makes sharing the
///   table between tasks safe (`@unchecked Sendable`).
public struct PlaceTable: @unchecked Sendable {
    /// The table embedded in this binary. Parsed on first use (a global `let`), so a process that never looks a
    /// place up never touches its pages.
    public static let embedded = embeddedTable(breeze_places, named: "place", read: PlaceTable.init)

    /// Rows of 1-degree cells, from -90 degrees latitude.
    static let rows = 180
    /// Columns of 1-degree cells, from -180 degrees longitude.
    static let columns = 360
    /// Coordinates are stored in units of 1e-5 degrees (about 1.1 m).
    static let unitsPerDegree = 100_000.0
    static let recordSize = 20

    let bytes: UnsafeRawBufferPointer
    /// How many places the table holds.
    public let count: Int
    let cellsOffset: Int
    let recordsOffset: Int
    let admin1Offset: Int
    let admin1Count: Int
    let countriesOffset: Int
    let countryCount: Int
    let timezonesOffset: Int
    let timezoneCount: Int
    let stringsOffset: Int
    let stringsSize: Int
    /// The data's credit, as the licence asks: source, licence and what was changed.
    public let attribution: String

    /// Reads the header of `bytes`; nil unless it is a table of this version whose sections lie within it.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard let header = EmbeddedTableHeader(bytes, magic: "BRZPLACE", sizeWord: 13) else { return nil }
        self.bytes = bytes
        count = header.word(1)
        cellsOffset = header.word(2)
        recordsOffset = header.word(3)
        admin1Offset = header.word(4)
        admin1Count = header.word(5)
        countriesOffset = header.word(6)
        countryCount = header.word(7)
        timezonesOffset = header.word(8)
        timezoneCount = header.word(9)
        stringsOffset = header.word(10)
        stringsSize = header.word(11)
        let sections = [
            (cellsOffset, (Self.rows * Self.columns + 1) * 4), (recordsOffset, count * Self.recordSize),
            (admin1Offset, admin1Count * 8), (countriesOffset, countryCount * 8), (timezonesOffset, timezoneCount * 4),
            (stringsOffset, stringsSize),
        ]
        guard header.holds(sections) else { return nil }
        attribution = Self.string(in: bytes, pool: stringsOffset, at: header.word(12))
    }

    // MARK: - Reading

    private func uint32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private func uint16(at offset: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The string whose reference (offset in the pool) is `reference`: a length byte, then UTF-8.
    private func string(at reference: Int) -> String {
        Self.string(in: bytes, pool: stringsOffset, at: reference)
    }

    private static func string(in bytes: UnsafeRawBufferPointer, pool: Int, at reference: Int) -> String {
        let start = pool + reference
        let length = Int(bytes[start])
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(start + 1 + length)]), as: UTF8.self)
    }

    /// The first record of cell `cell` (row-major), and with `cell + 1` the end of its records.
    func cellStart(_ cell: Int) -> Int {
        Int(uint32(at: cellsOffset + 4 * cell))
    }

    /// Record `index`'s latitude in 1e-5 degrees.
    func latitudeUnits(_ index: Int) -> Int32 {
        Int32(bitPattern: uint32(at: recordsOffset + Self.recordSize * index))
    }

    /// Record `index`'s longitude in 1e-5 degrees.
    func longitudeUnits(_ index: Int) -> Int32 {
        Int32(bitPattern: uint32(at: recordsOffset + Self.recordSize * index + 4))
    }

    /// Record `index` as a place `distanceKm` from the point asked about.
    func place(_ index: Int, distanceKm: Double) -> NearbyPlace {
        let record = recordsOffset + Self.recordSize * index
        let admin1 = admin1Offset + 8 * Int(uint16(at: record + 16))
        let admin1Name = uint32(at: admin1)
        let country = countriesOffset + 8 * Int(uint16(at: admin1 + 4))
        let timezone = timezonesOffset + 4 * Int(uint16(at: record + 18))
        return NearbyPlace(
            name: string(at: Int(uint32(at: record + 8))),
            admin1: admin1Name == .max ? nil : string(at: Int(admin1Name)),
            country: string(at: Int(uint32(at: country + 4))),
            countryCode: String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[country..<(country + 2)]), as: UTF8.self),
            timezone: string(at: Int(uint32(at: timezone))),
            population: Int(uint32(at: record + 12)),
            latitude: Double(latitudeUnits(index)) / Self.unitsPerDegree,
            longitude: Double(longitudeUnits(index)) / Self.unitsPerDegree,
            distanceKm: (distanceKm * 100).rounded() / 100)
    }
}

/// A table embedded by `CPlaces/tables.S`, read through its accessor. The table comes from the same build, so a wrong
/// one is a build error, not a user's problem: it stops the process.
func embeddedTable<Table>(
    _ accessor: (UnsafeMutablePointer<Int>) -> UnsafePointer<UInt8>?, named name: String,
    read: (UnsafeRawBufferPointer) -> Table?
) -> Table {
    var count = 0
    let start = accessor(&count)
    guard let table = read(UnsafeRawBufferPointer(start: start, count: count)) else {
        fatalError("The embedded \(name) table is damaged; rebuild breeze-rpc.")
    }
    return table
}

/// The header both embedded tables begin with, as the generators in `Sources/CPlaces` write it: an 8-byte magic,
/// then little-endian UInt32 words, the first the format's version, all within 64 bytes.
struct EmbeddedTableHeader {
    static let size = 64
    let bytes: UnsafeRawBufferPointer

    /// Nil unless `bytes` begin with `magic`, are of version 1 and are as long as word `sizeWord` says.
    init?(_ bytes: UnsafeRawBufferPointer, magic: String, sizeWord: Int) {
        guard bytes.count >= Self.size, bytes.prefix(8).elementsEqual(magic.utf8) else { return nil }
        self.bytes = bytes
        guard word(0) == 1, word(sizeWord) == bytes.count else { return nil }
    }

    /// The `index`th word after the magic.
    func word(_ index: Int) -> Int {
        Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 + 4 * index, as: UInt32.self)))
    }

    /// Whether every section, as (offset, length), lies past the header and within the table.
    func holds(_ sections: [(Int, Int)]) -> Bool {
        sections.allSatisfy { $0.0 >= Self.size && $0.0 + $0.1 <= bytes.count }
    }
}
