import Breeze
import JSONRPC

/// Everything breeze-rpc can be told at start-up. Every setting is a flag and an environment variable;
/// a flag wins over its variable.
public struct Options: Sendable, Equatable {
    public enum Action: Sendable, Equatable { case serve, help, version }

    public var action = Action.serve
    public var configuration = BreezeConfiguration(upstreamFormat: .preferred)
    public var limits = ServerLimits()
    public var logLevel = Logger.Level.warn
    /// Caching, retries and concurrency limits (rows in `Options+Resilience.swift`).
    public var resilience = ResilienceSettings()

    public init() {}

    /// A problem with the command line or the environment, reported on stderr with exit status 2.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// One setting: its flag, its variable, and how it changes the options.
    struct Setting: Sendable {
        let flag: String
        let variable: String
        let valueName: String
        let help: String
        let apply: @Sendable (inout Options, String) throws(UsageError) -> Void
    }

    // MARK: - The settings

    /// In the order of `--help` and the README: keys, each upstream's URL, then the rest.
    static let settings: [Setting] =
        [
            Setting(
                flag: "--open-meteo-api-key", variable: "OPEN_METEO_API_KEY", valueName: "KEY",
                help: "Open-Meteo API key, sent as apikey; the default hosts become their customer- twins."
            ) { options, value in options.configuration.openMeteoAPIKey = value },
            Setting(
                flag: "--google-pollen-api-key", variable: "GOOGLE_POLLEN_API_KEY", valueName: "KEY",
                help: "Google Pollen API key; when set, pollen comes from Google directly (prefer the variable: "
                    + "flags show in ps)."
            ) { options, value in options.configuration.googlePollenAPIKey = value },
            Setting(
                flag: "--contact", variable: "BREEZE_CONTACT", valueName: "EMAIL_OR_URL",
                help: "Your contact, added to the User-Agent sent to the warning services (api.weather.gov asks "
                    + "for one)."
            ) { options, value in options.configuration.contact = value },
        ] + Upstream.allCases.map(url)
        + [
            Setting(
                flag: "--timeout", variable: "BREEZE_TIMEOUT", valueName: "SECONDS",
                help: "Time allowed for each call, its retries and waits included, in seconds; fractions work; a "
                    + "call's timeoutMs param overrides it (default 10)."
            ) { options, value throws(UsageError) in
                guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                    throw UsageError(
                        description: "the timeout must be a number of seconds above 0 and at most 3600, not '\(value)'")
                }
                options.configuration.timeoutSeconds = seconds
            },
            Setting(
                flag: "--upstream-format", variable: "BREEZE_UPSTREAM_FORMAT", valueName: "FORMAT",
                help: "How Open-Meteo forecast, air-quality, archive and fetchWeatherData answers travel: flatbuffers "
                    + "(binary, read in place; faster) or json; results are the same (default "
                    + "\(UpstreamFormat.preferred.rawValue))."
            ) { options, value throws(UsageError) in
                guard let format = UpstreamFormat(rawValue: value) else {
                    throw UsageError(description: "the upstream format must be flatbuffers or json, not '\(value)'")
                }
                options.configuration.upstreamFormat = format
            },
            Setting(
                flag: "--max-line-bytes", variable: "BREEZE_MAX_LINE_BYTES", valueName: "BYTES",
                help:
                    "Message size limit: the longest line or Content-Length body accepted; larger messages get -32600 "
                    + "(default 8388608).",
                positiveInteger: \.limits.maxLineBytes),
            Setting(
                flag: "--max-in-flight", variable: "BREEZE_MAX_IN_FLIGHT", valueName: "N",
                help: "Requests handled at once; beyond this the server stops reading until some finish (default 256).",
                positiveInteger: \.limits.maxInFlight),
            Setting(
                flag: "--log-level", variable: "BREEZE_LOG_LEVEL", valueName: "LEVEL",
                help: "What to log on stderr: error, warn, info or debug (default warn)."
            ) { options, value throws(UsageError) in
                guard let level = Logger.Level(name: value) else {
                    throw UsageError(description: "the log level must be error, warn, info or debug, not '\(value)'")
                }
                options.logLevel = level
            },
        ] + resilienceSettings

    /// `--<name>-url` / `BREEZE_<NAME>_URL`: where `service` is.
    private static func url(_ service: Upstream) -> Setting {
        let name = service.settingName
        return Setting(
            flag: "--\(name)-url", variable: "BREEZE_\(environmentName(name))_URL",
            valueName: "URL",
            help: "\(service.endpointDescription) (default \(service.defaultURL(keyed: false)))."
        ) { options, value in options.configuration.setBaseURL(value, for: service) }
    }

    /// `air-quality` → `AIR_QUALITY`: a setting's name as it appears in its environment variable.
    static func environmentName(_ name: String) -> String {
        String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    static func positiveInteger(_ value: String, _ flag: String) throws(UsageError) -> Int {
        guard let number = Int(value), number > 0 else {
            throw UsageError(description: "\(flag) takes a whole number above 0, not '\(value)'")
        }
        return number
    }

    // MARK: - Parsing

    /// Parses the arguments (without the program name) and the environment.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Options {
        var options = Options()
        var flagValues: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help":
                options.action = .help
                return options
            case "--version":
                options.action = .version
                return options
            default:
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.first, settings.contains(where: { $0.flag == name }) else {
                throw UsageError(description: "unknown option '\(argument)'; run breeze-rpc --help for the options")
            }
            if parts.count == 2 {
                flagValues[name] = parts[1]
            } else {
                guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
                flagValues[name] = arguments[index]
                index += 1
            }
        }
        for setting in settings {
            // An empty variable counts as unset, as shells make it easy to export one by accident.
            if let value = flagValues[setting.flag] {
                try setting.apply(value, from: setting.flag, to: &options)
            } else if let value = environment[setting.variable].flatMap({ $0.isEmpty ? nil : $0 }) {
                try setting.apply(value, from: setting.variable, to: &options)
            }
        }
        return options
    }

    // MARK: - Help

    public static var helpText: String {
        let rows = settings.map { setting in
            "  \(setting.flag) \(setting.valueName)\n      \(setting.variable)\n      \(setting.help)"
        }
        return """
            breeze-rpc \(BreezeVersion.current): weather, air quality and pollen as JSON-RPC 2.0 over stdio.

            USAGE
              breeze-rpc [OPTIONS]
              echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' | breeze-rpc

            Reads one JSON-RPC request per line on stdin and writes one reply per line on stdout. Logs go to
            stderr. At end of input it answers everything in flight, then exits 0. Call rpc.discover for the
            methods and their params.

            OPTIONS (each flag also has an environment variable; the flag wins)
            \(rows.joined(separator: "\n"))
              -h, --help
                  Show this help.
              --version
                  Print the version.

            EXIT STATUS
              0 at end of input or when the client closes stdout; 2 for a bad option or setting.

            """
    }
}

extension Options.Setting {
    /// A setting whose value is a whole number above 0, kept at `field`.
    init(
        flag: String, variable: String, valueName: String, help: String,
        positiveInteger field: any WritableKeyPath<Options, Int> & Sendable
    ) {
        self.init(flag: flag, variable: variable, valueName: valueName, help: help) {
            options, value throws(Options.UsageError) in
            options[keyPath: field] = try Options.positiveInteger(value, flag)
        }
    }
}
