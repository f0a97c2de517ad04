import Foundation
import Testing

@testable import Breeze

/// The few lines the domain writes itself instead of calling into ICU: an HTTP date, the one-decimal numbers of
/// log lines, trimming and the accent fold of place names. Each is checked against what Foundation's own call
/// gives (the tests may link full Foundation; the binary does not).
@Suite struct WithoutICUTests {
    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Wed, 21 Oct 2015 07:28:00 GMT", "Thu, 01 Jan 1970 00:00:00 GMT",
        "Tue, 29 Feb 2028 23:59:59 GMT", "Fri, 31 Dec 9999 12:00:00 GMT", "Sat, 01 Mar 1600 00:00:01 GMT",
    ])
    func readsAnIMFFixdateAsDateFormatterDid(text: String) throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let expected = try #require(formatter.date(from: text))
        #expect(HTTPDate.parse(text) == expected)
    }

    @Test(arguments: [
        "", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun 06 Nov 1994 08:49:37 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 29 Feb 2100 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:37 GMT",
        "Sun, 06 Foo 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "Sun, 06 Nov 1994 08:49:37 GMT extra", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, ٠٦ Nov 1994 08:49:37 GMT",
    ])
    func refusesAnythingElse(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func retryAfterAsADateCountsTheSecondsFromNow() throws {
        let inOneHour = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3600).rounded(.down))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let seconds = try #require(UpstreamFailure.retryAfter(formatter.string(from: inOneHour)))
        #expect((3598...3600).contains(seconds))
        #expect(UpstreamFailure.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == 0)
    }

    @Test(arguments: [0, 0.04, 0.05, 0.15, 0.25, 0.35, 1.45, 2.5, 12.345, 99.95, 1234.56, 1e20, -0.05, 0.0001])
    func writesOneDecimalAsStringFormatDid(value: Double) {
        #expect(value.oneDecimalText == String(format: "%.1f", value))
    }

    @Test(arguments: [
        "  Berlin \t", "\n Berlin\r\n", "\u{00A0}Berlin\u{2003}", "\u{2028}Berlin\u{85}", "", " \t ", "a b",
        " \u{301}e ", "Berlin",
    ])
    func trimsAsFoundationDid(text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: [
        "Île-de-France", "Zürich", "São Paulo", "U.S.A.", " Bayern ", "México", "Ḩalab", "Kraków", "Ñuñoa",
        "ÅLAND", "Côte d'Ivoire", "Nordrhein-Westfalen", "İstanbul",
    ])
    func foldsPlaceNamesAsFoundationDid(text: String) {
        let foundation = text.folding(
            options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX")
        )
        .replacingOccurrences(of: ".", with: "").trimmingCharacters(in: .whitespaces)
        #expect(TypedPlace.folded(text) == foundation)
    }
}
