import Breeze

/// The results of a forecast call about several places or models, composed of the one-forecast writer.
extension JSONWriter {
    /// One place's forecasts: the forecast itself when no models were asked for, else
    /// `{"models":[{"forecast":…,"model":…},…]}` in the order asked.
    mutating func write(_ forecasts: [Forecast], models: [String]) {
        guard !models.isEmpty else { return forecasts.first.map { write($0) } ?? null() }
        beginObject()
        key("models", first: true)
        array(Array(zip(models, forecasts))) { writer, pair in
            writer.beginObject()
            writer.key("forecast", first: true)
            writer.write(pair.1)
            writer.key("model")
            writer.string(pair.0)
            writer.endObject()
        }
        endObject()
    }

    /// Every place's entry of a call about several places, in order: its value written by `value`, or a failed
    /// one as `{"error":…}` with `errorJSON` of its error (the error its own call would have answered).
    mutating func write<Value>(
        _ places: [Result<Value, BreezeError>], errorJSON: (BreezeError) -> [UInt8],
        _ value: (inout JSONWriter, Value) -> Void
    ) {
        array(places) { writer, place in
            switch place {
            case .success(let success):
                value(&writer, success)
            case .failure(let error):
                writer.beginObject()
                writer.key("error", first: true)
                writer.raw(errorJSON(error))
                writer.endObject()
            }
        }
    }
}
