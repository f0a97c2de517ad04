import Foundation
import Testing

@testable import Breeze

/// The domain's log: one `upstream` line per call at info, the decisions at debug, nothing when off, never a key.
@Suite(.timeLimit(.minutes(1))) struct EventLogTests {
    /// Collects the lines a log writes.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [(EventLog.Level, String)] = []

        func log(_ level: EventLog.Level?) -> EventLog {
            EventLog(level: level) { level, line in self.lock.withLock { self.lines.append((level, line)) } }
        }

        var all: [String] { lock.withLock { lines.map(\.1) } }
        func at(_ level: EventLog.Level) -> [String] { lock.withLock { lines.filter { $0.0 == level }.map(\.1) } }
    }

    private func breeze(_ level: EventLog.Level?, _ lines: Lines, upstream: UpstreamDouble) -> Breeze {
        var settings = ResilienceSettings()
        settings.cacheMode = .memory
        settings.retry.maxRetries = 2
        let resilience = Resilience(settings: settings, upstream: upstream, clock: SystemClock(), jitter: { _ in 0 })
        var configuration = BreezeConfiguration()
        configuration.openMeteoAPIKey = "SECRET-OPEN-METEO-KEY"
        return Breeze(configuration: configuration, resilience: resilience, log: lines.log(level))
    }

    @Test func infoWritesOneUpstreamLinePerCallWithWhereTheAnswerCameFromAndNoKey() async throws {
        let lines = Lines()
        let breeze = breeze(.info, lines, upstream: UpstreamDouble { _, _ in .ok(#"{"generationtime_ms":0.5}"#) })
        _ = try await breeze.searchCities(CitySearch(name: "Berlin"))
        _ = try await breeze.searchCities(CitySearch(name: "Berlin"))
        let upstream = lines.at(.info)
        #expect(upstream.count == 2)
        #expect(lines.at(.debug).isEmpty)
        let first = try #require(upstream.first)
        #expect(first.hasPrefix(#"event=upstream upstream=geocoding url="https://"#) && first.contains("/v1/search?"))
        #expect(first.contains("apikey=***"))
        #expect(first.contains(" status=200 ms="))
        #expect(first.hasSuffix(" cache=miss retries=0"))
        #expect(upstream.last?.hasSuffix(" cache=hit retries=0") == true)
        #expect(!lines.all.joined().contains("SECRET-OPEN-METEO-KEY"))
    }

    @Test func debugAddsTheDecisionsAndCountsRetries() async throws {
        let lines = Lines()
        let upstream = UpstreamDouble { _, number in number == 1 ? .status(503) : .ok(#"{"generationtime_ms":0.5}"#) }
        _ = try await breeze(.debug, lines, upstream: upstream).searchCities(CitySearch(name: "Paris"))
        let events = lines.all.map { $0.prefix { $0 != " " } }
        #expect(events.contains("event=deadline"))
        #expect(events.contains("event=retry"))
        #expect(events.contains("event=cache.write"))
        #expect(lines.at(.info).last?.hasSuffix(" status=200") == false)
        #expect(lines.at(.info).last?.hasSuffix(" cache=miss retries=1") == true)
        #expect(lines.all.contains { $0.hasPrefix(#"event=retry upstream=geocoding after="status 503" attempt=2"#) })
    }

    @Test func aFailedCallLogsItsErrorTypeOnly() async throws {
        let lines = Lines()
        let upstream = UpstreamDouble { _, _ in .status(400, #"{"error":true,"reason":"SECRET-OPEN-METEO-KEY"}"#) }
        await #expect(throws: BreezeError.self) {
            try await breeze(.info, lines, upstream: upstream).searchCities(CitySearch(name: "Rome"))
        }
        #expect(lines.at(.info).count == 1)
        #expect(lines.at(.info).first?.contains(" status=400 ") == true)
        let refused = UpstreamDouble { request, _ in
            throw BreezeError.networkError(service: request.service, reason: "the connection was refused")
        }
        await #expect(throws: BreezeError.self) {
            try await breeze(.info, lines, upstream: refused).searchCities(CitySearch(name: "Oslo"))
        }
        #expect(lines.at(.info).last?.contains(" error=networkError ") == true)
        #expect(!lines.all.joined().contains("SECRET-OPEN-METEO-KEY"))
    }

    @Test func offWritesNothing() async throws {
        let lines = Lines()
        _ = try await breeze(nil, lines, upstream: UpstreamDouble { _, _ in .ok(#"{"generationtime_ms":0.5}"#) })
            .searchCities(CitySearch(name: "Berlin"))
        #expect(lines.all.isEmpty)
    }

    @Test(arguments: [
        ("plain", "plain"), ("two words", #""two words""#), ("a=b", #""a=b""#), ("", #""""#),
        (#"say "hi""#, #""say \"hi\"""#), ("line\nbreak", #""line\nbreak""#), ("http://h/p", "http://h/p"),
    ])
    func formatsOneLogfmtLineQuotingWhatWouldNotSplit(value: String, written: String) {
        #expect(EventLog.format("e", [("k", value)]) == "event=e k=\(written)")
    }
}
