import FoundationEssentials

/// City search over the Open-Meteo geocoder.
extension Breeze {
    /// The places matching `query`, best match first; `[]` when nothing matches.
    ///
    /// A name typed with its country or region ("Springfield, IL", "Paris, France", "Paris FR") is searched by
    /// its name alone, with as many candidates as the geocoder gives (100), and the results that fit every
    /// qualifier are kept, in the geocoder's order (see `TypedPlace`). A plain name is searched as given.
    /// A name shorter than two characters returns `[]` without calling the upstream, which would answer
    /// nothing anyway; so does a response without `results`.
    /// - Throws: `BreezeError` for upstream failures (see `fetch`).
    public func searchCities(_ query: CitySearch, call: Call = Call()) async throws -> [City] {
        let place = TypedPlace(query.name)
        guard place.name.count >= 2 else { return [] }
        let count = place.qualifiers.isEmpty ? query.count : 100
        var items = [
            ("name", place.name), ("count", String(count)), ("language", query.language), ("format", "json"),
        ]
        // camelCase upstream, unlike every other Open-Meteo parameter.
        if let countryCode = query.countryCode { items.append(("countryCode", countryCode)) }
        return try await fetch(from: .geocoding, query: items, call: call) { body in
            let cities = (try JSONDecoder().decode(GeocodingResponse.self, from: body).results ?? []).map(\.city)
            return place.qualifiers.isEmpty ? cities : Array(cities.filter(place.matches).prefix(query.count))
        }
    }
}
