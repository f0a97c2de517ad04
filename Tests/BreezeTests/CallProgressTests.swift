import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Calls that take several upstream rounds report each round to `CallProgress.current`, in order.
@Suite(.timeLimit(.minutes(1))) struct CallProgressTests {
    /// Every report, in the order received.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        /// Guarded by `lock`.
        private var received: [[Int]] = []

        var all: [[Int]] { lock.withLock { received } }

        var progress: CallProgress {
            CallProgress { completed, total in self.lock.withLock { self.received.append([completed, total]) } }
        }
    }

    let berlin: Coordinates

    init() throws {
        berlin = try Coordinates(latitude: 52.52, longitude: 13.41)
    }

    @Test func climateReportsTheYearsAnsweredOutOfThoseRequested() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/archive", status: 500, body: #"{"error":true,"reason":"down"}"#)
        let reports = Reports()
        await CallProgress.$current.withValue(reports.progress) {
            _ = try? await makeBreeze(http).fetchClimate(
                ClimateRequest(coordinates: berlin, years: [1990, 2000, 2010]))
        }
        #expect(reports.all == [[1, 3], [2, 3], [3, 3]])
    }

    @Test func dashboardReportsItsFourPartsAndNotTheClimateYears() async throws {
        let http = FakeHTTPClient()
        for path in ["/v1/air-quality", "/api/pollen", "/v1/archive", "/v1/forecast"] {
            http.on(path, status: 500, body: #"{"error":true,"reason":"down"}"#)
        }
        let reports = Reports()
        _ = await CallProgress.$current.withValue(reports.progress) {
            await makeBreeze(http).fetchDashboard(berlin)
        }
        #expect(reports.all == [[1, 4], [2, 4], [3, 4], [4, 4]])
    }
}
