import Breeze
import JSONRPC

/// The climate comparison as it is written on the wire, its one serialisation.
extension ClimateComparison: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object(["change": change, "date": date, "missingYears": missingYears, "points": points, "unit": unit])
    }
}

extension ClimatePoint: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object(["date": date, "temperature": temperature, "year": year])
    }
}
