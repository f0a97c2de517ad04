import Breeze

/// The settings of the resilience layer: cache, retries, concurrency limits. Kept beside the main table so
/// the rows that belong together stay together; `Options.settings` appends them.
extension Options {
    static let resilienceSettings: [Setting] = [
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
        ttl("geocoding", "GEOCODING", [.geocoding], "city search", "86400 = 24 h"),
        ttl("forecast", "FORECAST", [.forecast], "forecast", "900 = 15 min"),
        ttl("air-quality", "AIR_QUALITY", [.airQuality], "air quality", "900 = 15 min"),
        ttl("pollen", "POLLEN", [.pollenProxy, .googlePollen], "pollen (proxy and Google)", "3600 = 1 h"),
        ttl(
            "archive", "ARCHIVE", [.archive], "archive", "31536000 = 365 days",
            note: " Answers reaching into the last 7 days or holding nulls keep at most 1 h."),
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
            help: "Requests sent at once to each upstream; more wait in line, first come first served (default 4 "
                + "for each Open-Meteo host, 2 for pollen)."
        ) { options, value throws(UsageError) in
            let limit = try positiveInteger(value, "--max-concurrent-per-upstream")
            options.resilience.maxConcurrent = Upstream.table { _ in limit }
        },
        Setting(
            flag: "--max-body-bytes", variable: "BREEZE_MAX_BODY_BYTES", valueName: "BYTES",
            help: "Largest upstream answer accepted, counted after decompression; a larger one is cut off with a "
                + "badServerResponse error (default 8388608 = 8 MiB)."
        ) { options, value throws(UsageError) in
            options.resilience.maxBodyBytes = try positiveInteger(value, "--max-body-bytes")
        },
    ]

    /// `--cache-ttl-<name>` / `BREEZE_CACHE_TTL_<NAME>`: seconds an answer of `services` stays fresh.
    private static func ttl(
        _ name: String, _ variable: String, _ services: [Upstream], _ what: String, _ defaultValue: String,
        note: String = ""
    ) -> Setting {
        Setting(
            flag: "--cache-ttl-\(name)", variable: "BREEZE_CACHE_TTL_\(variable)", valueName: "SECONDS",
            help: "How long \(what) answers stay cached; 0 = not cached (default \(defaultValue)).\(note)"
        ) { options, value throws(UsageError) in
            guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                throw UsageError(
                    description: "--cache-ttl-\(name) takes a number of seconds, 0 or more, not '\(value)'")
            }
            for service in services { options.resilience.cachePolicy.ttl[service] = seconds }
        }
    }
}
