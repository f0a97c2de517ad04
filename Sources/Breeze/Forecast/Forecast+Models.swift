/// One place's forecast per weather model, from either answer format, so both give the same results.
///
/// Open-Meteo's JSON answer merges several models into one object per place: each section variable is named
/// `NAME_MODEL`, while the grid cell, elevation, time zone and `current` appear once, from the first model. Its
/// FlatBuffers answer sends one message per model instead. Both are read to one forecast per model, each with
/// the first model's place fields, and `current` on the first only.
extension Forecast {
    /// The forecast of each of `request.models` in this merged JSON answer; itself when fewer than two were
    /// asked for (Open-Meteo suffixes names only for several), its ensemble members gathered when there are any.
    /// - Throws: `BodyShapeError` when a model's variables are not there.
    func byModel(_ request: WeatherDataRequest) throws -> [Forecast] {
        guard request.models.count > 1 else {
            guard request.readsMembers else { return [self] }
            var forecast = self
            forecast.gatherMembers(request, suffix: "")
            return [forecast]
        }
        return try request.models.enumerated().map { index, model in
            var forecast = self
            if index > 0 { forecast.current = nil }
            let suffix = request.keySuffix(of: model)
            forecast.hourly = try hourly?.variables(of: suffix, names: request.names(in: .hourly), section: "hourly")
            forecast.daily = try daily?.variables(of: suffix, names: request.names(in: .daily), section: "daily")
            forecast.minutely15 = try minutely15?.variables(
                of: suffix, names: request.names(in: .minutely15), section: "minutely15")
            // A model without weekly or monthly statistics is left out of those sections, not nulled.
            forecast.weekly = try weekly?.variablesIfAny(of: suffix, names: request.names(in: .weekly))
            forecast.monthly = try monthly?.variablesIfAny(of: suffix, names: request.names(in: .monthly))
            if request.readsMembers { forecast.gatherMembers(request, suffix: suffix) }
            return forecast
        }
    }

    /// Moves the members of every section (`NAME_memberNN` + `suffix` keys) from `values` into `members`.
    private mutating func gatherMembers(_ request: WeatherDataRequest, suffix: String) {
        hourly?.gatherMembers(request.names(in: .hourly), suffix: suffix)
        daily?.gatherMembers(request.names(in: .daily), suffix: suffix)
        minutely15?.gatherMembers(request.names(in: .minutely15), suffix: suffix)
        weekly?.gatherMembers(request.names(in: .weekly), suffix: suffix)
        monthly?.gatherMembers(request.names(in: .monthly), suffix: suffix)
    }

    /// The forecast of each model from one place's FlatBuffers messages (one per model, in the order asked).
    /// - Throws: `BodyShapeError` when the messages are not one per model, or name another model than asked;
    ///   `FlatBufferError` when a message does not read as the request asked.
    static func byModel(_ messages: [WeatherApiResponse], request: WeatherDataRequest) throws -> [Forecast] {
        let models = request.models
        guard messages.count == max(models.count, 1) else {
            throw messages.count < models.count
                ? BodyShapeError.modelsLeftOut
                : BodyShapeError(
                    description: "\(messages.count) answers for the \(max(models.count, 1)) models asked for")
        }
        var forecasts: [Forecast] = []
        for (index, message) in messages.enumerated() {
            // A model behind the `raw:` escape may be newer than the enum: then only its position says which it is.
            if request.checksModelEnum, index < models.count, KnownModels.names.contains(models[index]),
                let name = message.model.name,
                name != models[index]
            {
                throw BodyShapeError(description: "answer \(index) is for the model \(name), not \(models[index])")
            }
            var forecast = try ForecastResponse(message, request: request).forecast
            if models.count > 1, let first = forecasts.first {
                forecast.latitude = first.latitude
                forecast.longitude = first.longitude
                forecast.elevation = first.elevation
                forecast.timezone = first.timezone
                forecast.timezoneAbbreviation = first.timezoneAbbreviation
                forecast.utcOffsetSeconds = first.utcOffsetSeconds
                forecast.current = nil
            }
            forecasts.append(forecast)
        }
        return forecasts
    }
}

extension BodyShapeError {
    /// Open-Meteo leaves out a model that does not cover a place (a regional one such as `icon_d2`), without
    /// saying which: its JSON then names the variables as for one model, and FlatBuffers sends fewer messages.
    static let modelsLeftOut = BodyShapeError(
        description: "Open-Meteo left out a model here, without saying which: a regional model (such as icon_d2) "
            + "that does not cover this place; ask for it on its own")
}

extension ForecastSeries {
    /// The series of the model whose keys end in `suffix` in a merged answer, its variables under the names asked
    /// for.
    /// - Throws: `BodyShapeError` naming the first variable that is missing.
    func variables(of suffix: String, names: [String], section: String) throws -> ForecastSeries {
        var series = ForecastSeries(time: time, values: [:], text: [:], units: [:], weatherDescriptions: nil)
        for name in names {
            let key = name + suffix
            if let values = values[key] {
                series.values[name] = values
            } else if let text = text[key] {
                series.text[name] = text
            } else if !names.contains(where: { values[$0 + suffix] != nil || text[$0 + suffix] != nil }) {
                // Nothing of this model at all: left out (and with one model left, names carry no suffix).
                throw BodyShapeError.modelsLeftOut
            } else {
                throw BodyShapeError(description: "the \(section) section has no '\(key)'")
            }
            if let unit = units[key] { series.units[name] = unit }
        }
        // The members stay under their keys for `gatherMembers`.
        for (key, values) in values where key.hasSuffix(suffix) && key.contains("_member") {
            series.values[key] = values
            series.units[key] = units[key]
        }
        ForecastResponse.describeWeather(&series)
        return series
    }

    /// As `variables(of:names:section:)`, or `nil` when the model has none of the names here.
    func variablesIfAny(of suffix: String, names: [String]) throws -> ForecastSeries? {
        guard names.contains(where: { values[$0 + suffix] != nil || text[$0 + suffix] != nil }) else { return nil }
        return try variables(of: suffix, names: names, section: "")
    }

    /// Moves each name's `NAME_memberNN` + `suffix` series (members 1, 2, … until one is missing) from `values`
    /// into `members`, dropping their units.
    mutating func gatherMembers(_ names: [String], suffix: String) {
        for name in names {
            var series: [[Double?]] = []
            while true {
                let number = series.count + 1
                let key = name + "_member" + (number < 10 ? "0" : "") + String(number) + suffix
                guard let member = values.removeValue(forKey: key) else { break }
                units[key] = nil
                series.append(member)
            }
            if !series.isEmpty {
                members = members ?? [:]
                members?[name] = series
            }
        }
    }
}
