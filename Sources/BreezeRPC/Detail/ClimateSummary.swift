import Breeze
import JSONRPC

/// The climate comparison as a person reads it: the first and last years, the change, the warmest and coldest
/// years and the mean, from the points of the answer.
public struct ClimateSummary: ComputedSummary, Equatable {
    let climate: ClimateComparison

    public var json: JSONValue {
        func point(_ point: ClimatePoint?) -> JSONValue {
            point.map { ["year": .number(Double($0.year)), "temperature": .number($0.temperature)] } ?? .null
        }
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
        return [
            "date": .string(climate.date), "unit": .string(climate.unit), "years": .number(Double(points.count)),
            "first": point(points.first), "last": point(points.last), "change": JSONValue(climate.change),
            "warmest": point(warmest), "coldest": point(coldest), "mean": JSONValue(mean),
            "missingYears": .array(climate.missingYears.map { .number(Double($0)) }),
        ]
    }
}
