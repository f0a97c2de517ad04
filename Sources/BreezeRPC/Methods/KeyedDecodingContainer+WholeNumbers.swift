import Breeze
import FoundationEssentials

/// The one way method params decode integers, so every -32602 for a bad integer names its field.
///
/// Why not `decodeIfPresent(Int.self, …)`: for a fractional number such as `1.5`, JSONDecoder throws
/// `dataCorrupted` with an empty coding path ("The given data was not valid JSON."), so the -32602 reply could
/// not name the field. Decoding the number and checking it here keeps the field (and, in an array, the index)
/// in the error, and a mistyped value reads "must be an integer", not "must be a number". A whole number too
/// large to be exact in a `Double` (beyond 10¹⁵, up to 64 bits and past them) is an integer out of range, and
/// its error says the param's `range` (see `outOfRange`).
extension KeyedDecodingContainer {
    /// An integer parameter, or `nil` when it is absent or `null`.
    /// - Parameter range: the param's own range, named when the value is too large to check against it.
    func decodeWholeNumberIfPresent(forKey key: Key, in range: ClosedRange<Int>? = nil) throws -> Int? {
        let number: Double?
        do {
            number = try decodeIfPresent(Double.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(Int.self, context)
        }
        return try number.map { number in
            try wholeNumber(number, at: codingPath + [key], range: range) {
                try? decodeIfPresent(Decimal.self, forKey: key)
            }
        }
    }

    /// An array-of-integers parameter, or `nil` when it is absent or `null`; a bad element is named by index
    /// (`years[1]`).
    /// - Parameter range: each element's range, named when an element is too large to check against it.
    func decodeWholeNumbersIfPresent(forKey key: Key, in range: ClosedRange<Int>? = nil) throws -> [Int]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        var elements = try nestedUnkeyedContainer(forKey: key)
        var numbers: [Int] = []
        while !elements.isAtEnd {
            let index = elements.currentIndex
            let path = elements.codingPath + [ElementIndex(intValue: index)]
            do {
                numbers.append(
                    try wholeNumber(try elements.decode(Double.self), at: path, range: range) {
                        (try? decode([Decimal].self, forKey: key))?[index]
                    })
            } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
                throw DecodingError.typeMismatch(Int.self, context)
            }
        }
        return numbers
    }

    /// - Parameter exact: the value as written, for the message, when it is too large for a `Double` to keep
    ///   every digit (nil when it cannot be read so: then the `Double` is shown).
    private func wholeNumber(
        _ value: Double, at path: [any CodingKey], range: ClosedRange<Int>?, exact: () -> Decimal?
    ) throws -> Int {
        if value == value.rounded(), abs(value) >= 1e15 {
            throw outOfRange(exact().map { "\($0)" } ?? value.plainText, at: path, range: range)
        }
        guard value == value.rounded() else {
            throw DecodingError.typeMismatch(
                Int.self, DecodingError.Context(codingPath: path, debugDescription: "not a whole number"))
        }
        return Int(value)
    }

    /// -32602 for a whole number beyond every param's range: worded as the domain's range checks are
    /// (`checkRange`), with the param's own range, or the 64-bit integers' when it has none.
    private func outOfRange(_ text: String, at path: [any CodingKey], range: ClosedRange<Int>?) -> BreezeError {
        let name = path.reduce(into: "") { name, key in
            if let index = key.intValue {
                name += "[\(index)]"
            } else {
                name += (name.isEmpty ? "" : ".") + key.stringValue
            }
        }
        let bounds = range ?? Int.min...Int.max
        let what = range == nil ? "an integer from" : "from"
        return .invalidParameter(
            name: name, reason: "must be \(what) \(bounds.lowerBound) to \(bounds.upperBound), not \(text).")
    }
}

/// The coding key of an array element, for error paths such as `years[1]`.
private struct ElementIndex: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
