import Breeze
import JSONRPC

/// Air quality as a person reads it: the US AQI now, its band and the worst pollutant; with hours ahead, per day
/// the highest AQI, its band and the pollutant behind it.
///
/// The worst pollutant is the one with the highest US AQI sub-index (the first in the answer's order among
/// equals); a day's is the one whose sub-index reaches the highest value that day. Band texts are in `language`.
public struct AirQualitySummary: JSONWritable, Equatable {
    let airQuality: AirQuality
    let language: Language

    /// `ignoredParameters` only when set.
    public func write(to json: inout JSONWriter) {
        let worst = airQuality.pollutants.filter { $0.usAQI != nil }.max { ($0.usAQI ?? 0) < ($1.usAQI ?? 0) }
        json.object(
            [
                "time": airQuality.time, "latitude": airQuality.latitude, "longitude": airQuality.longitude,
                "usAQI": airQuality.usAQI, "band": airQuality.status?.level.rawValue,
                "bandText": airQuality.status?.text, "europeanAQI": airQuality.europeanAQI,
                "worstPollutant": worst.map(WorstPollutant.init), "days": airQuality.hourly.map(days),
            ], ignoredParameters: airQuality.ignoredParameters)
    }

    private struct WorstPollutant: JSONWritable {
        let pollutant: Pollutant

        func write(to json: inout JSONWriter) {
            json.object([
                "id": pollutant.id, "name": pollutant.name, "usAQI": pollutant.usAQI, "value": pollutant.value,
                "unit": pollutant.unit,
            ])
        }
    }

    /// One day's highest AQI, its band, and the pollutant behind it.
    private struct Day: JSONWritable {
        var date: String
        var peak: Double?
        var status: AQIStatus?
        var worstId: String?
        var worstName: String?

        func write(to json: inout JSONWriter) {
            json.object([
                "date": date, "usAQIMax": peak, "band": status?.level.rawValue, "bandText": status?.text,
                "worstPollutant": worstId, "worstPollutantName": worstName,
            ])
        }
    }

    private func days(_ hourly: AirQualityHourly) -> [Day] {
        let names = Dictionary(
            airQuality.pollutants.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return DayStatistics.days(of: hourly.time).map { date, indices in
            let peak = DayStatistics.maximum(indices.map { hourly.usAQI[$0] })
            // Ties go to the first id in sorted order, so the choice never depends on dictionary order.
            let worstId = hourly.subIndices.keys.sorted().compactMap { id in
                DayStatistics.maximum(indices.map { hourly.subIndices[id]?[$0] ?? nil }).map { (id, $0) }
            }.reduce(nil) { (best: (String, Double)?, next) in
                best.map { $0.1 >= next.1 ? $0 : next } ?? next
            }
            return Day(
                date: date, peak: peak, status: AQIStatus(usAQI: peak, language: language), worstId: worstId?.0,
                worstName: worstId.flatMap { names[$0.0] })
        }
    }
}
