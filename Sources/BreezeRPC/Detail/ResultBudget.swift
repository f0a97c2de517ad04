import Breeze
import JSONRPC

/// The size every answer but a `full` one is kept within, and the one way an answer is cut to it.
///
/// Hosts feed a tool's result to the model whole, warn or cut above a few tens of thousands of characters, or spill
/// it to a file the model may never read; `standard` and `summary` answers, and every MCP tool call without
/// `detail`, are therefore bounded here. An answer that fits is left byte for byte as it is. One that does not is
/// cut by one rule, so the cut is predictable and stays aligned:
///
/// 1. Every time series section (an object whose `time` is a list, and every list of the same length in it or in
///    its member objects: `values`, `text`, `subIndices`, `weatherDescriptions`, and each member's series in
///    `members`) keeps the same evenly spaced entries, `time` included, by one ratio for the whole answer:
///    `ceil(n × ratio)` of `n`, at least one.
/// 2. Only when the shortest series still do not fit is the answer's main list (its places, cities, days or
///    models: the longest list of objects at the root) cut to its first entries, the series then thinned again
///    as little as the rest allows.
///
/// The result then carries `truncated`: how many entries it returns out of how many there were (of the main list
/// when that was cut, else of the series), the same for each cut member by name, and the params that make the
/// answer smaller.
enum ResultBudget {
    /// Bytes of compact JSON: within the 30,000 characters a host takes comfortably, leaving room for MCP's
    /// envelope and a list's wrapping.
    static let maxBytes = 24_000

    /// The bound of a method's answers, which the router applies to its reply (`Router.reply(_:bound:)`): an
    /// answer within `maxBytes` is left as it is, a list at the root wrapped as `{listMember: […]}` so that the
    /// answer is an object that can carry `truncated`; a larger one is cut by `bounded(_:narrow:maxBytes:)`.
    ///
    /// - Parameter narrow: the params that shrink this method's answers, named in `truncated`.
    static func bound(listMember: String, narrow: [String], maxBytes: Int = maxBytes) -> ReplyBound {
        ReplyBound(maxBytes: maxBytes, listMember: listMember) { bounded($0, narrow: narrow, maxBytes: maxBytes) }
    }

    /// The member a bounded list result is wrapped in: the result's name in the OpenRPC document (`cities`,
    /// `airQuality`), the same name MCP wraps a list in, so a tool's list reads alike at every detail.
    static func listMember(_ method: String) -> String {
        resultNames[method] ?? "result"
    }

    private static let resultNames: [String: String] = {
        guard case .success(let raw) = Discover.document,
            case .array(let methods)? = JSONValue(raw.text.root, in: raw.text)["methods"]
        else { return [:] }
        var names: [String: String] = [:]
        for method in methods {
            if case .string(let name)? = method["name"], case .string(let result)? = method["result"]?["name"] {
                names[name] = result
            }
        }
        return names
    }()

    /// `value` within `maxBytes`, with `truncated` when anything was cut (see the type's rule).
    static func bounded(_ value: JSONValue, narrow: [String], maxBytes: Int = maxBytes) -> [UInt8] {
        let whole = encoded(value)
        guard whole.count > maxBytes, case .object(let members) = value else { return whole }
        let longest = Trim.longestSeries(in: value)
        let list = members.filter { $0.value.isListOfObjects }.max { $0.value.count < $1.value.count }

        /// The answer cut to `steps` entries of the longest series (the ratio) and `keep` entries of the list.
        func attempt(steps: Int, keep: Int?) -> [UInt8] {
            var trim = Trim(ratio: longest > 0 ? Double(steps) / Double(longest) : 1)
            var object = members
            if let list, let keep, case .array(let elements) = list.value, keep < elements.count {
                object[list.key] = .array(Array(elements.prefix(keep)))
                trim.count(list.key, returned: keep, of: elements.count)
            }
            let cut = trim.apply(.object(object))
            guard trim.cut.isEmpty == false, case .object(var result) = cut else { return encoded(cut) }
            result["truncated"] = trim.marker(list: list?.key, narrow: narrow)
            return encoded(.object(result))
        }
        /// The most steps of the longest series that fit with `keep` list entries, or nil when none do.
        ///
        /// The size grows about linearly with the steps, so each probe is interpolated between the largest count
        /// known to fit and the smallest known not to; a probe that does not halve the range is followed by a
        /// halving one, so the search never takes more probes than bisection would, twice over.
        func mostSteps(keep: Int?) -> [UInt8]? {
            guard longest > 0 else {
                let answer = attempt(steps: 0, keep: keep)
                return answer.count <= maxBytes ? answer : nil
            }
            var best = attempt(steps: 1, keep: keep)
            guard best.count <= maxBytes else { return nil }
            var low = (steps: 1, size: best.count)
            let most = keep == nil ? whole : attempt(steps: longest, keep: keep)
            if most.count <= maxBytes { return most }
            var high = (steps: longest, size: most.count)
            var interpolate = true
            while high.steps - low.steps > 1 {
                let range = high.steps - low.steps
                let share = Double(maxBytes - low.size) / Double(max(1, high.size - low.size))
                let probe =
                    interpolate
                    ? min(high.steps - 1, max(low.steps + 1, low.steps + Int(share * Double(range))))
                    : low.steps + range / 2
                let answer = attempt(steps: probe, keep: keep)
                if answer.count <= maxBytes {
                    best = answer
                    low = (probe, answer.count)
                } else {
                    high = (probe, answer.count)
                }
                interpolate = high.steps - low.steps <= range / 2
            }
            return best
        }
        if let answer = mostSteps(keep: nil) { return answer }
        guard let list, case .array(let entries) = list.value else { return attempt(steps: min(longest, 1), keep: nil) }
        // The most list entries that fit with the series at their shortest (each entry measured once), then the
        // series as long as they can be.
        var shortest = Trim(ratio: longest > 0 ? 1 / Double(longest) : 1)
        var size = attempt(steps: min(longest, 1), keep: 0).count
        var keep = 0
        for entry in entries {
            size += ResultBudget.encoded(shortest.apply(entry, name: list.key)).count + 1
            guard size <= maxBytes else { break }
            keep += 1
        }
        while keep > 0, attempt(steps: min(longest, 1), keep: keep).count > maxBytes { keep -= 1 }
        return mostSteps(keep: keep) ?? attempt(steps: min(longest, 1), keep: keep)
    }

    static func encoded(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.write(value)
        return writer.bytes
    }
}

/// One cut of an answer's time series by one ratio, and the count of what it kept.
struct Trim {
    /// The share of every series kept.
    let ratio: Double
    /// Entries kept and entries there were, by the name of the member holding the cut lists (summed when
    /// several places have a series of that name).
    private(set) var cut: [String: (returned: Int, of: Int)] = [:]

    init(ratio: Double) {
        self.ratio = ratio
    }

    /// The length of the longest series in `value`: what the ratio is a share of.
    static func longestSeries(in value: JSONValue) -> Int {
        switch value {
        case .object(let members):
            let own = members["time"].flatMap { $0.isArray ? $0.count : nil } ?? 0
            return members.values.reduce(own) { max($0, longestSeries(in: $1)) }
        case .array(let elements):
            return elements.reduce(0) { max($0, longestSeries(in: $1)) }
        default:
            return 0
        }
    }

    /// The indices kept of a series of `count` entries: `ceil(count × ratio)` of them, at least one, evenly spaced
    /// from the first.
    func kept(of count: Int) -> [Int] {
        let keep = Swift.min(count, Swift.max(1, Int((Double(count) * ratio).rounded(.up))))
        return (0..<keep).map { $0 * count / keep }
    }

    mutating func count(_ member: String, returned: Int, of total: Int) {
        let counted = cut[member] ?? (0, 0)
        cut[member] = (counted.returned + returned, counted.of + total)
    }

    /// `truncated`: the entries returned of how many there were (of the main list when it was cut, else of every
    /// series), each cut member's counts, and the params that make the answer smaller.
    func marker(list: String?, narrow: [String]) -> JSONValue {
        let main =
            list.flatMap { cut[$0] }
            ?? cut.values.reduce((returned: 0, of: 0)) { ($0.returned + $1.returned, $0.of + $1.of) }
        return [
            "returned": .number(Double(main.returned)), "of": .number(Double(main.of)),
            "cut": .object(
                cut.mapValues { ["returned": .number(Double($0.returned)), "of": .number(Double($0.of))] }),
            "narrow": .array(narrow.map(JSONValue.string)),
        ]
    }

    /// `value` with every series section cut to the kept indices; `name` is the member holding `value`.
    mutating func apply(_ value: JSONValue, name: String = "") -> JSONValue {
        switch value {
        case .object(var members):
            if case .array(let time)? = members["time"], ratio < 1, kept(of: time.count).count < time.count {
                let indices = kept(of: time.count)
                count(name, returned: indices.count, of: time.count)
                for (key, member) in members {
                    members[key] = Self.picking(indices, from: member, length: time.count, depth: 1)
                }
                return .object(members)
            }
            for (key, member) in members { members[key] = apply(member, name: key) }
            return .object(members)
        case .array(let elements):
            return .array(elements.map { apply($0, name: name) })
        default:
            return value
        }
    }

    /// A list of `length` entries reduced to `indices`; in an object one level down, each such list; in a list of
    /// such lists (an ensemble's members, one series each), each of them.
    private static func picking(_ indices: [Int], from value: JSONValue, length: Int, depth: Int) -> JSONValue {
        switch value {
        case .array(let elements)
        where !elements.isEmpty && elements.allSatisfy({ $0.isArray && $0.count == length }):
            // A series holds numbers, texts or nulls, never lists, so a list of lists is a list of series.
            return .array(elements.map { picking(indices, from: $0, length: length, depth: 0) })
        case .array(let elements) where elements.count == length:
            return .array(indices.map { elements[$0] })
        case .object(let members) where depth > 0:
            return .object(members.mapValues { picking(indices, from: $0, length: length, depth: depth - 1) })
        default:
            return value
        }
    }
}

extension JSONValue {
    fileprivate var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    fileprivate var isListOfObjects: Bool {
        guard case .array(let elements) = self, let first = elements.first, case .object = first else { return false }
        return true
    }

    fileprivate var count: Int {
        switch self {
        case .array(let elements): elements.count
        case .object(let members): members.count
        default: 0
        }
    }
}
