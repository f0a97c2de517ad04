/// Writing members and series of optional values, `null` for each missing one.
///
/// `JSONEncoder` writes each element of a `[Double?]` through a nested encoder of its own; writing the elements
/// with `encode(_: Double)` and `encodeNil()` directly skips that, which matters for long series. Public for the
/// tests' reference encoders, which must build with a plain `import` (a release build compiles them too).
extension KeyedEncodingContainer {
    /// Each member under its key, `null` where the value is missing: the synthesized encoder would leave the key
    /// out, and a reader should see one shape whatever the source knew.
    public mutating func encodeMembers(_ members: KeyValuePairs<Key, (any Encodable)?>) throws {
        for (key, value) in members {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
    }

    public mutating func encodeNullable(_ values: [Double?], forKey key: Key) throws {
        var array = nestedUnkeyedContainer(forKey: key)
        for value in values {
            if let value { try array.encode(value) } else { try array.encodeNil() }
        }
    }

    public mutating func encodeNullable(_ values: [String?], forKey key: Key) throws {
        var array = nestedUnkeyedContainer(forKey: key)
        for value in values {
            if let value { try array.encode(value) } else { try array.encodeNil() }
        }
    }

    /// An object of series by name.
    public mutating func encodeNullable(_ series: [String: [Double?]], forKey key: Key) throws {
        var object = nestedContainer(keyedBy: VariableKey.self, forKey: key)
        for (name, values) in series { try object.encodeNullable(values, forKey: VariableKey(name)) }
    }

    /// An object of text series by name.
    public mutating func encodeNullable(_ series: [String: [String?]], forKey key: Key) throws {
        var object = nestedContainer(keyedBy: VariableKey.self, forKey: key)
        for (name, values) in series { try object.encodeNullable(values, forKey: VariableKey(name)) }
    }

    /// An object of single values by name.
    public mutating func encodeNullable<Value: Encodable>(_ values: [String: Value?], forKey key: Key) throws {
        var object = nestedContainer(keyedBy: VariableKey.self, forKey: key)
        for (name, value) in values {
            if let value {
                try object.encode(value, forKey: VariableKey(name))
            } else {
                try object.encodeNil(forKey: VariableKey(name))
            }
        }
    }
}

/// Reading series of optional numbers, for the same reason: element by element with `decodeNil()` and
/// `decode(_: Double.Type)` instead of a nested decoder per `Optional<Double>`.
extension KeyedDecodingContainer {
    func decodeNullableNumbers(forKey key: Key) throws -> [Double?] {
        var array = try nestedUnkeyedContainer(forKey: key)
        var values: [Double?] = []
        values.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd {
            values.append(try array.decodeNil() ? nil : array.decode(Double.self))
        }
        return values
    }
}
