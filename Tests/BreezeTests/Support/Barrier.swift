/// Holds every arriving request until `count` have arrived, then releases them all: a test that passes
/// only if the requests are in flight together. Waiters leave on cancellation, so a sequential regression fails
/// at the test's time limit instead of hanging.
actor Barrier {
    private let count: Int
    private var arrived = 0
    private var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]

    init(count: Int) { self.count = count }

    func arrive() async throws {
        arrived += 1
        let ticket = arrived
        if arrived >= count {
            for continuation in waiting.values { continuation.resume() }
            waiting.removeAll()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiting[ticket] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(ticket) }
        }
    }

    private func cancel(_ ticket: Int) {
        waiting.removeValue(forKey: ticket)?.resume(throwing: CancellationError())
    }
}
