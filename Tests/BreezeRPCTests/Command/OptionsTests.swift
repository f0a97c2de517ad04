import Breeze
import Foundation
import JSONRPC
import Testing

@testable import BreezeRPC

/// `Options.parse`: flags, environment variables, and which wins.
@Suite struct OptionsTests {
    @Test func usesTheDefaultsWithNoFlagsAndNoVariables() throws {
        let options = try Options.parse([], environment: [:])
        #expect(options == Options())
        #expect(options.action == .serve)
        #expect(options.logLevel == .warn)
        #expect(options.limits == ServerLimits())
        #expect(options.configuration.openMeteoAPIKey == nil)
    }

    @Test func aFlagBeatsItsEnvironmentVariable() throws {
        let options = try Options.parse(
            ["--timeout", "5", "--log-level", "debug", "--max-in-flight", "8"],
            environment: ["BREEZE_TIMEOUT": "7", "BREEZE_LOG_LEVEL": "error", "BREEZE_MAX_IN_FLIGHT": "9"])
        #expect(options.configuration.timeoutSeconds == 5)
        #expect(options.logLevel == .debug)
        #expect(options.limits.maxInFlight == 8)
    }

    @Test func readsEnvironmentVariablesWhenNoFlagIsGiven() throws {
        let options = try Options.parse(
            [],
            environment: [
                "BREEZE_TIMEOUT": "2.5", "BREEZE_LOG_LEVEL": "info", "BREEZE_MAX_LINE_BYTES": "4096",
                "BREEZE_MAX_IN_FLIGHT": "3", "BREEZE_FORECAST_URL": "http://127.0.0.1:9/forecast",
                "GOOGLE_POLLEN_API_KEY": "g-key",
            ])
        #expect(options.configuration.timeoutSeconds == 2.5)
        #expect(options.logLevel == .info)
        #expect(options.limits == ServerLimits(maxLineBytes: 4096, maxInFlight: 3))
        #expect(options.configuration.baseURL(for: .forecast) == "http://127.0.0.1:9/forecast")
        #expect(options.configuration.googlePollenAPIKey == "g-key")
    }

    @Test(arguments: [
        ("--timeout", "12"), ("--log-level", "debug"), ("--max-line-bytes", "100"), ("--max-in-flight", "2"),
        ("--geocoding-url", "http://localhost:1/search?a=b"), ("--google-pollen-api-key", "k=v"),
    ])
    func acceptsFlagEqualsValueAndFlagSpaceValueAlike(_ flag: String, _ value: String) throws {
        let spaced = try Options.parse([flag, value], environment: [:])
        let joined = try Options.parse(["\(flag)=\(value)"], environment: [:])
        #expect(spaced == joined)
        #expect(spaced != Options())
    }

    @Test func keepsEqualsSignsInsideAFlagValue() throws {
        let options = try Options.parse(["--forecast-url=http://h/f?x=1&y=2"], environment: [:])
        #expect(options.configuration.baseURL(for: .forecast) == "http://h/f?x=1&y=2")
    }

    @Test func doesNotTakeTheNextArgumentAsTheValueOfAnEmptyFlagEqualsValue() throws {
        // `--forecast-url=` has an empty value; `--log-level` must not be swallowed as that value.
        let options = try Options.parse(["--forecast-url=", "--log-level", "debug"], environment: [:])
        #expect(options.configuration.baseURL(for: .forecast) == "")
        #expect(options.logLevel == .debug)
        let error = #expect(throws: Options.UsageError.self) { try Options.parse(["--timeout="], environment: [:]) }
        #expect(error?.description.contains("needs a value") == false)
    }

    @Test func treatsAnEmptyEnvironmentVariableAsUnset() throws {
        let options = try Options.parse(
            [],
            environment: [
                "BREEZE_LOG_LEVEL": "", "BREEZE_TIMEOUT": "", "OPEN_METEO_API_KEY": "", "BREEZE_MAX_IN_FLIGHT": "",
                "BREEZE_FORECAST_URL": "",
            ])
        #expect(options == Options())
    }

    @Test func switchesTheOpenMeteoHostsToTheirCustomerTwinsWithAKey() throws {
        let keyed = try Options.parse([], environment: ["OPEN_METEO_API_KEY": "secret"]).configuration
        #expect(keyed.openMeteoAPIKey == "secret")
        #expect(keyed.baseURL(for: .forecast) == "https://customer-api.open-meteo.com/v1/forecast")
        #expect(keyed.baseURL(for: .geocoding) == "https://customer-geocoding-api.open-meteo.com/v1/search")
        #expect(keyed.baseURL(for: .airQuality) == "https://customer-air-quality-api.open-meteo.com/v1/air-quality")
        #expect(keyed.baseURL(for: .archive) == "https://customer-archive-api.open-meteo.com/v1/archive")
        // Hosts that are not Open-Meteo's stay as they are.
        #expect(keyed.baseURL(for: .pollenProxy) == BreezeConfiguration().baseURL(for: .pollenProxy))
        #expect(keyed.baseURL(for: .googlePollen) == BreezeConfiguration().baseURL(for: .googlePollen))

        let flagged = try Options.parse(["--open-meteo-api-key", "secret"], environment: [:]).configuration
        #expect(flagged == keyed)
    }

    @Test func keepsAnExplicitURLAndOtherSettingsWhenAKeyIsGiven() throws {
        let configuration = try Options.parse(
            ["--forecast-url", "http://127.0.0.1:8/f", "--timeout", "3"],
            environment: ["OPEN_METEO_API_KEY": "secret", "GOOGLE_POLLEN_API_KEY": "g"]
        ).configuration
        #expect(configuration.baseURL(for: .forecast) == "http://127.0.0.1:8/f")
        #expect(configuration.baseURL(for: .archive) == "https://customer-archive-api.open-meteo.com/v1/archive")
        #expect(configuration.timeoutSeconds == 3)
        #expect(configuration.googlePollenAPIKey == "g")
    }

    @Test(arguments: [
        ["--timeout", "abc"], ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "inf"], ["--timeout", "nan"],
        ["--timeout", "3601"], ["--max-line-bytes", "0"], ["--max-line-bytes", "-5"], ["--max-line-bytes", "1.5"],
        ["--max-line-bytes", "1e6"], ["--max-in-flight", "0"], ["--max-in-flight", "many"], ["--log-level", "loud"],
        ["--frobnicate"], ["serve"], ["--timeout"], ["-v"],
    ])
    func rejectsBadArguments(_ arguments: [String]) {
        #expect(throws: Options.UsageError.self) { try Options.parse(arguments, environment: [:]) }
    }

    @Test(arguments: [
        ["BREEZE_TIMEOUT": "soon"], ["BREEZE_MAX_LINE_BYTES": "0"], ["BREEZE_MAX_IN_FLIGHT": "-1"],
        ["BREEZE_LOG_LEVEL": "loud"],
    ])
    func rejectsBadEnvironmentVariables(_ environment: [String: String]) {
        #expect(throws: Options.UsageError.self) { try Options.parse([], environment: environment) }
    }

    @Test func namesTheOffendingValueInTheError() {
        let error = #expect(throws: Options.UsageError.self) {
            try Options.parse(["--max-in-flight", "lots"], environment: [:])
        }
        #expect(error?.description.contains("lots") == true)
        #expect(error?.description.contains("--max-in-flight") == true)
    }

    @Test(arguments: [(["--help"], Options.Action.help), (["-h"], .help), (["--version"], .version)])
    func recognisesHelpAndVersion(_ arguments: [String], _ action: Options.Action) throws {
        // A bad variable does not stand in the way of asking for help.
        #expect(try Options.parse(arguments, environment: ["BREEZE_LOG_LEVEL": "loud"]).action == action)
    }

    @Test func helpListsEverySettingWithItsVariable() {
        for setting in Options.settings {
            #expect(Options.helpText.contains(setting.flag))
            #expect(Options.helpText.contains(setting.variable))
        }
    }

    /// The README's list of settings is `--help`'s list, item for item: both come from `Options.settings`.
    @Test func readmeSettingsListIsTheHelpList() throws {
        let readme = try String(contentsOf: Repository.readme, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Configuration\n").dropFirst().first)
        let lines = section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("- `--") })
        let items = lines[first...].prefix { $0.hasPrefix("- `--") }
        let perUpstream = Set(
            Upstream.allCases.flatMap { ["--\($0.settingName)-url", "--cache-ttl-\($0.settingName)"] })
        let expected = Options.settings.filter { !perUpstream.contains($0.flag) }.map {
            "- `\($0.flag) \($0.valueName)` (`\($0.variable)`): \($0.help)"
        }
        #expect(Array(items) == expected)
    }

    /// Each upstream's two settings, its endpoint and its cache lifetime, are one row of the README's table, in
    /// `Upstream` order, with the default lifetime `--help` states.
    @Test func readmeUpstreamTableIsEveryUpstreamsSettings() throws {
        let readme = try String(contentsOf: Repository.readme, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Configuration\n").dropFirst().first)
        let rows = section.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `--") }
        let setting = { (flag: String) in Options.settings.first { $0.flag == flag } }
        let expected = try Upstream.allCases.map { service in
            let url = try #require(setting("--\(service.settingName)-url"))
            let ttl = try #require(setting("--cache-ttl-\(service.settingName)"))
            return
                "| `\(url.flag) \(url.valueName)` `\(url.variable)` | `\(ttl.flag) \(ttl.valueName)` `\(ttl.variable)`, "
                + "\(Options.duration(service.defaultCacheTTL)) |"
        }
        #expect(rows == expected)
    }
}
