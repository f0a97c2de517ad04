import Testing

@testable import BreezeRPC

/// A bad setting's error names where it came from: the environment variable, or the flag.
@Suite struct OptionsSourceTests {
    /// Values some setting refuses; each setting that refuses one of them is checked with it.
    static let badValues = ["-1", "bogus", "relative/dir", "99999"]

    @Test func aBadTimeoutFromTheEnvironmentNamesTheVariable() {
        let error = #expect(throws: Options.UsageError.self) {
            try Options.parse([], environment: ["BREEZE_TIMEOUT": "-1"])
        }
        #expect(
            error?.description
                == "BREEZE_TIMEOUT: the timeout must be a number of seconds above 0 and at most 3600, not '-1'")
    }

    @Test func aBadTimeoutFromTheFlagNamesTheFlag() {
        let error = #expect(throws: Options.UsageError.self) {
            try Options.parse(["--timeout", "-1"], environment: [:])
        }
        #expect(error?.description.hasPrefix("--timeout: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("BREEZE_TIMEOUT") == false)
    }

    @Test(arguments: Options.settings.map(\.variable))
    func everySettingReadFromTheEnvironmentNamesItsVariableWhenBad(variable: String) throws {
        let setting = try #require(Options.settings.first { $0.variable == variable })
        var refused = 0
        for value in Self.badValues {
            do {
                _ = try Options.parse([], environment: [variable: value])
            } catch {
                refused += 1
                #expect(error.description.hasPrefix(variable), "\(variable)=\(value): \(error)")
                #expect(!error.description.contains(setting.flag), "\(variable)=\(value): \(error)")
                #expect(error.description.contains("'\(value)'"), "\(variable)=\(value): \(error)")
            }
            do {
                _ = try Options.parse([setting.flag, value], environment: [:])
            } catch {
                #expect(error.description.hasPrefix(setting.flag), "\(setting.flag) \(value): \(error)")
                #expect(!error.description.contains(variable), "\(setting.flag) \(value): \(error)")
            }
        }
        // Keys and URLs take any text; every other setting refuses at least one of the values.
        let takesAnyText = variable.hasSuffix("_API_KEY") || variable.hasSuffix("_URL")
        #expect(refused > 0 || takesAnyText, "\(variable) refused none of \(Self.badValues)")
    }

    @Test func theFlagWinsAndIsNamedWhenBothAreBad() {
        let error = #expect(throws: Options.UsageError.self) {
            try Options.parse(["--max-in-flight", "0"], environment: ["BREEZE_MAX_IN_FLIGHT": "-1"])
        }
        #expect(error?.description == "--max-in-flight takes a whole number above 0, not '0'")
    }
}
