/// Writes JSON text straight to bytes, exactly as the service's `JSONEncoder` (sorted keys, slashes
/// unescaped) would write the same values, without Codable's per-value containers.
///
/// A 16-day hourly forecast has thousands of numbers; through `JSONEncoder` each `Double?` costs thousands of
/// instructions, here one shortest round-trip formatting. The output is compared byte for byte with
/// `JSONEncoder`'s in the tests, so the two can be swapped freely.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// JSON text written elsewhere, as is.
    mutating func raw(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    mutating func null() { raw("null") }

    /// A string, escaped as `JSONEncoder` escapes: quote, backslash and control characters only.
    mutating func string(_ text: String) {
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

    mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // `magnitude` is a UInt, so `Int.min` needs no special case.
        var magnitude = value.magnitude
        // Most numbers here are small: up to four digits without a division loop.
        if magnitude < 100 {
            if magnitude >= 10 { bytes.append(Self.digitPairs[Int(magnitude) * 2]) }
            return bytes.append(Self.digitPairs[Int(magnitude) * 2 + 1])
        }
        if magnitude < 10_000 {
            let high = Int(magnitude / 100) * 2
            let low = Int(magnitude % 100) * 2
            if high >= 20 { bytes.append(Self.digitPairs[high]) }
            bytes.append(Self.digitPairs[high + 1])
            bytes.append(Self.digitPairs[low])
            return bytes.append(Self.digitPairs[low + 1])
        }
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        // Digit by digit into the array: appending a slice of a scratch buffer went through a generic iterator.
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    /// "00", "01" … "99": two digits per lookup.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { (pair: Int) -> [UInt8] in
        [UInt8(ascii: "0") + UInt8(pair / 10), UInt8(ascii: "0") + UInt8(pair % 10)]
    }

    /// Shortest round-trip digits, as `JSONEncoder` writes them: `38` for 38.0, `1e-05`, `-0`.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            null()  // JSONEncoder refuses these; results never hold them (missing values are nil)
            return
        }
        if writeFewDecimals(value) { return }
        let text = value.description.utf8
        if text.count > 2, text.last == UInt8(ascii: "0"), text.dropLast().last == UInt8(ascii: ".") {
            bytes.append(contentsOf: text.dropLast(2))
        } else {
            bytes.append(contentsOf: text)
        }
    }

    /// The common case without making a String: a value that is exactly the Double nearest k / 1000 (every
    /// value Open-Meteo rounds), below 10¹² so no exponent form applies. That decimal is then the shortest
    /// text reading back as the value, so it is what `description` would give.
    private mutating func writeFewDecimals(_ value: Double) -> Bool {
        let scaled = value * 1000
        guard scaled.magnitude < 1e15 else { return false }
        // Rounded half away from zero by truncating, not through libm's `round`. Whichever integer this gives, the
        // check below accepts only the one integer whose thousandths are exactly `value`.
        var whole = Int(scaled + (scaled < 0 ? -0.5 : 0.5))
        guard Double(whole) / 1000 == value else { return false }
        if whole < 0 || (whole == 0 && value.sign == .minus) {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        number(whole / 1000)
        let fraction = whole % 1000
        guard fraction != 0 else { return true }
        bytes.append(UInt8(ascii: "."))
        // Up to three decimals, trailing zeros dropped.
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        let rest = fraction % 100
        if rest == 0 { return true }
        if rest % 10 == 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / 10))
        } else {
            bytes.append(Self.digitPairs[rest * 2])
            bytes.append(Self.digitPairs[rest * 2 + 1])
        }
        return true
    }

    mutating func number(_ value: Double?) {
        if let value { number(value) } else { null() }
    }

    /// An array, each element written by `element`.
    mutating func array<C: Collection>(_ elements: C, _ element: (inout JSONWriter, C.Element) -> Void) {
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
    mutating func object<Value>(_ members: [String: Value], _ value: (inout JSONWriter, Value) -> Void) {
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

    /// Starts an object whose keys the caller writes in sorted order with `key(_:first:)`.
    mutating func beginObject() { bytes.append(UInt8(ascii: "{")) }

    mutating func endObject() { bytes.append(UInt8(ascii: "}")) }

    /// A member key (a literal, already in sorted order), preceded by a comma unless it is the first.
    mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }
}
