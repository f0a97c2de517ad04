extension CaseIterable {
    /// The case whose band holds `value`, on a scale whose cases are its bands in order.
    ///
    /// `upperBounds` are where the bands end, inclusive, one fewer than the cases: a value on a boundary belongs to
    /// the lower band, and the last band has no end.
    static func band(of value: Double, upperBounds: [Double]) -> Self {
        let cases = Array(allCases)
        precondition(upperBounds.count == cases.count - 1, "one upper bound per band but the last")
        return cases[upperBounds.firstIndex { value <= $0 } ?? upperBounds.count]
    }
}
