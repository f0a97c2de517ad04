import Breeze
import JSONRPC

#if canImport(Glibc)
import Glibc
#endif

/// The `breeze-rpc` command: options in, exit status out. Kept out of `main.swift` so tests can run it.
public enum BreezeCommand {
    /// Runs the command with `arguments` (without the program name) on stdin/stdout; returns the exit status.
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments, environment: environment)
        } catch {
            FileDescriptorSink(fileDescriptor: 2).write(line: Array("breeze-rpc: \(error)".utf8))
            return 2
        }
        let stdout = FileDescriptorSink(fileDescriptor: 1)
        switch options.action {
        case .help:
            stdout.write(line: Array(Options.helpText.utf8.dropLast()))
        case .version:
            stdout.write(line: Array("breeze-rpc \(BreezeVersion.current)".utf8))
        case .serve:
            // Every log line goes through the same redaction as every error: no key ever reaches stderr.
            let redaction = Redaction(options.configuration)
            var logger = Logger(level: options.logLevel, label: "breeze-rpc")
            if !redaction.secrets.isEmpty { logger = logger.filtered { redaction($0) } }
            let descriptors = DescriptorLimit.raiseAndBudgetSockets()
            var settings = options.resilience.fitting(sockets: max(1, descriptors.sockets))
            if settings.cacheDirectory == nil {
                settings.cacheDirectory = ResilienceSettings.defaultCacheDirectory(environment: environment)
            }
            let upstream: any HTTPClient
            if descriptors.sockets > 0 {
                upstream = CurlHTTPClient(
                    maxConnectionsPerHost: min(6, descriptors.sockets), maxBodyBytes: settings.maxBodyBytes)
            } else {
                let tooFew = DescriptorLimit.TooFew(allowed: descriptors.limit)
                logger.warn("upstream calls are off: \(tooFew.reason)")
                upstream = tooFew
            }
            // One stack for the process: its cache, coalescing table and slots are shared by every call.
            let resilience = Resilience(
                settings: settings, upstream: upstream, warn: { [logger] in logger.warn($0) })
            let breeze = Breeze(
                configuration: options.configuration, resilience: resilience, log: EventLog(logger: logger))
            var limits = options.limits
            limits.maxLineBytesSetting = "--max-line-bytes"
            let server = Server(
                router: Catalog.router(breeze: breeze, logger: logger), limits: limits, logger: logger,
                readerThreadName: "breeze-rpc stdin")
            // SIGHUP (the terminal or the parent went away) is a request to stop like the other two.
            let signals = ShutdownSignals(
                [SIGTERM, SIGINT, SIGHUP], server: server, grace: shutdownGrace, logger: logger)
            await server.run(input: 0, output: stdout)
            Logger.flushStandardError(timeout: .milliseconds(200))
            // 128 + the signal's number, as a shell reports a process a signal ended.
            if let signal = signals.signal { return 128 + signal }
        }
        return 0
    }

    /// How long calls in flight may still finish with their results after a stop signal.
    static let shutdownGrace = Duration.milliseconds(500)
}
