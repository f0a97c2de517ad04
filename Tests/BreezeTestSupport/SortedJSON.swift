import Foundation

/// `value` as JSON with its keys sorted and slashes unescaped: one stable text for a test to compare with.
public func sortedJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
