import Breeze
import JSONRPC

/// `findOutdoorWindows` at `summary`: per local day, its best window (lowest level, then the most headroom, as the
/// answer ranks them: the overall best first, then by start), with the least bad stretch, coverage and the note.
public struct OutdoorWindowsSummary: JSONWritable, Equatable {
    let answer: OutdoorWindows
    let days: [Day]

    init(_ answer: OutdoorWindows) {
        var days: [(date: String, window: OutdoorWindow)] = []
        for window in answer.windows {
            let date = String(window.start.prefix(10))
            if let index = days.firstIndex(where: { $0.date == date }) {
                // Keep the overall best, else the better level, else the earlier.
                let kept = days[index].window
                if kept.start != answer.best, window.start == answer.best || window.level < kept.level {
                    days[index].window = window
                }
            } else {
                days.append((date, window))
            }
        }
        self.answer = answer
        self.days = days.map { Day(date: $0.date, window: $0.window) }
    }

    public func write(to json: inout JSONWriter) {
        json.object([
            "latitude": answer.latitude, "longitude": answer.longitude, "timezone": answer.timezone,
            "hours": answer.hours, "best": answer.best, "days": days, "leastBad": answer.leastBad,
            "coverage": answer.coverage, "note": answer.note,
        ])
    }

    /// One day's best window.
    struct Day: JSONWritable, Equatable {
        let date: String
        let window: OutdoorWindow

        func write(to json: inout JSONWriter) {
            json.object([
                "date": date, "start": window.start, "end": window.end, "level": window.level.rawValue,
                "bestStart": window.bestStart, "endsBecause": window.endsBecause?.factor,
            ])
        }
    }

}
