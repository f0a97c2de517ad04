import Breeze
import JSONRPC

extension EventLog {
    /// The domain's events written through the server's `logger`, at the level it is set to: `info` shows one
    /// line per upstream call, `debug` adds the decisions; `warn` and `error` show none of them.
    public init(logger: Logger) {
        let level: Level? =
            switch logger.level {
            case .debug: .debug
            case .info: .info
            case .warn, .error: nil
            }
        self.init(level: level) { level, line in
            logger.log(level == .debug ? .debug : .info, line)
        }
    }
}
