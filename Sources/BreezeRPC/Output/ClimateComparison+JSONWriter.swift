import Breeze
import JSONRPC

/// The climate comparison as it is written on the wire, keys sorted, its one serialisation.
extension ClimateComparison: JSONWritable {
    /// Keys in sorted order: change, date, missingYears, points, unit.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("change", first: true)
        json.number(change)
        json.key("date")
        json.string(date)
        json.key("missingYears")
        json.array(missingYears) { $0.number($1) }
        json.key("points")
        json.array(points) { $0.write($1) }
        json.key("unit")
        json.string(unit)
        json.endObject()
    }
}

extension ClimatePoint: JSONWritable {
    /// Keys in sorted order: date, temperature, year.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("date", first: true)
        json.string(date)
        json.key("temperature")
        json.number(temperature)
        json.key("year")
        json.number(year)
        json.endObject()
    }
}
