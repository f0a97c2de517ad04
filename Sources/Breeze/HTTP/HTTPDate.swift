import FoundationEssentials

/// Reads an HTTP date in its preferred form, the IMF-fixdate of RFC 9110 (`Sun, 06 Nov 1994 08:49:37 GMT`).
///
/// Written out rather than handed to a date formatter: Foundation's `DateFormatter` needs ICU and its data,
/// which would then be linked into the binary for the sake of one header. The two obsolete forms (RFC 850 and
/// asctime) are not read; a `Retry-After` in them counts as absent.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The date `text` names, or nil when it is not an IMF-fixdate of a real day and time.
    static func parse(_ text: String) -> Date? {
        // "Sun," "06" "Nov" "1994" "08:49:37" "GMT"
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].count == 4, fields[0].last == ",",
            weekdays.contains(String(fields[0].dropLast())), fields[5] == "GMT",
            let day = number(fields[1], digits: 2), let month = months.firstIndex(of: String(fields[2])),
            let year = number(fields[3], digits: 4)
        else { return nil }
        let time = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, let hour = number(time[0], digits: 2), let minute = number(time[1], digits: 2),
            let second = number(time[2], digits: 2), hour < 24, minute < 60, second < 61,
            (1...daysIn(month: month + 1, year: year)).contains(day)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    /// The value of exactly `digits` ASCII digits.
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
