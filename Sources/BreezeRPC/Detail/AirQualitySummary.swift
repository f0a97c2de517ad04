import Breeze
import JSONRPC

/// Air quality as a person reads it: the US AQI now, its band and the worst pollutant; with hours ahead, per day
/// the highest AQI, its band and the pollutant behind it.
///
/// The worst pollutant is the one with the highest US AQI sub-index (the first in the answer's order among
/// equals); a day's is the one whose sub-index reaches the highest value that day. Band texts are in `language`.
public struct AirQualitySummary: ComputedSummary, Equatable {
    let airQuality: AirQuality
    let language: Language

    public var json: JSONValue {
        let names = Dictionary(
            airQuality.pollutants.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let worst = airQuality.pollutants.filter { $0.usAQI != nil }.max { ($0.usAQI ?? 0) < ($1.usAQI ?? 0) }
        var summary: [String: JSONValue] = [
            "time": .string(airQuality.time), "latitude": .number(airQuality.latitude),
            "longitude": .number(airQuality.longitude), "usAQI": JSONValue(airQuality.usAQI),
            "band": JSONValue(airQuality.status?.level.rawValue), "bandText": JSONValue(airQuality.status?.text),
            "europeanAQI": JSONValue(airQuality.europeanAQI),
            "worstPollutant": worst.map { pollutant in
                [
                    "id": .string(pollutant.id), "name": .string(pollutant.name),
                    "usAQI": JSONValue(pollutant.usAQI), "value": JSONValue(pollutant.value),
                    "unit": JSONValue(pollutant.unit),
                ]
            } ?? .null,
            "days": .null,
        ]
        if let hourly = airQuality.hourly {
            summary["days"] = .array(
                DayStatistics.days(of: hourly.time).map { date, indices in
                    let peak = DayStatistics.maximum(indices.map { hourly.usAQI[$0] })
                    let status = AQIStatus(usAQI: peak, language: language)
                    // Ties go to the first id in sorted order, so the choice never depends on dictionary order.
                    let worstId = hourly.subIndices.keys.sorted().compactMap { id in
                        DayStatistics.maximum(indices.map { hourly.subIndices[id]?[$0] ?? nil }).map { (id, $0) }
                    }.reduce(nil) { (best: (String, Double)?, next) in
                        best.map { $0.1 >= next.1 ? $0 : next } ?? next
                    }
                    return [
                        "date": .string(date), "usAQIMax": JSONValue(peak), "band": JSONValue(status?.level.rawValue),
                        "bandText": JSONValue(status?.text), "worstPollutant": JSONValue(worstId?.0),
                        "worstPollutantName": JSONValue(worstId.flatMap { names[$0.0] }),
                    ]
                })
        }
        if let ignored = airQuality.ignoredParameters {
            summary["ignoredParameters"] = .array(ignored.map(JSONValue.string))
        }
        return .object(summary)
    }
}
