/// The known names nearest to a name nobody knows: for "Did you mean …?" in errors about variables, models and
/// (through the binding) method names.
///
/// Plain string matching, with nothing of weather in it, so the binding can hand it to the wire layer for
/// unknown methods and every such error suggests the same way.
public enum NameSuggestions {
    /// Up to three of `names` closest to `name`: those a few edits away, else those it begins or extends
    /// (`temperature` → `temperature_2m`, `sunrise_time` → `sunrise`), nearest first. Case counts for nothing in
    /// the distance (`searchcities` → `searchCities`), only to break ties.
    public static func nearest(to name: String, among names: some Sequence<String>) -> [String] {
        let lowered = name.lowercased()
        let limit = max(2, name.count / 4)
        let candidates = names.map { (name: $0, lowered: $0.lowercased()) }
        var near = candidates.map { (name: $0.name, distance: editDistance(lowered, $0.lowered)) }
            .filter { $0.distance <= limit }
        if near.isEmpty, name.count >= 3 {
            near = candidates.filter { $0.lowered.hasPrefix(lowered) || lowered.hasPrefix($0.lowered) }
                .map { (name: $0.name, distance: abs($0.name.count - name.count)) }
        }
        return near.map { ($0.name, $0.distance, editDistance(name, $0.name)) }
            .sorted { ($0.1, $0.2, $0.0) < ($1.1, $1.2, $1.0) }.prefix(3).map(\.0)
    }

    /// Levenshtein distance: insertions, deletions and substitutions each count one.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
