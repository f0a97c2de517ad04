import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite struct ResponseCacheTests {
    private func cachingClient(
        _ upstream: FakeHTTPClient, clock: TestClock, policy: CachePolicy = CachePolicy(), maxEntries: Int = 1000,
        disk: DiskCache? = nil
    ) -> (CachingHTTPClient, ResponseCache) {
        let memory = ResponseCache(maxEntriesPerUpstream: maxEntries)
        return (cached(upstream, memory: memory, disk: disk, policy: policy, clock: clock), memory)
    }

    @Test func servesAFreshAnswerFromMemoryAndGoesUpstreamAgainOnceTheTTLHasPassed() async throws {
        let upstream = FakeHTTPClient { _, number in .ok(#"{"n":\#(number)}"#) }
        let clock = TestClock()
        let (client, memory) = cachingClient(upstream, clock: clock)
        let request = forecastRequest()

        #expect(try await client.send(request).body == Data(#"{"n":1}"#.utf8))
        clock.advance(by: 15 * 60 - 1)
        #expect(try await client.send(request).body == Data(#"{"n":1}"#.utf8))
        #expect(upstream.snapshot.requests.count == 1)
        clock.advance(by: 1)
        #expect(try await client.send(request).body == Data(#"{"n":2}"#.utf8))
        #expect(upstream.snapshot.requests.count == 2)
        let stats = try #require(await memory.statistics()[.forecast])
        #expect((stats.hits, stats.misses, stats.entries) == (1, 2, 1))
    }

    /// The race of a caller that missed the cache, then reached the coalescer after the shared call that stored the
    /// answer had ended: the new shared call finds the answer in memory instead of going upstream again.
    @Test func aSharedCallStartedAfterAnotherStoredItsAnswerIsAnsweredFromMemory() async throws {
        let upstream = FakeHTTPClient { _, number in .ok(#"{"n":\#(number)}"#) }
        let clock = TestClock()
        let memory = ResponseCache()
        let storing = CacheStoringHTTPClient(
            inner: upstream, memory: memory, disk: nil, policy: CachePolicy(), clock: clock)
        let request = forecastRequest()

        #expect(try await storing.send(request).body == Data(#"{"n":1}"#.utf8))
        #expect(try await storing.send(request).body == Data(#"{"n":1}"#.utf8))
        #expect(upstream.snapshot.requests.count == 1)
        let stats = try #require(await memory.statistics()[.forecast])
        #expect((stats.hits, stats.misses) == (1, 1))
    }

    @Test(arguments: [
        (Upstream.geocoding, 86400.0), (.forecast, 900), (.airQuality, 900), (.pollenProxy, 3600),
        (.googlePollen, 0), (.archive, 31_536_000),
    ])
    func usesTheTTLOfEachUpstream(service: Upstream, ttl: Double) {
        var request = forecastRequest("end_date=2020-01-31")
        request.service = service
        let now = Date(timeIntervalSince1970: 1_779_624_000)
        #expect(CachePolicy().ttl(for: request, response: .ok(), now: now) == ttl)
    }

    /// The archive's rule, as its features attach it (`AnswerSettling`): the last days asked for (the latest of
    /// several date ranges; none for a window relative to today, `past_days`) and the body decide.
    @Test(arguments: [
        (["2026-05-20"], #"{"daily":{"t":[1.5]}}"#, 3600.0),  // within the last week
        ([], #"{"daily":{"t":[1.5]}}"#, 3600),  // relative to today
        (["2020-05-20"], #"{"daily":{"t":[null]}}"#, 3600),  // not filled in
        (["2020-05-20"], #"{"daily":{"t":[1.5]}}"#, 31_536_000),  // final
        // Several date ranges (the climate's years): final when the latest range is.
        (["1990-05-20", "2020-05-20"], #"[{"t":[1.5]},{"t":[2.5]}]"#, 31_536_000),
        (["1990-05-20", "2026-05-20"], #"[{"t":[1.5]},{"t":[2.5]}]"#, 3600),
    ])
    func keepsArchiveAnswersLongOnlyWhenTheyAreFinal(lastDays: [String], body: String, ttl: Double) {
        var request = forecastRequest()
        request.service = .archive
        let lastDay = lastDays.compactMap { WeatherDataRequest.date($0) }.max()
        request.lifetime = UpstreamFormat.json.lifetime(
            AnswerSettling(.archive, lastDay: lastDays.isEmpty ? nil : lastDay))
        let now = Date(timeIntervalSince1970: 1_779_624_000)  // 2026-05-24
        #expect(CachePolicy().ttl(for: request, response: .ok(body), now: now) == ttl)
    }

    @Test(arguments: [
        HTTPResponse.status(400), .status(404), .status(429), .status(500), .status(503),
        .ok("{\"hourly\":{\"t\":[1,2]}}Unexpected error while streaming data: timeout"), .ok(""),
    ])
    func storesOnlyTwoHundredsWithWellFormedJSON(response: HTTPResponse) async throws {
        let upstream = FakeHTTPClient { _, _ in response }
        let (client, memory) = cachingClient(upstream, clock: TestClock())
        _ = try await client.send(forecastRequest())
        _ = try await client.send(forecastRequest())
        #expect(upstream.snapshot.requests.count == 2)
        #expect(await memory.statistics()[.forecast]?.entries == 0)
    }

    @Test func aTTLOfZeroTurnsCachingOffForThatUpstream() async throws {
        var policy = CachePolicy()
        policy.ttl[.forecast] = 0
        let upstream = FakeHTTPClient(gated: false)
        let (client, _) = cachingClient(upstream, clock: TestClock(), policy: policy)
        _ = try await client.send(forecastRequest())
        _ = try await client.send(forecastRequest())
        #expect(upstream.snapshot.requests.count == 2)
    }

    @Test func evictsTheLeastRecentlyUsedEntryBeyondTheBoundAndCountsIt() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let (client, memory) = cachingClient(upstream, clock: TestClock(), maxEntries: 2)
        _ = try await client.send(forecastRequest("a=1"))
        _ = try await client.send(forecastRequest("a=2"))
        _ = try await client.send(forecastRequest("a=1"))  // a=1 is now more recent than a=2
        _ = try await client.send(forecastRequest("a=3"))  // evicts a=2
        _ = try await client.send(forecastRequest("a=1"))  // still cached
        #expect(upstream.snapshot.requests.count == 3)
        _ = try await client.send(forecastRequest("a=2"))
        #expect(upstream.snapshot.requests.count == 4)
        let stats = try #require(await memory.statistics()[.forecast])
        #expect((stats.entries, stats.evictions, stats.hits) == (2, 2, 2))
    }

    /// The upstream spent the answer (it counted the request until it answered): a call everybody left while it
    /// was on the wire still keeps it for the next caller.
    @Test func anAnswerThatArrivesAfterTheCallWasCancelledIsStored() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let (client, memory) = cachingClient(upstream, clock: TestClock())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(forecastRequest())
        }
        _ = try await task.value
        #expect(await memory.statistics()[.forecast]?.entries == 1)
    }
}

@Suite struct CacheKeyTests {
    @Test func ignoresQueryOrderButNotValues() {
        #expect(CacheKey(forecastRequest("b=2&a=1")) == CacheKey(forecastRequest("a=1&b=2")))
        #expect(CacheKey(forecastRequest("a=1&b=2")) != CacheKey(forecastRequest("a=1&b=3")))
        var archive = forecastRequest("a=1&b=2")
        archive.service = .archive
        #expect(CacheKey(archive) != CacheKey(forecastRequest("a=1&b=2")))
    }

    @Test func holdsSecretsOnlyAsHashesThatStillTellKeysApart() {
        let one = CacheKey(forecastRequest("latitude=1&apikey=SECRET-ONE"))
        let two = CacheKey(forecastRequest("latitude=1&apikey=SECRET-TWO"))
        let google = CacheKey(forecastRequest("key=SECRET-ONE&days=1"))
        #expect(one != two)
        for key in [one, two, google] {
            #expect(!key.text.contains("SECRET"))
            #expect(!key.fileName.contains("SECRET"))
        }
        #expect(one.text.contains("apikey=#"))
    }

    @Test func hashesHeaderValues() {
        var request = forecastRequest()
        request.headers = ["X-Api-Key": "SECRET-HEADER"]
        #expect(!CacheKey(request).text.contains("SECRET"))
        #expect(CacheKey(request) != CacheKey(forecastRequest()))
    }

    @Test func fnv1aMatchesItsReferenceVectors() {
        #expect(FNV1a64.hash(Data()) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash(Data("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a64.hash(Data("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }
}

@Suite struct RequestCacheKeyTests {
    @Test func aRequestCarriesItsKeyAndMakesItAnewWhenItsServiceOrHeadersChange() {
        var request = forecastRequest("b=2&a=1")
        #expect(request.cacheKey == CacheKey(forecastRequest("a=1&b=2")))
        request.headers = ["X-Api-Key": "SECRET"]
        #expect(request.cacheKey != forecastRequest("b=2&a=1").cacheKey)
        #expect(!request.cacheKey.text.contains("SECRET"))
        request.service = .archive
        #expect(request.cacheKey.service == .archive)
        #expect(request.cacheKey.text.hasPrefix("archive "))
    }
}
