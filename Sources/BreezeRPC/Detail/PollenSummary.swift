import Breeze
import JSONRPC

/// Pollen as a person reads it: per day the peak (the type or plant with the highest index, types first among
/// equals) and the three pollen types' levels.
public struct PollenSummary: ComputedSummary, Equatable {
    let pollen: PollenForecast

    public var json: JSONValue {
        func item(_ item: PollenItem) -> JSONValue {
            [
                "id": .string(item.id), "name": .string(item.name), "value": JSONValue(item.value.map(Double.init)),
                "category": JSONValue(item.category), "isPlant": .bool(item.isPlant),
            ]
        }
        let days = pollen.days.map { day -> JSONValue in
            let peak = day.items.filter { $0.value != nil }.reduce(nil) { (best: PollenItem?, next) in
                best.map { ($0.value ?? 0) >= (next.value ?? 0) ? $0 : next } ?? next
            }
            return [
                "date": .string(day.date), "peak": peak.map(item) ?? .null,
                "types": .array(day.items.filter { !$0.isPlant }.map(item)),
            ]
        }
        return [
            "source": .string(pollen.source.rawValue), "regionCode": JSONValue(pollen.regionCode),
            "days": .array(days), "ignoredParameters": .array(pollen.ignoredParameters.map(JSONValue.string)),
        ]
    }
}
