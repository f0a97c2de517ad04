import Foundation

/// Per-upstream slots: at most `limit` requests to an upstream at once; the rest wait in line, first come,
/// first served.
///
/// A released slot is handed straight to the longest waiter rather than freed, so a newcomer can never
/// overtake the line. A waiter that is cancelled leaves the line without ever taking a slot.
public actor ConcurrencyLimiter {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let limits: [Upstream: Int]
    private var inUse: [Upstream: Int] = [:]
    private var lines: [Upstream: [Waiter]] = [:]
    private var nextID: UInt64 = 0

    /// - Parameters:
    ///   - limits: the slots per upstream; an upstream not listed gets its `defaultMaxConcurrent`.
    public init(limits: [Upstream: Int]) {
        self.limits = limits.mapValues { max(1, $0) }
    }

    /// The number of slots for `service`.
    public func limit(for service: Upstream) -> Int { limits[service] ?? service.defaultMaxConcurrent }

    /// Waits for a slot for `service`. Every successful `acquire` must be paired with one `release`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled while waiting (no slot is then held).
    public func acquire(_ service: Upstream) async throws {
        try Task.checkCancellation()
        if inUse[service, default: 0] < limit(for: service), lines[service, default: []].isEmpty {
            inUse[service, default: 0] += 1
            return
        }
        nextID += 1
        let id = nextID
        let trace = UpstreamCallTrace.current
        trace?.debug(
            "limiter.wait",
            ["inUse": String(inUse[service, default: 0]), "ahead": String(lines[service, default: []].count)])
        let started = ContinuousClock.now
        defer {
            let waited = (ContinuousClock.now - started) / .milliseconds(1)
            trace?.debug("limiter.done", ["waitedMs": String(format: "%.1f", waited)])
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    lines[service, default: []].append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.abandon(service, id: id) }
        }
    }

    /// Gives the slot to the next in line, or frees it.
    public func release(_ service: Upstream) {
        if var line = lines[service], !line.isEmpty {
            let next = line.removeFirst()
            lines[service] = line
            next.continuation.resume()  // the slot passes on; `inUse` is unchanged
        } else {
            inUse[service, default: 0] = max(0, inUse[service, default: 0] - 1)
        }
    }

    /// A cancelled waiter leaves the line; if it was already given a slot, it releases it after its call fails.
    private func abandon(_ service: Upstream, id: UInt64) {
        guard let index = lines[service]?.firstIndex(where: { $0.id == id }),
            let waiter = lines[service]?.remove(at: index)
        else { return }
        waiter.continuation.resume(throwing: CancellationError())
    }

    /// Slots taken and callers waiting for `service` now.
    public func usage(_ service: Upstream) -> (inUse: Int, waiting: Int) {
        (inUse[service, default: 0], lines[service, default: []].count)
    }
}

/// Sends each request only once its upstream has a free slot in `limiter`.
///
/// Below the retrier, so a request waiting out a backoff or a `Retry-After` holds no slot, and each attempt
/// queues fairly behind the requests that were already waiting.
public struct LimitingHTTPClient: HTTPClient {
    public let inner: any HTTPClient
    public let limiter: ConcurrencyLimiter

    public init(inner: any HTTPClient, limiter: ConcurrencyLimiter) {
        self.inner = inner
        self.limiter = limiter
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await limiter.acquire(request.service)
        do {
            let response = try await inner.send(request)
            await limiter.release(request.service)
            return response
        } catch {
            await limiter.release(request.service)
            throw error
        }
    }
}
