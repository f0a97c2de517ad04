import Foundation
import Testing

@testable import JSONRPC

@Suite struct LoggerTests {
    @Test func aFilteredLoggerPassesEveryLineThroughItsFilterAndKeepsItsLevel() {
        let lines = Locked<[String]>([])
        let logger = Logger(level: .info, label: "service", sink: { line in lines.withLock { $0.append(line) } })
            .filtered { $0.replacingOccurrences(of: "secret", with: "***") }
        logger.info("key secret sent")
        logger.debug("secret at debug")  // below the level
        #expect(lines.withLock { $0 } == ["service: info: key *** sent"])
    }
}
