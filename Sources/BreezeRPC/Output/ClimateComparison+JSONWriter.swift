import Breeze
import JSONRPC

/// The climate comparison written straight to JSON bytes, as `JSONEncoder` with sorted keys writes it.
extension ClimateComparison: JSONBytesConvertible {
    /// The JSON text of this comparison, keys sorted: change, date, missingYears, points, unit.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + 64 * points.count)
        writer.beginObject()
        writer.key("change", first: true)
        writer.number(change)
        writer.key("date")
        writer.string(date)
        writer.key("missingYears")
        writer.array(missingYears) { $0.number($1) }
        writer.key("points")
        writer.array(points) { writer, point in
            writer.beginObject()
            writer.key("date", first: true)
            writer.string(point.date)
            writer.key("temperature")
            writer.number(point.temperature)
            writer.key("year")
            writer.number(point.year)
            writer.endObject()
        }
        writer.key("unit")
        writer.string(unit)
        writer.endObject()
        return writer.bytes
    }
}
