import Synchronization

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
    /// What starts every line: the program's name, so its lines stand out in a host's combined log.
    public let label: String
    private let sink: @Sendable (String) -> Void

    /// A logger writing to `sink`; by default, stderr, through a bounded buffer drained by a thread of its own,
    /// so that logging never blocks a request: when nobody reads stderr, lines are dropped and counted instead.
    public init(level: Level = .warn, label: String = "jsonrpc", sink: (@Sendable (String) -> Void)? = nil) {
        self.level = level
        self.label = label
        if let sink {
            self.sink = sink
        } else {
            Self.standardErrorLabel.withLock { $0 = label }
            self.sink = { line in Self.standardError.write(line: Array(line.utf8)) }
        }
    }

    /// Waits until the log lines queued for stderr are written, at most `timeout`; for a clean exit. False when
    /// stderr is still not taking them (the count of dropped lines is then lost with them).
    @discardableResult
    public static func flushStandardError(timeout: Duration) -> Bool {
        standardError.flush(timeout: timeout)
    }

    /// A logger that drops everything, for tests.
    public static let silent = Logger(level: .error, sink: { _ in })

    /// This logger with every line passed through `transform` before it is written, e.g. to take secrets out.
    public func filtered(by transform: @escaping @Sendable (String) -> String) -> Logger {
        let sink = self.sink
        return Logger(level: level, label: label, sink: { line in sink(transform(line)) })
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level else { return }
        sink("\(label): \(level.name): \(message())")
    }

    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    public func warn(_ message: @autoclosure () -> String) { log(.warn, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    private static let standardError = DetachedLineWriter(
        fileDescriptor: 2, capacityBytes: 256 * 1024, threadName: "stderr writer",
        dropNotice: { count in
            let label = standardErrorLabel.withLock { $0 }
            return "\(label): warn: \(count) log line(s) dropped while stderr was not being read"
        })
    /// The label of the latest logger writing to stderr, for the line that counts dropped lines.
    private static let standardErrorLabel = Mutex("jsonrpc")
}
