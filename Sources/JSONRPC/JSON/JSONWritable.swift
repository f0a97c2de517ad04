/// A value that writes itself as JSON: the one way a method's result becomes the text of its reply.
///
/// A large result (thousands of numbers in series) writes its members in sorted key order with the
/// writer's calls; a small model keeps `Codable` and adopts this with one line, `extension Model: JSONWritable {}`,
/// through the bridge below. Either way a type is written one way, and the same calls feed the writer's bytes or,
/// for an answer to be cut, its tree.
public protocol JSONWritable: Sendable {
    func write(to json: inout JSONWriter)
}

extension JSONWritable where Self: Encodable {
    /// The bridge for models that keep `Codable`: written as the router's `JSONEncoder` writes them.
    public func write(to json: inout JSONWriter) {
        json.encodable(self)
    }
}

/// Written as the router's encoder writes it, except that -0 keeps its sign (see `JSONWriter.write(_:)`).
extension JSONValue: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.write(self)
    }
}

extension String: JSONWritable {
    public func write(to json: inout JSONWriter) { json.string(self) }
}

extension Int: JSONWritable {
    public func write(to json: inout JSONWriter) { json.number(self) }
}

extension Double: JSONWritable {
    public func write(to json: inout JSONWriter) { json.number(self) }
}

extension Bool: JSONWritable {
    public func write(to json: inout JSONWriter) { json.bool(self) }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to json: inout JSONWriter) {
        // The lists a large result is made of, written without a call per element: a series of numbers and nulls
        // in one go, and texts (times, descriptions) directly. Unsafe only in name: each cast is to the type
        // `Element` was just found to be, which `as?` would check again element by element.
        if Element.self == Double?.self { return json.numbers(unsafeBitCast(self, to: [Double?].self)) }
        if Element.self == String.self { return json.array(unsafeBitCast(self, to: [String].self)) { $0.string($1) } }
        if Element.self == String?.self {
            return json.array(unsafeBitCast(self, to: [String?].self)) { $0.string($1) }
        }
        json.array(self) { $0.write($1) }
    }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    public func write(to json: inout JSONWriter) {
        if let self { json.write(self) } else { json.null() }
    }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// An object, keys sorted as the router's encoder sorts them.
    public func write(to json: inout JSONWriter) {
        json.object(self) { $0.write($1) }
    }
}
