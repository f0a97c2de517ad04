import Breeze
import JSONRPC

extension PlaceResults {
    /// Every place's value transformed, failures kept as they are.
    func map<T>(_ transform: (Value) -> T) -> PlaceResults<T> {
        switch self {
        case .one(let value): .one(transform(value))
        case .list(let places): .list(places.map { $0.map(transform) })
        }
    }
}

/// Reductions of a series over a day, shared by the summaries.
enum DayStatistics {
    /// The highest value, nil when there is none.
    static func maximum(_ values: some Sequence<Double?>) -> Double? {
        values.compactMap { $0 }.max()
    }

    static func minimum(_ values: some Sequence<Double?>) -> Double? {
        values.compactMap { $0 }.min()
    }

    /// The sum, rounded to the thousandth (the finest step Open-Meteo writes) so that adding does not show
    /// floating-point noise; nil when there is no value.
    static func sum(_ values: some Sequence<Double?>) -> Double? {
        let present = values.compactMap { $0 }
        guard !present.isEmpty else { return nil }
        return (present.reduce(0, +) * 1000).rounded() / 1000
    }

    /// The value that occurs most often, the highest among equals (for weather codes: the more severe); nil when
    /// there is none.
    static func mostFrequent(_ values: some Sequence<Double?>) -> Double? {
        var counts: [Double: Int] = [:]
        for value in values.compactMap({ $0 }) { counts[value, default: 0] += 1 }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    /// The indices of `times` (`YYYY-MM-DD…` local times) by their date, dates in order of first appearance.
    static func days(of times: [String]) -> [(date: String, indices: [Int])] {
        var days: [(date: String, indices: [Int])] = []
        for (index, time) in times.enumerated() {
            let date = String(time.prefix(10))
            if days.last?.date == date {
                days[days.count - 1].indices.append(index)
            } else {
                days.append((date, [index]))
            }
        }
        return days
    }
}
