import Breeze
import JSONRPC

/// Pollen as a person reads it: per day the peak (the type or plant with the highest index, types first among
/// equals) and the three pollen types' levels.
public struct PollenSummary: JSONWritable, Equatable {
    let pollen: PollenForecast

    public func write(to json: inout JSONWriter) {
        json.object([
            "source": pollen.source.rawValue, "regionCode": pollen.regionCode, "days": pollen.days.map(Day.init),
            "ignoredParameters": pollen.ignoredParameters,
        ])
    }

    private struct Day: JSONWritable {
        let day: PollenDay

        func write(to json: inout JSONWriter) {
            let peak = day.items.filter { $0.value != nil }.reduce(nil) { (best: PollenItem?, next) in
                best.map { ($0.value ?? 0) >= (next.value ?? 0) ? $0 : next } ?? next
            }
            json.object([
                "date": day.date, "peak": peak.map(Item.init), "types": day.items.filter { !$0.isPlant }.map(Item.init),
            ])
        }
    }

    private struct Item: JSONWritable {
        let item: PollenItem

        func write(to json: inout JSONWriter) {
            json.object([
                "id": item.id, "name": item.name, "value": item.value, "category": item.category,
                "isPlant": item.isPlant,
            ])
        }
    }
}
