/// Turning a FlatBuffers section into what the JSON answer says: names by position, local time text,
/// values rounded as the JSON writer rounds them.
extension VariablesWithTime {
    /// The variables under the names the request gave, in the same order: Open-Meteo answers variable i of a
    /// section for the i-th name asked for (its FlatBuffers carry no names).
    /// - Throws: when the counts differ, since then no variable can be trusted to be the one asked for.
    func named(_ names: [String]) throws(FlatBufferError) -> Zip2Sequence<[String], [VariableWithValues]> {
        guard variables.count == names.count else {
            throw FlatBufferError(description: "\(variables.count) variables for the \(names.count) asked for")
        }
        return zip(names, variables)
    }

    /// Local time text for each step: `YYYY-MM-DDTHH:MM`, or `YYYY-MM-DD` for daily sections, as the JSON
    /// answer writes its `time` arrays.
    func localTimes(utcOffsetSeconds: Int32) throws(FlatBufferError) -> [String] {
        let count = try stepCount()
        var times: [String] = []
        times.reserveCapacity(count)
        for step in 0..<count {
            times.append(
                try LocalTime.text(
                    time + Int64(step) * Int64(interval), utcOffsetSeconds: utcOffsetSeconds,
                    dateOnly: interval >= 86_400))
        }
        return times
    }
}

extension Array where Element == VariableWithValues {
    /// The variables grouped under the names the request gave, in order: each name's control run (or only value)
    /// first, then its ensemble members, which Open-Meteo sends one after another, numbered from 1.
    /// - Throws: when the groups are not one per name, or the members are out of order, since then no variable can
    ///   be trusted to be the one asked for.
    func grouped(_ names: [String]) throws(FlatBufferError) -> [(name: String, variables: [VariableWithValues])] {
        var groups: [[VariableWithValues]] = []
        groups.reserveCapacity(names.count)
        for variable in self {
            if variable.ensembleMember == 0 {
                groups.append([variable])
            } else if let last = groups.indices.last, Int(variable.ensembleMember) == groups[last].count {
                groups[last].append(variable)
            } else {
                throw FlatBufferError(description: "ensemble member \(variable.ensembleMember) is out of order")
            }
        }
        guard groups.count == names.count else {
            throw FlatBufferError(description: "\(groups.count) variables for the \(names.count) asked for")
        }
        return zip(names, groups).map { (name: $0, variables: $1) }
    }
}

extension VariableWithValues {
    /// The series rounded as Open-Meteo's JSON writer rounds it, `nil` where it has NaN.
    /// - Throws: unless there is one value per step.
    func roundedValues(count: Int) throws(FlatBufferError) -> [Double?] {
        guard let values, values.count == count else {
            throw FlatBufferError(description: "\(values?.count ?? 0) values for \(count) times")
        }
        let unit = self.unit
        return values.map { unit.rounded($0) }
    }

    /// The event times (sunrise, sunset) as local time text, `nil` where the event does not happen that day.
    /// - Throws: unless there is one time per step.
    func localTimes(count: Int, utcOffsetSeconds: Int32) throws(FlatBufferError) -> [String?] {
        guard let valuesInt64, valuesInt64.count == count else {
            throw FlatBufferError(description: "\(valuesInt64?.count ?? 0) times for \(count) steps")
        }
        return try valuesInt64.map { time throws(FlatBufferError) in
            time == Self.missingTime
                ? nil : try LocalTime.text(time, utcOffsetSeconds: utcOffsetSeconds, dateOnly: false)
        }
    }

    /// Whether the values are times (`values_int64`) rather than numbers.
    var isTime: Bool { valuesInt64 != nil }

    /// Whether a value is missing: NaN, or an event time that does not happen (`null` in the JSON answer).
    var hasMissingValues: Bool {
        if let valuesInt64 { return valuesInt64.contains(Self.missingTime) }
        if let values { return values.contains(where: \.isNaN) }
        return value.isNaN
    }
}

/// Local time text from Unix seconds and the answer's fixed UTC offset, as Open-Meteo prints it.
enum LocalTime {
    /// Years 1…9999: anything outside comes from a broken body, and must not overflow the arithmetic.
    private static let supported: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    static func text(_ unixSeconds: Int64, utcOffsetSeconds: Int32, dateOnly: Bool) throws(FlatBufferError)
        -> String
    {
        guard supported.contains(unixSeconds) else {
            throw FlatBufferError(description: "the time \(unixSeconds) is out of range")
        }
        let local = Int(unixSeconds) + Int(utcOffsetSeconds)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let date = CivilDate(daysSinceEpoch: days)
        let seconds = local - days * 86_400
        // Built byte by byte: a long series has hundreds of these, and string interpolation allocates per part.
        return String(unsafeUninitializedCapacity: 16) { buffer in
            var count = 0
            func put(_ number: Int, width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                while divisor > 0 {
                    buffer[count] = UInt8(ascii: "0") + UInt8(number / divisor % 10)
                    count += 1
                    divisor /= 10
                }
            }
            func put(_ byte: Character) {
                buffer[count] = byte.asciiValue ?? 0
                count += 1
            }
            put(date.year, width: 4)
            put("-")
            put(date.month, width: 2)
            put("-")
            put(date.day, width: 2)
            if !dateOnly {
                put("T")
                put(seconds / 3600, width: 2)
                put(":")
                put(seconds % 3600 / 60, width: 2)
            }
            return count
        }
    }
}

extension Float {
    /// The Double the JSON answer's text for this Float32 reads as: Open-Meteo prints coordinates and elevation
    /// with Swift's shortest Float description (13.419998), not the Float's exact binary value.
    var jsonDouble: Double {
        Double(description) ?? Double(self)
    }
}
