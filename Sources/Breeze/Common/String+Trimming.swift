extension StringProtocol {
    /// Without spaces and tabs at either end (Unicode's space separators and U+0009, as Foundation's
    /// `.whitespaces`).
    func trimmingWhitespace() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without spaces, tabs and line breaks at either end (as Foundation's `.whitespacesAndNewlines`).
    func trimmingWhitespaceAndNewlines() -> String {
        trimming { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
            default: ("\t"..."\r").contains(scalar) || scalar == "\u{85}"
            }
        }
    }

    /// Trims by Unicode scalar, as Foundation's `trimmingCharacters(in:)` does.
    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
