import Breeze

/// The settings of the resilience layer: cache, retries, concurrency limits. Kept beside the main table so
/// the rows that belong together stay together; `Options.settings` appends them.
extension Options {
    static let resilienceSettings: [Setting] =
        [
            Setting(
                flag: "--cache", variable: "BREEZE_CACHE", valueName: "MODE",
                help: "on (memory and disk), memory (nothing written to disk) or off (default on)."
            ) { options, value throws(UsageError) in
                guard let mode = ResilienceSettings.CacheMode(rawValue: value.lowercased()) else {
                    throw UsageError(description: "the cache mode must be on, memory or off, not '\(value)'")
                }
                options.resilience.cacheMode = mode
            },
            Setting(
                flag: "--cache-dir", variable: "BREEZE_CACHE_DIR", valueName: "DIR",
                help: "Directory of the persistent cache (default $XDG_CACHE_HOME/breeze-rpc, else "
                    + "~/.cache/breeze-rpc)."
            ) { options, value throws(UsageError) in
                guard value.hasPrefix("/") else {
                    throw UsageError(description: "--cache-dir takes an absolute path, not '\(value)'")
                }
                options.resilience.cacheDirectory = value
            },
        ]
        + cacheLifetimeSettings
        + [
            Setting(
                flag: "--retries", variable: "BREEZE_RETRIES", valueName: "N",
                help: "Retries after network errors, timeouts and HTTP 500/502/503/504, with jittered exponential "
                    + "backoff inside the call's deadline; 0 turns them off (default 2)."
            ) { options, value throws(UsageError) in
                guard let retries = Int(value), (0...10).contains(retries) else {
                    throw UsageError(description: "--retries takes a whole number from 0 to 10, not '\(value)'")
                }
                options.resilience.retry.maxRetries = retries
            },
            Setting(
                flag: "--max-concurrent-per-upstream", variable: "BREEZE_MAX_CONCURRENT_PER_UPSTREAM", valueName: "N",
                help: "Requests sent at once to each upstream; more wait in line, first come first served (default "
                    + defaultLimits + ")."
            ) { options, value throws(UsageError) in
                let limit = try positiveInteger(value, "--max-concurrent-per-upstream")
                options.resilience.maxConcurrent = Upstream.table { _ in limit }
            },
            Setting(
                flag: "--open-meteo-max-in-flight", variable: "BREEZE_OPEN_METEO_MAX_IN_FLIGHT", valueName: "N",
                help: "Requests sent at once to all Open-Meteo hosts together, beside each one's own limit; more wait "
                    + "in line. Open-Meteo answers 429 above 5 in flight from one address (default "
                    + "\(ResilienceSettings.defaultOpenMeteoMaxInFlight)).",
                positiveInteger: \.resilience.openMeteoMaxInFlight),
            Setting(
                flag: "--max-body-bytes", variable: "BREEZE_MAX_BODY_BYTES", valueName: "BYTES",
                help: "Largest upstream answer accepted, counted after decompression; a larger one is cut off with a "
                    + "badServerResponse error (default 8388608 = 8 MiB).",
                positiveInteger: \.resilience.maxBodyBytes),
        ]

    /// `--cache-ttl-<name>` / `BREEZE_CACHE_TTL_<NAME>`, one per upstream: seconds its answers stay fresh.
    private static var cacheLifetimeSettings: [Setting] { Upstream.allCases.map(cacheLifetime) }

    private static func cacheLifetime(_ service: Upstream) -> Setting {
        let name = service.settingName
        let seconds = service.defaultCacheTTL
        let note =
            service.daysFilledInLate.map { days in
                " Answers reaching into the last \(days) days or holding nulls keep at most "
                    + "\(duration(CachePolicy().provisionalTTL))."
            } ?? ""
        return Setting(
            flag: "--cache-ttl-\(name)", variable: "BREEZE_CACHE_TTL_\(environmentName(name))", valueName: "SECONDS",
            help: "How long \(service.displayName) answers stay cached; 0 = not cached (default "
                + "\(Int(seconds)) = \(duration(seconds))).\(note)"
        ) { options, value throws(UsageError) in
            guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                throw UsageError(
                    description: "--cache-ttl-\(name) takes a number of seconds, 0 or more, not '\(value)'")
            }
            options.resilience.cachePolicy.ttl[service] = seconds
        }
    }

    /// `4 for geocoding, air-quality, forecast and archive; 2 for pollen and google-pollen`: each upstream's
    /// `defaultMaxConcurrent`, grouped.
    private static var defaultLimits: String {
        var groups: [(limit: Int, names: [String])] = []
        for service in Upstream.allCases {
            if let index = groups.firstIndex(where: { $0.limit == service.defaultMaxConcurrent }) {
                groups[index].names.append(service.settingName)
            } else {
                groups.append((service.defaultMaxConcurrent, [service.settingName]))
            }
        }
        return groups.map { "\($0.limit) for \(sentence($0.names))" }.joined(separator: "; ")
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func sentence(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `900` → `15 min`, `86400` → `24 h`, `31536000` → `365 days`: the largest unit that divides it.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds)
        if whole >= 7 * 86400, whole % 86400 == 0 { return "\(whole / 86400) days" }
        if whole >= 3600, whole % 3600 == 0 { return "\(whole / 3600) h" }
        if whole >= 60, whole % 60 == 0 { return "\(whole / 60) min" }
        return "\(whole) s"
    }
}
