extension KeyedDecodingContainer {
    /// An integer parameter, or `nil` when it is absent or `null`.
    ///
    /// Why not `decodeIfPresent(Int.self, …)`: for a fractional number such as `1.5`, JSONDecoder throws
    /// `dataCorrupted` with an empty coding path ("The given data was not valid JSON."), so the -32602 reply
    /// could not name the field. Decoding the number and checking it here keeps the field in the error.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        let number: Double?
        do {
            number = try decodeIfPresent(Double.self, forKey: key)
        } catch DecodingError.typeMismatch(_, let context) {
            throw DecodingError.typeMismatch(Int.self, context)  // so the message says "an integer"
        }
        guard let value = number else { return nil }
        guard value == value.rounded(), abs(value) < 1e15 else {
            throw DecodingError.typeMismatch(
                Int.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "not a whole number"))
        }
        return Int(value)
    }
}
