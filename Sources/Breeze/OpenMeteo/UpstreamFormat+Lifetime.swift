import FoundationEssentials

/// When an Open-Meteo answer stops changing, as the feature asking knows from its request.
enum AnswerSettling: Sendable {
    /// When it is given: a newer model run replaces it, which its upstream's TTL covers.
    case given
    /// Once its last day is more than `recentDays` old and no value is missing (`Upstream.daysFilledInLate`). A
    /// `lastDay` of nil is a window relative to today (`past_days`), which never settles.
    case filledIn(lastDay: CivilDate?, recentDays: Int)

    /// How `service` settles for a request whose last day is `lastDay` (nil: relative to today).
    init(_ service: Upstream, lastDay: CivilDate?) {
        self = service.daysFilledInLate.map { .filledIn(lastDay: lastDay, recentDays: $0) } ?? .given
    }

    /// Whether an answer, with or without missing values, is final at `now`.
    func isFinal(hasMissingValues: Bool, at now: Date) -> Bool {
        guard case .filledIn(let lastDay, let recentDays) = self else { return true }
        guard !hasMissingValues, let lastDay else { return false }
        return Double(lastDay.daysSinceEpoch) * 86_400 < now.timeIntervalSince1970 - Double(recentDays) * 86_400
    }
}

extension UpstreamFormat {
    /// How long an answer in this format may be kept (`AnswerLifetime`): never when it does not read whole (JSON
    /// that does not parse, FlatBuffers without a readable message); briefly while it may still be filled in
    /// (`settling`); otherwise for its upstream's TTL.
    func lifetime(_ settling: AnswerSettling) -> AnswerLifetime {
        switch (self, settling) {
        case (.json, .given):
            return .json
        case (.json, .filledIn):
            return AnswerLifetime { body, now in
                guard AnswerLifetime.json.verdict(on: body, at: now) == .lasting else { return .unusable }
                // A missing value is a `null`; no other JSON of the answer spells it.
                let isFinal = settling.isFinal(hasMissingValues: body.firstRange(of: Data("null".utf8)) != nil, at: now)
                return isFinal ? .lasting : .provisional
            }
        case (.flatbuffers, _):
            return AnswerLifetime { body, now in
                guard let messages = try? WeatherApiResponse.messages(in: body), !messages.isEmpty else {
                    return .unusable
                }
                guard case .filledIn = settling else { return .lasting }
                let hasMissingValues = messages.contains { message in
                    [message.current, message.daily, message.hourly, message.minutely15].contains { section in
                        section?.variables.contains(where: \.hasMissingValues) == true
                    }
                }
                return settling.isFinal(hasMissingValues: hasMissingValues, at: now) ? .lasting : .provisional
            }
        }
    }
}
