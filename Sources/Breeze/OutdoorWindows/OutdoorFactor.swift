/// How an hour suits the activity: `go`, `caution` or `avoid`, ordered from best to worst.
public enum OutdoorLevel: String, Sendable, Hashable, Comparable {
    case go, caution, avoid

    var rank: Int {
        switch self {
        case .go: 0
        case .caution: 1
        case .avoid: 2
        }
    }

    public static func < (left: OutdoorLevel, right: OutdoorLevel) -> Bool { left.rank < right.rank }
}

/// One factor's verdict for one hour: its level (or `unknown` where no source covers it), the value read, the
/// threshold it crossed and the source of that threshold.
public struct OutdoorFactor: Sendable, Hashable {
    /// `pm25`, `pm10`, `ozone`, `no2`, `so2`, `co`, `europeanAQI`, `pollen.<taxon>`, `heatIndex`, `wbgt`,
    /// `windChill`, `uv`, `rain`, `thunder`, `gusts`, `alert`.
    public var factor: String
    /// nil where no source covers the factor here (written `"unknown"`): never a `go` by omission.
    public var level: OutdoorLevel?
    public var value: Double?
    public var unit: String?
    /// The edge of the band that decided the level (its lower bound), nil at `go` or when unknown.
    public var threshold: Double?
    /// The stable key of the message; `message` is its text in the answer's language.
    public var messageKey: OutdoorMessage
    /// The answer's language: the text is looked up when it is read (written), not for each of the thousands of
    /// verdicts an answer weighs.
    var language = Language.en
    public var source: OutdoorSource
    /// A breeze-rpc choice built on the cited rules rather than an agency's own number.
    public var heuristic = false
    /// Computed from an estimate (WBGT from temperature and humidity, assuming sun).
    public var estimated = false
    /// The hour this verdict is about, where it is not obvious (the hour that closes a window).
    public var time: String? = nil
    /// Not a condition but a limit of the question (outside the times asked for, dark, the end of the hours):
    /// written with level `excluded`.
    public internal(set) var excluded = false
    /// False for a limit of the question (written with `source` null).
    public internal(set) var hasSource = true
    /// How far the value is from the next worse edge, as a share of its band (0…1); the tie-break heuristic.
    var headroom: Double = 1
    /// Others' words the message ends with, in every language: an official warning's event and credit, verbatim.
    var detail: String?

    init(
        _ factor: String, _ level: OutdoorLevel?, value: Double?, unit: String?, threshold: Double? = nil,
        _ messageKey: OutdoorMessage, source: OutdoorSource, heuristic: Bool = false, estimated: Bool = false,
        headroom: Double = 1
    ) {
        self.factor = factor
        self.level = level
        self.value = value
        self.unit = unit
        self.threshold = level == nil || level == .go ? nil : threshold
        self.messageKey = messageKey
        self.source = source
        self.heuristic = heuristic
        self.estimated = estimated
        self.headroom = min(1, max(0, headroom))
    }

    /// The message in the answer's language, ending with `detail` where there is one.
    public var message: String {
        let text = messageKey.text(in: language)
        return detail.map { text + " " + $0 } ?? text
    }

    /// This factor with its message in `language`.
    func localized(_ language: Language) -> OutdoorFactor {
        var factor = self
        factor.language = language
        return factor
    }
}
