import FoundationEssentials

/// The domain's logging seam: where Breeze says what it does upstream, without knowing who listens.
///
/// The binding connects it to the server's logger; a library user can connect anything. Every event is one
/// line of `key=value` pairs (logfmt) built by `format`, the one place a line is formatted, so the shape is
/// the same for every event and easy to parse.
/// - Important: callers pass URLs through `HTTPRequest.redactedURL` and errors by their type only; nothing
///   that may carry a key is ever a field.
public struct EventLog: Sendable {
    /// How much to say: `info` is one line per upstream call, `debug` adds the decisions behind it.
    public enum Level: Int, Sendable, Comparable {
        case info, debug

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The most detailed level written; nil writes nothing.
    public let level: Level?
    private let write: @Sendable (Level, String) -> Void

    /// A log writing lines at `level` and below to `write`.
    public init(level: Level?, write: @escaping @Sendable (Level, String) -> Void) {
        self.level = level
        self.write = write
    }

    /// Writes nothing, the default.
    public static let off = EventLog(level: nil) { _, _ in }

    /// Whether events at `level` are written, so callers can skip work for events nobody reads.
    public func isEnabled(_ level: Level) -> Bool {
        self.level.map { level <= $0 } ?? false
    }

    /// Writes `event` with `fields` when `level` is enabled; the fields are not even built otherwise.
    public func log(_ level: Level, _ event: String, _ fields: @autoclosure () -> KeyValuePairs<String, String>) {
        guard isEnabled(level) else { return }
        write(level, Self.format(event, Array(fields())))
    }

    /// `log` for fields gathered at run time.
    func log(_ level: Level, _ event: String, pairs: [(key: String, value: String)]) {
        guard isEnabled(level) else { return }
        write(level, Self.format(event, pairs))
    }

    /// One event as a logfmt line: `event=NAME key=value …`, in the order given. A value that is empty or holds
    /// a space, `=`, `"` or a control character is written as a JSON string, so every line splits the same way.
    public static func format(_ event: String, _ fields: [(key: String, value: String)]) -> String {
        var line = "event=" + quoted(event)
        for (key, value) in fields { line += " \(key)=\(quoted(value))" }
        return line
    }

    private static func quoted(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "=" && $0 != "\"" && $0.value != 0x7F }
        guard !plain else { return value }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let data = (try? encoder.encode(value)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
