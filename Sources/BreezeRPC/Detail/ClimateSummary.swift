import Breeze
import JSONRPC

/// The climate comparison as a person reads it: the first and last years, the change, the warmest and coldest
/// years and the mean, from the points of the answer.
public struct ClimateSummary: JSONWritable, Equatable {
    let climate: ClimateComparison

    public func write(to json: inout JSONWriter) {
        let points = climate.points
        // Ties go to the earliest year.
        let warmest = points.reduce(nil) { (best: ClimatePoint?, next) in
            best.map { $0.temperature >= next.temperature ? $0 : next } ?? next
        }
        let coldest = points.reduce(nil) { (best: ClimatePoint?, next) in
            best.map { $0.temperature <= next.temperature ? $0 : next } ?? next
        }
        let mean =
            points.isEmpty ? nil : (points.map(\.temperature).reduce(0, +) / Double(points.count) * 10).rounded() / 10
        json.object([
            "date": climate.date, "unit": climate.unit, "years": points.count, "first": points.first.map(Year.init),
            "last": points.last.map(Year.init), "change": climate.change, "warmest": warmest.map(Year.init),
            "coldest": coldest.map(Year.init), "mean": mean, "missingYears": climate.missingYears,
        ])
    }

    /// A year and its value.
    private struct Year: JSONWritable {
        let point: ClimatePoint

        func write(to json: inout JSONWriter) {
            json.object(["year": point.year, "temperature": point.temperature])
        }
    }
}
