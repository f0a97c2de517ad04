import FoundationEssentials

/// From hourly inputs to the answer: each hour's factors and level, then the windows, the spans to avoid and the
/// least bad stretch. Pure: the same hours and request give the same answer.
struct OutdoorPlanner: Sendable {
    /// The rules for this person, activity and constraints.
    let rules: OutdoorRules

    /// One hour of the horizon: when it is and what it offers.
    struct Hour: Sendable {
        /// Local time text as the upstream wrote it (`YYYY-MM-DDTHH:MM`, at the answer's one offset).
        var time: String
        /// UTC seconds of its start: the timeline windows are built on, so a DST change never doubles or drops an
        /// hour.
        var utc: Int64
        /// Minutes after local midnight at the answer's offset, for `earliest` and `latest`.
        var localMinutes: Int
        var input: OutdoorHourInput
    }

    /// One hour judged.
    struct Judged: Sendable {
        var hour: Hour
        var factors: [OutdoorFactor]
        /// The worst known factor's level.
        var level: OutdoorLevel
        /// Why the hour cannot be used whatever its level (a constraint), nil when it can.
        var excludedBy: OutdoorMessage?
        /// The smallest headroom among its known factors.
        var headroom: Double
    }

    init(request: OutdoorWindowsRequest) {
        rules = OutdoorRules(
            activity: request.activity, profile: request.profile, constraints: request.constraints,
            scale: request.aqiScale, temperatureUnit: request.temperatureUnit)
    }

    /// Every hour's factors, level and exclusion.
    func judge(_ hours: [Hour]) -> [Judged] {
        var thunderBefore = false
        return hours.map { hour in
            var input = hour.input
            input.thunderBefore = thunderBefore
            thunderBefore = input.weatherCode.map(OutdoorRules.thunderCodes.contains) ?? false
            let factors = rules.factors(input)
            var level = OutdoorLevel.go
            var headroom = 1.0
            for factor in factors {
                guard let factorLevel = factor.level else { continue }
                level = max(level, factorLevel)
                headroom = min(headroom, factor.headroom)
            }
            return Judged(
                hour: hour, factors: factors, level: level, excludedBy: exclusion(hour), headroom: headroom)
        }
    }

    /// Why `hour` is outside what was asked: before `earliest`, ending after `latest` (a range may wrap past
    /// midnight), or dark with `daylightOnly`.
    private func exclusion(_ hour: Hour) -> OutdoorMessage? {
        let constraints = rules.constraints
        if constraints.daylightOnly, hour.input.isDay != true { return .dark }
        let start = hour.localMinutes
        let end = start + 60
        switch (constraints.earliest, constraints.latest) {
        case (nil, nil):
            return nil
        case (let earliest?, nil):
            return start >= earliest ? nil : .outsideHours
        case (nil, let latest?):
            return end <= latest ? nil : .outsideHours
        case (let earliest?, let latest?):
            let inside = earliest <= latest ? start >= earliest && end <= latest : start >= earliest || end <= latest
            return inside ? nil : .outsideHours
        }
    }

    /// The answer's planning part, from the judged hours.
    struct Plan: Sendable {
        var windows: [OutdoorWindow]
        var best: String?
        var avoid: [OutdoorSpan]
        var leastBad: OutdoorLeastBad?
    }

    /// The windows (`go` runs long enough, else `go`/`caution` ones), the spans to avoid and, with no window, the
    /// least bad stretch.
    /// - Parameters:
    ///   - horizonEnd: what closes a window that runs to the last hour (the hours asked for, or the end of the
    ///     air-quality forecast).
    func plan(_ judged: [Judged], label: (Int64) -> String, horizonEnd: OutdoorMessage) -> Plan {
        let needed = rules.activity.hours
        var windows: [(window: OutdoorWindow, rank: (Int, Double, Int))] = []
        for tier in [OutdoorLevel.go, .caution] {
            windows = runs(judged, allowing: tier).filter { $0.count >= needed }.map { run in
                window(run, in: judged, tier: tier, needed: needed, label: label, horizonEnd: horizonEnd)
            }
            if !windows.isEmpty { break }
        }
        let best = windows.min { $0.rank < $1.rank }?.window.start
        return Plan(
            windows: windows.map(\.window), best: best, avoid: avoidSpans(judged, label: label),
            leastBad: windows.isEmpty ? leastBad(judged, needed: needed, label: label) : nil)
    }

    /// The index ranges of consecutive usable hours at `tier` or better.
    private func runs(_ judged: [Judged], allowing tier: OutdoorLevel) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for index in judged.indices {
            let usable = judged[index].excludedBy == nil && judged[index].level <= tier
            let contiguous = index == 0 || judged[index].hour.utc - judged[index - 1].hour.utc == 3600
            if let open = start, !usable || !contiguous {
                runs.append(open..<index)
                start = nil
            }
            if usable, start == nil { start = index }
        }
        if let open = start { runs.append(open..<judged.count) }
        return runs
    }

    private func window(
        _ run: Range<Int>, in judged: [Judged], tier: OutdoorLevel, needed: Int, label: (Int64) -> String,
        horizonEnd: OutdoorMessage
    ) -> (window: OutdoorWindow, rank: (Int, Double, Int)) {
        let level = run.map { judged[$0].level }.max() ?? .go
        // The best start: the activity-long slice with the largest mean headroom; ties go to the earliest.
        var bestStart = run.lowerBound
        var bestScore = -Double.infinity
        for start in run.lowerBound...(run.upperBound - needed) {
            let score = (start..<start + needed).reduce(0.0) { $0 + judged[$1].headroom } / Double(needed)
            if score > bestScore + 1e-9 {
                bestScore = score
                bestStart = start
            }
        }
        let last = judged[run.upperBound - 1].hour
        let window = OutdoorWindow(
            start: judged[run.lowerBound].hour.time, end: label(last.utc + 3600), level: level,
            bestStart: judged[bestStart].hour.time, bestStartBasis: OutdoorNote(.bestStartHeuristic),
            reasons: reasons(run.map { judged[$0] }, level: level),
            endsBecause: endsBecause(after: run, in: judged, tier: tier, label: label, horizonEnd: horizonEnd))
        return (window, (level.rank, -bestScore, run.lowerBound))
    }

    /// The factors at `level` over the hours (each factor once, at its worst); at `go`, the three closest to a
    /// threshold. Unknown factors are always named.
    private func reasons(_ hours: [Judged], level: OutdoorLevel) -> [OutdoorFactor] {
        var worst: [String: OutdoorFactor] = [:]
        var order: [String] = []
        var unknown: [String: OutdoorFactor] = [:]
        var unknownOrder: [String] = []
        for hour in hours {
            for factor in hour.factors {
                guard let factorLevel = factor.level else {
                    if unknown[factor.factor] == nil {
                        unknown[factor.factor] = factor
                        unknownOrder.append(factor.factor)
                    }
                    continue
                }
                if let kept = worst[factor.factor] {
                    let keptLevel = kept.level ?? .go
                    if factorLevel > keptLevel || (factorLevel == keptLevel && factor.headroom < kept.headroom) {
                        worst[factor.factor] = factor
                    }
                } else {
                    worst[factor.factor] = factor
                    order.append(factor.factor)
                }
            }
        }
        var chosen = order.compactMap { worst[$0] }.filter { $0.level == level }
        if level == .go {
            chosen = Array(chosen.filter { $0.headroom < 1 }.sorted { $0.headroom < $1.headroom }.prefix(3))
        }
        return chosen + unknownOrder.compactMap { unknown[$0] }
    }

    /// What closes a run: the next hour's exclusion or its factors above `tier` (the worst first), or the horizon.
    private func endsBecause(
        after run: Range<Int>, in judged: [Judged], tier: OutdoorLevel, label: (Int64) -> String,
        horizonEnd: OutdoorMessage
    ) -> OutdoorFactor? {
        guard run.upperBound < judged.count else {
            var factor = OutdoorFactor(
                "horizon", nil, value: nil, unit: nil, horizonEnd, source: .wmoWeatherCodes)
            factor.excluded = true
            factor.time = label(judged[run.upperBound - 1].hour.utc + 3600)
            return factor.withoutSource
        }
        let next = judged[run.upperBound]
        if let reason = next.excludedBy {
            var factor = OutdoorFactor(
                reason == .dark ? "daylight" : "time", nil, value: nil, unit: nil, reason, source: .wmoWeatherCodes)
            factor.excluded = true
            factor.time = next.hour.time
            return factor.withoutSource
        }
        var factor = next.factors.filter { ($0.level ?? .go) > tier }.max { ($0.level ?? .go) < ($1.level ?? .go) }
        factor?.time = next.hour.time
        return factor
    }

    /// Consecutive `avoid` hours merged, each factor at `avoid` named once.
    private func avoidSpans(_ judged: [Judged], label: (Int64) -> String) -> [OutdoorSpan] {
        var spans: [OutdoorSpan] = []
        var index = 0
        while index < judged.count {
            guard judged[index].level == .avoid else {
                index += 1
                continue
            }
            var end = index
            var factors: [OutdoorFactor] = []
            while end < judged.count, judged[end].level == .avoid {
                for factor in judged[end].factors where factor.level == .avoid {
                    if !factors.contains(where: { $0.factor == factor.factor }) { factors.append(factor) }
                }
                end += 1
            }
            spans.append(
                OutdoorSpan(
                    start: judged[index].hour.time, end: label(judged[end - 1].hour.utc + 3600), factors: factors))
            index = end
        }
        return spans
    }

    /// The activity-long stretch of usable hours with the best worst level, then the most headroom, then the
    /// earliest; nil when no stretch of usable hours is that long.
    private func leastBad(_ judged: [Judged], needed: Int, label: (Int64) -> String) -> OutdoorLeastBad? {
        var best: (rank: (Int, Double, Int), range: Range<Int>, level: OutdoorLevel)?
        for run in runs(judged, allowing: .avoid) where run.count >= needed {
            for start in run.lowerBound...(run.upperBound - needed) {
                let slice = start..<start + needed
                let level = slice.map { judged[$0].level }.max() ?? .go
                let headroom = slice.reduce(0.0) { $0 + judged[$1].headroom } / Double(needed)
                let rank = (level.rank, -headroom, start)
                if let kept = best, kept.rank <= rank { continue }
                best = (rank, slice, level)
            }
        }
        guard let best else { return nil }
        var blocking: [OutdoorFactor] = []
        for index in best.range {
            for factor in judged[index].factors where factor.level == best.level {
                if !blocking.contains(where: { $0.factor == factor.factor }) { blocking.append(factor) }
            }
        }
        return OutdoorLeastBad(
            start: judged[best.range.lowerBound].hour.time,
            end: label(judged[best.range.upperBound - 1].hour.utc + 3600),
            level: best.level, blocking: blocking, messageKey: .leastBad, message: OutdoorMessage.leastBad.text(in: .en)
        )
    }
}

extension OutdoorFactor {
    /// A limit of the question rather than a condition: it has no source document.
    fileprivate var withoutSource: OutdoorFactor {
        var factor = self
        factor.hasSource = false
        return factor
    }
}
