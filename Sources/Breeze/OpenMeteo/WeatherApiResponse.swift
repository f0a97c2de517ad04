import FoundationEssentials

/// One message of an Open-Meteo `format=flatbuffers` answer: one location and one model
/// (`openmeteo_sdk.WeatherApiResponse` in open-meteo/sdk's `weather_api.fbs`).
///
/// A body is several of these one after another, each with a 4-byte little-endian size prefix, location-major:
/// every model of the first location, then the next location. Values are Float32 as the model computed them,
/// not rounded, and NaN where the JSON answer has `null`.
struct WeatherApiResponse: Sendable, Equatable {
    var latitude: Float
    var longitude: Float
    /// NaN when unknown.
    var elevation: Float
    /// The index of the location in the request (0 for the first; not stored when 0).
    var locationID: Int64
    var model: OpenMeteoModel
    var utcOffsetSeconds: Int32
    /// Absent when the answer is in GMT.
    var timezone: String?
    var timezoneAbbreviation: String?
    var current: VariablesWithTime?
    var daily: VariablesWithTime?
    var hourly: VariablesWithTime?
    var minutely15: VariablesWithTime?
    /// The seasonal API's monthly statistics.
    var monthly: VariablesWithMonth?
    /// The seasonal API's weekly statistics.
    ///
    /// - Important: the schema declares `weekly` a `VariablesWithTime`, but Open-Meteo writes it as a
    ///   `VariablesWithMonth`, so it is read as one: the Monday the weeks start on is lost (only its year and month
    ///   remain), and the reader of the section recomputes it from the request.
    var weekly: VariablesWithMonth?

    /// Field slots of the table, in schema order (`generation_time_milliseconds` unread).
    private enum Slot {
        static let latitude = 0, longitude = 1, elevation = 2, locationID = 4, model = 5, utcOffsetSeconds = 6
        static let timezone = 7, timezoneAbbreviation = 8, current = 9, daily = 10, hourly = 11, minutely15 = 12
        static let monthly = 13, weekly = 14
    }

    /// Every message in `body`, in order.
    ///
    /// - Throws: `FlatBufferError` when a size prefix or anything inside a message points outside it; an empty
    ///   body is no messages.
    static func messages(in body: Data) throws(FlatBufferError) -> [WeatherApiResponse] {
        do {
            return try body.withUnsafeBytes { bytes in
                var messages: [WeatherApiResponse] = []
                var position = 0
                while position < bytes.count {
                    guard bytes.count - position >= 4 else {
                        throw FlatBufferError(description: "\(bytes.count - position) stray bytes at the end")
                    }
                    let size = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
                    let start = position + 4
                    guard size >= 4, size <= bytes.count - start else {
                        throw FlatBufferError(
                            description:
                                "the message at \(position) claims \(size) bytes; \(bytes.count - start) follow")
                    }
                    let message = FlatBufferMessage(
                        bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<start + size]))
                    messages.append(try WeatherApiResponse(message.root()))
                    position = start + size
                }
                return messages
            }
        } catch let error as FlatBufferError {
            throw error
        } catch {
            throw FlatBufferError(description: "\(error)")
        }
    }

    init(_ table: FlatBufferTable) throws(FlatBufferError) {
        latitude = try table.float(Slot.latitude)
        longitude = try table.float(Slot.longitude)
        elevation = try table.float(Slot.elevation)
        locationID = try table.integer(Slot.locationID)
        model = OpenMeteoModel(rawValue: try table.integer(Slot.model))
        utcOffsetSeconds = try table.integer(Slot.utcOffsetSeconds)
        timezone = try table.string(Slot.timezone)
        timezoneAbbreviation = try table.string(Slot.timezoneAbbreviation)
        current = try table.table(Slot.current).map(VariablesWithTime.init)
        daily = try table.table(Slot.daily).map(VariablesWithTime.init)
        hourly = try table.table(Slot.hourly).map(VariablesWithTime.init)
        minutely15 = try table.table(Slot.minutely15).map(VariablesWithTime.init)
        monthly = try table.table(Slot.monthly).map(VariablesWithMonth.init)
        weekly = try table.table(Slot.weekly).map(VariablesWithMonth.init)
    }

    /// Whether this is Open-Meteo's answer for a place no model covers: NaN coordinates and no sections.
    var isNotCovered: Bool {
        latitude.isNaN && longitude.isNaN && current == nil && hourly == nil && daily == nil && minutely15 == nil
            && monthly == nil && weekly == nil
    }
}

/// A section counted in calendar steps from a year and month (`monthly`, and `weekly` as written): the variables
/// in the order the request named them, `count` values each.
struct VariablesWithMonth: Sendable, Equatable {
    var year: Int16
    var month: Int8
    var count: Int32
    var variables: [VariableWithValues]

    init(_ table: FlatBufferTable) throws(FlatBufferError) {
        year = try table.integer(0)
        month = try table.integer(1)
        count = try table.integer(2)
        variables = try (table.tables(3) ?? []).map { table throws(FlatBufferError) in
            try VariableWithValues(table)
        }
    }

    /// The number of steps, and the first step's year and month.
    /// - Throws: when the month is not one, or the count is negative or absurdly long (a hostile body must not
    ///   make us build millions of dates).
    func axis(limit: Int = 10_000) throws(FlatBufferError) -> (count: Int, year: Int, month: Int) {
        guard (1...12).contains(month), (1...9999).contains(year), (0...Int32(limit)).contains(count) else {
            throw FlatBufferError(description: "the axis of \(count) steps from \(year)-\(month) is not usable")
        }
        return (Int(count), Int(year), Int(month))
    }
}

/// A section (`current`, `hourly`, `daily`, `minutely_15`): a time axis and the variables on it, in the order the
/// request named them.
struct VariablesWithTime: Sendable, Equatable {
    /// Unix seconds (UTC) of the first step; for daily sections, local midnight of the first day.
    var time: Int64
    /// Unix seconds just after the last step (for `current`, `time + interval`).
    var timeEnd: Int64
    /// Seconds between steps: 900, 3600, 86400.
    var interval: Int32
    var variables: [VariableWithValues]

    init(_ table: FlatBufferTable) throws(FlatBufferError) {
        time = try table.integer(0)
        timeEnd = try table.integer(1)
        interval = try table.integer(2)
        variables = try (table.tables(3) ?? []).map { table throws(FlatBufferError) in
            try VariableWithValues(table)
        }
    }

    /// The number of steps from `time` to `timeEnd`.
    /// - Throws: when the axis is not a whole number of positive steps, or absurdly long (a hostile body
    ///   must not make us build millions of time strings).
    func stepCount(limit: Int = 1_000_000) throws(FlatBufferError) -> Int {
        let span = timeEnd.subtractingReportingOverflow(time)
        guard interval > 0, !span.overflow, span.partialValue >= 0, span.partialValue % Int64(interval) == 0,
            span.partialValue / Int64(interval) <= limit
        else {
            throw FlatBufferError(description: "the time axis \(time)..<\(timeEnd) by \(interval) is not usable")
        }
        return Int(span.partialValue / Int64(interval))
    }
}

/// One variable of a section, with what it is and its values.
struct VariableWithValues: Sendable, Equatable {
    var variable: OpenMeteoVariable
    /// An unknown unit (a newer server) reads as `undefined`.
    var unit: OpenMeteoUnit
    /// The value, in `current` only; 0 when not stored.
    var value: Float
    /// The series, in time sections.
    var values: [Float]?
    /// Unix seconds (UTC), for sunrise, sunset, moonrise and moonset; `Int64.max` where the event does not happen.
    var valuesInt64: [Int64]?
    /// Metres above ground (`temperature_2m` is altitude 2).
    var altitude: Int16
    var aggregation: OpenMeteoAggregation?
    var pressureLevel: Int16
    var depth: Int16
    var depthTo: Int16
    /// The member of an ensemble: set only when the variable has more than one, and member 0 (the control run)
    /// reads as 0 (not stored).
    var ensembleMember: Int16
    /// N of a `_previous_dayN` variable.
    var previousDay: Int16
    /// The threshold of a probability statistic (`_gt1`, `_ltm1`), as the schema's `Probability` byte.
    var probability: UInt8

    /// The marker of a missing event time in `valuesInt64`.
    static let missingTime = Int64.max

    init(_ table: FlatBufferTable) throws(FlatBufferError) {
        variable = OpenMeteoVariable(rawValue: try table.integer(0))
        unit = OpenMeteoUnit(rawValue: try table.integer(1)) ?? .undefined
        value = try table.float(2)
        values = try table.floats(3)
        valuesInt64 = try table.int64s(4)
        altitude = try table.integer(5)
        aggregation = OpenMeteoAggregation(rawValue: try table.integer(6))
        pressureLevel = try table.integer(7)
        depth = try table.integer(8)
        depthTo = try table.integer(9)
        ensembleMember = try table.integer(10)
        previousDay = try table.integer(11)
        probability = try table.integer(12)
    }
}
