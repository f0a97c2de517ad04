import BreezeTestSupport
import Foundation
import Testing

@testable import Breeze

/// Several places and weather models in one upstream call (`WeatherDataRequest.at(_:)`, `models`,
/// `AirQualityRequest.at(_:)`): the query, how each format's answer is split per place and model, and each place's
/// failure kept apart.
@Suite struct PlacesAndModelsTests {
    /// The call's result shaped as the binding writes it, for one place or a list: a forecast, or
    /// `{"models":[{"forecast":…,"model":…},…]}`; a place that failed on its own as `{"error":…}` with just its
    /// error's case, to check which. A request about one place throws its failure.
    static func forecastsJSON(_ breeze: Breeze, _ request: WeatherDataRequest) async throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func object(_ forecast: Forecast) throws -> Any {
            try JSONSerialization.jsonObject(with: try encoder.encode(forecast))
        }
        let places: [Any] = try await breeze.fetchWeatherData(request).map { place in
            switch place {
            case .success(let forecasts):
                guard !request.models.isEmpty else { return try object(forecasts[0]) }
                return [
                    "models": try zip(request.models, forecasts).map { ["forecast": try object($1), "model": $0] }
                ]
            case .failure(let error):
                return ["error": Mirror(reflecting: error).children.first?.label ?? ""]
            }
        }
        let result: Any = request.isList ? places : places[0]
        return [UInt8](try JSONSerialization.data(withJSONObject: result, options: .fragmentsAllowed))
    }

    static let berlin = try! Coordinates(latitude: 52.52, longitude: 13.41)
    static let sardinia = try! Coordinates(latitude: 40.1, longitude: 8.1)

    // MARK: - Models

    /// Open-Meteo's JSON for several models: variables as NAME_MODEL, the place and `current` once (first model's).
    static let twoModels = #"""
        {"latitude":47.36,"longitude":8.539999,"generationtime_ms":1.2,"utc_offset_seconds":7200,"timezone":"Europe/Zurich","timezone_abbreviation":"GMT+2","elevation":422.0,"current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C"},"current":{"time":"2026-10-03T13:00","interval":900,"temperature_2m":20.3},"hourly_units":{"time":"iso8601","temperature_2m_icon_seamless":"°C","weather_code_icon_seamless":"wmo code","temperature_2m_gfs_seamless":"°C","weather_code_gfs_seamless":"wmo code"},"hourly":{"time":["2026-10-03T13:00","2026-10-03T14:00"],"temperature_2m_icon_seamless":[20.3,21.1],"weather_code_icon_seamless":[3,3],"temperature_2m_gfs_seamless":[20.9,null],"weather_code_gfs_seamless":[0,95]}}
        """#

    @Test func splitsAMergedJSONAnswerIntoOneForecastPerModel() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: Self.twoModels)
        let request = try WeatherDataRequest(
            forecastAt: Self.berlin, current: ["temperature_2m"], hourly: ["temperature_2m", "weather_code"],
            models: ["icon_seamless", "gfs_seamless"])
        let reply = try await Self.forecastsJSON(makeBreeze(http), request)
        #expect(http.requests.first?.query["models"] == "icon_seamless,gfs_seamless")
        #expect(try value(reply, "models", 0, "model") as? String == "icon_seamless")
        #expect(try value(reply, "models", 1, "model") as? String == "gfs_seamless")
        #expect(try value(reply, "models", 2) == nil)
        let icon = ["models", 0, "forecast"] as [Any]
        let gfs = ["models", 1, "forecast"] as [Any]
        func at(_ base: [Any], _ rest: Any...) throws -> Any? { try value(reply, base + rest) }
        #expect(try at(icon, "current", "values", "temperature_2m") as? Double == 20.3)
        #expect(try at(gfs, "current") is NSNull, "Open-Meteo sends current once, for the first model")
        #expect(numbers(try at(icon, "hourly", "values", "temperature_2m")) == [20.3, 21.1])
        #expect(numbers(try at(icon, "hourly", "values", "weather_code")) == [3, 3])
        #expect(numbers(try at(gfs, "hourly", "values", "temperature_2m")) == [20.9, nil])
        #expect(numbers(try at(gfs, "hourly", "values", "weather_code")) == [0, 95])
        #expect(
            try at(gfs, "hourly", "units") as? [String: String] == ["temperature_2m": "°C", "weather_code": "wmo code"])
        #expect(try at(gfs, "hourly", "weatherDescriptions") as? [String] == ["Clear sky", "Thunderstorm"])
        #expect(try at(gfs, "latitude") as? Double == 47.36 && at(gfs, "timezone") as? String == "Europe/Zurich")
        #expect(try at(gfs, "elevation") as? Double == 422)
    }

    /// A model left out of the answer (a regional one not covering the place) and a variable missing from one.
    @Test(arguments: [
        (["temperature_2m"], ["icon_seamless", "icon_d2"], BodyShapeError.modelsLeftOut.description),
        (
            ["temperature_2m", "rain"], ["icon_seamless", "gfs_seamless"],
            "the hourly section has no 'rain_icon_seamless'"
        ),
    ])
    func whatTheMergedAnswerLacksIsABadServerResponse(hourly: [String], models: [String], expected: String)
        async throws
    {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: Self.twoModels)
        let request = try WeatherDataRequest(forecastAt: Self.berlin, hourly: hourly, models: models)
        await #expect {
            _ = try await Self.forecastsJSON(makeBreeze(http), request)
        } throws: { error in
            guard case BreezeError.badServerResponse(.forecast, 200, let reason) = error else { return false }
            return reason == expected
        }
    }

    @Test func aModelTheForecastAPIRefusesIsInvalidParameterNamingModels() async throws {
        let http = FakeHTTPClient()
        http.on(
            "/v1/forecast", status: 400,
            body: #"{"error":true,"reason":"Data corrupted at path ''. Cannot initialize MultiDomains from "#
                + #"invalid String value era5."}"#)
        let request = try WeatherDataRequest(forecastAt: Self.berlin, models: ["era5"])
        await #expect {
            _ = try await Self.forecastsJSON(makeBreeze(http), request)
        } throws: { error in
            guard case BreezeError.invalidParameter("models", let reason) = error else { return false }
            return reason.contains("does not serve the model 'era5'")
        }
    }

    @Test(arguments: [
        ([String](), "must name at least one model"), (["icon_seamles"], "Did you mean icon_seamless"),
        (["gfs_seamless", "gfs_seamless"], "names \"gfs_seamless\" twice"),
        (["raw:gfs_seamless", "gfs_seamless"], "names \"gfs_seamless\" twice"), (["raw:bad-name"], "unknown model"),
    ])
    func badModelListsAreRefusedNamingModels(models: [String], reason: String) {
        #expect {
            _ = try WeatherDataRequest(forecastAt: Self.berlin, models: models)
        } throws: { error in
            guard case BreezeError.invalidParameter("models", let text) = error else { return false }
            return text.contains(reason)
        }
    }

    @Test func knownAndRawModelNamesAreSentAsOpenMeteoNamesThem() throws {
        let request = try WeatherDataRequest(
            forecastAt: Self.berlin, models: ["icon_seamless", "raw:some_new_model", "best_match"])
        #expect(request.models == ["icon_seamless", "some_new_model", "best_match"])
        #expect(KnownModels.names.first == "best_match" && !KnownModels.names.contains("undefined"))
    }

    // MARK: - Places

    @Test(.disabled(if: SharedFixtures.openMeteoForecast == nil, SharedFixtures.missingNote))
    func readsEveryPlaceOfARealFlatBuffersAnswerInOneCall() async throws {
        let body = try #require(SharedFixtures.openMeteoForecast)
        let http = FakeHTTPClient()
        http.on("/v1/forecast") { _ in HTTPResponse(status: 200, body: body) }
        let breeze = makeBreeze(http) { $0.upstreamFormat = .flatbuffers }
        let request = try WeatherDataRequest(forecastAt: Self.berlin, hourly: ["temperature_2m"], timezone: "GMT")
            .at([Self.berlin, Self.sardinia])
        let bytes = try await Self.forecastsJSON(breeze, request)
        #expect(http.requests.count == 1)
        #expect(http.requests.first?.query["latitude"] == "52.52,40.1")
        #expect(http.requests.first?.query["longitude"] == "13.41,8.1")
        #expect(try value(bytes, 0, "latitude") as? Double == 52.52)
        #expect(try value(bytes, 0, "longitude") as? Double == 13.419998)
        #expect(try value(bytes, 1, "latitude") as? Double == 40.1 && value(bytes, 1, "longitude") as? Double == 8.1)
        #expect(numbers(try value(bytes, 1, "hourly", "values", "temperature_2m"))?.first == 22.5)
        #expect(try value(bytes, 2) == nil)
    }

    @Test func aPlaceThatDoesNotDecodeFailsAloneAndAListOfOneIsAList() async throws {
        let place =
            #"{"latitude":52.52,"longitude":13.419998,"utc_offset_seconds":0,"timezone":"GMT","#
            + #""timezone_abbreviation":"GMT","elevation":38.0}"#
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: "[\(place),{\"latitude\":\"north\"}]")
        let request = try WeatherDataRequest(forecastAt: Self.berlin, hourly: [])
        let reply = try await Self.forecastsJSON(makeBreeze(http), request.at([Self.berlin, Self.sardinia]))
        #expect(try value(reply, 0, "latitude") as? Double == 52.52)
        #expect(try value(reply, 1) as? [String: String] == ["error": "badServerResponse"])

        http.on("/v1/forecast", body: place)
        let one = try await Self.forecastsJSON(makeBreeze(http), request.at([Self.berlin]))
        #expect(try value(one, 0, "latitude") as? Double == 52.52 && value(one, 1) == nil)
    }

    @Test func anAnswerForFewerPlacesThanAskedFailsTheCall() async throws {
        let http = FakeHTTPClient()
        http.on("/v1/forecast", body: "[]")
        let request = try WeatherDataRequest(forecastAt: Self.berlin).at([Self.berlin, Self.sardinia])
        await #expect {
            _ = try await Self.forecastsJSON(makeBreeze(http), request)
        } throws: { error in
            guard case BreezeError.badServerResponse(.forecast, 200, let reason) = error else { return false }
            return reason == "0 answers for the 2 places asked for"
        }
    }

    @Test func noPlacesOrMoreThanAHundredAreRefusedNamingTheField() throws {
        let request = try WeatherDataRequest(forecastAt: Self.berlin)
        for count in [0, Coordinates.maxPerCall + 1] {
            #expect(throws: BreezeError.self) { _ = try request.at(Array(repeating: Self.berlin, count: count)) }
        }
        #expect(try request.at(Array(repeating: Self.berlin, count: Coordinates.maxPerCall)).locations.count == 100)
        #expect {
            _ = try Coordinates(latitude: 0, longitude: 181, index: 3)
        } throws: { error in
            guard case BreezeError.invalidParameter("longitude[3]", _) = error else { return false }
            return true
        }
    }

    @Test func airQualityOfSeveralPlacesKeepsAPlaceWithoutReadingsApart() async throws {
        let current =
            #""current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI"},"#
            + #""current":{"time":"2026-10-03T12:00","interval":3600,"us_aqi":42}"#
        let body =
            #"[{"latitude":52.5,"longitude":13.4,"timezone":"Europe/Berlin",\#(current)},"#
            + #"{"latitude":40.1,"longitude":8.1,"timezone":"Europe/Rome","location_id":1}]"#
        let http = FakeHTTPClient()
        http.on("/v1/air-quality", body: body)
        let request = try AirQualityRequest(coordinates: Self.berlin).at([Self.berlin, Self.sardinia])
        let places = try await makeBreeze(http).fetchAirQuality(request)
        #expect(http.requests.first?.query["latitude"] == "52.52,40.1")
        #expect(try places[0].get().usAQI == 42)
        guard case .failure(.noData(.airQuality, _)) = places[1] else {
            Issue.record("expected noData for the second place, got \(places[1])")
            return
        }
    }
}

/// The value at `path` (member names and array indices) in JSON text, with `null` as `NSNull`.
private func value(_ bytes: [UInt8], _ path: Any...) throws -> Any? {
    var current: Any? = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    for step in path {
        switch (current, step) {
        case (let object as [String: Any], let key as String): current = object[key]
        case (let array as [Any], let index as Int): current = array.indices.contains(index) ? array[index] : nil
        default: return nil
        }
    }
    return current
}

/// The numbers (or `nil` for `null`) of a JSON array.
private func numbers(_ value: Any?) -> [Double?]? {
    (value as? [Any])?.map { $0 as? Double }
}
