/// A request about one place that may instead be about a list of places, answered in one upstream call per API
/// with a list of results in the same order (even a list of one).
protocol PlaceListRequest {
    /// Every place asked about, in the order results come back.
    var locations: [Coordinates] { get set }
    /// Whether this request is about a list of places (`listed(at:field:)`), and so answers with a list.
    var isList: Bool { get set }
}

extension PlaceListRequest {
    /// This request about each of `places`, 1 to `Coordinates.maxPerCall`.
    /// - Throws: `BreezeError.invalidParameter` naming `field` when there are none or too many.
    func listed(at places: [Coordinates], field: String) throws(BreezeError) -> Self {
        try Coordinates.checkCount(places, field: field)
        var request = self
        request.locations = places
        request.isList = true
        return request
    }
}
