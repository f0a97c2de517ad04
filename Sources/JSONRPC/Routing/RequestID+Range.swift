extension RequestID {
    /// The integers an id may be: the range of `Int`, which is how ids are kept and echoed.
    public static let integerRange = Int.min...Int.max

    /// Why a number is not an id, for -32600: an integer beyond `integerRange` is out of range (and says the
    /// range), a fraction or exponent is not an integer at all.
    static func problem(withNumber value: JSONText.Value, in text: JSONText) -> String {
        guard text.isIntegerLiteral(value) else { return "\"id\" must be a string or an integer." }
        return "\"id\" \(text.literal(value)) is out of range: an integer id must be from "
            + "\(integerRange.lowerBound) to \(integerRange.upperBound)."
    }
}
