import Breeze
import BreezeRPC
import BreezeTestSupport
import Foundation
import JSONRPC
import Testing

// Helpers shared by the per-method wire suites: a request through the real catalog, its reply as text.

/// Sends one request line through the real catalog and server, returning the reply line and the stub.
func exchange(_ line: String, upstream routes: [String: (status: Int, body: String)] = [:]) async throws
    -> (reply: String, upstream: FakeHTTPClient)
{
    let upstream = FakeHTTPClient(routes: routes)
    let breeze = Breeze(configuration: .test(), http: upstream)
    let server = Server(router: Catalog.router(breeze: breeze, logger: .silent), logger: .silent)
    let reply = try #require(await server.reply(to: Array(line.utf8)))
    return (String(decoding: reply, as: UTF8.self), upstream)
}

/// The `error` member of a reply.
func error(in reply: String) throws -> JSONValue {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
    return try #require(value["error"], "expected an error reply, got \(reply)")
}

/// The catalog's router over a fake upstream answering `routes`.
func wireRouter(_ routes: [String: (status: Int, body: String)] = [:], googleKey: String? = nil) -> Router {
    let breeze = makeBreeze(FakeHTTPClient(routes: routes)) { $0.googlePollenAPIKey = googleKey }
    return Catalog.router(breeze: breeze, logger: .silent)
}

/// Calls `method` with `params` (JSON text) through `router` and returns the reply as text.
func wireReply(_ router: Router, _ method: String, _ params: String) async throws(ResponseError) -> String {
    let text: JSONText
    do {
        text = try JSONText(validating: Array(params.utf8))
    } catch {
        Issue.record("test params are not JSON: \(error)")
        throw .internalError
    }
    return String(decoding: try await router.call(method, params: text.root, in: text), as: UTF8.self)
}

/// Calls `method` with `params` (JSON text) and expects -32602 naming `field` in `data.field` and its message
/// containing `expected` (default: the field's name), after `upstreamCalls` requests to an upstream answering
/// `routes`.
func expectInvalidParams(
    _ method: String, _ params: String, field: String, saying expected: String? = nil,
    upstream routes: [String: (status: Int, body: String)] = [:], upstreamCalls: Int = 0
) async throws {
    let (reply, upstream) = try await exchange(
        #"{"jsonrpc":"2.0","id":1,"method":""# + method + #"","params":"# + params + "}", upstream: routes)
    let error = try error(in: reply)
    #expect(error["code"] == -32602)
    #expect(error["data"]?["field"] == .string(field))
    guard case .string(let message)? = error["message"] else {
        Issue.record("no message in \(reply)")
        return
    }
    #expect(message.contains(expected ?? field), "\(message)")
    #expect(upstream.requests.count == upstreamCalls)
}
