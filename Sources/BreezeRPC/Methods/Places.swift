import Breeze
import FoundationEssentials
import JSONRPC

/// The `latitude` and `longitude` params of methods that take several places: one number each for one place,
/// or two lists of equal length (Open-Meteo's own comma-separated coordinates, as its SDKs take them) for
/// several, answered in one upstream call with a list of results in the same order.
struct Places: Sendable {
    var latitudes: [Double]
    var longitudes: [Double]
    /// Whether the caller gave lists (even of one place), and so gets a list of results.
    var isList: Bool

    /// Reads `latitude` and `longitude` from `container`; each is a number or a list of numbers.
    static func decode<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, latitude: Key, longitude: Key
    ) throws -> Places {
        let (latitudes, latitudeIsList) = try container.decodeNumberOrList(forKey: latitude)
        let (longitudes, longitudeIsList) = try container.decodeNumberOrList(forKey: longitude)
        guard latitudeIsList == longitudeIsList else {
            let list = latitudeIsList ? latitude : longitude
            let other = latitudeIsList ? longitude : latitude
            throw DecodingError.typeMismatch(
                [Double].self,
                DecodingError.Context(
                    codingPath: container.codingPath + [other],
                    debugDescription: "'\(list.stringValue)' is a list, so this must be one too"))
        }
        return Places(latitudes: latitudes, longitudes: longitudes, isList: latitudeIsList)
    }

    /// The places, each checked and named by its index (`latitude[3]`) when wrong.
    /// - Throws: `BreezeError.invalidParameter` naming the field: lists of different lengths, none or more than
    ///   `Coordinates.maxPerCall` places, a coordinate out of range.
    func coordinates() throws(BreezeError) -> [Coordinates] {
        guard isList else { return [try Coordinates(latitude: latitudes[0], longitude: longitudes[0])] }
        guard latitudes.count == longitudes.count else {
            throw .invalidParameter(
                name: "longitude",
                reason: "must list as many numbers as latitude (\(latitudes.count)), not \(longitudes.count).")
        }
        guard (1...Coordinates.maxPerCall).contains(latitudes.count) else {
            throw .invalidParameter(
                name: "latitude",
                reason: "must list 1 to \(Coordinates.maxPerCall) places, not \(latitudes.count).")
        }
        return try zip(latitudes, longitudes).enumerated().map { index, pair throws(BreezeError) in
            try Coordinates(latitude: pair.0, longitude: pair.1, index: index)
        }
    }
}

/// The result of a method about one place or a list of them: the one place's value, or every place's value or
/// error in order, a failed place as `{"error":…}`, the error its own call would have answered.
public enum PlaceResults<Value: JSONWritable>: JSONWritable {
    case one(Value)
    case list([Result<Value, BreezeError>])

    /// The domain's results as the caller asked: a list when `isList`, else the one place, whose failure is the
    /// call's.
    init(_ places: [Result<Value, BreezeError>], isList: Bool) throws(BreezeError) {
        self = isList ? .list(places) : .one(try places[0].get())
    }

    /// The one place's value; or every place's, a failed one as `{"error":…}` with the JSON-RPC error object its
    /// own call would have answered.
    public func write(to json: inout JSONWriter) {
        switch self {
        case .one(let value):
            json.write(value)
        case .list(let places):
            json.array(places) { json, place in
                switch place {
                case .success(let value):
                    json.write(value)
                case .failure(let error):
                    json.beginObject()
                    json.key("error", first: true)
                    json.write(error.responseError)
                    json.endObject()
                }
            }
        }
    }
}

/// Equal results write equal bytes, so a repeated call's reply can be reused (see the router's `CallMemo`).
extension PlaceResults: Equatable where Value: Equatable {}

extension KeyedDecodingContainer {
    /// A number or a list of numbers, and which it was; a wrong element is named by its index (`latitude[1]`).
    fileprivate func decodeNumberOrList(forKey key: Key) throws -> ([Double], Bool) {
        switch try decode(JSONValue.self, forKey: key) {
        case .number(let value):
            return ([value], false)
        case .array:
            return (try decode([Double].self, forKey: key), true)
        case .null:
            throw DecodingError.valueNotFound(
                Double.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "null"))
        default:
            throw DecodingError.typeMismatch(
                Double.self,
                DecodingError.Context(codingPath: codingPath + [key], debugDescription: "a number or a list of numbers")
            )
        }
    }
}
