/// Number literals in validated JSON text that a `Double` or an `Int` cannot hold.
///
/// JSON puts no bound on a number, but Foundation's `JSONDecoder` does: a literal beyond `Double`'s range
/// (`1e999`, `-1e400`, 400 digits) or so close to zero that it rounds to 0 (`1e-999`) makes it throw "The given
/// data was not valid JSON." with an empty coding path, or makes a decoder that tries several types fall through
/// to the wrong one. The text is valid JSON, so the server finds such literals itself, before decoding, and
/// names the field.
extension JSONText {
    /// The first number literal inside `value` that a `Double` cannot hold, if any: one that overflows to
    /// infinity, or a non-zero one that underflows to zero (see `overflows(_:)` for which).
    ///
    /// One pass over the bytes, skipping strings; only a literal with an exponent or more than 308 characters
    /// can be out of range, so the rest are never converted.
    public func firstNumberBeyondDouble(in value: Value) -> Value? {
        var index = value.range.lowerBound
        let end = value.range.upperBound
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                var exponent: Int?
                while index < end, Self.isNumberByte(bytes[index]) {
                    if bytes[index] | 0x20 == UInt8(ascii: "e") { exponent = index }
                    index += 1
                }
                guard exponent != nil || index - start > 308,
                    let number = Double(String(decoding: bytes[start..<index], as: UTF8.self))
                else { continue }
                let mantissa = bytes[start..<(exponent ?? index)]
                if !number.isFinite
                    || (number == 0 && mantissa.contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) })
                {
                    return Value(range: start..<index, kind: .number)
                }
            default:
                index += 1
            }
        }
        return nil
    }

    /// Whether a number `firstNumberBeyondDouble` found is too large (else it is too close to zero).
    public func overflows(_ value: Value) -> Bool {
        Double(String(decoding: slice(value), as: UTF8.self))?.isFinite == false
    }

    /// Whether a number value is written as an integer (no fraction, no exponent), whatever its size.
    public func isIntegerLiteral(_ value: Value) -> Bool {
        value.kind == .number
            && !slice(value).contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
    }

    /// Where `target` (a value inside `container`) sits: the member keys and element indexes leading to it, in
    /// the path notation of -32602's `field` (`latitude[0]`, `a.b`), after `prefix`.
    public func path(to target: Value, in container: Value, prefix: String) -> String {
        var path = prefix
        var current = container
        while current.range != target.range {
            switch current.kind {
            case .object:
                guard
                    let member = members(of: current).first(where: { $0.value.range.contains(target.range.lowerBound) })
                else { return path }
                path += (path.isEmpty ? "" : ".") + member.key
                current = member.value
            case .array:
                guard
                    let (index, element) = elements(of: current).enumerated()
                        .first(where: { $0.element.range.contains(target.range.lowerBound) })
                else { return path }
                path += "[\(index)]"
                current = element
            default:
                return path
            }
        }
        return path
    }

    /// A literal as quoted in a message: whole when short, else its first 24 characters and an ellipsis.
    public func literal(_ value: Value) -> String {
        let text = String(decoding: slice(value), as: UTF8.self)
        return text.count <= 32 ? text : text.prefix(24) + "…"
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }
}
