/// The body format asked of Open-Meteo's weather APIs (forecast, air quality, archive).
public enum UpstreamFormat: String, ParameterChoice {
    /// Text; values rounded by the server.
    case json
    /// Open-Meteo's binary `format=flatbuffers`: Float32 arrays read in place, rounded here exactly as the
    /// server's JSON writer would, so both formats give the same results.
    case flatbuffers

    /// The format breeze-rpc uses unless told otherwise: the faster one in `Tests/Benchmarks/run` (read in
    /// place, and a smaller body than the JSON).
    public static let preferred = UpstreamFormat.flatbuffers
}
