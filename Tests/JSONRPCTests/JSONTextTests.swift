import Foundation
import Testing

@testable import JSONRPC

/// The strict validator and the shallow views over validated text.
@Suite struct JSONTextTests {
    // MARK: - Validity

    /// Texts RFC 8259 accepts, including the corners JSON parsers most often get wrong.
    static let validTexts: [String] = [
        "{}", "[]", " { } ", "\t[\r\n]\n", "0", "-0", "42", "-1.5e+10", "1E-2", "0.0", "\"\"", "\"x\"", "true", "false",
        "null", #"{"a":[1,{"b":null}],"c":"d"}"#, #"["\u00e9","\ud83d\ude00","\/\b\f\n\r\t\"\\"]"#,
        "\"é😀\"", "[[[[[[[[[[1]]]]]]]]]]", #"{"a":1,"a":2}"#,
    ]

    @Test(arguments: validTexts)
    func acceptsValidJSON(_ text: String) throws {
        let parsed = try JSONText(validating: Array(text.utf8))
        // The root range excludes surrounding whitespace.
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(parsed.slice(parsed.root).elementsEqual(trimmed.utf8))
    }

    /// Invalid texts, as raw bytes so that broken UTF-8 can be spelt out.
    static let invalidTexts: [(name: String, bytes: [UInt8])] = [
        ("empty input", []),
        ("whitespace only", Array(" \t\r\n ".utf8)),
        ("trailing comma in an object", Array(#"{"id":1,}"#.utf8)),
        ("trailing comma in an array", Array("[1,2,]".utf8)),
        ("leading zero", Array("01".utf8)),
        ("leading zero after minus", Array("[-01]".utf8)),
        ("lone minus", Array("-".utf8)),
        ("fraction without digits", Array("1.".utf8)),
        ("exponent without digits", Array("1e+".utf8)),
        ("plus sign", Array("+1".utf8)),
        ("leading dot", Array(".5".utf8)),
        ("lone high surrogate escape", Array(#""\ud800""#.utf8)),
        ("lone low surrogate escape", Array(#""\udc00""#.utf8)),
        ("high surrogate followed by a non-surrogate escape", Array(#""\ud800\u0041""#.utf8)),
        ("invalid byte 0xFF", [0x22, 0xFF, 0x22]),
        ("continuation byte without a lead", [0x22, 0x80, 0x22]),
        ("truncated two-byte sequence", [0x22, 0xC3, 0x22]),
        ("overlong slash (C0 AF)", [0x22, 0xC0, 0xAF, 0x22]),
        ("overlong three-byte (E0 80 AF)", [0x22, 0xE0, 0x80, 0xAF, 0x22]),
        ("overlong four-byte (F0 80 80 AF)", [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22]),
        ("surrogate U+D800 encoded in UTF-8", [0x22, 0xED, 0xA0, 0x80, 0x22]),
        ("surrogate U+DFFF encoded in UTF-8", [0x22, 0xED, 0xBF, 0xBF, 0x22]),
        ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
        ("raw non-ASCII outside a string", [0x5B, 0xC3, 0xA9, 0x5D]),
        ("raw newline in a string", Array("\"a\nb\"".utf8)),
        ("raw tab in a string", Array("\"a\tb\"".utf8)),
        ("NUL in a string", [0x22, 0x00, 0x22]),
        ("unknown escape", Array(#""\x41""#.utf8)),
        ("short unicode escape", Array(#""\u12""#.utf8)),
        ("non-hex unicode escape", Array(#""\u12G4""#.utf8)),
        ("unterminated string", Array(#""abc"#.utf8)),
        ("trailing garbage", Array(#"{"id":1}x"#.utf8)),
        ("two values", Array("1 2".utf8)),
        ("two objects", Array("{}{}".utf8)),
        ("single-quoted string", Array("'x'".utf8)),
        ("unquoted key", Array("{id:1}".utf8)),
        ("missing colon", Array(#"{"id" 1}"#.utf8)),
        ("mismatched brackets", Array("[}".utf8)),
        ("unclosed array", Array("[1".utf8)),
        ("literal cut short by the end of the line", Array("nul".utf8)),
        ("literal cut short inside an object", Array(#"{"id":tru"#.utf8)),
        ("capitalised literal", Array("True".utf8)),
        ("NaN", Array("NaN".utf8)),
        ("comment", Array("/* */ 1".utf8)),
    ]

    @Test(arguments: invalidTexts)
    func rejectsInvalidJSON(_ name: String, _ bytes: [UInt8]) {
        #expect(throws: JSONSyntaxError.self, "\(name)") { try JSONText(validating: bytes) }
    }

    @Test func reportsWhereTheTextGoesWrong() throws {
        let error = try #require(throws: JSONSyntaxError.self) { try JSONText(validating: Array(#"{"id":1,}"#.utf8)) }
        #expect(error.offset == 8)
        #expect(!error.isTooDeep)
    }

    @Test func rejectsAMillionOpenBracketsAsTooDeepWithoutRecursing() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONText(validating: bytes) }
        #expect(error.isTooDeep)
        #expect(error.offset == 128)
    }

    @Test func acceptsNestingExactlyAtTheLimit() throws {
        let deep = String(repeating: "[", count: 5) + String(repeating: "]", count: 5)
        _ = try JSONText(validating: Array(deep.utf8), maxDepth: 5)
        let error = try #require(throws: JSONSyntaxError.self) {
            try JSONText(validating: Array(("[" + deep + "]").utf8), maxDepth: 5)
        }
        #expect(error.isTooDeep)
    }

    // MARK: - Strings

    static let strings: [(literal: String, decoded: String)] = [
        (#""plain""#, "plain"),
        (#""""#, ""),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u4e2d""#, "Aé中"),
        (#""\u0000""#, "\u{0}"),
        (#""\ud83d\ude00""#, "😀"),
        (#""a\uD834\uDD1Eb""#, "a𝄞b"),
        (#""é😀 raw""#, "é😀 raw"),
        (#""mixed é \n \u00e9 😀 \ud83d\ude00""#, "mixed é \n é 😀 😀"),
    ]

    @Test(arguments: strings)
    func unescapesStrings(_ literal: String, _ decoded: String) throws {
        let text = try JSONText(validating: Array(literal.utf8))
        #expect(text.string(text.root) == decoded)
        #expect(text.string(text.root).unicodeScalars.elementsEqual(decoded.unicodeScalars))
    }

    @Test(arguments: ["plain", "quote \" and backslash \\", "line\nbreak\ttab\r", "\u{1}\u{1F}", "é 😀 中"])
    func quotesStringsSoTheyRoundTrip(_ string: String) throws {
        let quoted = JSONText.quoted(string)
        let text = try JSONText(validating: Array(quoted.utf8))
        #expect(text.string(text.root) == string)
        #expect(!quoted.utf8.contains(0x0A))
    }

    // MARK: - Integers

    static let integers: [(literal: String, value: Int?)] = [
        ("1", 1), ("-0", 0), ("0", 0), ("-42", -42), ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min), ("1.0", nil), ("1.5", nil), ("1e2", nil), ("1E2", nil),
        ("9223372036854775808", nil), ("100000000000000000000", nil), ("\"1\"", nil), ("true", nil),
        ("null", nil),
    ]

    @Test(arguments: integers)
    func extractsIntegers(_ literal: String, _ value: Int?) throws {
        let text = try JSONText(validating: Array(literal.utf8))
        #expect(text.integer(text.root) == value)
    }

    // MARK: - Views

    @Test func listsObjectMembersInDocumentOrderWithDuplicates() throws {
        let text = try JSONText(
            validating: Array(#" { "b" : [1, {"x":"}"}] , "a":"q\"}" ,"b":null,"c\u0041":{} } "#.utf8))
        #expect(text.root.kind == .object)
        let members = text.members(of: text.root)
        #expect(members.map(\.key) == ["b", "a", "b", "cA"])
        #expect(members.map(\.value.kind) == [.array, .string, .null, .object])
        #expect(String(decoding: text.slice(members[0].value), as: UTF8.self) == #"[1, {"x":"}"}]"#)
        #expect(text.string(members[1].value) == "q\"}")
        #expect(String(decoding: text.slice(members[3].value), as: UTF8.self) == "{}")
    }

    @Test func listsArrayElementsWithTheirKinds() throws {
        let text = try JSONText(validating: Array(#"[ 1 ,-2.5e3,"s\"]",true,false,null,[],{"k":[]} ]"#.utf8))
        let elements = text.elements(of: text.root)
        #expect(elements.map(\.kind) == [.number, .number, .string, .bool, .bool, .null, .array, .object])
        let slices = elements.map { String(decoding: text.slice($0), as: UTF8.self) }
        #expect(slices == ["1", "-2.5e3", #""s\"]""#, "true", "false", "null", "[]", #"{"k":[]}"#])
        #expect(text.integer(elements[0]) == 1)
        #expect(text.integer(elements[1]) == nil)
    }

    @Test func viewsOfEmptyContainersAreEmpty() throws {
        let object = try JSONText(validating: Array("{ }".utf8))
        #expect(object.members(of: object.root).isEmpty)
        let array = try JSONText(validating: Array("[\n]".utf8))
        #expect(array.elements(of: array.root).isEmpty)
    }

    /// The MCP text block quotes the result's bytes as `quoted(_:)` quotes its text.
    @Test func quotingBytesIsQuotingTheirText() {
        let text = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }) + #"{"a":"é°μg/m³\u2028"}"#
        #expect(JSONText.quoted(utf8: Array(text.utf8)) == Array(JSONText.quoted(text).utf8))
    }
}
