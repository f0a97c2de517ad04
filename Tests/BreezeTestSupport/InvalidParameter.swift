import Breeze

/// Whether `error` is an `invalidParameter` naming `field`: what a test checks when a request must reject a value
/// and say which parameter it was, as in `#expect { … } throws: { isInvalidParameter($0, named: "days") }`.
public func isInvalidParameter(_ error: any Error, named field: String) -> Bool {
    guard case BreezeError.invalidParameter(let name, _) = error else { return false }
    return name == field
}
