/// Where the upstreams are and how Breeze talks to them.
///
/// Every base URL is configurable: tests point them at a local fake, and users of a self-hosted Open-Meteo
/// at their own servers. URLs are kept as text and checked when a request is built, so a misconfigured
/// one surfaces as a `badURL` error on the calls that need it instead of stopping the whole service.
public struct BreezeConfiguration: Sendable, Equatable {
    public var geocodingURL: String
    public var airQualityURL: String
    public var forecastURL: String
    public var archiveURL: String
    /// The Breeze pollen proxy, which holds a Google key of its own.
    public var pollenProxyURL: String
    public var googlePollenURL: String
    /// When set, pollen comes from Google directly (`source: auto`).
    public var googlePollenAPIKey: String?
    /// When set, sent to Open-Meteo as `apikey`.
    public var openMeteoAPIKey: String?
    /// The overall time allowed for one upstream call, in seconds.
    public var timeoutSeconds: Double
    /// How forecast, air-quality and archive answers travel from Open-Meteo.
    public var upstreamFormat: UpstreamFormat

    /// The public endpoints. With an Open-Meteo key, the Open-Meteo defaults become their `customer-` twins,
    /// since the free hosts answer a keyed request with a redirect.
    ///
    /// The format defaults to JSON, which every Open-Meteo-compatible server speaks; breeze-rpc itself asks for
    /// `UpstreamFormat.preferred`.
    public init(
        openMeteoAPIKey: String? = nil, googlePollenAPIKey: String? = nil, timeoutSeconds: Double = 10,
        upstreamFormat: UpstreamFormat = .json
    ) {
        let prefix = openMeteoAPIKey == nil ? "" : "customer-"
        geocodingURL = "https://\(prefix)geocoding-api.open-meteo.com/v1/search"
        airQualityURL = "https://\(prefix)air-quality-api.open-meteo.com/v1/air-quality"
        forecastURL = "https://\(prefix)api.open-meteo.com/v1/forecast"
        archiveURL = "https://\(prefix)archive-api.open-meteo.com/v1/archive"
        pollenProxyURL = "https://breeze.earth/api/pollen"
        googlePollenURL = "https://pollen.googleapis.com/v1/forecast:lookup"
        self.openMeteoAPIKey = openMeteoAPIKey
        self.googlePollenAPIKey = googlePollenAPIKey
        self.timeoutSeconds = timeoutSeconds
        self.upstreamFormat = upstreamFormat
    }

    /// The base URL configured for `service`.
    public func baseURL(for service: Upstream) -> String {
        switch service {
        case .geocoding: geocodingURL
        case .airQuality: airQualityURL
        case .forecast: forecastURL
        case .archive: archiveURL
        case .pollenProxy: pollenProxyURL
        case .googlePollen: googlePollenURL
        }
    }
}

/// The body format asked of Open-Meteo's weather APIs (forecast, air quality, archive).
public enum UpstreamFormat: String, ParameterChoice {
    /// Text; values rounded by the server.
    case json
    /// Open-Meteo's binary `format=flatbuffers`: Float32 arrays read in place, rounded here exactly as the
    /// server's JSON writer would, so both formats give the same results.
    case flatbuffers

    /// The format breeze-rpc uses unless told otherwise: the faster one in `Tests/Benchmarks/run` (a 16-day
    /// hourly forecast decodes several times faster and its body is about a third of the JSON).
    public static let preferred = UpstreamFormat.flatbuffers
}

/// The version of breeze-rpc, reported by `--version` and in the User-Agent sent upstream.
public enum BreezeVersion {
    public static let current = "0.1.0"
    public static let userAgent = "breeze-rpc/\(current) (+https://github.com/breeze-rpc/breeze-rpc)"
}
