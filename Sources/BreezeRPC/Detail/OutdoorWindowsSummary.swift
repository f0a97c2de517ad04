import Breeze
import JSONRPC

/// `findOutdoorWindows` at `summary`: per local day, its best window (lowest level, then the most headroom, as the
/// answer ranks them: the overall best first, then by start), with the least bad stretch, coverage and the note.
public struct OutdoorWindowsSummary: ComputedSummary, Equatable {
    public let json: JSONValue

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
        json = .object([
            "latitude": .number(answer.latitude), "longitude": .number(answer.longitude),
            "timezone": .string(answer.timezone), "hours": .number(Double(answer.hours)),
            "best": JSONValue(answer.best),
            "days": .array(
                days.map { day in
                    .object([
                        "date": .string(day.date), "start": .string(day.window.start), "end": .string(day.window.end),
                        "level": .string(day.window.level.rawValue), "bestStart": .string(day.window.bestStart),
                        "endsBecause": JSONValue(day.window.endsBecause?.factor),
                    ])
                }),
            "leastBad": answer.leastBad.map { JSONValue(encoding: $0) } ?? .null,
            "coverage": JSONValue(encoding: answer.coverage),
            "note": JSONValue(encoding: answer.note),
        ])
    }
}
