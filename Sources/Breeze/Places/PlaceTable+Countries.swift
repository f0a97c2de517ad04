/// Which countries have a place near a point: what routes a point near a border to both sides' services.
extension PlaceTable {
    /// The ISO codes of every country with a place within `radiusKm` of `point`, nearest place's country first.
    public func countryCodes(near point: Coordinates, withinKm radiusKm: Double) -> [String] {
        let query = Query(latitude: point.latitude, longitude: point.longitude)
        let maxAngle = radiusKm / Self.earthRadiusKm
        let maxH = Self.haversine(ofAngle: maxAngle)
        var found: [(h: Double, code: String)] = []
        for (cell, _) in candidateCells(query, maxAngle: maxAngle) {
            for index in cellStart(cell)..<cellStart(cell + 1) {
                let h = haversine(query, index)
                guard h <= maxH else { continue }
                let code = place(index, distanceKm: 0).countryCode
                if let existing = found.firstIndex(where: { $0.code == code }) {
                    found[existing].h = min(found[existing].h, h)
                } else {
                    found.append((h, code))
                }
            }
        }
        return found.sorted { ($0.h, $0.code) < ($1.h, $1.code) }.map(\.code)
    }
}
