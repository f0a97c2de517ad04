import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// The hard cap: an answer that fits is untouched; one that does not keeps every series aligned, cut by one ratio,
/// then its main list, and says so.
@Suite struct ResultBudgetTests {
    /// A section of `count` entries whose every series holds the entry's index, so a kept entry shows where it came
    /// from.
    static func section(_ count: Int, prefix: String) -> JSONValue {
        [
            "time": .array((0..<count).map { .string("\(prefix)\($0)") }),
            "values": [
                "a": .array((0..<count).map { .number(Double($0)) }),
                "b": .array((0..<count).map { .number(Double($0) * 2) }),
            ],
            "text": ["sunrise": .array((0..<count).map { .string("s\($0)") })],
            "weatherDescriptions": .array((0..<count).map { .string("w\($0)") }),
            "units": ["a": "°C", "b": "mm"],
        ]
    }

    static func decoded(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    static func numbers(_ value: JSONValue?) -> [Double] {
        guard case .array(let elements)? = value else { return [] }
        return elements.compactMap { if case .number(let number) = $0 { number } else { nil } }
    }

    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements)? = value else { return [] }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// `result` as the router writes it within the budget of a method whose list is `listMember`.
    static func bounded(
        _ result: some JSONWritable, listMember: String, narrow: [String], maxBytes: Int = ResultBudget.maxBytes
    ) throws -> [UInt8] {
        try Router.reply(
            result, bound: ResultBudget.bound(listMember: listMember, narrow: narrow, maxBytes: maxBytes))
    }

    @Test func anAnswerThatFitsIsLeftByteForByte() throws {
        let bytes = Array(#"{"b":[1,2],"a":"x y"}"#.utf8)
        #expect(try Self.bounded(RawJSON(bytes), listMember: "cities", narrow: []) == bytes)
    }

    @Test func aListIsWrappedUnderItsNameEvenWhenItFits() throws {
        let bytes = Array(#"[{"id":1}]"#.utf8)
        #expect(
            String(decoding: try Self.bounded(RawJSON(bytes), listMember: "cities", narrow: []), as: UTF8.self)
                == #"{"cities":[{"id":1}]}"#)
    }

    @Test(arguments: [1_500, 4_000, 8_000])
    func everySeriesOfASectionKeepsTheSameEvenlySpacedEntriesByOneRatio(maxBytes: Int) throws {
        let answer: JSONValue = ["hourly": Self.section(384, prefix: "h"), "daily": Self.section(16, prefix: "d")]
        let bytes = ResultBudget.bounded(answer, narrow: ["forecastDays"], maxBytes: maxBytes)
        #expect(bytes.count <= maxBytes)
        let result = try Self.decoded(bytes)
        var kept: [String: Int] = [:]
        for (name, total) in [("hourly", 384), ("daily", 16)] {
            let section = try #require(result[name])
            let time = Self.strings(section["time"])
            let indices = time.compactMap { Int($0.dropFirst()) }
            // Aligned: every series of the section holds the entries of the same indices, time included.
            #expect(Self.numbers(section["values"]?["a"]) == indices.map(Double.init))
            #expect(Self.numbers(section["values"]?["b"]) == indices.map { Double($0) * 2 })
            #expect(Self.strings(section["text"]?["sunrise"]) == indices.map { "s\($0)" })
            #expect(Self.strings(section["weatherDescriptions"]) == indices.map { "w\($0)" })
            // Evenly spaced from the first.
            #expect(indices == (0..<indices.count).map { $0 * total / indices.count })
            kept[name] = indices.count
        }
        // One ratio: the daily section keeps the share of its 16 entries the hourly one keeps of its 384.
        let hourly = try #require(kept["hourly"])
        #expect(hourly < 384)
        #expect(kept["daily"] == max(1, Int((16 * Double(hourly) / 384).rounded(.up))))
        #expect(
            result["truncated"]
                == [
                    "returned": .number(Double(hourly + (kept["daily"] ?? 0))), "of": 400,
                    "cut": [
                        "hourly": ["returned": .number(Double(hourly)), "of": 384],
                        "daily": ["returned": .number(Double(kept["daily"] ?? 0)), "of": 16],
                    ],
                    "narrow": ["forecastDays"],
                ])
    }

    /// An ensemble's members are a list of series per variable: each member keeps the entries `time` keeps.
    @Test func everyMemberOfAnEnsembleKeepsTheEntriesOfItsSection() throws {
        guard case .object(var hourly) = Self.section(168, prefix: "h") else { return }
        hourly["members"] = [
            "a": .array((1...50).map { member in .array((0..<168).map { .number(Double($0 * 100 + member)) }) })
        ]
        let bytes = ResultBudget.bounded(["hourly": .object(hourly)], narrow: ["forecastDays"], maxBytes: 20_000)
        #expect(bytes.count <= 20_000)
        let section = try #require(try Self.decoded(bytes)["hourly"])
        let indices = Self.strings(section["time"]).compactMap { Int($0.dropFirst()) }
        #expect(!indices.isEmpty && indices.count < 168)
        guard case .array(let members)? = section["members"]?["a"] else {
            Issue.record("no members: \(section)")
            return
        }
        #expect(members.count == 50)
        for (offset, member) in members.enumerated() {
            #expect(Self.numbers(member) == indices.map { Double($0 * 100 + offset + 1) })
        }
    }

    @Test func theMostEntriesThatFitAreKept() throws {
        let answer: JSONValue = ["hourly": Self.section(384, prefix: "h")]
        let bytes = ResultBudget.bounded(answer, narrow: [], maxBytes: 6_000)
        let kept = Self.strings(try Self.decoded(bytes)["hourly"]?["time"]).count
        // One more entry would not have fitted.
        var trim = Trim(ratio: Double(kept + 1) / 384)
        var larger = try #require(trim.apply(answer).objectMembers)
        larger["truncated"] = trim.marker(list: nil, narrow: [])
        #expect(ResultBudget.encoded(.object(larger)).count > 6_000)
    }

    @Test func aListOfPlacesIsCutToItsFirstEntriesWhenTheShortestSeriesStillDoNotFit() throws {
        let places = (0..<50).map { index -> JSONValue in
            ["name": .string("place \(index)"), "hourly": Self.section(48, prefix: "h")]
        }
        let bytes = try Self.bounded(
            JSONValue.array(places), listMember: "airQuality", narrow: ["latitude"], maxBytes: 2_000)
        #expect(bytes.count <= 2_000)
        let result = try Self.decoded(bytes)
        guard case .array(let kept)? = result["airQuality"] else {
            Issue.record("no list in \(result)")
            return
        }
        #expect(!kept.isEmpty && kept.count < 50)
        #expect(kept.map { $0["name"] } == (0..<kept.count).map { .string("place \($0)") })
        #expect(result["truncated"]?["returned"] == .number(Double(kept.count)))
        #expect(result["truncated"]?["of"] == 50)
        #expect(result["truncated"]?["cut"]?["airQuality"] == ["returned": .number(Double(kept.count)), "of": 50])
        #expect(result["truncated"]?["narrow"] == ["latitude"])
    }

    @Test func theWriterWritesJSONValuesAsTheRoutersEncoderDoes() throws {
        let value: JSONValue = [
            "z": [1, 2.5, 1e-05, .null, true, 13.419998], "a": "x/\"y\"\n", "m": ["b": 1, "a": [:]],
        ]
        #expect(ResultBudget.encoded(value) == Array(try Router.encoder.encode(value)))
    }

    @Test func aNegativeZeroCutFromAnAnswerReadsAsTheAnswerWroteIt() {
        // The router's encoder writes a JSON value's -0 as 0; an answer's own writer keeps the sign.
        var writer = JSONWriter()
        writer.number(-0.0)
        #expect(ResultBudget.encoded([-0.0]) == Array("[".utf8) + writer.bytes + Array("]".utf8))
    }
}

extension JSONValue {
    fileprivate var objectMembers: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
