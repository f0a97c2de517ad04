import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

@Suite(.timeLimit(.minutes(1))) struct CoalescingTests {
    @Test func aThousandIdenticalConcurrentCallsMakeOneUpstreamRequestAndAllGetTheAnswer() async throws {
        let upstream = FakeHTTPClient(gated: true) { _, number in .ok(#"{"n":\#(number)}"#) }
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let request = forecastRequest()
        try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            for _ in 0..<1000 { group.addTask { try await coalescer.send(request) } }
            await yieldUntil { coalescer.waiterCount(for: request) == 1000 }
            await upstream.waitUntil { $0.held == 1 }  // the shared request has reached the upstream
            upstream.release()
            var answers = 0
            for try await response in group {
                #expect(response.body == Data(#"{"n":1}"#.utf8))
                answers += 1
            }
            #expect(answers == 1000)
        }
        #expect(upstream.snapshot.requests.count == 1)
        #expect(coalescer.coalescedCounts()[.forecast] == 999)
        #expect(coalescer.inFlightCount == 0)
    }

    @Test func differentRequestsAreNotShared() async throws {
        let upstream = FakeHTTPClient(gated: false)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        async let first = coalescer.send(forecastRequest("a=1"))
        async let second = coalescer.send(forecastRequest("a=2"))
        _ = try await (first, second)
        #expect(upstream.snapshot.requests.count == 2)
    }

    @Test func theSameQueryInAnotherOrderOrWithAnotherTimeoutSharesTheCall() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let first = forecastRequest("a=1&b=2")
        let reordered = forecastRequest("b=2&a=1", timeout: 20)
        let callers = [first, reordered, first].map { request in Task { try await coalescer.send(request) } }
        await yieldUntil { coalescer.waiterCount(for: first) == 3 }
        #expect(coalescer.waiterCount(for: reordered) == 3)
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        for caller in callers { #expect(try await caller.value == .ok()) }
        #expect(upstream.snapshot.requests.count == 1)
        #expect(coalescer.coalescedCounts()[.forecast] == 2)
    }

    @Test func sharesFailuresToo() async throws {
        let upstream = FakeHTTPClient(gated: true) { request, _ in
            throw BreezeError.networkError(service: request.service, reason: "down")
        }
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let request = forecastRequest()
        let callers = (0..<3).map { _ in Task { try await coalescer.send(request) } }
        await yieldUntil { coalescer.waiterCount(for: request) == 3 }
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        for caller in callers {
            await #expect(throws: BreezeError.networkError(service: .forecast, reason: "down")) {
                try await caller.value
            }
        }
        #expect(upstream.snapshot.requests.count == 1)
    }

    @Test func aCancelledCallerLeavesAtOnceWithoutCancellingTheSharedCallForTheOthers() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let request = forecastRequest()
        let leaving = Task { try await coalescer.send(request) }
        let staying = Task { try await coalescer.send(request) }
        await yieldUntil { coalescer.waiterCount(for: request) == 2 }

        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }  // while upstream still held
        #expect(upstream.snapshot.cancelled == 0)
        // A caller joining after one left (the first, kept apart from the rest, may be the one) shares the call.
        let late = Task { try await coalescer.send(request) }
        await yieldUntil { coalescer.waiterCount(for: request) == 2 }

        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        #expect(try await staying.value == .ok())
        #expect(try await late.value == .ok())
        #expect(upstream.snapshot.requests.count == 1)
    }

    @Test func whenEveryCallerIsCancelledTheUpstreamRequestIsCancelled() async throws {
        let upstream = FakeHTTPClient(gated: true)
        let coalescer = CoalescingHTTPClient(inner: upstream)
        let request = forecastRequest()
        let callers = (0..<3).map { _ in Task { try await coalescer.send(request) } }
        await upstream.waitUntil { $0.held == 1 }
        await yieldUntil { coalescer.waiterCount(for: request) == 3 }

        for caller in callers { caller.cancel() }
        for caller in callers { await #expect(throws: CancellationError.self) { try await caller.value } }
        await upstream.waitUntil { $0.cancelled == 1 }
        #expect(upstream.snapshot.completed == 0)

        // The next caller starts afresh instead of joining the abandoned call.
        let next = Task { try await coalescer.send(request) }
        await upstream.waitUntil { $0.held == 1 }
        upstream.release()
        #expect(try await next.value == .ok())
        #expect(upstream.snapshot.requests.count == 2)
    }
}
