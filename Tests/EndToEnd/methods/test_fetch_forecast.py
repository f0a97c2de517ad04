"""`fetchForecast` through the real binary: sections, units, the query, several places and models."""

import json
import unittest

from harness import assert_matches_schema, error_of, replay

from .method_case import BERLIN, MethodTestCase, unit

WMO_TEXT = {0: "clear", 1: "mainly clear", 2: "partly cloudy", 3: "overcast", 45: "fog", 51: "drizzle",
            61: "rain", 63: "rain", 71: "snow", 73: "snow", 80: "shower", 95: "thunderstorm"}


class FetchForecastTests(MethodTestCase):
    def test_sections_units_and_query(self):
        params = {"latitude": BERLIN[0], "longitude": BERLIN[1],
                  "current": ["temperature_2m", "weather_code", "wind_speed_10m"],
                  "hourly": ["temperature_2m", "precipitation"],
                  "daily": ["temperature_2m_max", "sunrise", "weather_code"],
                  "forecastDays": 2, "temperatureUnit": "fahrenheit", "windSpeedUnit": "mph"}
        result = self.result("fetchForecast", params)
        request = self.only_request("forecast")
        query = request["query"]
        self.assertEqual(query.get("current"), "temperature_2m,weather_code,wind_speed_10m")
        self.assertEqual(query.get("hourly"), "temperature_2m,precipitation")
        self.assertEqual(query.get("daily"), "temperature_2m_max,sunrise,weather_code")
        self.assertEqual(query.get("forecast_days"), "2")
        self.assertEqual(query.get("temperature_unit"), "fahrenheit")
        self.assertEqual(query.get("wind_speed_unit"), "mph")
        self.assertEqual(query.get("timezone"), "auto")
        _, upstream = replay(self.fake, request)
        for ours, theirs in (("latitude", "latitude"), ("longitude", "longitude"), ("elevation", "elevation"),
                             ("timezone", "timezone"), ("timezoneAbbreviation", "timezone_abbreviation"),
                             ("utcOffsetSeconds", "utc_offset_seconds")):
            self.assertEqual(result[ours], upstream[theirs], ours)
        current = result["current"]
        self.assertEqual(current["time"], upstream["current"]["time"])
        self.assertEqual(current["interval"], 900)
        for name in params["current"]:
            self.assertEqual(current["values"][name], upstream["current"][name], name)
            self.assertEqual(current["units"][name], unit(upstream["current_units"][name]), name)
        self.assertEqual(current["units"]["temperature_2m"], "°F")
        self.assertEqual(current["units"]["wind_speed_10m"], "mph", "Open-Meteo's mp/h is given as mph (by design)")
        for section in ("hourly", "daily"):
            ours, theirs = result[section], upstream[section]
            self.assertEqual(ours["time"], theirs["time"], section)
            for name in params[section]:
                # values hold numbers only; time-valued series (sunrise) may come as text under "text"
                series = ours["values"].get(name, (ours.get("text") or {}).get(name))
                self.assertEqual(series, theirs[name], f"{section}.{name}")
                self.assertEqual(ours["units"][name], unit(upstream[f"{section}_units"][name]), f"{section}.{name}")
        self.assertEqual(len(result["hourly"]["time"]), 48)
        code = upstream["current"]["weather_code"]
        self.assertIn(WMO_TEXT[code], json.dumps(current, ensure_ascii=False).lower(),
                      f"weather_code {code} must come with its WMO description")
        assert_matches_schema(self, "fetchForecast", result)

    def test_defaults(self):
        result = self.result("fetchForecast", {"latitude": 48.85, "longitude": 2.35})
        query = self.only_request("forecast")["query"]
        self.assertEqual(query.get("forecast_days", "7"), "7")
        self.assertEqual(query.get("past_days", "0"), "0")
        self.assertEqual(query.get("timezone"), "auto")
        self.assertTrue(any(s in query for s in ("current", "hourly", "daily")), "sensible default variables")
        self.assertTrue(any(result.get(s) for s in ("current", "hourly", "daily")))
        assert_matches_schema(self, "fetchForecast", result)

    def test_variable_the_model_lacks_is_undefined_and_null(self):
        result = self.result("fetchForecast", {"latitude": 1.0, "longitude": 2.0, "hourly": ["lifted_index"],
                                               "forecastDays": 1, "pastDays": 1})
        query = self.only_request("forecast")["query"]
        self.assertEqual(query.get("past_days"), "1")
        hourly = result["hourly"]
        self.assertEqual(hourly["units"]["lifted_index"], "undefined")
        self.assertEqual(len(hourly["values"]["lifted_index"]), 48)
        self.assertTrue(all(v is None for v in hourly["values"]["lifted_index"]))


    def test_several_places_and_models_in_one_call(self):
        places = [BERLIN, (48.85, 2.35), (-33.87, 151.21)]
        models = ["icon_seamless", "gfs_seamless", "ecmwf_ifs025"]
        params = {"latitude": [p[0] for p in places], "longitude": [p[1] for p in places],
                  "current": ["temperature_2m"], "hourly": ["temperature_2m", "weather_code"],
                  "daily": ["temperature_2m_max", "sunrise"], "forecastDays": 2, "models": models}
        result = self.result("fetchForecast", params)
        request = self.only_request("forecast")
        query = request["query"]
        self.assertEqual((query["latitude"], query["longitude"]), ("52.52,48.85,-33.87", "13.41,2.35,151.21"))
        self.assertEqual(query["models"], ",".join(models))
        _, upstream = replay(self.fake, request)
        self.assertEqual(len(result), 3)
        for place, theirs in zip(result, upstream):
            self.assertEqual([entry["model"] for entry in place["models"]], models)
            for index, entry in enumerate(place["models"]):
                forecast, model = entry["forecast"], entry["model"]
                # The place fields come once per place in Open-Meteo's answer (the first model's grid cell).
                self.assertEqual((forecast["latitude"], forecast["longitude"], forecast["elevation"]),
                                 (theirs["latitude"], theirs["longitude"], theirs["elevation"]), model)
                self.assertEqual(forecast["timezone"], theirs["timezone"])
                if index == 0:
                    self.assertEqual(forecast["current"]["values"]["temperature_2m"],
                                     theirs["current"]["temperature_2m"])
                else:
                    self.assertIsNone(forecast["current"], "current comes once, for the first model")
                for section in ("hourly", "daily"):
                    self.assertEqual(forecast[section]["time"], theirs[section]["time"], section)
                    for name in params[section]:
                        series = forecast[section]["values"].get(name, forecast[section]["text"].get(name))
                        self.assertEqual(series, theirs[section][f"{name}_{model}"], f"{model} {section}.{name}")
                self.assertEqual(len(forecast["hourly"]["weatherDescriptions"]), 48)
        icon, gfs = (result[0]["models"][i]["forecast"]["hourly"]["values"]["temperature_2m"] for i in (0, 1))
        self.assertNotEqual(icon, gfs, "each model has its own numbers")
        assert_matches_schema(self, "fetchForecast", result)

    def test_models_for_one_place_and_a_list_of_one_place(self):
        models = self.result("fetchForecast", {"latitude": 48.85, "longitude": 2.35, "hourly": ["temperature_2m"],
                                               "forecastDays": 1, "models": ["meteofrance_seamless"]})
        self.assertEqual(self.only_request("forecast")["query"]["models"], "meteofrance_seamless")
        self.assertEqual([entry["model"] for entry in models["models"]], ["meteofrance_seamless"])
        self.assertEqual(len(models["models"][0]["forecast"]["hourly"]["values"]["temperature_2m"]), 24)
        assert_matches_schema(self, "fetchForecast", models)
        self.fake.reset()
        listed = self.result("fetchForecast", {"latitude": [48.85], "longitude": [2.35], "forecastDays": 1})
        self.assertEqual(len(listed), 1)
        self.assertEqual(listed[0]["timezone"], "Europe/Paris")
        assert_matches_schema(self, "fetchForecast", listed)

    def test_a_regional_model_left_out_of_a_place_fails_that_place_alone(self):
        # icon_d2 covers Central Europe only; Open-Meteo then leaves it out for Sydney without saying so.
        result = self.result("fetchForecast", {"latitude": [52.52, -33.87], "longitude": [13.41, 151.21],
                                               "hourly": ["temperature_2m"], "forecastDays": 1,
                                               "models": ["icon_d2", "gfs_seamless"]})
        self.assertEqual([entry["model"] for entry in result[0]["models"]], ["icon_d2", "gfs_seamless"])
        self.assertEqual(result[1]["error"]["data"]["type"], "badServerResponse")
        self.assertIn("left out a model here", result[1]["error"]["message"])
        assert_matches_schema(self, "fetchForecast", result)

    def test_an_unknown_model_is_refused_before_any_upstream_call(self):
        error = error_of(self, self.call("fetchForecast", {"latitude": 1, "longitude": 2, "models": ["icon"]}),
                         -32602, "invalidParams")
        self.assertEqual(error["data"]["field"], "models")
        self.assertEqual(self.fake.count("forecast"), 0)


if __name__ == "__main__":
    unittest.main()
