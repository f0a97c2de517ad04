import FoundationEssentials

/// ISO 8601 timestamps as the warning services write them (`2025-11-24T07:53:00-06:00`,
/// `2026-10-04T00:53:52.270Z`), read without a formatter: thousands of them per feed.
enum ISOTimestamp {
    /// The instant `text` names; nil when it is not `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH[:]MM]` (no zone means UTC).
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(45), let month = number(2), skip(45), let day = number(2),
            index < bytes.count, bytes[index] == 84 || bytes[index] == 32
        else { return nil }
        index += 1
        guard let hour = number(2), skip(58), let minute = number(2) else { return nil }
        var seconds = 0.0
        if skip(58) {
            guard let whole = number(2) else { return nil }
            seconds = Double(whole)
            if skip(46) {
                var scale = 0.1
                while index < bytes.count, (48...57).contains(bytes[index]) {
                    seconds += Double(bytes[index] - 48) * scale
                    scale /= 10
                    index += 1
                }
            }
        }
        var offset = 0
        if skip(90) {
            offset = 0
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = skip(58)
            let minutes = number(2) ?? 0
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count, (1...12).contains(month), (1...31).contains(day), hour < 25, minute < 60 else {
            return nil
        }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let epoch = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + seconds
        return Date(timeIntervalSince1970: epoch)
    }
}
