import Foundation
import Testing

@testable import Breeze

/// `JSONWriter` must write exactly what the service's `JSONEncoder` writes, so results are the same bytes
/// whichever writes them.
@Suite struct JSONWriterTests {
    private static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(value))
    }

    private static let awkwardNumbers: [Double?] = [
        nil, 0, -0.0, 38, -3, 0.1, 10.6, 13.419998, 1e-05, 2.5e-05, 1e-07, 0.0001, 1e15, 1e16, 1e20, 1e21, 1.5e300,
        .leastNonzeroMagnitude, 1234567.5, 9_007_199_254_740_992, 123_456_789_012_345_680, -273.15,
    ]

    private static let awkwardText = "a\"b\\c/d\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é°μg/m³\u{2028}"

    static func sample(current: Bool, descriptions: Bool) -> Forecast {
        let times = (0..<awkwardNumbers.count).map { "2026-10-03T\($0 < 10 ? "0" : "")\($0):00" }
        return Forecast(
            latitude: 52.52, longitude: 13.419998, elevation: current ? 38 : nil, timezone: "Europe/Berlin",
            timezoneAbbreviation: awkwardText, utcOffsetSeconds: -32400,
            current: current
                ? ForecastCurrent(
                    time: "2026-10-03T12:00", interval: 900,
                    values: ["temperature_2m": 17.4, "weather_code": 3, "apparent_temperature": nil, "é": -0.0],
                    text: ["sunrise": "2026-10-03T07:07", "moonrise": nil],
                    units: ["temperature_2m": "°C", "a_b": "mph"],
                    weatherDescription: current ? "Overcast" : nil) : nil,
            hourly: ForecastSeries(
                time: times,
                values: ["temperature_2m": awkwardNumbers, "temperature_2m_max": awkwardNumbers.reversed(), "a1": []],
                text: ["sunset": times.map { $0 == times[3] ? nil : $0 }], units: ["z": awkwardText, "_": ""],
                weatherDescriptions: descriptions ? times.map { $0 == times[1] ? nil : "Fog \($0)" } : nil),
            daily: nil)
    }

    @Test(arguments: [(true, true), (false, false), (true, false)])
    func forecastBytesAreWhatJSONEncoderWrites(current: Bool, descriptions: Bool) throws {
        let forecast = Self.sample(current: current, descriptions: descriptions)
        #expect(
            String(decoding: forecast.jsonBytes(), as: UTF8.self)
                == String(decoding: try Self.encoded(forecast), as: UTF8.self))
    }

    @Test(arguments: [nil, 4.3, -0.0])
    func climateBytesAreWhatJSONEncoderWrites(change: Double?) throws {
        let comparison = ClimateComparison(
            date: "02-29", unit: "°F",
            points: [
                ClimatePoint(year: 1980, temperature: 21.2, date: "1980-02-29"),
                ClimatePoint(year: 1990, temperature: -3, date: "1990-02-28"),
            ], change: change, missingYears: change == nil ? [2000, 2010] : [])
        #expect(comparison.jsonBytes() == (try Self.encoded(comparison)))
    }

    @Test func everyControlCharacterIsEscapedAsJSONEncoderDoes() throws {
        let text = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) })
        var writer = JSONWriter()
        writer.string(text)
        #expect(writer.bytes == (try Self.encoded(text)))
    }

    @Test func randomNumbersAreWrittenAsJSONEncoderDoes() throws {
        var generator = SplitMix64(seed: 5)
        let numbers = (0..<2000).map { index -> Double in
            let bits = generator.next()
            switch index % 4 {
            case 0: return Double(bitPattern: bits)
            case 1: return Double(Float(Int64(bitPattern: bits) % 100_000) / 100)
            case 2: return Double(Int64(bitPattern: bits) % 10_000_000) / 1000
            default: return Double(Int64(bitPattern: bits) % 1_000_000_000_000_000) / 1000
            }
        }.filter(\.isFinite)
        var writer = JSONWriter()
        writer.array(numbers) { $0.number($1) }
        #expect(writer.bytes == (try Self.encoded(numbers)))
    }
}
