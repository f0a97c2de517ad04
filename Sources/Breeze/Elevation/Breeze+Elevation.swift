import FoundationEssentials

/// Heights above sea level over Open-Meteo's elevation API (the Copernicus 90 m elevation model).
extension Breeze {
    /// The elevation of each point of `request`, in order, in one upstream call.
    ///
    /// The answer is always JSON, whatever `upstreamFormat` says: Open-Meteo serves no FlatBuffers here. A point
    /// the elevation model cannot read comes back as the bare word `nan`, which is not JSON; it is read as
    /// `null`, so that one point has no elevation and the others keep theirs. (Such a body is not cached, being
    /// no valid JSON, so the next call asks again.)
    ///
    /// - Throws: `BreezeError.invalidParameter` naming `latitude` or `longitude` when Open-Meteo refuses the points
    ///   (none, too many, out of range, lists of different lengths); `badServerResponse` for an answer without
    ///   one elevation per point; otherwise as `fetch`.
    public func fetchElevation(_ request: ElevationRequest, call: Call = Call()) async throws -> [ElevationPoint] {
        try await fetch(
            from: .elevation, query: Coordinates.openMeteoQuery(request.points), call: call, memoize: true,
            dependingOn: request, failure: Self.rejectedPoints
        ) { body in
            let heights = try JSONDecoder().decode(ElevationResponse.self, from: ElevationResponse.withNulls(body))
            guard heights.elevation.count == request.points.count else {
                throw BodyShapeError(
                    description:
                        "\(heights.elevation.count) elevations for the \(request.points.count) points asked for")
            }
            return zip(request.points, heights.elevation).map { point, height in
                ElevationPoint(latitude: point.latitude, longitude: point.longitude, elevation: height)
            }
        }
    }

    /// What a 400 from the elevation API means: its texts about the points name the parameter; anything else is
    /// passed on.
    static func rejectedPoints(_ error: BreezeError) -> BreezeError {
        guard case .badServerResponse(_, 400, let reason) = error else { return error }
        // The count mismatch reads "the same number of elements" or "the same amount of elements" by release.
        if reason.hasPrefix("Longitude") || reason.contains("' must have the same ") {
            return .invalidParameter(name: "longitude", reason: "Open-Meteo refused the points: \(reason)")
        }
        if reason.hasPrefix("Latitude") || reason.hasPrefix("Parameter 'latitude' and 'longitude'") {
            return .invalidParameter(name: "latitude", reason: "Open-Meteo refused the points: \(reason)")
        }
        return error
    }
}

/// The elevation API's answer: `{"elevation":[38.0, 12.5]}`, one value per point, `null` where there is none.
struct ElevationResponse: Decodable {
    var elevation: [Double?]

    private enum CodingKeys: String, CodingKey {
        case elevation
    }

    /// `body` with each bare `nan` (or `-nan`) outside a string replaced by `null`: Open-Meteo prints a point it
    /// cannot read as Swift prints a NaN.
    static func withNulls(_ body: Data) -> Data {
        let bytes = Array(body)
        guard bytes.contains(UInt8(ascii: "n")) else { return body }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                result.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    result.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            let sign = byte == UInt8(ascii: "-") ? 1 : 0
            if bytes[index...].starts(with: Array(((sign == 1 ? "-" : "") + "nan").utf8)),
                !isWordByte(at: index + sign + 3, in: bytes)
            {
                result += Array("null".utf8)
                index += sign + 3
                continue
            }
            result.append(byte)
            index += 1
        }
        return Data(result)
    }

    /// Whether the byte at `index` continues a word (so `nan` there is part of something longer).
    private static func isWordByte(at index: Int, in bytes: [UInt8]) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
