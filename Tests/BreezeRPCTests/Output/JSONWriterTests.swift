import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import Breeze
@testable import BreezeRPC

/// `JSONWriter` must write exactly what the service's `JSONEncoder` writes, so results are the same bytes
/// whichever writes them.
@Suite struct JSONWriterTests {
    /// `value` as its one writer writes it.
    private static func written(_ value: some JSONWritable) -> [UInt8] {
        (try? JSONWriter.bytes(of: value)) ?? []
    }

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
            String(decoding: Self.written(forecast), as: UTF8.self)
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
        #expect(Self.written(comparison) == (try Self.encoded(comparison)))
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
        try Self.expectBothWaysWriteWhatJSONEncoderWrites(numbers)
    }

    /// One number at a time and a whole series at once (with nulls between) give JSONEncoder's bytes.
    private static func expectBothWaysWriteWhatJSONEncoderWrites(_ numbers: [Double]) throws {
        var one = JSONWriter()
        one.array(numbers) { $0.number($1) }
        #expect(one.bytes == (try encoded(numbers)))
        let series = numbers.flatMap { [$0, nil] as [Double?] }
        var all = JSONWriter()
        all.numbers(series)
        #expect(all.bytes == (try encoded(series)))
    }

    @Test func everyThousandthIsWrittenAsJSONEncoderDoes() throws {
        // Every value Open-Meteo rounds to, across the digit-count boundaries of the whole part, both signs.
        let wholes: [Int] = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456, 999_999_999_999]
        let numbers = wholes.flatMap { whole in
            (0..<1000).flatMap { thousandths -> [Double] in
                let value = (Double(whole) * 1000 + Double(thousandths)) / 1000
                return [value, -value]
            }
        }
        try Self.expectBothWaysWriteWhatJSONEncoderWrites(numbers)
    }

    @Test func integersAtTheEdgesAreWrittenAsJSONEncoderDoes() throws {
        // Every digit count, both signs, at both ends of each count.
        let powers = (0..<18).map { (0..<$0).reduce(1) { power, _ in power * 10 } }
        let counts = powers.flatMap { [$0, -$0, $0 * 10 - 1, -($0 * 10 - 1)] }
        let integers =
            counts + [
                1_000_000_000_000_000_000, 0, 7, -7, 10, -10, 99, 100, 1_000_000, Int.max, Int.min, Int.min + 1,
                9_999_999_999,
            ]
        var writer = JSONWriter()
        writer.array(integers) { $0.number($1) }
        #expect(writer.bytes == (try Self.encoded(integers)))
    }

    /// Air quality as the upstream gives it: Float32 values rounded in their unit, NaN (no value) as `null`.
    /// `hours` nil: no hourly section (`forecastHours` 0); 0: an hourly section with empty series.
    static func airQuality(hours: Int?, seed: UInt64, withStatus: Bool) -> AirQuality {
        let count = hours ?? 0
        var generator = SplitMix64(seed: seed)
        func series(_ unit: OpenMeteoUnit) -> [Double?] {
            (0..<count).map { _ in
                let bits = generator.next()
                return unit.rounded(bits % 5 == 0 ? .nan : Float(bits % 400_000) / 1000)
            }
        }
        let hourly = AirQualityHourly(
            time: (0..<count).map { "2026-10-\($0 / 24 + 10)T\($0 % 24 < 10 ? "0" : "")\($0 % 24):00" },
            usAQI: series(.usAirQualityIndex), europeanAQI: series(.europeanAirQualityIndex),
            pm25: series(.microgramsPerCubicMetre), pm10: series(.microgramsPerCubicMetre),
            carbonMonoxide: series(.microgramsPerCubicMetre), nitrogenDioxide: series(.microgramsPerCubicMetre),
            sulphurDioxide: series(.microgramsPerCubicMetre), ozone: Array(repeating: nil, count: count),
            subIndices: Dictionary(uniqueKeysWithValues: PollutantKind.all.map { ($0.id, series(.usAirQualityIndex)) }))
        let usAQI = withStatus ? 57.0 : nil
        let europeanAQI = withStatus ? 20.5 : nil
        return AirQuality(
            time: "2026-10-10T14:00", latitude: 52.549995, longitude: 13.400002, timezone: "Europe/Berlin",
            usAQI: usAQI, europeanAQI: europeanAQI, pm25: withStatus ? 12.3 : nil, pm10: -0.0, carbonMonoxide: 180,
            nitrogenDioxide: 1e-05, sulphurDioxide: nil, ozone: 61.7, status: AQIStatus(usAQI: usAQI),
            europeanStatus: EuropeanAQIStatus(europeanAQI: europeanAQI),
            pollutants: PollutantKind.all.enumerated().map { index, kind in
                let subIndex: Double? = index == 2 ? nil : Double(index * 40)
                return Pollutant(
                    id: kind.id, name: kind.name, fullName: kind.fullName, value: index == 3 ? nil : 4.5,
                    unit: index == 1 ? nil : "μg/m³", usAQI: subIndex, status: Pollutant.Status(subIndex: subIndex))
            },
            hourly: hours == nil ? nil : hourly)
    }

    @Test(arguments: [(nil, true), (0, false), (1, true), (24, false), (120, true)] as [(Int?, Bool)])
    func airQualityBytesAreWhatJSONEncoderWrites(hours: Int?, withStatus: Bool) throws {
        for seed: UInt64 in 1...3 {
            let airQuality = Self.airQuality(hours: hours, seed: seed, withStatus: withStatus)
            #expect(
                String(decoding: Self.written(airQuality), as: UTF8.self)
                    == String(decoding: try Self.encoded(airQuality), as: UTF8.self))
        }
    }

    @Test func ignoredParametersAreWrittenAsJSONEncoderDoesAndOnlyWhenSet() throws {
        var forecast = Self.sample(current: true, descriptions: true)
        var airQuality = Self.airQuality(hours: 2, seed: 1, withStatus: true)
        #expect(!String(decoding: Self.written(forecast), as: UTF8.self).contains("ignoredParameters"))
        #expect(!String(decoding: Self.written(airQuality), as: UTF8.self).contains("ignoredParameters"))
        forecast.ignoredParameters = ["language"]
        airQuality.ignoredParameters = ["language"]
        let forecastText = String(decoding: Self.written(forecast), as: UTF8.self)
        #expect(forecastText == String(decoding: try Self.encoded(forecast), as: UTF8.self))
        #expect(forecastText.contains(#""ignoredParameters":["language"]"#))
        let airQualityText = String(decoding: Self.written(airQuality), as: UTF8.self)
        #expect(airQualityText == String(decoding: try Self.encoded(airQuality), as: UTF8.self))
        #expect(airQualityText.contains(#""ignoredParameters":["language"]"#))
    }

    @Test func everyAQIBandIsWrittenAsJSONEncoderDoes() throws {
        for level in AQIStatus.Level.allCases {
            var writer = JSONWriter()
            writer.write(AQIStatus(level: level))
            #expect(writer.bytes == (try Self.encoded(AQIStatus(level: level))))
        }
        for level in EuropeanAQIStatus.Level.allCases {
            var writer = JSONWriter()
            writer.write(EuropeanAQIStatus(level: level))
            #expect(writer.bytes == (try Self.encoded(EuropeanAQIStatus(level: level))))
        }
    }
}
