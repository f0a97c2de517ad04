import FoundationEssentials

/// The weather model names `fetchForecast` accepts in `models`: the names of Open-Meteo's own model enum
/// (`OpenMeteoModel.names`, from its SDK schema, which is also how its FlatBuffers answers name each model), and
/// any other name behind `KnownVariables.rawPrefix` (`raw:some_new_model`), sent as is.
///
/// The enum also holds models the forecast API does not serve (`era5` is the archive's, `cams_europe` air
/// quality's); Open-Meteo refuses those, and its refusal comes back as an `invalidParameter` naming `models`.
public enum KnownModels {
    /// Every name accepted without the escape, in the enum's order.
    public static let names: [String] = OpenMeteoModel.names.filter { $0 != "undefined" }

    private static let known = Set(names)

    /// The upstream names for `names`, in order.
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `models` for an empty list, an unknown name (with the
    ///   closest known ones) or a name given twice (its results could not be told apart).
    public static func upstreamNames(_ names: [String]) throws(BreezeError) -> [String] {
        guard !names.isEmpty else {
            throw .invalidParameter(
                name: "models", reason: "must name at least one model; leave it out for the default.")
        }
        var result: [String] = []
        for name in names {
            let upstream: String
            if known.contains(name) {
                upstream = name
            } else if KnownVariables.matches(KnownVariables.rawPattern, name) {
                upstream = String(name.dropFirst(KnownVariables.rawPrefix.count))
            } else {
                let closest = NameSuggestions.nearest(to: name, among: known)
                let hint = closest.isEmpty ? "" : " Did you mean \(closest.joined(separator: ", "))?"
                throw .invalidParameter(
                    name: "models",
                    reason: "unknown model \"\(name)\".\(hint) rpc.discover lists every known name, and "
                        + "\"\(KnownVariables.rawPrefix)NAME\" sends any other Open-Meteo model name as is.")
            }
            guard !result.contains(upstream) else {
                throw .invalidParameter(
                    name: "models", reason: "names \"\(upstream)\" twice; each model gives one result, so name it once."
                )
            }
            result.append(upstream)
        }
        return result
    }
}
