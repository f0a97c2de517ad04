/// Air quality from a FlatBuffers message, identical to what the JSON answer decodes to.
extension AirQualityResponse {
    /// The query asks for `AirQualityVariable.allCases` in `current` and `hourly`, so that is their order here.
    init(_ message: WeatherApiResponse) throws(FlatBufferError) {
        let offset = message.utcOffsetSeconds
        let names = AirQualityVariable.allCases.map(\.rawValue)
        latitude = message.latitude.jsonDouble
        longitude = message.longitude.jsonDouble
        timezone = message.timezone ?? "GMT"
        currentUnits = nil
        current = nil
        hourly = nil
        if let section = message.current {
            var units: [String: String] = [:]
            var values: [AirQualityVariable: Double] = [:]
            for (variable, item) in zip(AirQualityVariable.allCases, try section.named(names).map(\.1)) {
                units[variable.rawValue] = item.unit.abbreviation
                values[variable] = item.unit.rounded(item.value)
            }
            currentUnits = units
            current = Current(
                time: try LocalTime.text(section.time, utcOffsetSeconds: offset, dateOnly: false), values: values)
        }
        if let section = message.hourly {
            let time = try section.localTimes(utcOffsetSeconds: offset)
            var series: [AirQualityVariable: [Double?]] = [:]
            for (variable, item) in zip(AirQualityVariable.allCases, try section.named(names).map(\.1)) {
                series[variable] = try item.roundedValues(count: time.count)
            }
            hourly = Hourly(time: time, series: series)
        }
    }
}

extension AirQualityResponse.Current {
    init(time: String, values: [AirQualityVariable: Double]) {
        self.time = time
        self.values = values
    }
}

extension AirQualityResponse.Hourly {
    init(time: [String], series: [AirQualityVariable: [Double?]]) {
        self.time = time
        self.series = series
    }
}

/// Open-Meteo pollen (hourly concentrations from the air-quality API) from a FlatBuffers message.
extension OpenMeteoPollenResponse {
    /// The query asks for `OpenMeteoPlant.allCases` in `hourly`, in that order.
    init(_ message: WeatherApiResponse) throws(FlatBufferError) {
        guard let section = message.hourly else {
            throw FlatBufferError(description: "the answer has no hourly section")
        }
        let time = try section.localTimes(utcOffsetSeconds: message.utcOffsetSeconds)
        var hourly = Hourly(time: time, alder: nil, birch: nil, grass: nil, mugwort: nil, olive: nil, ragweed: nil)
        for (plant, item) in zip(OpenMeteoPlant.allCases, try section.named(OpenMeteoPlant.allCases.map(\.variable))) {
            let values = try item.1.roundedValues(count: time.count)
            switch plant {
            case .alder: hourly.alder = values
            case .birch: hourly.birch = values
            case .grass: hourly.grass = values
            case .mugwort: hourly.mugwort = values
            case .olive: hourly.olive = values
            case .ragweed: hourly.ragweed = values
            }
        }
        self.init(hourly: hourly)
    }
}
