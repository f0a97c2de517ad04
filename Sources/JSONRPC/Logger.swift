#if canImport(Glibc)
import Glibc
#endif

/// Writes log lines to stderr. stdout carries protocol messages only, so nothing else may ever write there.
public struct Logger: Sendable {
    /// How much to log; each level includes those before it.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case error, warn, info, debug

        /// Parses `error|warn|info|debug` (also `warning`).
        public init?(name: String) {
            switch name.lowercased() {
            case "error": self = .error
            case "warn", "warning": self = .warn
            case "info": self = .info
            case "debug": self = .debug
            default: return nil
            }
        }

        public var name: String { String(describing: self) }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var level: Level
    private let sink: @Sendable (String) -> Void

    /// A logger writing to `sink`; by default, stderr.
    public init(level: Level = .warn, sink: (@Sendable (String) -> Void)? = nil) {
        self.level = level
        self.sink = sink ?? { line in _ = Self.stderr.write(line: Array(line.utf8)) }
    }

    /// A logger that drops everything, for tests.
    public static let silent = Logger(level: .error, sink: { _ in })

    /// This logger with every line passed through `transform` before it is written, e.g. to take secrets out.
    public func filtered(by transform: @escaping @Sendable (String) -> String) -> Logger {
        let sink = self.sink
        return Logger(level: level, sink: { line in sink(transform(line)) })
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level else { return }
        sink("breeze-rpc: \(level.name): \(message())")
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warn(_ message: @autoclosure () -> String) { log(.warn, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    private static let stderr = FileDescriptorSink(fileDescriptor: 2)
}
