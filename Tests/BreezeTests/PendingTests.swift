import Foundation
import Synchronization
import Testing

@testable import Breeze

/// `Pending`'s combinators: what a call made of several parts (the climate's years, the dashboard) answers, with
/// no task waiting for the parts.
@Suite(.timeLimit(.minutes(1))) struct PendingTests {
    /// Everything a consumer heard: each answer and each progress report, in order.
    final class Heard: Sendable {
        private let state = Mutex<(answers: [Result<[Int], any Error>], reports: [Int])>(([], []))

        var answers: [Result<[Int], any Error>] { state.withLock { $0.answers } }
        var reports: [Int] { state.withLock { $0.reports } }

        func answer(_ outcome: Result<[Int], any Error>) { state.withLock { $0.answers.append(outcome) } }
        func report(_ completed: Int, _ total: Int) { state.withLock { $0.reports.append(completed) } }
    }

    /// A part whose producer answers a cancellation with `CancellationError`, as the HTTP stack does.
    static func part() -> Pending<Int> {
        let part = Pending<Int>()
        part.onCancel { part.resolve(.failure(CancellationError())) }
        return part
    }

    /// Parts, the whole made of them and what its consumer hears.
    static func gathering(_ count: Int) -> ([Pending<Int>], Pending<[Int]>, Heard) {
        let parts = (0..<count).map { _ in part() }
        let heard = Heard()
        let all = Pending(all: parts, arrived: heard.report)
        all.whenReady(heard.answer)
        return (parts, all, heard)
    }

    @Test func gathersThePartsInTheirOrderAndReportsEachArrival() throws {
        let (parts, _, heard) = Self.gathering(3)
        parts[2].resolve(.success(30))
        parts[0].resolve(.success(10))
        #expect(heard.answers.isEmpty)
        parts[1].resolve(.success(20))
        #expect(heard.reports == [1, 2, 3])
        #expect(try heard.answers.map { try $0.get() } == [[10, 20, 30]])
    }

    @Test func theFirstFailureIsTheAnswerAndCancelsThePartsStillToCome() {
        let (parts, _, heard) = Self.gathering(3)
        parts[0].resolve(.success(10))
        parts[1].resolve(.failure(BreezeError.badURL(service: .archive, reason: "no host")))
        #expect(heard.answers.count == 1)
        #expect(throws: BreezeError.badURL(service: .archive, reason: "no host")) { try heard.answers.first?.get() }
        #expect(throws: CancellationError.self) { try parts[2].outcome?.get() }
    }

    /// The dashboard's parts never fail (each keeps its error), so a cancelled whole must say so itself.
    @Test func aCancelledWholeCancelsEveryPartAndAnswersCancelledWithNoMoreReports() {
        let parts = (0..<3).map { _ in Self.part() }
        let settled = parts.map { $0.mapOutcome { (try? $0.get()) ?? -1 } }
        let heard = Heard()
        let all = Pending(all: settled, arrived: heard.report)
        all.whenReady(heard.answer)
        parts[0].resolve(.success(10))
        all.cancel()
        #expect(parts.allSatisfy { $0.outcome != nil })
        #expect(heard.reports == [1])
        #expect(heard.answers.count == 1)
        #expect(throws: CancellationError.self) { try heard.answers.first?.get() }
    }

    /// A cancellation racing the last part's answer: the consumer hears exactly once, either answer.
    @Test func aCancellationRacingTheAnswerIsHeardExactlyOnce() throws {
        for _ in 0..<500 {
            let parts = [Self.part(), Self.part()]
            let sum = Pending(all: parts).map { $0.reduce(0, +) }
            let answers = Mutex<[Result<Int, any Error>]>([])
            sum.whenReady { outcome in answers.withLock { $0.append(outcome) } }
            parts[0].resolve(.success(1))
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 { parts[1].resolve(.success(2)) } else { sum.cancel() }
            }
            let heard = answers.withLock { $0 }
            try #require(heard.count == 1)
            if case .success(let value) = heard[0] { #expect(value == 3) }
        }
    }

    @Test func noPartsIsAnEmptyAnswerAtOnce() throws {
        #expect(try Pending<[Int]>(all: [Pending<Int>]()).outcome?.get() == [])
    }
}
