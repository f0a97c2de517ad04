/// The one way method params decode integers, so every -32602 for a bad integer names its field.
///
/// Why not `decodeIfPresent(Int.self, …)`: for a fractional number such as `1.5`, JSONDecoder throws
/// `dataCorrupted` with an empty coding path ("The given data was not valid JSON."), so the -32602 reply could
/// not name the field. Decoding the number and checking it here keeps the field (and, in an array, the index)
/// in the error, and a mistyped value reads "must be an integer", not "must be a number".
extension KeyedDecodingContainer {
    /// An integer parameter, or `nil` when it is absent or `null`.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        let number: Double?
        do {
            number = try decodeIfPresent(Double.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(Int.self, context)
        }
        return try number.map { try wholeNumber($0, at: codingPath + [key]) }
    }

    /// An array-of-integers parameter, or `nil` when it is absent or `null`; a bad element is named by index
    /// (`years[1]`).
    func decodeWholeNumbersIfPresent(forKey key: Key) throws -> [Int]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        var elements = try nestedUnkeyedContainer(forKey: key)
        var numbers: [Int] = []
        while !elements.isAtEnd {
            let path = elements.codingPath + [ElementIndex(intValue: elements.currentIndex)]
            do {
                numbers.append(try wholeNumber(try elements.decode(Double.self), at: path))
            } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
                throw DecodingError.typeMismatch(Int.self, context)
            }
        }
        return numbers
    }

    private func wholeNumber(_ value: Double, at path: [any CodingKey]) throws -> Int {
        guard value == value.rounded(), abs(value) < 1e15 else {
            throw DecodingError.typeMismatch(
                Int.self, DecodingError.Context(codingPath: path, debugDescription: "not a whole number"))
        }
        return Int(value)
    }
}

/// The coding key of an array element, for error paths such as `years[1]`.
private struct ElementIndex: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
