import FoundationEssentials

/// A closed set of values for a string parameter, parsed with an error that lists the choices.
public protocol ParameterChoice: RawRepresentable<String>, CaseIterable, Sendable {}

extension ParameterChoice {
    /// The choice named `value`.
    /// - Throws: `BreezeError.invalidParameter` naming `field` and listing the accepted values.
    public init(parameter value: String, field: String) throws(BreezeError) {
        guard let choice = Self(rawValue: value) else {
            let accepted = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidParameter(name: field, reason: "must be one of \(accepted), not \"\(value)\".")
        }
        self = choice
    }
}
