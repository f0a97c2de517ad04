import Foundation
import JSONRPC
import Testing

/// The skeleton declares this test target without a folder; this keeps the package building on the
/// methods-b branch. The lead can drop it once the wire-layer tests land.
@Suite struct MethodsBPlaceholderTests {
    @Test func pingAnswersAnEmptyObject() async throws {
        let router = Router(logger: .silent)
        let text = try JSONText(validating: Array("{}".utf8), maxDepth: 8)
        let reply = try await router.call("ping", params: nil, in: text)
        #expect(String(decoding: reply, as: UTF8.self) == "{}")
    }
}
