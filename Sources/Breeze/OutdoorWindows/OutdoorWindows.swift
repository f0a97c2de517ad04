import FoundationEssentials

/// The answer of `findOutdoorWindows` for one place: when this person can do this activity, what to avoid, what
/// the answer relied on, and that it is model guidance, not medical advice.
///
/// Every key is always written (`null` where there is nothing); `hourly` only at `detail` `full`.
public struct OutdoorWindows: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var timezone: String
    /// The offset of every local time in the answer (Open-Meteo applies the offset at request time to every hour).
    public var utcOffsetSeconds: Int
    /// The hours evaluated, from the current one; fewer than asked when the air-quality forecast ends earlier.
    public var hours: Int
    public var activity: OutdoorActivity
    public var aqiScale: AQIScale
    public var temperatureUnit: TemperatureUnit
    /// The windows in time order (`go` ones, or `go`/`caution` ones when no `go` run is long enough).
    public var windows: [OutdoorWindow]
    /// The start of the best window (lowest level, then most headroom, then earliest); nil when there is none.
    public var best: String?
    /// The spans to avoid, with the factors that make them so.
    public var avoid: [OutdoorSpan]
    /// When no window qualifies: the least bad stretch as long as the activity and what blocks it.
    public var leastBad: OutdoorLeastBad?
    public var coverage: OutdoorCoverage
    /// The documents the answer relied on.
    public var sources: [OutdoorSource]
    public var note: OutdoorNote
    /// Every hour with its factors and indices (`detail` `full`); nil otherwise.
    public var hourly: [OutdoorHour]?
    /// `["language"]` when we have no texts in the language asked for.
    public var ignoredParameters: [String]?

    /// Every text in `language`: messages by their keys (official warnings keep their own headline).
    public func localized(_ language: Language) -> OutdoorWindows {
        guard language != .en else { return self }
        var answer = self
        func local(_ factors: [OutdoorFactor]) -> [OutdoorFactor] { factors.map { $0.localized(language) } }
        answer.windows = windows.map { window in
            var window = window
            window.reasons = local(window.reasons)
            window.endsBecause = window.endsBecause?.localized(language)
            window.bestStartBasis = OutdoorNote(.bestStartHeuristic, language: language)
            return window
        }
        answer.avoid = avoid.map { span in
            var span = span
            span.factors = local(span.factors)
            return span
        }
        answer.leastBad = leastBad.map { leastBad in
            var leastBad = leastBad
            leastBad.blocking = local(leastBad.blocking)
            leastBad.message = OutdoorMessage.leastBad.text(in: language)
            return leastBad
        }
        answer.coverage.message = coverage.message.map { OutdoorNote($0.messageKey, language: language) }
        answer.note = OutdoorNote(note.messageKey, language: language)
        answer.hourly = hourly?.map { hour in
            var hour = hour
            hour.factors = local(hour.factors)
            return hour
        }
        return answer
    }
}

/// A stretch of hours fit for the activity.
public struct OutdoorWindow: Sendable, Equatable {
    /// Local times; `end` is the end of the last hour.
    public var start: String
    public var end: String
    public var level: OutdoorLevel
    /// Where in the window to start: the activity-long stretch with the most headroom to the next threshold
    /// (ties: the earliest). A heuristic, labelled by `bestStartBasis`.
    public var bestStart: String
    public var bestStartBasis: OutdoorNote
    /// The factors at the window's level (for a `go` window, the ones closest to a threshold), and those unknown.
    public var reasons: [OutdoorFactor]
    /// What closes the window: the first factor of the next hour that is not allowed (`time` carries that hour),
    /// or the end of the hours asked for.
    public var endsBecause: OutdoorFactor?
}

/// Consecutive hours to avoid, with their factors at `avoid`.
public struct OutdoorSpan: Sendable, Equatable {
    public var start: String
    public var end: String
    public var factors: [OutdoorFactor]
}

/// When no window qualifies: the least bad activity-long stretch and the factors blocking it.
public struct OutdoorLeastBad: Sendable, Equatable {
    public var start: String
    public var end: String
    public var level: OutdoorLevel
    public var blocking: [OutdoorFactor]
    public var messageKey: OutdoorMessage
    public var message: String
}

/// Which source covered each kind of factor, and whether the hours were cut.
public struct OutdoorCoverage: Sendable, Equatable {
    /// `open-meteo-cams`, or `unknown` when the air-quality answer has no values.
    public var airQuality: String
    /// `nowcast-on-model`: EPA's NowCast applied to the model's hourly PM (on the US scale), else nil.
    public var pm: String?
    /// `cams` (hourly, Europe), `google` or `proxy` (daily index), `unknown` (no source covers the place or the
    /// hours), or `notAsked` (the profile names no pollen allergy).
    public var pollen: String
    /// How pollen thresholds meet the data: `daily thresholds applied to hourly model values` for CAMS,
    /// `daily index applied to every hour of its day` for Google; nil without pollen.
    public var pollenScale: String?
    /// The warning services that answered for the place (`meteoalarm`, `eccc, nws`; the feeds that failed after
    /// `; failed:`), `none` where no service covers it, `failed` where every one failed (see `OutdoorAlerts`).
    public var alerts: String
    /// The local time the answer stops at when the air-quality forecast ended before the hours asked for.
    public var truncatedTo: String?
    /// Why it was cut, in words.
    public var message: OutdoorNote?
}

/// A text by its stable key, in the answer's language.
public struct OutdoorNote: Sendable, Equatable {
    public var messageKey: OutdoorMessage
    public var message: String
    public var heuristic: Bool

    init(_ key: OutdoorMessage, language: Language = .en) {
        messageKey = key
        message = key.text(in: language)
        heuristic = key == .bestStartHeuristic
    }
}

/// One hour at `detail` `full`: its level, the factors that set it, every factor, the computed indices.
public struct OutdoorHour: Sendable, Equatable {
    public var time: String
    /// `go`, `caution`, `avoid`, or `excluded` (outside the times asked for, or dark with `daylightOnly`).
    public var level: String
    /// The factors at the hour's level (none at `go`).
    public var limiting: [String]
    public var factors: [OutdoorFactor]
    public var indices: OutdoorIndexValues
}

/// The indices computed for an hour; temperatures in the answer's unit.
public struct OutdoorIndexValues: Sendable, Equatable {
    /// µg/m³, truncated as EPA truncates them (PM2.5 to 0.1, PM10 to 1).
    public var pm25NowCast: Double?
    public var pm10NowCast: Double?
    public var heatIndex: Double?
    public var windChill: Double?
    /// Estimated, for moderate or vigorous activity in daylight only.
    public var wbgt: Double?
}
