import Foundation

/// City search over the Open-Meteo geocoder.
extension Breeze {
    /// The places matching `query`, best match first; `[]` when nothing matches.
    ///
    /// A name shorter than two characters returns `[]` without calling the upstream, which would answer
    /// nothing anyway; so does a response without `results`.
    /// - Throws: `BreezeError` for upstream failures (see `fetch`).
    public func searchCities(_ query: CitySearch) async throws -> [City] {
        guard query.isSearchable else { return [] }
        var items = [
            ("name", query.name), ("count", String(query.count)), ("language", query.language), ("format", "json"),
        ]
        // camelCase upstream, unlike every other Open-Meteo parameter.
        if let countryCode = query.countryCode { items.append(("countryCode", countryCode)) }
        let response = try await fetch(GeocodingResponse.self, from: .geocoding, query: items)
        return (response.results ?? []).map(\.city)
    }
}
