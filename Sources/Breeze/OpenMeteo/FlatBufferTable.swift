import FoundationEssentials

/// Why a FlatBuffers body could not be read: what was wrong, and where (a byte offset in the message).
struct FlatBufferError: Error, Sendable, Equatable, CustomStringConvertible {
    var description: String
}

/// A read-only view of one FlatBuffers message that checks every offset and length before it reads.
///
/// A hostile or truncated message can point anywhere; every load here is bounds-checked against the message
/// and done unaligned (Open-Meteo aligns 8-byte fields to the size prefix, not to the message, and a
/// concatenated body puts later messages at any offset), so a bad body is a `FlatBufferError`, never a trap
/// or a read outside the buffer.
/// - Important: `bytes` is borrowed; a view (and every table made from it) must not outlive the
///   `withUnsafeBytes` call that made it. Readers copy what they keep into Swift values.
struct FlatBufferMessage {
    let bytes: UnsafeRawBufferPointer

    /// The little-endian integer at `offset`.
    func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) throws(FlatBufferError) -> T {
        guard offset >= 0, offset <= bytes.count - MemoryLayout<T>.size else {
            throw FlatBufferError(description: "a \(MemoryLayout<T>.size)-byte field at \(offset) is out of bounds")
        }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    /// The position an unsigned offset at `position` points to (FlatBuffers offsets point forwards).
    func follow(_ position: Int) throws(FlatBufferError) -> Int {
        position + Int(try load(UInt32.self, at: position))
    }

    /// The root table.
    func root() throws(FlatBufferError) -> FlatBufferTable {
        try table(at: follow(0))
    }

    /// The table at `position`, with its vtable checked to lie within the message.
    func table(at position: Int) throws(FlatBufferError) -> FlatBufferTable {
        let vtable = position - Int(try load(Int32.self, at: position))
        let vtableSize = Int(try load(UInt16.self, at: vtable))
        let tableSize = Int(try load(UInt16.self, at: vtable + 2))
        guard vtableSize >= 4, vtableSize <= bytes.count - vtable, tableSize >= 4,
            tableSize <= bytes.count - position
        else {
            throw FlatBufferError(description: "the table at \(position) has a broken vtable")
        }
        return FlatBufferTable(
            message: self, position: position, vtable: vtable, vtableSize: vtableSize,
            tableSize: tableSize)
    }

    /// Where a vector's elements start and how many there are, for the vector whose offset is at `position`.
    func vector(at position: Int, elementSize: Int) throws(FlatBufferError) -> (start: Int, count: Int) {
        let vector = try follow(position)
        let count = Int(try load(UInt32.self, at: vector))
        let start = vector + 4
        // count ≤ 2³², so count × elementSize cannot overflow Int.
        guard start <= bytes.count, count * elementSize <= bytes.count - start else {
            throw FlatBufferError(description: "the vector at \(vector) runs past the end of the message")
        }
        return (start, count)
    }
}

/// One table of a `FlatBufferMessage`: fields found through its vtable, defaults for the ones not stored.
///
/// A field is absent when its slot lies beyond the vtable (a message written with an older schema, or a vtable
/// cut short) or its entry is 0; absent scalars read as the schema's default, absent references as nil.
struct FlatBufferTable {
    let message: FlatBufferMessage
    let position: Int
    let vtable: Int
    let vtableSize: Int
    let tableSize: Int

    /// The field's position in the message, or nil when it is not stored.
    func field(_ slot: Int) throws(FlatBufferError) -> Int? {
        let entry = 4 + 2 * slot
        guard entry + 2 <= vtableSize else { return nil }
        let offset = Int(try message.load(UInt16.self, at: vtable + entry))
        guard offset != 0 else { return nil }
        guard offset >= 4, offset < tableSize else {
            throw FlatBufferError(description: "field \(slot) of the table at \(position) lies outside the table")
        }
        return position + offset
    }

    func integer<T: FixedWidthInteger>(_ slot: Int, default value: T = 0) throws(FlatBufferError) -> T {
        guard let field = try field(slot) else { return value }
        return try message.load(T.self, at: field)
    }

    func float(_ slot: Int, default value: Float = 0) throws(FlatBufferError) -> Float {
        guard let field = try field(slot) else { return value }
        return Float(bitPattern: try message.load(UInt32.self, at: field))
    }

    func table(_ slot: Int) throws(FlatBufferError) -> FlatBufferTable? {
        guard let field = try field(slot) else { return nil }
        return try message.table(at: message.follow(field))
    }

    /// A string field, which must be valid UTF-8.
    func string(_ slot: Int) throws(FlatBufferError) -> String? {
        guard let field = try field(slot) else { return nil }
        let (start, count) = try message.vector(at: field, elementSize: 1)
        guard let text = String(validating: message.bytes[start..<start + count], as: UTF8.self) else {
            throw FlatBufferError(description: "the string at \(start) is not UTF-8")
        }
        return text
    }

    /// A vector of tables.
    func tables(_ slot: Int) throws(FlatBufferError) -> [FlatBufferTable]? {
        guard let field = try field(slot) else { return nil }
        let (start, count) = try message.vector(at: field, elementSize: 4)
        var tables: [FlatBufferTable] = []
        tables.reserveCapacity(count)
        for index in 0..<count {
            tables.append(try message.table(at: message.follow(start + 4 * index)))
        }
        return tables
    }

    /// A vector of Float32, copied out in one go (the host is little-endian, as FlatBuffers is).
    func floats(_ slot: Int) throws(FlatBufferError) -> [Float]? {
        guard let field = try field(slot) else { return nil }
        let (start, count) = try message.vector(at: field, elementSize: 4)
        return Self.copy(message.bytes, start: start, count: count)
    }

    func int64s(_ slot: Int) throws(FlatBufferError) -> [Int64]? {
        guard let field = try field(slot) else { return nil }
        let (start, count) = try message.vector(at: field, elementSize: 8)
        return Self.copy(message.bytes, start: start, count: count)
    }

    /// `count` elements of `T` from `start`, bounds already checked; a byte copy, so alignment does not matter.
    private static func copy<T: BitwiseCopyable>(_ bytes: UnsafeRawBufferPointer, start: Int, count: Int) -> [T] {
        #if _endian(big)
        #error("FlatBuffers are little-endian: this copy assumes a little-endian host")
        #endif
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count * MemoryLayout<T>.size]))
            initialized = count
        }
    }
}
