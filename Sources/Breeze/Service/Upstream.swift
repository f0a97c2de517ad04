/// The upstream services Breeze calls, each described once: its name, default endpoint, key, concurrency limit,
/// cache lifetime and settings. Every fact is an exhaustive switch, so adding an upstream is one case the
/// compiler walks you through.
///
/// The raw value is the name used in errors, logs and settings.
public enum Upstream: String, Sendable, CaseIterable, Codable {
    case geocoding
    case airQuality
    case forecast
    case archive
    case pollenProxy
    case googlePollen
    // The rest of Open-Meteo's time-series family, one case per host: the host, not the path, decides which API
    // `/v1/forecast` is (see `WeatherAPI`).
    case historicalForecast
    case previousRuns
    case singleRun
    case ensemble
    case seasonal
    case marine
    case flood
    case climateProjection
    case satellite
    case elevation
    // The official warning services `fetchAlerts` reads (see `AlertFeed`): keyless, each with its own terms.
    case nws
    case eccc
    case meteoalarm

    /// A name a person recognises, for messages.
    public var displayName: String {
        switch self {
        case .geocoding: "Open-Meteo geocoding"
        case .airQuality: "Open-Meteo air quality"
        case .forecast: "Open-Meteo forecast"
        case .archive: "Open-Meteo archive"
        case .pollenProxy: "Breeze pollen proxy"
        case .googlePollen: "Google Pollen"
        case .historicalForecast: "Open-Meteo historical forecast"
        case .previousRuns: "Open-Meteo previous runs"
        case .singleRun: "Open-Meteo single runs"
        case .ensemble: "Open-Meteo ensemble"
        case .seasonal: "Open-Meteo seasonal"
        case .marine: "Open-Meteo marine"
        case .flood: "Open-Meteo flood"
        case .climateProjection: "Open-Meteo climate projection"
        case .satellite: "Open-Meteo satellite radiation"
        case .elevation: "Open-Meteo elevation"
        case .nws: "National Weather Service alerts"
        case .eccc: "Environment and Climate Change Canada alerts"
        case .meteoalarm: "MeteoAlarm"
        }
    }

    /// The public endpoint. With its key set, an Open-Meteo host becomes its `customer-` twin, since the free
    /// hosts answer a keyed request with a redirect.
    public func defaultURL(keyed: Bool) -> String {
        let customer = keyed ? "customer-" : ""
        return switch self {
        case .geocoding: "https://\(customer)geocoding-api.open-meteo.com/v1/search"
        case .airQuality: "https://\(customer)air-quality-api.open-meteo.com/v1/air-quality"
        case .forecast: "https://\(customer)api.open-meteo.com/v1/forecast"
        case .archive: "https://\(customer)archive-api.open-meteo.com/v1/archive"
        case .pollenProxy: "https://breeze.earth/api/pollen"
        case .googlePollen: "https://pollen.googleapis.com/v1/forecast:lookup"
        case .historicalForecast: "https://\(customer)historical-forecast-api.open-meteo.com/v1/forecast"
        case .previousRuns: "https://\(customer)previous-runs-api.open-meteo.com/v1/forecast"
        case .singleRun: "https://\(customer)single-runs-api.open-meteo.com/v1/forecast"
        case .ensemble: "https://\(customer)ensemble-api.open-meteo.com/v1/ensemble"
        // `/v1/seasonal`, not the host's `/v1/forecast`: there the default model would be the forecast's.
        case .seasonal: "https://\(customer)seasonal-api.open-meteo.com/v1/seasonal"
        case .marine: "https://\(customer)marine-api.open-meteo.com/v1/marine"
        case .flood: "https://\(customer)flood-api.open-meteo.com/v1/flood"
        case .climateProjection: "https://\(customer)climate-api.open-meteo.com/v1/climate"
        case .satellite: "https://\(customer)satellite-api.open-meteo.com/v1/archive"
        case .elevation: "https://\(customer)api.open-meteo.com/v1/elevation"
        case .nws: "https://api.weather.gov/alerts/active"
        case .eccc: "https://api.weather.gc.ca/collections/weather-alerts/items"
        // A country's feed is `<base>/feeds-<slug>` (see `MeteoAlarmCountry`).
        case .meteoalarm: "https://feeds.meteoalarm.org/api/v1/warnings"
        }
    }

    /// The API key this upstream is sent.
    public var key: UpstreamKey {
        switch self {
        case .geocoding, .airQuality, .forecast, .archive, .elevation: .openMeteo
        case .historicalForecast, .previousRuns, .singleRun, .ensemble, .seasonal, .marine, .flood,
            .climateProjection, .satellite:
            .openMeteo
        case .googlePollen: .googlePollen
        case .pollenProxy: .none  // the proxy holds a Google key of its own
        case .nws, .eccc, .meteoalarm: .none
        }
    }

    /// Requests sent at once unless configured otherwise: 4 for each Open-Meteo host (its free tier serves about
    /// one request at a time per client, with a short queue); 2 for pollen, whose proxy allows only 10 requests
    /// a minute.
    public var defaultMaxConcurrent: Int {
        switch self {
        case .geocoding, .airQuality, .forecast, .archive, .elevation: 4
        case .historicalForecast, .previousRuns, .singleRun, .ensemble, .seasonal, .marine, .flood,
            .climateProjection, .satellite:
            4
        case .pollenProxy, .googlePollen: 2
        // Public services run by weather agencies: a few at once is polite, and NWS limits clients it does not know.
        case .nws, .eccc, .meteoalarm: 2
        }
    }

    /// Seconds an answer stays fresh unless configured otherwise (see `CachePolicy`).
    public var defaultCacheTTL: Double {
        switch self {
        case .geocoding: 24 * 3600
        case .airQuality, .forecast: 15 * 60
        case .archive, .elevation: 365 * 24 * 3600
        case .pollenProxy: 3600
        // Google's terms allow caching Pollen API content only where its service terms expressly say so.
        case .googlePollen: 0
        // Forecast cadence: models run every few hours.
        case .previousRuns, .ensemble, .marine: 3600
        // Daily updates, or (historical forecasts) settled about half a day after the valid time.
        case .historicalForecast, .seasonal, .flood: 6 * 3600
        // A run once stored, and the projections, never change.
        case .singleRun, .climateProjection: 365 * 24 * 3600
        // New images every 10 to 15 minutes.
        case .satellite: 10 * 60
        // Warnings change within minutes; a country feed is fetched once per 5 minutes however many points ask.
        case .nws, .eccc, .meteoalarm: 5 * 60
        }
    }

    /// How many of its latest days are still being filled in after they are first answered (reanalysis fills in
    /// its last ~5 days late, missing values first); nil when an answer is final once given. The features asking it
    /// attach the rule to their requests (`AnswerSettling`), so that an answer reaching into those days, or with a
    /// value missing, is kept only `CachePolicy.provisionalTTL`.
    public var daysFilledInLate: Int? {
        switch self {
        case .archive: 7
        case .geocoding, .airQuality, .forecast, .pollenProxy, .googlePollen, .historicalForecast, .previousRuns,
            .singleRun, .ensemble, .seasonal, .marine, .flood, .climateProjection, .satellite, .elevation, .nws, .eccc,
            .meteoalarm:
            nil
        }
    }

    /// The name of its settings: `--<name>-url` / `BREEZE_<NAME>_URL` and `--cache-ttl-<name>` /
    /// `BREEZE_CACHE_TTL_<NAME>`.
    public var settingName: String {
        switch self {
        case .geocoding: "geocoding"
        case .airQuality: "air-quality"
        case .forecast: "forecast"
        case .archive: "archive"
        case .pollenProxy: "pollen"
        case .googlePollen: "google-pollen"
        case .historicalForecast: "historical-forecast"
        case .previousRuns: "previous-runs"
        case .singleRun: "single-run"
        case .ensemble: "ensemble"
        case .seasonal: "seasonal"
        case .marine: "marine"
        case .flood: "flood"
        case .climateProjection: "climate-projection"
        case .satellite: "satellite"
        case .elevation: "elevation"
        case .nws: "nws"
        case .eccc: "eccc"
        case .meteoalarm: "meteoalarm"
        }
    }

    /// What its URL setting points at, for `--help` and the README.
    public var endpointDescription: String {
        switch self {
        case .geocoding: "Open-Meteo geocoding search endpoint"
        case .airQuality: "Open-Meteo air-quality endpoint"
        case .forecast: "Open-Meteo forecast endpoint"
        case .archive: "Open-Meteo archive (historical weather) endpoint"
        case .pollenProxy: "Breeze pollen proxy endpoint"
        case .googlePollen: "Google Pollen forecast:lookup endpoint"
        case .historicalForecast: "Open-Meteo historical forecast endpoint"
        case .previousRuns: "Open-Meteo previous model runs endpoint"
        case .singleRun: "Open-Meteo single model runs endpoint"
        case .ensemble: "Open-Meteo ensemble endpoint"
        case .seasonal: "Open-Meteo seasonal forecast endpoint"
        case .marine: "Open-Meteo marine endpoint"
        case .flood: "Open-Meteo flood (river discharge) endpoint"
        case .climateProjection: "Open-Meteo climate projection (CMIP6) endpoint"
        case .satellite: "Open-Meteo satellite radiation endpoint"
        case .elevation: "Open-Meteo elevation (Copernicus DEM) endpoint"
        case .nws: "NWS active alerts endpoint (api.weather.gov)"
        case .eccc: "MSC GeoMet weather-alerts items endpoint (ECCC)"
        case .meteoalarm: "MeteoAlarm warnings feeds base (country feeds are <base>/feeds-<country>)"
        }
    }

    /// A value for every upstream, as the settings that may override some of them keep it.
    public static func table<Value>(_ value: (Upstream) -> Value) -> [Upstream: Value] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0, value($0)) })
    }
}

/// The API keys Breeze knows, and how each travels.
public enum UpstreamKey: Sendable {
    /// None is sent.
    case none
    /// Optional; sent as `apikey`, and switches the default hosts to their `customer-` twins.
    case openMeteo
    /// Required; sent as `key`.
    case googlePollen
}
