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
            let logger = Logger(level: options.logLevel)
            var settings = options.resilience
            if settings.cacheDirectory == nil {
                settings.cacheDirectory = ResilienceSettings.defaultCacheDirectory(environment: environment)
            }
            // One stack for the process: its cache, coalescing table and slots are shared by every call.
            let resilience = Resilience(settings: settings, upstream: URLSessionHTTPClient())
            let breeze = Breeze(
                configuration: options.configuration, resilience: resilience, log: EventLog(logger: logger))
            let server = Server(
                router: Catalog.router(breeze: breeze, logger: logger), limits: options.limits, logger: logger)
            await server.run(input: 0, output: stdout)
        }
        return 0
    }
}
