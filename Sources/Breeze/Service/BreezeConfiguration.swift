/// Where the upstreams are and how Breeze talks to them.
///
/// Every base URL is configurable: tests point them at a local fake, and users of a self-hosted Open-Meteo
/// at their own servers. URLs are kept as text and checked when a request is built, so a misconfigured
/// one surfaces as a `badURL` error on the calls that need it instead of stopping the whole service.
public struct BreezeConfiguration: Sendable, Equatable {
    /// When set, pollen comes from Google directly (`source: auto`).
    public var googlePollenAPIKey: String?
    /// When set, sent to Open-Meteo as `apikey`, and the Open-Meteo default hosts become their `customer-` twins.
    public var openMeteoAPIKey: String?
    /// The overall time allowed for one upstream call, in seconds.
    public var timeoutSeconds: Double
    /// How forecast, air-quality and archive answers travel from Open-Meteo.
    public var upstreamFormat: UpstreamFormat
    /// The operator's contact (an email address or URL), added to the User-Agent sent to the warning services:
    /// api.weather.gov asks clients to identify themselves so that it can reach them before blocking them.
    public var contact: String?
    /// The base URLs set explicitly. Every other upstream's default is picked when it is used, so that a key set
    /// after creating the configuration still switches to the keyed hosts.
    private var explicitURLs: [Upstream: String] = [:]

    /// The public endpoints (see `Upstream.defaultURL(keyed:)`).
    ///
    /// The format defaults to JSON, which every Open-Meteo-compatible server speaks; breeze-rpc itself asks for
    /// `UpstreamFormat.preferred`.
    public init(
        openMeteoAPIKey: String? = nil, googlePollenAPIKey: String? = nil, timeoutSeconds: Double = 10,
        upstreamFormat: UpstreamFormat = .json
    ) {
        self.openMeteoAPIKey = openMeteoAPIKey
        self.googlePollenAPIKey = googlePollenAPIKey
        self.timeoutSeconds = timeoutSeconds
        self.upstreamFormat = upstreamFormat
    }

    /// The base URL of `service`: the one set explicitly, else its default for the keys configured now.
    public func baseURL(for service: Upstream) -> String {
        explicitURLs[service] ?? service.defaultURL(keyed: apiKey(service.key) != nil)
    }

    /// Points `service` at `url` instead of its default.
    public mutating func setBaseURL(_ url: String, for service: Upstream) {
        explicitURLs[service] = url
    }

    /// The configured value of `key`, if any.
    public func apiKey(_ key: UpstreamKey) -> String? {
        switch key {
        case .none: nil
        case .openMeteo: openMeteoAPIKey
        case .googlePollen: googlePollenAPIKey
        }
    }
}
