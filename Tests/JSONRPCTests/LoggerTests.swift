import Foundation
import Testing

@testable import JSONRPC

@Suite struct LoggerTests {
    @Test func aFilteredLoggerPassesEveryLineThroughItsFilterAndKeepsItsLevelAndLabel() {
        let lines = Locked<[String]>([])
        let logger = Logger(level: .info, label: "breeze-rpc", sink: { line in lines.withLock { $0.append(line) } })
            .filtered { $0.replacingOccurrences(of: "secret", with: "***") }
        logger.info("key secret sent")
        logger.debug("secret at debug")  // below the level
        #expect(lines.withLock { $0 } == ["breeze-rpc: info: key *** sent"])
    }
}
