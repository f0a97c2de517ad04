import Breeze
import JSONRPC

/// The outdoor answer as it is written on the wire, its one serialisation. At `detail` `full` every hour carries
/// its twenty-odd factors, so `OutdoorFactor` is most of the reply: it writes its keys in sorted order itself
/// rather than through a dictionary.
extension OutdoorWindows: JSONWritable {
    /// Every member, `null` when missing, except `hourly` and `ignoredParameters`, written only when set.
    public func write(to json: inout JSONWriter) {
        json.object(
            [
                "activity": activity, "aqiScale": aqiScale.rawValue, "avoid": avoid, "best": best,
                "coverage": coverage, "hours": hours, "latitude": latitude, "leastBad": leastBad,
                "longitude": longitude, "note": note, "sources": sources, "temperatureUnit": temperatureUnit.rawValue,
                "timezone": timezone, "utcOffsetSeconds": utcOffsetSeconds, "windows": windows,
            ], leavingOutNil: ["hourly": hourly, "ignoredParameters": ignoredParameters])
    }
}

extension OutdoorActivity: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "durationMinutes": durationMinutes, "intensity": intensity.rawValue,
            "prolongedOrHeavy": isProlongedOrHeavy,
        ])
    }
}

extension OutdoorWindow: JSONWritable {
    /// `endsBecause` only when something closes the window.
    public func write(to json: inout JSONWriter) {
        json.object(
            [
                "bestStart": bestStart, "bestStartBasis": bestStartBasis, "end": end, "level": level.rawValue,
                "reasons": reasons, "start": start,
            ], leavingOutNil: ["endsBecause": endsBecause])
    }
}

extension OutdoorSpan: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object(["end": end, "factors": factors, "start": start])
    }
}

extension OutdoorLeastBad: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "blocking": blocking, "end": end, "level": level.rawValue, "message": message,
            "messageKey": messageKey.rawValue, "start": start,
        ])
    }
}

extension OutdoorCoverage: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "airQuality": airQuality, "alerts": alerts, "message": message, "pm": pm, "pollen": pollen,
            "pollenScale": pollenScale, "truncatedTo": truncatedTo,
        ])
    }
}

extension OutdoorNote: JSONWritable {
    /// `heuristic` only when true.
    public func write(to json: inout JSONWriter) {
        json.object(
            ["message": message, "messageKey": messageKey.rawValue],
            leavingOutNil: ["heuristic": heuristic ? true : nil])
    }
}

extension OutdoorSource: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object(["id": rawValue, "title": title, "url": url])
    }
}

extension OutdoorHour: JSONWritable {
    /// Keys in sorted order, written directly: one object per hour at `full`, most of it its factors.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("factors", first: true)
        json.write(factors)
        json.key("indices")
        json.write(indices)
        json.key("level")
        json.string(level)
        json.key("limiting")
        json.write(limiting)
        json.key("time")
        json.string(time)
        json.endObject()
    }
}

extension OutdoorIndexValues: JSONWritable {
    public func write(to json: inout JSONWriter) {
        json.object([
            "heatIndex": heatIndex, "pm10NowCast": pm10NowCast, "pm25NowCast": pm25NowCast, "wbgt": wbgt,
            "windChill": windChill,
        ])
    }
}

extension OutdoorFactor: JSONWritable {
    /// Keys in sorted order. `time` only where set, `heuristic` and `estimated` only when true; the level is
    /// `excluded` for a limit of the question and `unknown` where no source covers the factor, whose `source` is
    /// `null` for a limit of the question.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        if estimated {
            json.key("estimated", first: true)
            json.bool(true)
        }
        json.key("factor", first: !estimated)
        json.string(factor)
        if heuristic {
            json.key("heuristic")
            json.bool(true)
        }
        json.key("level")
        json.string(excluded ? "excluded" : level?.rawValue ?? "unknown")
        json.key("message")
        json.string(message)
        json.key("messageKey")
        json.string(messageKey.rawValue)
        json.key("source")
        json.string(hasSource ? source.rawValue : nil)
        json.key("threshold")
        json.number(threshold)
        if let time {
            json.key("time")
            json.string(time)
        }
        json.key("unit")
        json.string(unit)
        json.key("value")
        json.number(value)
        json.endObject()
    }
}

extension JSONWriter {
    /// An object of `members` and of those `optionalMembers` that are set: one that is nil is left out, where a
    /// member of `members` is written `null`.
    fileprivate mutating func object(
        _ members: [String: any JSONWritable], leavingOutNil optionalMembers: [String: (any JSONWritable)?]
    ) {
        object(members.merging(optionalMembers.compactMapValues { $0 }) { member, _ in member })
    }
}
