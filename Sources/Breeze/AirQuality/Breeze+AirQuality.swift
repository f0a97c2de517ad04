import FoundationEssentials

/// Air quality over the Open-Meteo air-quality API (CAMS).
extension Breeze {
    /// Current air quality at each place of `request`, in order, its AQI status and pollutants, and optionally
    /// the hours ahead; each place its value or its own failure.
    ///
    /// A request about several places (`request.isList`) is one upstream call, and a place the upstream answered
    /// without readings (`noData`) or badly fails on its own. A request about one place throws its failure.
    ///
    /// - Throws: `BreezeError.noData` when the upstream sends no `current` block; `badServerResponse` when
    ///   hourly series do not line up with their times; otherwise as `fetch`.
    public func fetchAirQuality(_ request: AirQualityRequest, call: Call = Call()) async throws
        -> [Result<AirQuality, BreezeError>]
    {
        guard request.isList else {
            let response = try await fetchWeather(
                AirQualityResponse.self, from: .airQuality, query: Self.query(request), call: call, dependingOn: nil,
                flatBuffers: { message throws(FlatBufferError) in try AirQualityResponse(message) })
            do {
                return [.success(try Self.airQuality(response, request: request))]
            } catch {
                throw Redaction(configuration)(error)
            }
        }
        return try await fetchWeatherPlaces(
            AirQualityResponse.self, from: .airQuality, query: Self.query(request), call: call,
            placeCount: request.locations.count, dependingOn: request,
            json: { response in try Self.airQuality(response, request: request) },
            flatBuffers: { messages in try Self.airQuality(messages, request: request) })
    }

    /// The air-quality API query for `request`.
    private static func query(_ request: AirQualityRequest) -> [(String, String)] {
        var query = Coordinates.openMeteoQuery(request.locations)
        query.append(("current", AirQualityVariable.queryValue))
        if request.forecastHours > 0 {
            query.append(("hourly", AirQualityVariable.queryValue))
            query.append(("forecast_hours", String(request.forecastHours)))
            if request.pastHours > 0 { query.append(("past_hours", String(request.pastHours))) }
        }
        query.append(("timezone", "auto"))
        return query
    }

    /// One place's FlatBuffers messages in an answer about several: one air-quality message each.
    private static func airQuality(_ messages: [WeatherApiResponse], request: AirQualityRequest) throws -> AirQuality {
        guard messages.count == 1 else {
            throw BodyShapeError(description: "\(messages.count) answers for one place")
        }
        return try airQuality(try AirQualityResponse(messages[0]), request: request)
    }

    /// The public form of one place's answer.
    private static func airQuality(_ response: AirQualityResponse, request: AirQualityRequest) throws(BreezeError)
        -> AirQuality
    {
        guard let current = response.current else {
            throw BreezeError.noData(service: .airQuality, reason: "there are no current air-quality readings.")
        }
        let values = current.values
        let units = response.currentUnits ?? [:]
        let pollutants = PollutantKind.all.map { kind in
            let subIndex = values[kind.subIndex]
            return Pollutant(
                id: kind.id, name: kind.name, fullName: kind.fullName, value: values[kind.concentration],
                unit: units[kind.concentration.rawValue], usAQI: subIndex, status: Pollutant.Status(subIndex: subIndex))
        }
        return AirQuality(
            time: current.time, latitude: response.latitude, longitude: response.longitude,
            timezone: response.timezone, usAQI: values[.usAQI], europeanAQI: values[.europeanAQI],
            pm25: values[.pm25], pm10: values[.pm10], carbonMonoxide: values[.carbonMonoxide],
            nitrogenDioxide: values[.nitrogenDioxide], sulphurDioxide: values[.sulphurDioxide], ozone: values[.ozone],
            status: AQIStatus(usAQI: values[.usAQI]),
            europeanStatus: EuropeanAQIStatus(europeanAQI: values[.europeanAQI]), pollutants: pollutants,
            hourly: request.forecastHours > 0 ? try response.hourly.map(Self.hourly) : nil)
    }

    /// The public hourly form; a series the upstream left out is all `null`, one of the wrong length an error.
    private static func hourly(_ hourly: AirQualityResponse.Hourly) throws(BreezeError) -> AirQualityHourly {
        let count = hourly.time.count
        func series(_ variable: AirQualityVariable) throws(BreezeError) -> [Double?] {
            guard let values = hourly.series[variable] else { return Array(repeating: nil, count: count) }
            guard values.count == count else {
                throw .badServerResponse(
                    service: .airQuality, status: 200,
                    reason: "the hourly series '\(variable.rawValue)' has \(values.count) values for \(count) times")
            }
            return values
        }
        var subIndices: [String: [Double?]] = [:]
        for kind in PollutantKind.all { subIndices[kind.id] = try series(kind.subIndex) }
        return AirQualityHourly(
            time: hourly.time, usAQI: try series(.usAQI), europeanAQI: try series(.europeanAQI),
            pm25: try series(.pm25), pm10: try series(.pm10), carbonMonoxide: try series(.carbonMonoxide),
            nitrogenDioxide: try series(.nitrogenDioxide), sulphurDioxide: try series(.sulphurDioxide),
            ozone: try series(.ozone), subIndices: subIndices)
    }
}
