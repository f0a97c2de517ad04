/// Strict JSON text: an RFC 8259 syntax check, and shallow views into text that passed it.
///
/// Why not let `JSONDecoder` judge syntax? It accepts trailing commas (`{"id":1,}`), which JSON-RPC must answer
/// with -32700, and it cannot tell us where the members of a request are without decoding them into some tree.
/// One linear pass here validates the whole line (UTF-8 included) with an explicit stack, so a million `[`
/// is a clean error rather than a deep recursion, and afterwards the envelope can be read member by member
/// while `params` is handed to `JSONDecoder` as a byte slice for the method's own typed decoding.
public struct JSONText: Sendable {
    /// The validated bytes.
    public let bytes: [UInt8]

    /// The kind of a JSON value, known from its first byte.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    /// A value inside `bytes`: where it is and what it is.
    public struct Value: Sendable, Equatable {
        public var range: Range<Int>
        public var kind: Kind
    }

    /// The top-level value.
    public let root: Value

    /// Validates `bytes` as one JSON text, with containers nested at most `maxDepth` deep.
    public init(validating bytes: [UInt8], maxDepth: Int = 128) throws(JSONSyntaxError) {
        var validator = Validator(bytes: bytes, maxDepth: maxDepth)
        let range = try validator.run()
        self.bytes = bytes
        self.root = Value(range: range, kind: Self.kind(of: bytes[range.lowerBound]))
    }

    // MARK: - Views into validated text

    /// The members of an object, in document order (duplicates included; callers decide which wins).
    public func members(of object: Value) -> [(key: String, value: Value)] {
        precondition(object.kind == .object)
        var result: [(key: String, value: Value)] = []
        var index = skipWhitespace(from: object.range.lowerBound + 1)
        while bytes[index] != UInt8(ascii: "}") {
            let keyEnd = stringEnd(from: index)
            let key = string(in: index..<keyEnd)
            index = skipWhitespace(from: keyEnd) + 1  // the colon
            index = skipWhitespace(from: index)
            let end = valueEnd(from: index)
            result.append((key, Value(range: index..<end, kind: Self.kind(of: bytes[index]))))
            index = skipWhitespace(from: end)
            if bytes[index] == UInt8(ascii: ",") { index = skipWhitespace(from: index + 1) }
        }
        return result
    }

    /// The elements of an array, in order.
    public func elements(of array: Value) -> [Value] {
        precondition(array.kind == .array)
        var result: [Value] = []
        var index = skipWhitespace(from: array.range.lowerBound + 1)
        while bytes[index] != UInt8(ascii: "]") {
            let end = valueEnd(from: index)
            result.append(Value(range: index..<end, kind: Self.kind(of: bytes[index])))
            index = skipWhitespace(from: end)
            if bytes[index] == UInt8(ascii: ",") { index = skipWhitespace(from: index + 1) }
        }
        return result
    }

    /// The decoded contents of a string value.
    public func string(_ value: Value) -> String {
        precondition(value.kind == .string)
        return string(in: value.range)
    }

    /// The integer a number value spells, or nil when it has a fraction or exponent, or does not fit an `Int`.
    public func integer(_ value: Value) -> Int? {
        guard value.kind == .number else { return nil }
        let digits = bytes[value.range]
        guard !digits.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else {
            return nil
        }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The value's own bytes, e.g. to decode it with `JSONDecoder`.
    public func slice(_ value: Value) -> ArraySlice<UInt8> {
        bytes[value.range]
    }

    // MARK: - Scanning validated text

    private static func kind(of first: UInt8) -> Kind {
        switch first {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    private func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < bytes.count, JSONText.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The index just past the string starting at `start` (an opening quote).
    private func stringEnd(from start: Int) -> Int {
        var index = start + 1
        while bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index + 1
    }

    /// The index just past the value starting at `start`.
    private func valueEnd(from start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while true {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = stringEnd(from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
        default:
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    return index
                default:
                    index += 1
                }
            }
            return index
        }
    }

    /// Decodes the string literal spanning `range` (quotes included).
    private func string(in range: Range<Int>) -> String {
        let body = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = body.startIndex
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
        }
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                flush()
                var code = JSONText.hexValue(body[index..<(index + 4)])
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    // The validator guarantees a low surrogate follows.
                    let low = JSONText.hexValue(body[(index + 2)..<(index + 6)])
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: utf8.append(escape)  // \" \\ \/
            }
        }
        flush()
        return String(scalars)
    }

    fileprivate static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt32 {
        digits.reduce(0) { $0 << 4 | UInt32(hexDigit($1) ?? 0) }
    }

    fileprivate static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    fileprivate static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    // MARK: - Writing

    /// `string` as a JSON string literal, escaping only what JSON requires.
    public static func quoted(_ string: String) -> String {
        String(decoding: quoted(utf8: Array(string.utf8)), as: UTF8.self)
    }

    /// UTF-8 text as a JSON string literal, byte for byte, without making a `String` of it: for JSON text carried
    /// as a string (an MCP tool result's text block). Below 0x20 a byte is the scalar, so `\u00XX` is the same escape.
    static func quoted(utf8 text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(text.count + text.count / 8 + 2)
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
            case UInt8(ascii: "\n"): result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: result += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }
}

/// Why a line is not valid JSON, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset of the problem in the line.
    public var offset: Int
    public var reason: String
    /// True when the text was rejected only for nesting too deep; the JSON may well be valid.
    public var isTooDeep: Bool = false

    public var description: String { "\(reason) at byte \(offset)" }
}

// MARK: - Validation

/// A single-pass RFC 8259 validator with an explicit container stack.
private struct Validator {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    private enum State { case value, key, afterValue }

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Validates the whole text and returns the range of the top-level value.
    mutating func run() throws(JSONSyntaxError) -> Range<Int> {
        var inObject: [Bool] = []  // one entry per open container
        var state = State.value
        skipWhitespace()
        let start = index
        while true {
            switch state {
            case .value:
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end of input") }
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard inObject.count < maxDepth else {
                        throw JSONSyntaxError(
                            offset: index, reason: "nesting deeper than \(maxDepth) levels", isTooDeep: true)
                    }
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    inObject.append(isObject)
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
                        inObject.removeLast()
                        index += 1
                        state = .afterValue
                    } else {
                        state = isObject ? .key : .value
                    }
                case UInt8(ascii: "\""):
                    try scanString()
                    state = .afterValue
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try scanNumber()
                    state = .afterValue
                case UInt8(ascii: "t"):
                    try scanLiteral("true")
                    state = .afterValue
                case UInt8(ascii: "f"):
                    try scanLiteral("false")
                    state = .afterValue
                case UInt8(ascii: "n"):
                    try scanLiteral("null")
                    state = .afterValue
                default:
                    throw unexpected()
                }
            case .key:
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end of input") }
                guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expecting: "a string key") }
                try scanString()
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end of input") }
                guard bytes[index] == UInt8(ascii: ":") else { throw unexpected(expecting: "':'") }
                index += 1
                state = .value
            case .afterValue:
                skipWhitespace()
                guard let isObject = inObject.last else {
                    guard index == bytes.count else { throw unexpected(expecting: "the end of the line") }
                    var end = index
                    while end > start, JSONText.isWhitespace(bytes[end - 1]) { end -= 1 }
                    return start..<end
                }
                guard index < bytes.count else { throw failure("unexpected end of input") }
                switch bytes[index] {
                case UInt8(ascii: ","):
                    index += 1
                    state = isObject ? .key : .value
                case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                    inObject.removeLast()
                    index += 1
                default:
                    throw unexpected(expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
            }
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONText.isWhitespace(bytes[index]) { index += 1 }
    }

    private func failure(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    private func unexpected(expecting expected: String? = nil) -> JSONSyntaxError {
        // A literal or number cut short by the end of the line lands here with nothing left to show.
        guard index < bytes.count else {
            return failure("unexpected end of input" + (expected.map { ", expected \($0)" } ?? ""))
        }
        let byte = bytes[index]
        let shown =
            (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return failure("unexpected \(shown)" + (expected.map { ", expected \($0)" } ?? ""))
    }

    private mutating func scanLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else { throw unexpected() }
            index += 1
        }
    }

    private mutating func scanNumber() throws(JSONSyntaxError) {
        func digits(_ validator: inout Validator) -> Int {
            let start = validator.index
            while validator.index < validator.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(validator.bytes[validator.index])
            {
                validator.index += 1
            }
            return validator.index - start
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw failure("unexpected end of input in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw unexpected(expecting: "a digit")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw failure("a number needs digits in its exponent") }
        }
    }

    private mutating func scanString() throws(JSONSyntaxError) {
        index += 1  // opening quote
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                try scanEscape()
            case 0..<0x20:
                throw failure("unescaped control character in a string")
            case 0x80...:
                try scanUTF8Sequence()
            default:
                index += 1
            }
        }
    }

    private mutating func scanEscape() throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else { throw failure("unterminated string") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let code = try scanUnicodeEscape()
            if (0xDC00...0xDFFF).contains(code) { throw failure("lone low surrogate in \\u escape") }
            if (0xD800...0xDBFF).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try scanUnicodeEscape())
                else { throw failure("high surrogate without a low surrogate in \\u escape") }
            }
        default:
            throw failure("invalid escape sequence")
        }
    }

    /// Scans `\uXXXX` starting at the backslash and returns the code unit.
    private mutating func scanUnicodeEscape() throws(JSONSyntaxError) -> UInt32 {
        guard index + 6 <= bytes.count else { throw failure("truncated \\u escape") }
        let digits = bytes[(index + 2)..<(index + 6)]
        guard digits.allSatisfy({ JSONText.hexDigit($0) != nil }) else { throw failure("invalid \\u escape") }
        index += 6
        return JSONText.hexValue(digits)
    }

    /// Checks one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
    private mutating func scanUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let count: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; secondRange = 0x80...0x9F
        case 0xF0: count = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8")
        }
        guard index + count <= bytes.count, secondRange.contains(bytes[index + 1]) else {
            throw failure("invalid UTF-8")
        }
        for offset in 2..<count where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw failure("invalid UTF-8")
        }
        index += count
    }
}
