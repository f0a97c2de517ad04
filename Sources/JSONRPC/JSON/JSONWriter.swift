import FoundationEssentials

/// Writes JSON text exactly as the router's `JSONEncoder` (sorted keys, slashes unescaped) would write the same
/// values, without Codable's per-value containers: the one way a result is written (see `JSONWritable`).
///
/// A long series has thousands of numbers, and Codable spends a container per value; here each is one shortest
/// round-trip formatting. The output is compared byte for byte with `JSONEncoder`'s in the tests, so the two can be
/// swapped freely.
///
/// Two sinks, fed by the same calls: bytes, the reply's text (the usual case, and the fast one), or a `JSONValue`
/// tree, for an answer that must be cut to a size (`ReplyBound`), so a result is written one way whichever is
/// wanted and no text is parsed back.
public struct JSONWriter {
    /// The text written so far; empty for a writer building a tree.
    public private(set) var bytes: [UInt8] = []
    /// The tree being built, nil for a writer of bytes.
    private let tree: JSONTree?
    /// The first error met writing a value through `Encodable` (see `encodable(_:)`), which the reply reports.
    public private(set) var failure: (any Error)?

    /// A writer of bytes, with room for `capacity` of them.
    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
        tree = nil
    }

    private init(tree: JSONTree) {
        self.tree = tree
    }

    /// A writer that builds a `JSONValue` instead of text (see `value`).
    public static func tree() -> JSONWriter { JSONWriter(tree: JSONTree()) }

    /// What a tree writer has built; `null` for a writer of bytes.
    public var value: JSONValue { tree?.root ?? .null }

    /// `value`'s JSON text.
    public static func bytes(of value: some JSONWritable, capacity: Int = 1024) throws -> [UInt8] {
        var json = JSONWriter(capacity: capacity)
        value.write(to: &json)
        if let failure = json.failure { throw failure }
        return json.bytes
    }

    /// `value` as a tree.
    public static func tree(of value: some JSONWritable) throws -> JSONValue {
        var json = JSONWriter.tree()
        value.write(to: &json)
        if let failure = json.failure { throw failure }
        return json.value
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Validated JSON text, as is.
    public mutating func json(_ text: JSONText) {
        if let tree { return tree.add(JSONValue(text.root, in: text)) }
        bytes.append(contentsOf: text.bytes)
    }

    /// `value` through its `Encodable` conformance, as the router's `JSONEncoder` writes it: the bridge of the
    /// small models that keep Codable (see `JSONWritable`). A value that cannot be encoded is written as `null`
    /// and its error kept in `failure`, which fails the reply.
    public mutating func encodable(_ value: some Encodable) {
        let encoded: [UInt8]
        do {
            encoded = Array(try Router.encoder.encode(value))
        } catch {
            failure = failure ?? error
            return null()
        }
        guard let tree else { return bytes.append(contentsOf: encoded) }
        // The encoder's own text, so it is valid JSON; only a tree writer reads it back.
        if let text = try? JSONText(validating: encoded, maxDepth: 512) {
            tree.add(JSONValue(text.root, in: text))
        } else {
            tree.add(.null)
        }
    }

    public mutating func null() {
        if let tree { return tree.add(.null) }
        raw("null")
    }

    public mutating func bool(_ value: Bool) {
        if let tree { return tree.add(.bool(value)) }
        if value { raw("true") } else { raw("false") }
    }

    /// A string, escaped as `JSONEncoder` escapes: quote, backslash and control characters only.
    public mutating func string(_ text: String) {
        if let tree { return tree.add(.string(text)) }
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most strings (times, names, units) need no escape: copied in one go.
            if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { escaped(byte) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        case 0..<0x20:
            raw("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        default: bytes.append(byte)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    public mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    public mutating func number(_ value: Int) {
        if let tree { return tree.add(.number(Double(value))) }
        withScratch { Self.format(value, into: $0) }
    }

    /// Shortest round-trip digits, as `JSONEncoder` writes them: `38` for 38.0, `1e-05`, `-0`.
    public mutating func number(_ value: Double) {
        if let tree { return tree.add(value.isFinite ? .number(value) : .null) }
        withScratch { Self.format(value, into: $0) }
    }

    public mutating func number(_ value: Double?) {
        if let value { number(value) } else { null() }
    }

    /// An array of numbers and nulls, the bulk of a large result: formatted into one buffer sized for the worst
    /// case and appended once, instead of appending byte by byte (each append checks the array's capacity and
    /// uniqueness).
    public mutating func numbers(_ values: [Double?]) {
        if let tree {
            return tree.add(.array(values.map { value in value.map { $0.isFinite ? .number($0) : .null } ?? .null }))
        }
        let scratch = [UInt8](unsafeUninitializedCapacity: values.count * (Self.maxNumberBytes + 1) + 2) {
            buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var end = base
            end.pointee = UInt8(ascii: "[")
            end += 1
            for (index, value) in values.enumerated() {
                if index > 0 {
                    end.pointee = UInt8(ascii: ",")
                    end += 1
                }
                if let value {
                    end += Self.format(value, into: end)
                } else {
                    end += Self.copy("null", to: end)
                }
            }
            end.pointee = UInt8(ascii: "]")
            initialized = end - base + 1
        }
        bytes.append(contentsOf: scratch)
    }

    /// The most bytes `format` writes: `-2.2250738585072014e-308` for a Double, `-9223372036854775808` for an Int.
    static let maxNumberBytes = 24

    /// Runs `write` on room for one number and appends what it wrote.
    private mutating func withScratch(_ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxNumberBytes) { buffer in
            guard let base = buffer.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: write(base)))
        }
    }

    /// Writes `value` in decimal at `out`; returns the bytes written.
    private static func format(_ value: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var start = out
        if value < 0 {
            start.pointee = UInt8(ascii: "-")
            start += 1
        }
        // `magnitude` is a UInt, so `Int.min` needs no special case.
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while magnitude >= power {
            digits += 1
            if digits == 20 { break }  // 10²⁰ is beyond UInt
            power *= 10
        }
        // From the right, two digits per lookup.
        var position = digits
        while position >= 2 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            start[position - 1] = digitPairs[pair + 1]
            start[position - 2] = digitPairs[pair]
            position -= 2
        }
        if position == 1 { start[0] = UInt8(ascii: "0") + UInt8(magnitude) }
        return start + digits - out
    }

    /// "00", "01" … "99": two digits per lookup.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { (pair: Int) -> [UInt8] in
        [UInt8(ascii: "0") + UInt8(pair / 10), UInt8(ascii: "0") + UInt8(pair % 10)]
    }

    /// Writes `value` as `JSONEncoder` would at `out`; returns the bytes written (at most `maxNumberBytes`).
    private static func format(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            return copy("null", to: out)  // JSONEncoder refuses these; results never hold them (missing values are nil)
        }
        if let written = formatFewDecimals(value, into: out) { return written }
        var text = value.description
        return text.withUTF8 { utf8 in
            // `description` writes 38.0; JSONEncoder writes 38.
            let dropped =
                utf8.count > 2 && utf8[utf8.count - 1] == UInt8(ascii: "0")
                && utf8[utf8.count - 2] == UInt8(ascii: ".")
            let count = min(utf8.count - (dropped ? 2 : 0), maxNumberBytes)
            guard let base = utf8.baseAddress else { return 0 }
            out.update(from: base, count: count)
            return count
        }
    }

    /// The common case without making a String: a value that is exactly the Double nearest k / 1000 (every value
    /// rounded to thousandths, as upstreams round theirs), below 10¹² so no exponent form applies. That decimal is
    /// then the shortest text reading back as the value, so it is what `description` would give. Nil for any other
    /// value.
    private static func formatFewDecimals(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let scaled = value * 1000
        guard scaled.magnitude < 1e15 else { return nil }
        // Rounded half away from zero by truncating, not through libm's `round`. Whichever integer this gives, the
        // check below accepts only the one integer whose thousandths are exactly `value`.
        var whole = Int(scaled + (scaled < 0 ? -0.5 : 0.5))
        guard Double(whole) / 1000 == value else { return nil }
        var end = out
        if whole < 0 || (whole == 0 && value.sign == .minus) {
            end.pointee = UInt8(ascii: "-")
            end += 1
            whole = -whole
        }
        end += format(whole / 1000, into: end)
        let fraction = whole % 1000
        guard fraction != 0 else { return end - out }
        end[0] = UInt8(ascii: ".")
        // Up to three decimals, trailing zeros dropped.
        end[1] = UInt8(ascii: "0") + UInt8(fraction / 100)
        let rest = fraction % 100
        if rest == 0 { return end + 2 - out }
        if rest % 10 == 0 {
            end[2] = UInt8(ascii: "0") + UInt8(rest / 10)
            return end + 3 - out
        }
        end[2] = digitPairs[rest * 2]
        end[3] = digitPairs[rest * 2 + 1]
        return end + 4 - out
    }

    private static func copy(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// An array, each element written by `element`.
    public mutating func array<C: Collection>(_ elements: C, _ element: (inout JSONWriter, C.Element) -> Void) {
        if let tree {
            tree.beginArray()
            for item in elements { element(&self, item) }
            return tree.end()
        }
        bytes.append(UInt8(ascii: "["))
        var first = true
        for item in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            element(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object from a dictionary, keys sorted as `JSONEncoder`'s `.sortedKeys` sorts them.
    public mutating func object<Value>(_ members: [String: Value], _ value: (inout JSONWriter, Value) -> Void) {
        if let tree {
            tree.beginObject()
            for (key, member) in members {
                tree.key(key)
                value(&self, member)
            }
            return tree.end()
        }
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for key in members.keys.sorted() {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            string(key)
            bytes.append(UInt8(ascii: ":"))
            // The key came from the dictionary, so the lookup succeeds.
            if let member = members[key] { value(&self, member) }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// An object of a few members of different types, written in sorted key order as the router's encoder sorts
    /// them: the shape of most results. A member whose value is nil is written as `null`; one left out of
    /// `members` is not written.
    public mutating func object(_ members: [String: any JSONWritable]) {
        object(members) { json, member in member.write(to: &json) }
    }

    /// Starts an object whose keys the caller writes in sorted order with `key(_:first:)`.
    public mutating func beginObject() {
        if let tree { return tree.beginObject() }
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        if let tree { return tree.end() }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A member key (a literal, already in sorted order), preceded by a comma unless it is the first.
    public mutating func key(_ name: StaticString, first: Bool = false) {
        if let tree { return tree.key(name.description) }
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    /// Any JSON value, keys sorted, numbers as `number(_:)` writes them: what the router's encoder writes, except
    /// that -0 keeps its sign, so a value cut from an answer reads as the answer wrote it.
    public mutating func write(_ value: JSONValue) {
        if let tree { return tree.add(value) }
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements): array(elements) { $0.write($1) }
        case .object(let members): object(members) { $0.write($1) }
        }
    }

    /// `value`, written as it writes itself.
    public mutating func write(_ value: some JSONWritable) {
        value.write(to: &self)
    }
}

/// The `JSONValue` a tree writer builds: the containers still open, innermost last.
private final class JSONTree {
    private enum Open {
        case array([JSONValue])
        /// An object, and the key of the member to come.
        case object([String: JSONValue], key: String)
    }

    private var open: [Open] = []
    private(set) var root: JSONValue = .null

    func add(_ value: JSONValue) {
        switch open.popLast() {
        case nil:
            root = value
        case .array(var elements):
            elements.append(value)
            open.append(.array(elements))
        case .object(var members, let key):
            members[key] = value
            open.append(.object(members, key: ""))
        }
    }

    func beginArray() { open.append(.array([])) }

    func beginObject() { open.append(.object([:], key: "")) }

    func key(_ name: String) {
        guard case .object(let members, _)? = open.popLast() else { return }
        open.append(.object(members, key: name))
    }

    /// Closes the innermost container, which becomes a value of the one around it.
    func end() {
        switch open.popLast() {
        case nil: break
        case .array(let elements): add(.array(elements))
        case .object(let members, _): add(.object(members))
        }
    }
}
