import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

@testable import Breeze
@testable import BreezeRPC

/// `timeoutMs` on every method, `cacheStats`, and the resilience settings, through the router as the server
/// uses it.
@Suite(.timeLimit(.minutes(1))) struct ResilienceBindingTests {
    /// A test-only method that makes one upstream call, standing in for the real ones.
    private enum CallUpstream: BreezeMethod {
        static let name = "callUpstream"
        static let parameterNames = ["label"]
        struct Params: Decodable, Sendable { var label: String? }
        static func handle(_ params: Params, context: MethodContext) async throws -> EmptyResult {
            let url = URL(string: "http://upstream.test/v1/forecast?label=\(params.label ?? "")")!
            var request = HTTPRequest(
                url: url, service: .forecast, timeoutSeconds: context.breeze.configuration.timeoutSeconds)
            request.deadline = context.call.deadline  // as the domain puts the call's deadline on its requests
            _ = try await context.breeze.http.send(request)
            return EmptyResult()
        }
    }

    /// An upstream that never answers until its task is cancelled.
    private func silentUpstream() -> FakeHTTPClient { FakeHTTPClient(gated: true) }

    private func breeze(timeoutSeconds: Double = 10, cache: ResilienceSettings.CacheMode = .memory) -> Breeze {
        var settings = ResilienceSettings()
        settings.cacheMode = cache
        let resilience = Resilience(settings: settings, upstream: silentUpstream())
        return Breeze(configuration: .test(timeoutSeconds: timeoutSeconds), resilience: resilience)
    }

    private func router(_ breeze: Breeze, extra: Bool = false) -> Router {
        var router = Catalog.router(breeze: breeze, logger: Logger(level: .error))
        if extra { router.register(CatalogMethod<CallUpstream>.self, context: breeze) }
        return router
    }

    private func call(_ router: Router, _ method: String, _ params: String) async -> Result<JSONValue, ResponseError> {
        do {
            let text = try JSONText(validating: Array(params.utf8))
            let bytes = try await router.call(method, params: text.root, in: text)
            return .success(try JSONDecoder().decode(JSONValue.self, from: Data(bytes)))
        } catch let error as ResponseError {
            return .failure(error)
        } catch {
            Issue.record("unexpected \(error)")
            return .failure(.internalError)
        }
    }

    @Test func everyMethodAcceptsTimeoutMsByNameAndByPosition() async {
        let router = router(breeze())
        for method in Catalog.methods {
            #expect(Catalog.wireParameterNames[method.name]?.last == "timeoutMs")
            let result = await call(router, method.name, #"{"timeoutMs":1000}"#)
            if case .failure(let error) = result {
                // A method may still need params of its own; what matters is that timeoutMs is not the problem.
                #expect(!error.message.contains("timeoutMs"), "\(method.name): \(error.message)")
            }
        }
        #expect(await call(router, "cacheStats", "[1000]").isSuccess)
        #expect(await call(router, "ping", #"{"timeoutMs":5}"#).isSuccess)
    }

    @Test(arguments: ["0", "-5", "600001", "1.5", #""100""#, "true", "[]"])
    func everyMethodRejectsATimeoutMsThatIsNotAWholeNumberFrom1To600000(value: String) async {
        let router = router(breeze())
        for name in Catalog.methods.map({ $0.name }) + ["ping"] {
            guard case .failure(let error) = await call(router, name, #"{"timeoutMs":\#(value)}"#) else {
                Issue.record("\(name) accepted timeoutMs \(value)")
                continue
            }
            #expect(error.code == .invalidParams)
            #expect(error.data?.field == "timeoutMs", "\(name): \(error.message)")
        }
    }

    @Test func aSubSecondTimeoutMsEndsTheCallWithTimeout() async throws {
        let router = router(breeze(timeoutSeconds: 60), extra: true)
        let started = ContinuousClock.now
        let result = await call(router, "callUpstream", #"{"timeoutMs":150}"#)
        guard case .failure(let error) = result else { throw ExpectedFailure() }
        #expect(error.code == .timeout)
        #expect(error.data?.object?["timeoutSeconds"] == .number(0.15))
        // Ended by the 150 ms deadline, not the configured 60 s: a wide bound, for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func withoutTimeoutMsTheConfiguredTimeoutIsTheDeadline() async throws {
        let router = router(breeze(timeoutSeconds: 0.1), extra: true)
        guard case .failure(let error) = await call(router, "callUpstream", "{}") else { throw ExpectedFailure() }
        #expect(error.code == .timeout)
        #expect(error.data?.object?["timeoutSeconds"] == .number(0.1))
    }

    @Test func cacheStatsReportsEveryUpstreamAndWhetherTheCacheIsOn() async throws {
        let on = await call(router(breeze(cache: .memory)), "cacheStats", "{}")
        let stats = try on.get().object ?? [:]
        #expect(stats["enabled"] == .bool(true))
        #expect(stats["mode"] == .string("memory"))
        #expect(stats["upstreams"]?.object?.keys.sorted() == Upstream.allCases.map(\.rawValue).sorted())
        #expect(stats["upstreams"]?.object?["forecast"]?.object?["hits"] == .number(0))

        let off = await call(router(breeze(cache: .off)), "cacheStats", "{}")
        #expect(try off.get().object?["enabled"] == .bool(false))

        let plain = Breeze(configuration: .test(), http: silentUpstream())
        let none = await call(router(plain), "cacheStats", "{}")
        #expect(try none.get().object?["enabled"] == .bool(false))
    }

    @Test func cacheStatsReportsTheDiskCacheAsItIsOnDisk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-stats-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Written by "another process": this instance's counters know nothing of it.
        let request = HTTPRequest(
            url: URL(string: "http://upstream.test/v1/forecast?a=1")!, service: .forecast, timeoutSeconds: 5)
        DiskCache(directory: directory).write(
            CacheKey(request),
            CachedResponse(response: HTTPResponse(status: 200, body: Data("{}".utf8)), storedAt: Date(), ttl: 900))
        var settings = ResilienceSettings()
        settings.cacheMode = .on
        settings.cacheDirectory = directory.path
        let breeze = Breeze(
            configuration: .test(), resilience: Resilience(settings: settings, upstream: silentUpstream())
        )
        let stats = try await call(router(breeze), "cacheStats", "{}").get().object ?? [:]
        #expect(stats["upstreams"]?.object?["forecast"]?.object?["entries"] == .number(0))
        let disk = try #require(stats["disk"]?.object)
        #expect(disk["entries"] == .number(1))
        if case .number(let bytes)? = disk["bytes"] { #expect(bytes > 2) } else { Issue.record("no bytes") }
        #expect(try await call(router(self.breeze(cache: .memory)), "cacheStats", "{}").get().object?["disk"] == nil)
    }

    // MARK: - Options

    @Test func readsTheResilienceSettingsFromFlagsAndVariables() throws {
        let options = try Options.parse(
            ["--retries", "0", "--cache-ttl-pollen=60", "--cache-ttl-google-pollen=30"],
            environment: [
                "BREEZE_CACHE": "memory", "BREEZE_CACHE_DIR": "/tmp/x", "BREEZE_RETRIES": "5",
                "BREEZE_CACHE_TTL_FORECAST": "0", "BREEZE_MAX_CONCURRENT_PER_UPSTREAM": "1",
                "BREEZE_MAX_BODY_BYTES": "65536", "BREEZE_OPEN_METEO_MAX_IN_FLIGHT": "2",
            ])
        let settings = options.resilience
        #expect(settings.cacheMode == .memory)
        #expect(settings.cacheDirectory == "/tmp/x")
        #expect(settings.retry.maxRetries == 0)  // the flag wins
        #expect(settings.cachePolicy.ttl[.forecast] == 0)
        #expect(settings.cachePolicy.ttl[.pollenProxy] == 60 && settings.cachePolicy.ttl[.googlePollen] == 30)
        #expect(settings.cachePolicy.ttl[.geocoding] == 86400)
        #expect(Set(settings.maxConcurrent.values) == [1] && settings.maxConcurrent.count == Upstream.allCases.count)
        #expect(settings.maxBodyBytes == 65536)
        #expect(settings.openMeteoMaxInFlight == 2)
        #expect(Options().resilience.openMeteoMaxInFlight == 4)
        let limiter = Resilience(settings: settings, upstream: FakeHTTPClient()).limiter
        #expect(limiter.openMeteoLimit == 2)
        #expect(try Options.parse(["--cache", "OFF"], environment: [:]).resilience.cacheMode == .off)
    }

    @Test(arguments: [
        ["--cache", "sometimes"], ["--cache-dir", "relative/dir"], ["--retries", "-1"], ["--retries", "11"],
        ["--cache-ttl-forecast", "-1"], ["--cache-ttl-archive", "soon"], ["--max-concurrent-per-upstream", "0"],
        ["--max-body-bytes", "0"], ["--max-body-bytes", "8MiB"], ["--open-meteo-max-in-flight", "0"],
        ["--open-meteo-max-in-flight", "four"],
    ])
    func rejectsBadResilienceSettings(arguments: [String]) {
        #expect(throws: Options.UsageError.self) { try Options.parse(arguments, environment: [:]) }
    }

    @Test func theDefaultCacheDirectoryFollowsXDG() {
        #expect(
            ResilienceSettings.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])
                == "/c/breeze-rpc")
        #expect(ResilienceSettings.defaultCacheDirectory(environment: ["HOME": "/h"]) == "/h/.cache/breeze-rpc")
        #expect(ResilienceSettings.defaultCacheDirectory(environment: [:]) == nil)
    }

    private struct ExpectedFailure: Error {}
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}

extension JSONValue {
    fileprivate var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// `data.field` of an error.
    fileprivate var field: String? {
        if case .string(let field) = object?["field"] { field } else { nil }
    }
}
