import CCurl
import Foundation
import Testing

@testable import Breeze

/// The pure parts of the libcurl client: reading a response head, resolving redirects, naming failures.
@Suite struct CurlHTTPClientTests {
    private static let request = HTTPRequest(
        url: URL(string: "http://127.0.0.1:8080/v1/forecast?apikey=secret")!, service: .forecast, timeoutSeconds: 2.5)

    private static func head(_ lines: [String]) -> ResponseHead {
        var head = ResponseHead()
        for line in lines { head.consume(line: line[...]) }
        return head
    }

    @Test func aResponseHeadHasLowerCasedNamesTrimmedValuesAndTheLastOfARepeatedHeader() {
        let head = Self.head([
            "HTTP/1.1 429 Too Many Requests\r\n", "Retry-After:  7 \r\n", "X-Twice: first\r\n", "x-twice: second\r\n",
            "Content-Type:application/json\r\n", "\r\n",
        ])
        #expect(head.status == 429)
        #expect(head.headers == ["retry-after": "7", "x-twice": "second", "content-type": "application/json"])
    }

    @Test func anInterimBlockIsForgottenWhenTheFinalAnswerBegins() {
        let head = Self.head([
            "HTTP/1.1 100 Continue\r\n", "X-Interim: yes\r\n", "\r\n", "HTTP/2 200 \r\n", "content-length: 2\r\n",
            "\r\n",
        ])
        #expect(head.status == 200)
        #expect(head.headers == ["content-length": "2"])
    }

    @Test func aFoldedHeaderLineContinuesThePreviousValue() {
        let head = Self.head(["HTTP/1.1 200 OK\r\n", "X-Long: one\r\n", "\t two\r\n", "\r\n"])
        #expect(head.headers["x-long"] == "one two")
    }

    @Test func aStatusLineWithoutACodeHasNoStatus() {
        #expect(Self.head(["HTTP/1.1 abc\r\n"]).status == nil)
    }

    @Test(arguments: [
        ("/v1/forecast?page=2", "http://127.0.0.1:8080/v1/forecast?page=2"),
        ("next?x=1", "http://127.0.0.1:8080/v1/next?x=1"),
        (" https://127.0.0.1:8080/a ", "https://127.0.0.1:8080/a"),
        ("//evil.test/steal", "http://evil.test/steal"),
    ])
    func aLocationIsResolvedAgainstTheURLThatAnswered(location: String, resolved: String) {
        let target = CurlHTTPClient.redirectTarget(location: location, from: Self.request.url)
        #expect(target?.absoluteString == resolved)
    }

    @Test func aRedirectWithinTheHostIsFollowedUpToTheLimit() throws {
        let url = Self.request.url
        let next = CurlHTTPClient.redirect(
            status: 302, location: "/v1/other", from: url, followed: CurlHTTPClient.maxRedirects - 1,
            service: .forecast)
        #expect(try next.get().absoluteString == "http://127.0.0.1:8080/v1/other")
        let tooMany = CurlHTTPClient.redirect(
            status: 302, location: "/v1/other", from: url, followed: CurlHTTPClient.maxRedirects, service: .forecast)
        guard case .failure(.badServerResponse(.forecast, 302, let reason)) = tooMany else {
            Issue.record("not refused: \(tooMany)")
            return
        }
        #expect(reason.contains("redirected more than 5 times"))
    }

    @Test func aRedirectToAnotherHostIsRefusedNamingOnlyTheHost() {
        let refused = CurlHTTPClient.redirect(
            status: 301, location: "http://elsewhere.invalid/v1/forecast?apikey=secret", from: Self.request.url,
            followed: 0, service: .forecast)
        guard case .failure(.badServerResponse(.forecast, 301, let reason)) = refused else {
            Issue.record("not refused: \(refused)")
            return
        }
        #expect(reason.contains("redirected to elsewhere.invalid"))
        #expect(!reason.contains("secret"))
    }

    @Test(
        arguments: [
            (CCURLE_COULDNT_CONNECT, "", "connection was refused"),
            (CCURLE_COULDNT_RESOLVE_HOST, "Could not resolve host: api.open-meteo.com", "could not be resolved"),
            (CCURLE_PARTIAL_FILE, "transfer closed with 1000 bytes remaining to read", "before the whole answer"),
            (CCURLE_RECV_ERROR, "Recv failure: Connection reset by peer", "before the whole answer"),
            (CCURLE_GOT_NOTHING, "Empty reply from server", "before the whole answer"),
            (CCURLE_OUT_OF_MEMORY, "", "headers were too large or malformed"),
            (CCURLE_TOO_LARGE, "", "headers were too large or malformed"),
            (CCURLE_WEIRD_SERVER_REPLY, "Header without colon", "headers were too large or malformed"),
            (CCURLE_UNSUPPORTED_PROTOCOL, "Received HTTP/0.9 when not allowed", "not valid HTTP"),
            (CCURLE_UNSUPPORTED_PROTOCOL, "Protocol \"ftp\" not supported", "scheme is not supported"),
            (CCURLE_BAD_CONTENT_ENCODING, "incorrect header check", "content encoding could not be decoded"),
            (CCURLE_PEER_FAILED_VERIFICATION, "SSL certificate problem", "TLS connection failed"),
        ] as [(Int32, String, String)])
    func aFailedTransferIsANetworkErrorInWords(code: Int32, detail: String, words: String) {
        let error = CurlHTTPClient.failure(code: code, detail: detail, request: Self.request)
        guard case .networkError(.forecast, let reason) = error else {
            Issue.record("not a networkError: \(error)")
            return
        }
        #expect(reason.contains(words))
        #expect(!reason.contains("secret") && !reason.contains("127.0.0.1"))
    }

    @Test func libcurlsOwnTimeoutIsATimeoutOfTheRequestsSeconds() {
        let error = CurlHTTPClient.failure(code: CCURLE_OPERATION_TIMEDOUT, detail: "", request: Self.request)
        #expect(error == .timeout(service: .forecast, seconds: 2.5))
    }
}
