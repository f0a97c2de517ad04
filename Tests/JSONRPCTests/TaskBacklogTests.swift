import Synchronization
import Testing

@testable import JSONRPC

@Suite(.timeLimit(.minutes(1))) struct TaskBacklogTests {
    @Test func theLoopWaitsOnceTheLimitHasNotBegunAndGoesOnWhenHalfHave() async {
        let backlog = TaskBacklog(limit: 4)
        for _ in 0..<4 { await backlog.admit() }  // room for four: none waits
        let admitted = Mutex(false)
        let loop = Task {
            await backlog.admit()
            admitted.withLock { $0 = true }
        }
        func settle() async { for _ in 0..<200 { await Task.yield() } }
        await settle()
        #expect(!admitted.withLock { $0 }, "four made, none begun: the fifth waits")
        backlog.begun()
        await settle()
        #expect(!admitted.withLock { $0 }, "three still waiting to begin: more than half")
        backlog.begun()
        await loop.value
        #expect(admitted.withLock { $0 }, "two waiting: half, so the loop goes on")
        // The fifth counts: two plus it are waiting, so one more fits before the limit.
        await backlog.admit()
        for _ in 0..<4 { backlog.begun() }
    }
}
