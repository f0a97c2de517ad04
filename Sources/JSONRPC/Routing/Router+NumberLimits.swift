extension Router {
    /// Refuses params holding a number a `Double` cannot hold (`1e999`, `1e-999`), naming the field, before any
    /// decoding.
    ///
    /// Foundation's decoder rejects such a literal as "not valid JSON" without a coding path, or a decoder that
    /// tries several types reports the wrong one ("must be an object"); this check makes every method answer the
    /// same -32602 with `data.field` (`latitude`, `latitude[0]`). `_meta` is nobody's parameter and is left alone,
    /// and params a raw handler passes on (`names` nil) are checked by the method they reach.
    static func checkNumbersFit(_ params: JSONText.Value?, in text: JSONText, names: [String]?)
        throws(ResponseError)
    {
        // The common case costs one scan of the bytes and no allocation.
        guard let params, let names, text.firstNumberBeyondDouble(in: params) != nil else { return }
        let named: [(name: String, value: JSONText.Value)]
        switch params.kind {
        case .object:
            named = text.members(of: params).filter { $0.key != metaMember }.map { ($0.key, $0.value) }
        case .array:
            named = zip(names, text.elements(of: params)).map { ($0, $1) }
        default:
            return
        }
        for (name, value) in named {
            guard let number = text.firstNumberBeyondDouble(in: value) else { continue }
            let field = text.path(to: number, in: value, prefix: name)
            if text.overflows(number) {
                throw .invalidParams(
                    "Parameter '\(field)' must be a finite number, not \(text.literal(number)).", field: field)
            }
            throw .invalidParams(
                "Parameter '\(field)' is too close to zero for a double: write 0, not \(text.literal(number)).",
                field: field)
        }
    }
}
