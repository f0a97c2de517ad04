import Breeze
import Foundation
import Testing

/// The one test double for `HTTPClient`, used by every Swift test target.
///
/// It answers from routes the test gives it (matched by URL path suffix, the latest route winning), records
/// every request, and fails the test on any request no route matches: a wrong URL is a test failure, never a
/// silent `networkError` the code under test might handle. A test that wants a network error says so with a
/// route that throws one.
///
/// For the resilience tests it also gauges how many requests are in flight (keeping the maximum) and, when
/// `gated`, holds every request until the test calls `release` (or the request's task is cancelled, which is
/// how tests see a cancellation reach the upstream).
public final class FakeHTTPClient: HTTPClient, @unchecked Sendable {
    /// Decides the answer for a request whose path matched.
    public typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// Decides the answer from the request and its 1-based number among all requests sent.
    public typealias NumberedResponder = @Sendable (_ request: HTTPRequest, _ number: Int) throws -> HTTPResponse

    /// What the double has seen, for tests that wait on or assert about traffic.
    public struct State: Sendable {
        public var requests: [HTTPRequest] = []
        public var inFlight = 0
        public var maxInFlight = 0
        public var held = 0
        public var cancelled = 0
        public var completed = 0
    }

    /// Thrown (after recording a test failure) for a request no route matches.
    public struct UnexpectedRequest: Error, CustomStringConvertible {
        public let url: String
        public var description: String { "FakeHTTPClient has no route for \(url)" }
    }

    private typealias Route = (path: String, responder: @Sendable (HTTPRequest, Int) async throws -> HTTPResponse)

    private let lock = NSLock()
    private let gated: Bool
    private var routes: [Route] = []
    private var state = State()
    private var holds: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    private var holdOrder: [UInt64] = []
    private var nextID: UInt64 = 0
    private var watchers: [(predicate: (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// A double with no routes yet: every request fails the test until `on` adds one.
    public init() { gated = false }

    /// A double that answers every path with `respond` (by default a 200 with `{"ok":true}`), holding each
    /// request first when `gated`.
    public init(gated: Bool, respond: @escaping NumberedResponder = { _, _ in .ok() }) {
        self.gated = gated
        routes = [("", { request, number in try respond(request, number) })]
    }

    /// A double that answers every path with `respond`.
    public convenience init(respond: @escaping NumberedResponder) {
        self.init(gated: false, respond: respond)
    }

    /// A double with one fixed answer per path suffix; where two suffixes match, the longer one wins.
    public convenience init(routes: [String: (status: Int, body: String)]) {
        self.init()
        for (path, answer) in routes.sorted(by: { $0.key.count < $1.key.count }) {
            on(path, status: answer.status, body: answer.body)
        }
    }

    /// Answers requests whose URL path ends with `path`.
    public func on(_ path: String, _ responder: @escaping Responder) {
        lock.withLock { routes.append((path, { request, _ in try await responder(request) })) }
    }

    /// Answers requests whose URL path ends with `path` with a fixed status and body.
    public func on(_ path: String, status: Int = 200, headers: [String: String] = [:], body: String) {
        on(path) { _ in HTTPResponse(status: status, headers: headers, body: Data(body.utf8)) }
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { state.requests } }

    /// A copy of everything the double has seen.
    public var snapshot: State { lock.withLock { state } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let (number, route): (Int, Route?) = change {
            $0.requests.append(request)
            $0.inFlight += 1
            $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
            return ($0.requests.count, routes.last(where: { request.url.path.hasSuffix($0.path) }))
        }
        defer { change { $0.inFlight -= 1 } }
        guard let route else {
            Issue.record("unexpected request to \(request.redactedURL)")
            throw UnexpectedRequest(url: request.redactedURL)
        }
        if gated { try await hold() }
        let response = try await route.responder(request, number)
        change { $0.completed += 1 }
        return response
    }

    // MARK: - Gating

    private func hold() async throws {
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledAlready = Task.isCancelled
                if cancelledAlready {
                    change { $0.cancelled += 1 }
                    continuation.resume(throwing: CancellationError())
                    return
                }
                lock.withLock {
                    holds[id] = continuation
                    holdOrder.append(id)
                }
                change { $0.held += 1 }
            }
        } onCancel: {
            let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                holdOrder.removeAll { $0 == id }
                return holds.removeValue(forKey: id)
            }
            if let continuation {
                change {
                    $0.held -= 1
                    $0.cancelled += 1
                }
                continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Lets the `count` longest-held requests (all, by default) answer.
    public func release(_ count: Int = .max) {
        let released: [CheckedContinuation<Void, any Error>] = lock.withLock {
            let ids = holdOrder.prefix(count)
            holdOrder.removeFirst(ids.count)
            return ids.compactMap { holds.removeValue(forKey: $0) }
        }
        change { $0.held -= released.count }
        released.forEach { $0.resume() }
    }

    /// Suspends until `predicate` holds for the double's state.
    public func waitUntil(_ predicate: @escaping (State) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied: Bool = lock.withLock {
                if predicate(state) { return true }
                watchers.append((predicate, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }

    @discardableResult
    private func change<T>(_ body: (inout State) -> T) -> T {
        let (result, ready): (T, [CheckedContinuation<Void, Never>]) = lock.withLock {
            let result = body(&state)
            let ready = watchers.filter { $0.predicate(state) }.map(\.continuation)
            watchers.removeAll { $0.predicate(state) }
            return (result, ready)
        }
        ready.forEach { $0.resume() }
        return result
    }
}

extension HTTPRequest {
    /// The query items as a dictionary (last value wins), for assertions.
    public var query: [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }
}

extension HTTPResponse {
    /// A 200 with a JSON body.
    public static func ok(_ body: String = #"{"ok":true}"#) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// Any status, by default with an Open-Meteo style error body.
    public static func status(
        _ status: Int, _ body: String = #"{"error":true,"reason":"x"}"#, headers: [String: String] = [:]
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }
}
