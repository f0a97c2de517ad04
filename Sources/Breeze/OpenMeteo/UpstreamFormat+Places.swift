import FoundationEssentials

/// A body that reads but does not answer what was asked (say, fewer places), described for `badServerResponse`.
struct BodyShapeError: Error {
    var description: String
}

/// One place's object in an Open-Meteo answer about several, kept apart: a place that does not decode fails
/// alone.
struct PlaceAnswer<T: Decodable>: Decodable {
    var result: Result<T, any Error>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try T(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
}

/// How the FlatBuffers messages of an answer about several results are told apart.
enum MessageGrouping: Sendable {
    /// By the place index each message carries: several places, each with a message per model.
    case byPlace
    /// One message per result, in order: several date ranges for one place, which all carry the same index.
    case inOrder
}

extension UpstreamFormat {
    /// A 2xx body about `count` places (or date ranges) in this format, one result each (see
    /// `Breeze.fetchWeatherPlaces`).
    /// - Throws: when the body as a whole cannot be read.
    func places<T: Decodable, U>(
        _ type: T.Type, in body: Data, count: Int, service: Upstream, grouping: MessageGrouping = .byPlace,
        json: (T) throws -> U, flatBuffers: ([WeatherApiResponse]) throws -> U
    ) throws -> [Result<U, BreezeError>] {
        func place(_ body: () throws -> U) -> Result<U, BreezeError> {
            do {
                return .success(try body())
            } catch let error as BreezeError {
                return .failure(error)
            } catch {
                return .failure(
                    .badServerResponse(service: service, status: 200, reason: UpstreamFailure.undecodableReason(error)))
            }
        }
        switch self {
        case .json:
            let decoder = JSONDecoder()
            let answers =
                count == 1
                ? [try decoder.decode(PlaceAnswer<T>.self, from: body)]
                : try decoder.decode([PlaceAnswer<T>].self, from: body)
            guard answers.count == count else {
                throw BodyShapeError(description: "\(answers.count) answers for the \(count) places asked for")
            }
            return answers.map { answer in place { try json(answer.result.get()) } }
        case .flatbuffers:
            let messages = try WeatherApiResponse.messages(in: body)
            if grouping == .inOrder {
                guard messages.count == count else {
                    throw BodyShapeError(description: "\(messages.count) answers for the \(count) asked for")
                }
                return messages.map { message in place { try flatBuffers([message]) } }
            }
            if let stray = messages.first(where: { !(0..<Int64(count)).contains($0.locationID) }) {
                throw BodyShapeError(
                    description: "a message is for place \(stray.locationID) of the \(count) asked for")
            }
            return (0..<count).map { index in
                place { try flatBuffers(messages.filter { $0.locationID == Int64(index) }) }
            }
        }
    }

    /// `query` asking for this format.
    func query(_ query: [(String, String)]) -> [(String, String)] {
        self == .flatbuffers ? query + [("format", "flatbuffers")] : query
    }

    /// A 2xx body in this format as `T`: JSON decoded, or the first FlatBuffers message (the one location
    /// asked for) turned into `T` by `read`.
    func decode<T: Decodable>(
        _ type: T.Type, from body: Data, flatBuffers read: (WeatherApiResponse) throws(FlatBufferError) -> T
    ) throws -> T {
        switch self {
        case .json:
            return try JSONDecoder().decode(T.self, from: body)
        case .flatbuffers:
            guard let first = try WeatherApiResponse.messages(in: body).first else {
                throw FlatBufferError(description: "the body holds no message")
            }
            return try read(first)
        }
    }
}
