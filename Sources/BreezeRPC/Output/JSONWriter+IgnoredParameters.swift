import JSONRPC

extension JSONWriter {
    /// An object of `members`, with `ignoredParameters` (the request's params the answer could not honour) only
    /// when set: every result that can ignore a param writes it this one way.
    mutating func object(_ members: [String: any JSONWritable], ignoredParameters: [String]?) {
        var members = members
        if let ignoredParameters { members["ignoredParameters"] = ignoredParameters }
        object(members)
    }
}
