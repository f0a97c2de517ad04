/// Local time text and UTC seconds, at an answer's one offset.
///
/// Open-Meteo applies the zone's offset at request time to every hour of an answer (`utc_offset_seconds`), also
/// across a DST change: `TimezoneWithOffset` takes `TimeZone.secondsFromGMT()`, the offset now
/// (https://github.com/open-meteo/open-meteo/blob/main/Sources/App/Helper/ForecastapiQuery.swift). So hours are
/// evenly spaced in UTC and the labels follow that one offset: windows are built on the UTC timeline and never
/// double or drop an hour, and `earliest`/`latest` are read at the same offset as the labels they are shown with.
enum OutdoorTime {
    /// UTC seconds of a local `YYYY-MM-DDTHH:MM`, nil for any other text.
    static func utc(_ text: String, offset: Int64) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60
        else { return nil }
        let days = Int64(CivilDate(year: year, month: month, day: day).daysSinceEpoch)
        return days * 86_400 + Int64(hour * 3600 + minute * 60) - offset
    }

    /// The local `YYYY-MM-DDTHH:MM` of UTC seconds.
    static func label(_ utc: Int64, offset: Int64) -> String {
        let local = utc + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = Int(local - days * 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days)).iso
        let hour = seconds / 3600
        let minute = seconds % 3600 / 60
        return date + "T" + (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Minutes after local midnight of UTC seconds.
    static func minutesAfterMidnight(_ utc: Int64, offset: Int64) -> Int {
        let local = (utc + offset) % 86_400
        return Int((local + 86_400) % 86_400) / 60
    }
}
