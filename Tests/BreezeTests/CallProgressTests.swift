import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import Breeze

/// Calls that take several upstream rounds report each round to their call's `CallProgress`, in order.
@Suite(.timeLimit(.minutes(1))) struct CallProgressTests {
    /// Every report, in the order received.
    final class Reports: Sendable {
        private let received = Mutex<[[Int]]>([])

        var all: [[Int]] { received.withLock { $0 } }

        var progress: CallProgress {
            CallProgress { completed, total in self.received.withLock { $0.append([completed, total]) } }
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
        _ = try? await makeBreeze(http).fetchClimate(
            ClimateRequest(coordinates: berlin, years: [1990, 2000, 2010]),
            call: Breeze.Call(progress: reports.progress))
        // One archive request answers all three years.
        #expect(reports.all == [[3, 3]])
    }

    @Test func dashboardReportsItsFourPartsAndNotTheClimateYears() async throws {
        let http = FakeHTTPClient()
        for path in ["/v1/air-quality", "/api/pollen", "/v1/archive", "/v1/forecast", "/feeds-germany"] {
            http.on(path, status: 500, body: #"{"error":true,"reason":"down"}"#)
        }
        let reports = Reports()
        _ = try await makeBreeze(http).fetchDashboard(berlin, call: Breeze.Call(progress: reports.progress))
        #expect(reports.all == [[1, 4], [2, 4], [3, 4], [4, 4]])
    }

    /// A dashboard cancelled while its parts wait fails as a whole, cancels every part's request and reports no
    /// part that arrives after the cancellation.
    @Test func aCancelledDashboardCancelsEveryPartAndFailsAsAWhole() async throws {
        let http = FakeHTTPClient(gated: true)
        let breeze = makeBreeze(http)
        let reports = Reports()
        let call = Task {
            try await breeze.fetchDashboard(berlin, call: Breeze.Call(progress: reports.progress))
        }
        await http.waitUntil { $0.held >= 4 }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        let state = http.snapshot
        #expect(state.completed == 0 && state.held == 0)
        #expect(state.cancelled == state.requests.count)
        #expect(reports.all.allSatisfy { $0[0] <= 4 })
    }

    /// Climate years fail as a whole at the first error every year would meet (a misconfigured base URL).
    @Test func climateFailsAsAWholeOnAnErrorEveryYearMeets() async throws {
        let http = FakeHTTPClient()
        let breeze = makeBreeze(http) { $0.setBaseURL("not a url", for: .archive) }
        let reports = Reports()
        await #expect {
            _ = try await breeze.fetchClimate(
                ClimateRequest(coordinates: berlin, years: [1990, 2000]), call: Breeze.Call(progress: reports.progress))
        } throws: { error in
            guard case BreezeError.badURL(.archive, _) = error else { return false }
            return true
        }
        #expect(http.requests.isEmpty)
        #expect(reports.all.isEmpty)
    }
}
