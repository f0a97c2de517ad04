import FoundationEssentials

/// Official warnings for points: NWS, ECCC and MeteoAlarm, each asked only where it covers the point.
extension Breeze {
    /// The warnings in force (or announced) for each point of `request`, in order: the value, or the error of a
    /// point whose every source failed.
    ///
    /// Each point is routed offline (`AlertRoute`); every feed the points need is fetched once, all at once, and
    /// its parsed messages are kept beside the cached body (`fetch`'s memo), so a country feed read for 100 points
    /// is fetched and parsed once per cache lifetime. What is in force is judged on every read against `now`
    /// (`AlertPoint.inForce`), so a cached feed never serves a warning that has since expired.
    /// - Throws: `CancellationError` only.
    public func fetchAlerts(_ request: AlertsRequest, call: Call = Call()) async throws -> [Result<
        PointAlerts, BreezeError
    >] {
        let routes = request.points.map { AlertRoute($0) }
        var feeds: [AlertFeed] = []
        for feed in routes.flatMap(\.feeds) where !feeds.contains(feed) { feeds.append(feed) }
        var read: [AlertFeed: Result<[AlertMessage], BreezeError>] = [:]
        await withTaskGroup(of: (AlertFeed, Result<[AlertMessage], BreezeError>).self) { group in
            for feed in feeds {
                group.addTask { (feed, await messages(of: feed, call: call)) }
            }
            for await (feed, outcome) in group { read[feed] = outcome }
        }
        try Task.checkCancellation()
        let now = self.now()
        return zip(request.points, routes).map { point, route in
            Self.pointAlerts(point, route: route, read: read, now: now, language: request.language)
        }
    }

    /// The warnings in force for one point, in English where a source has a choice: what other features (the
    /// dashboard, outdoor windows) show beside their own answer.
    /// - Throws: the first source's `BreezeError` when every source for the point failed; `CancellationError`.
    public func alerts(at point: Coordinates, language: String = "en", call: Call = Call()) async throws
        -> PointAlerts
    {
        try await fetchAlerts(AlertsRequest(points: [point], language: language), call: call)[0].get()
    }

    /// One point's answer from the feeds read.
    static func pointAlerts(
        _ point: Coordinates, route: AlertRoute, read: [AlertFeed: Result<[AlertMessage], BreezeError>], now: Date,
        language: String
    ) -> Result<PointAlerts, BreezeError> {
        let matcher = AlertPoint(point, country: route.country)
        var alerts: [Alert] = []
        var seen = Set<String>()
        var sources: [AlertSourceUsed] = []
        var errors: [String: BreezeError] = [:]
        var firstError: BreezeError?
        for feed in route.feeds {
            var country: String?
            if case .meteoalarm(let code) = feed { country = code }
            switch read[feed] ?? .failure(.noData(service: feed.source.upstream, reason: "the feed was not read")) {
            case .success(let messages):
                sources.append(
                    .init(
                        source: feed.source, country: country, attribution: feed.source.attribution,
                        answered: true))
                // The same warning twice (two regions of one ECCC warning, two feeds near a border) is shown once.
                for alert in matcher.inForce(messages, at: now, language: language)
                where seen.insert(alert.source.rawValue + " " + alert.id).inserted {
                    alerts.append(alert)
                }
            case .failure(let error):
                sources.append(
                    .init(
                        source: feed.source, country: country, attribution: feed.source.attribution,
                        answered: false))
                errors[feed.name] = error
                firstError = firstError ?? error
            }
        }
        if let firstError, errors.count == route.feeds.count { return .failure(firstError) }
        alerts.sort(by: Alert.precedes)
        let coverage: AlertCoverage = route.feeds.isEmpty ? .none : errors.isEmpty ? .full : .partial
        let reason =
            coverage == .partial
            ? "Not every source answered (\(errors.keys.sorted().joined(separator: ", "))): see errors."
            : route.reason
        return .success(
            PointAlerts(
                latitude: point.latitude, longitude: point.longitude, country: route.country, coverage: coverage,
                reason: reason, sources: sources, alerts: alerts, errors: errors))
    }

    /// The messages of `feed`, or why it could not be read.
    func messages(of feed: AlertFeed, call: Call) async -> Result<[AlertMessage], BreezeError> {
        do {
            switch feed {
            case .nws(let point):
                let request = try alertRequest(.nws, query: [("point", point)], accept: "application/geo+json")
                return .success(
                    try await fetch(
                        request, call: call, memoize: true, failure: Self.nwsFailure, make: NWSAlerts.messages))
            case .eccc(let latitude, let longitude):
                return .success(try await ecccMessages(latitude: latitude, longitude: longitude, call: call))
            case .meteoalarm(let country):
                let request = try meteoAlarmRequest(country)
                return .success(
                    try await fetch(request, call: call, memoize: true) { body in
                        try MeteoAlarmFeed.messages(body, country: country)
                    })
            }
        } catch let error as BreezeError {
            return .failure(error)
        } catch {
            // Only cancellation is left, which the caller checks for itself.
            return .failure(.networkError(service: feed.source.upstream, reason: "the call was cancelled"))
        }
    }

    /// ECCC's features in a 1-degree cell, page by page while fewer than `numberMatched` have been read.
    private func ecccMessages(latitude: Int, longitude: Int, call: Call) async throws -> [AlertMessage] {
        let pageSize = 500
        var messages: [AlertMessage] = []
        var offset = 0
        // Ten pages of 500 region features is far more than Canada has warnings at once; the bound keeps a
        // misbehaving server from keeping the call busy.
        for _ in 0..<10 {
            let request = try alertRequest(
                .eccc,
                query: [
                    ("bbox", "\(longitude),\(latitude),\(longitude + 1),\(latitude + 1)"), ("f", "json"),
                    ("limit", String(pageSize)), ("offset", String(offset)),
                ])
            let page = try await fetch(request, call: call, memoize: true, make: ECCCAlerts.page)
            messages += page.messages
            offset += page.read
            guard page.read > 0, let matched = page.matched, offset < matched else { break }
        }
        return messages
    }

    /// A request to `service` carrying breeze-rpc's User-Agent with the operator's contact (api.weather.gov
    /// refuses requests without an identifying one).
    private func alertRequest(_ service: Upstream, query: [(String, String)], accept: String? = nil)
        throws(BreezeError) -> HTTPRequest
    {
        var request = try self.request(service, query: query)
        var headers = ["User-Agent": alertsUserAgent]
        if let accept { headers["Accept"] = accept }
        request.headers = headers
        return request
    }

    /// MeteoAlarm's feed of `country`: `<base>/feeds-<slug>`.
    private func meteoAlarmRequest(_ country: String) throws(BreezeError) -> HTTPRequest {
        let base = try (bases[.meteoalarm] ?? UpstreamBase.checked(.meteoalarm, in: configuration)).get()
        guard !base.hasQuery, let slug = MeteoAlarmCountry.slugs[country] else {
            throw .badURL(
                service: .meteoalarm,
                reason: "the configured base URL '\(base.text)' has a query; country feeds are <base>/feeds-<name>.")
        }
        let text = (base.text.hasSuffix("/") ? String(base.text.dropLast()) : base.text) + "/feeds-" + slug
        guard let url = URL(string: text) else {
            throw .badURL(service: .meteoalarm, reason: "'\(text)' is not a URL; check the MeteoAlarm setting.")
        }
        return HTTPRequest(
            url: url, service: .meteoalarm, headers: ["User-Agent": alertsUserAgent],
            timeoutSeconds: configuration.timeoutSeconds)
    }

    /// `breeze-rpc/<version> (+<project URL>)`, with the operator's contact when configured.
    var alertsUserAgent: String {
        guard let contact = configuration.contact?.trimmingWhitespace(), !contact.isEmpty else {
            return BreezeVersion.userAgent
        }
        return "\(BreezeVersion.userAgent.dropLast()); \(contact))"
    }

    /// What NWS's 403 means: its firewall (Akamai) refused the client, with an HTML page rather than JSON.
    static func nwsFailure(_ error: BreezeError) -> BreezeError {
        guard case .badServerResponse(.nws, 403, _) = error else { return error }
        return .badServerResponse(
            service: .nws, status: 403,
            reason: "blocked by api.weather.gov's firewall (HTTP 403); it refuses clients it cannot identify: "
                + "set BREEZE_CONTACT to your email or site.")
    }
}
