"""Every method's happy path through the real binary, against the fake upstream.

Each test checks the reply field by field against the method's documented result (README, schema/openrpc.json) and against what the fake actually
answered (replayed from the recorded request), checks the exact query breeze-rpc sent, and validates the
reply against the method's result schema in schema/openrpc.json.
"""

import datetime as dt
import json
import math
import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    BinaryTestCase, assert_matches_schema, error_of, replay, result_of)

BERLIN = (52.52, 13.41)

AQI_BANDS = [  # (upper bound, text, allowed colours)
    (25, "Excellent", {"aqiGood"}),
    (50, "Good", {"aqiGood"}),
    (75, "Moderate", {"aqiModerate"}),
    (100, "Slightly High", {"aqiModerate"}),
    (150, "Unhealthy for Sensitive Groups", {"aqiUnhealthySensitive"}),
    (200, "Unhealthy", {"aqiUnhealthy"}),
    (300, "Very Unhealthy", {"aqiVeryUnhealthy"}),
    (math.inf, "Hazardous", {"aqiHazardous"}),
]
POLLUTANTS = {  # contract name -> (upstream variable, upstream sub-index names)
    "PM2.5": ("pm2_5", ("us_aqi_pm2_5",)),
    "PM10": ("pm10", ("us_aqi_pm10",)),
    "NO₂": ("nitrogen_dioxide", ("us_aqi_nitrogen_dioxide", "us_aqi_no2")),
    "SO₂": ("sulphur_dioxide", ("us_aqi_sulphur_dioxide", "us_aqi_so2")),
    "O₃": ("ozone", ("us_aqi_ozone", "us_aqi_o3")),
    "CO": ("carbon_monoxide", ("us_aqi_carbon_monoxide", "us_aqi_co")),
}
AIR_FIELDS = {"pm25": "pm2_5", "pm10": "pm10", "carbonMonoxide": "carbon_monoxide",
              "nitrogenDioxide": "nitrogen_dioxide", "sulphurDioxide": "sulphur_dioxide", "ozone": "ozone"}
WMO_TEXT = {0: "clear", 1: "mainly clear", 2: "partly cloudy", 3: "overcast", 45: "fog", 51: "drizzle",
            61: "rain", 63: "rain", 71: "snow", 73: "snow", 80: "shower", 95: "thunderstorm"}


def unit(upstream_unit):
    """The unit as breeze-rpc reports it: Open-Meteo's "mp/h" becomes "mph" (a documented choice)."""
    return "mph" if upstream_unit == "mp/h" else upstream_unit


def band(aqi):
    for upper, text, colours in AQI_BANDS:
        if aqi <= upper:
            return text, colours
    raise AssertionError(aqi)


def pollutant_status(sub_index):
    return "good" if sub_index <= 50 else "moderate" if sub_index <= 100 else "unhealthy"


class MethodTestCase(BinaryTestCase):
    fake_options = {"google_keys": {"SECRET-KEY-123"}}

    def result(self, method, params=None):
        return result_of(self, self.call(method, params))

    def only_request(self, service):
        requests = self.fake.requests_to(service)
        self.assertEqual(len(requests), 1, f"expected one {service} request, got {len(requests)}: "
                                           f"{[r['raw_query'] for r in requests]}")
        return requests[0]

    def assertNumber(self, value, what):
        self.assertTrue(isinstance(value, (int, float)) and not isinstance(value, bool), f"{what}: {value!r}")


class SearchCitiesTests(MethodTestCase):
    def test_berlin_fields_and_query(self):
        result = self.result("searchCities", {"name": "Berlin", "count": 3})
        request = self.only_request("geocoding")
        self.assertEqual(request["query"].get("name"), "Berlin")
        self.assertEqual(request["query"].get("count"), "3")
        self.assertEqual(request["query"].get("language"), "en")
        self.assertNotIn("countryCode", request["query"])
        self.assertIn("breeze-rpc", request["headers"].get("user-agent", ""), "User-Agent must name breeze-rpc")
        _, upstream = replay(self.fake, request)
        self.assertIsInstance(result, list)
        self.assertEqual([c.get("id") for c in result], [u["id"] for u in upstream["results"]])
        for city, source in zip(result, upstream["results"]):
            for ours, theirs in (("id", "id"), ("name", "name"), ("latitude", "latitude"), ("longitude", "longitude"),
                                 ("elevation", "elevation"), ("country", "country"), ("countryCode", "country_code"),
                                 ("admin1", "admin1"), ("admin2", "admin2"), ("timezone", "timezone"),
                                 ("population", "population")):
                self.assertEqual(city.get(ours), source.get(theirs), f"{ours} of {source['id']}")
            parts = [source.get("name"), source.get("admin1"), source.get("country")]
            self.assertEqual(city["displayName"], ", ".join(p for p in parts if p))
        berlin = result[0]
        self.assertEqual(berlin["displayName"], "Berlin, State of Berlin, Germany")
        self.assertEqual(berlin["countryCode"], "DE")
        self.assertEqual(berlin["population"], 3426354)
        assert_matches_schema(self, "searchCities", result)

    def test_defaults_count_5_language_en(self):
        result = self.result("searchCities", {"name": "Berlin"})
        request = self.only_request("geocoding")
        self.assertEqual((request["query"].get("count"), request["query"].get("language")), ("5", "en"))
        self.assertEqual(len(result), 5)

    def test_language_country_code_and_by_position(self):
        result = self.result("searchCities", ["Berlin", 2, "de", "DE"])
        request = self.only_request("geocoding")
        self.assertEqual(request["query"].get("language"), "de")
        self.assertEqual(request["query"].get("countryCode"), "DE")
        self.assertEqual(request["query"].get("count"), "2")
        self.assertTrue(result and all(c.get("countryCode") == "DE" for c in result), result)
        self.assertEqual(result[0]["country"], "Deutschland")

    def test_missing_fields_stay_missing(self):
        result = self.result("searchCities", {"name": "Antarctica"})
        self.assertEqual(len(result), 1)
        city = result[0]
        self.assertEqual(city["displayName"], "Antarctica")
        for field in ("countryCode", "country", "admin1", "population", "elevation", "timezone"):
            self.assertIsNone(city.get(field), f"{field} is absent upstream and must not be made up")

    def test_no_results_key_means_empty_list(self):
        self.assertEqual(self.result("searchCities", {"name": "Xyzzyville"}), [])
        self.assertEqual(self.fake.count("geocoding"), 1)

    def test_short_name_needs_no_upstream_call(self):
        self.assertEqual(self.result("searchCities", {"name": "  B "}), [])
        self.assertEqual(self.fake.count("geocoding"), 0)

    def test_query_text_cannot_inject_parameters(self):
        name = "Berlin&count=100&language=fr#x+y%20z"
        self.result("searchCities", {"name": name})
        request = self.only_request("geocoding")
        self.assertEqual(request["query"]["name"], name)
        self.assertEqual(request["query"]["count"], "5")
        self.assertEqual(request["query"]["language"], "en")
        self.assertEqual([k for k, _ in request["query_list"]].count("count"), 1)


class TypedPlaceTests(MethodTestCase):
    """searchCities with places as people type them: the name goes upstream, the rest picks among the results."""

    TABLE = [
        ("Springfield, IL", ["Springfield, Illinois, United States"]),
        ("Springfield IL", ["Springfield, Illinois, United States"]),
        ("Springfield, MO, USA", ["Springfield, Missouri, United States"]),
        ("Paris, France", ["Paris, Île-de-France, France"]),
        ("Paris FR", ["Paris, Île-de-France, France"]),
        ("Paris, TX", ["Paris, Texas, United States"]),
        ("Paris, Ile-de-France, France", ["Paris, Île-de-France, France"]),
        ("London, UK", ["London, England, United Kingdom"]),
        ("London, ON", ["London, Ontario, Canada"]),
        ("Portland, Maine", ["Portland, Maine, United States"]),
        ("Portland, OR, United States", ["Portland, Oregon, United States"]),
        ("Zürich, CH", ["Zürich, Zurich, Switzerland"]),
        ("Paris, Germany", []),
    ]

    def test_a_table_of_real_world_inputs(self):
        for typed, expected in self.TABLE:
            with self.subTest(typed=typed):
                self.fake.reset()
                result = self.result("searchCities", {"name": typed})
                self.assertEqual([city["displayName"] for city in result], expected)
                query = self.only_request("geocoding")["query"]
                self.assertEqual(query["name"], typed.replace(",", " ").split()[0])
                assert_matches_schema(self, "searchCities", result)

    def test_a_plain_name_is_unchanged(self):
        result = self.result("searchCities", {"name": "Springfield", "count": 2})
        self.assertEqual(self.only_request("geocoding")["query"]["count"], "2")
        self.assertEqual([city["admin1"] for city in result], ["Illinois", "Missouri"], "the geocoder's own order")


class FetchAirQualityTests(MethodTestCase):
    def test_berlin_current_values_status_and_pollutants(self):
        result = self.result("fetchAirQuality", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        request = self.only_request("airQuality")
        self.assertEqual((request["query"]["latitude"], request["query"]["longitude"]), ("52.52", "13.41"))
        asked = request["query"].get("current", "").split(",")
        for variable in ("us_aqi", "european_aqi", "pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide",
                         "sulphur_dioxide", "ozone"):
            self.assertIn(variable, asked)
        _, upstream = replay(self.fake, request)
        current = upstream["current"]
        self.assertEqual(result["time"], current["time"])
        self.assertEqual(result["timezone"], "Europe/Berlin")
        self.assertAlmostEqual(result["latitude"], BERLIN[0], delta=0.5)
        self.assertAlmostEqual(result["longitude"], BERLIN[1], delta=0.5)
        self.assertEqual(result["usAQI"], current["us_aqi"])
        self.assertEqual(result["europeanAQI"], current["european_aqi"])
        for ours, theirs in AIR_FIELDS.items():
            self.assertEqual(result[ours], current[theirs], ours)
        self.assertIsNone(result.get("hourly"), "no hourly block without forecastHours")
        self.check_status(result["status"], result["usAQI"])
        self.check_pollutants(result["pollutants"], current, upstream["current_units"])
        assert_matches_schema(self, "fetchAirQuality", result)

    def check_status(self, status, aqi):
        for field in ("level", "text", "description", "color", "tips"):
            self.assertIn(field, status)
        text, colours = band(aqi)
        self.assertEqual(status["text"], text, f"usAQI {aqi}")
        self.assertIn(status["color"], colours, f"usAQI {aqi}")
        self.assertTrue(status["description"] and status["tips"], "description and tips must say something")

    def check_pollutants(self, pollutants, current, units):
        self.assertEqual(len(pollutants), 6)
        self.assertEqual({p["name"] for p in pollutants}, set(POLLUTANTS))
        for item in pollutants:
            for field in ("id", "name", "fullName", "value", "unit", "usAQI", "status"):
                self.assertIn(field, item)
            variable, sub_indices = POLLUTANTS[item["name"]]
            self.assertEqual(item["value"], current[variable], item["name"])
            self.assertEqual(item["unit"], units[variable], item["name"])
            upstream_index = next((current[s] for s in sub_indices if s in current), "not requested")
            self.assertEqual(item["usAQI"], upstream_index, f"{item['name']}: usAQI must be the upstream sub-index")
            self.assertEqual(item["status"], pollutant_status(item["usAQI"]), item)

    def test_forecast_hours_gives_hourly(self):
        result = self.result("fetchAirQuality", {"latitude": 48.14, "longitude": 11.58, "forecastHours": 3})
        request = self.only_request("airQuality")
        self.assertEqual(request["query"].get("forecast_hours"), "3")
        self.assertIn("hourly", request["query"])
        hourly = result.get("hourly")
        self.assertIsNotNone(hourly, "forecastHours 3 must give an hourly block")
        series = hourly if isinstance(hourly, list) else hourly.get("time")
        self.assertEqual(len(series), 3, hourly)
        assert_matches_schema(self, "fetchAirQuality", result)

    def test_status_bands(self):
        self.result("fetchAirQuality", {"latitude": 50.0, "longitude": 8.0})
        _, template = replay(self.fake, self.only_request("airQuality"))
        for aqi in (0, 25, 26, 50, 51, 75, 76, 100, 101, 150, 151, 200, 201, 300, 301, 520):
            with self.subTest(usAQI=aqi):
                body = json.loads(json.dumps(template))
                body["current"]["us_aqi"] = aqi
                self.fake.set_mode("airQuality", "body", count=1, body=body)
                result = self.result("fetchAirQuality", {"latitude": 50.0, "longitude": 8.0})
                self.assertEqual(result["usAQI"], aqi)
                self.check_status(result["status"], aqi)

    def test_missing_values_stay_null(self):
        self.result("fetchAirQuality", {"latitude": 50.0, "longitude": 8.0})
        _, body = replay(self.fake, self.only_request("airQuality"))
        for key in ("pm10", "us_aqi_pm10", "us_aqi"):
            body["current"][key] = None
        self.fake.set_mode("airQuality", "body", count=1, body=body)
        result = self.result("fetchAirQuality", {"latitude": 50.0, "longitude": 8.0})
        self.assertIsNone(result["pm10"])
        self.assertIsNone(result["usAQI"])
        pm10 = next(p for p in result["pollutants"] if p["name"] == "PM10")
        self.assertIsNone(pm10["value"])
        self.assertIsNone(pm10["usAQI"])


    def test_several_places_in_one_call(self):
        places = [BERLIN, (48.85, 2.35), (40.71, -74.01)]
        result = self.result("fetchAirQuality", {"latitude": [p[0] for p in places],
                                                 "longitude": [p[1] for p in places], "forecastHours": 2})
        request = self.only_request("airQuality")
        self.assertEqual(request["query"]["latitude"], "52.52,48.85,40.71")
        _, upstream = replay(self.fake, request)
        self.assertEqual(len(result), 3)
        for ours, theirs in zip(result, upstream):
            self.assertEqual((ours["latitude"], ours["longitude"], ours["timezone"]),
                             (theirs["latitude"], theirs["longitude"], theirs["timezone"]))
            self.assertEqual(ours["usAQI"], theirs["current"]["us_aqi"])
            self.assertEqual(ours["hourly"]["time"], theirs["hourly"]["time"])
        assert_matches_schema(self, "fetchAirQuality", result)

    def test_a_place_without_readings_fails_alone(self):
        self.result("fetchAirQuality", {"latitude": [50.0, 40.0], "longitude": [8.0, 9.0]})
        _, upstream = replay(self.fake, self.only_request("airQuality"))
        without = {key: value for key, value in upstream[1].items() if not key.startswith("current")}
        self.fake.set_mode("airQuality", "body", body=[upstream[0], without])
        result = self.result("fetchAirQuality", {"latitude": [50.0, 40.0], "longitude": [8.0, 9.0]})
        self.assertEqual(result[0]["usAQI"], upstream[0]["current"]["us_aqi"])
        self.assertEqual(result[1]["error"]["code"], 1006)
        self.assertEqual(result[1]["error"]["data"]["type"], "noData")
        assert_matches_schema(self, "fetchAirQuality", result)


class FetchPollenTests(MethodTestCase):
    def check_days(self, result, upstream, source):
        self.assertEqual(result["source"], source)
        self.assertEqual(result.get("regionCode"), upstream.get("regionCode"))
        self.assertEqual(len(result["days"]), len(upstream["dailyInfo"]))
        for day, info in zip(result["days"], upstream["dailyInfo"]):
            date = info["date"]
            self.assertEqual(day["date"], f"{date['year']:04d}-{date['month']:02d}-{date['day']:02d}")
            types, plants = info["pollenTypeInfo"], info.get("plantInfo", [])
            items = day["items"]
            self.assertEqual(len(items), len(types) + len(plants))
            self.assertEqual([i["isPlant"] for i in items], [False] * len(types) + [True] * len(plants),
                             "types first, then plants")
            for item, source_item in zip(items, types + plants):
                for field in ("id", "name", "value", "category", "isPlant"):
                    self.assertIn(field, item)
                self.assertEqual(item["name"], source_item["displayName"])
                index = source_item.get("indexInfo")
                if index is None:
                    self.assertIsNone(item["value"], f"{item['name']} has no index upstream: value must be null")
                else:
                    self.assertEqual(item["value"], index["value"])
                    self.assertEqual(item["category"], index["category"])
                    self.assertEqual(item.get("indexDescription"), index.get("indexDescription"))
                if "healthRecommendations" in source_item:
                    self.assertEqual(item.get("healthRecommendations"), source_item["healthRecommendations"])
                description = source_item.get("plantDescription")
                if description:
                    self.assertEqual(item.get("family"), description["family"])
                    self.assertEqual(item.get("season"), description["season"])
                    self.assertEqual(item.get("crossReaction"), description["crossReaction"])
                    self.assertIn(item.get("imageUrl"), (description["picture"], description["pictureCloseup"]))

    def test_proxy_by_default_without_key(self):
        result = self.result("fetchPollen", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        request = self.only_request("pollenProxy")
        self.assertEqual((request["query"].get("lat"), request["query"].get("lon")), ("52.52", "13.41"))
        self.assertEqual(self.fake.count("googlePollen"), 0)
        _, upstream = replay(self.fake, request)
        self.check_days(result, upstream, "proxy")
        self.assertEqual(result["regionCode"], "DE")
        tree = next(i for i in result["days"][0]["items"] if i["name"] == "Tree")
        self.assertIsNone(tree["value"], "a type without index data keeps value null, never a made-up level")
        assert_matches_schema(self, "fetchPollen", result)

    def test_open_meteo_source_in_europe(self):
        result = self.result("fetchPollen", {"latitude": BERLIN[0], "longitude": BERLIN[1], "source": "openMeteo"})
        request = self.only_request("airQuality")
        asked = ",".join(request["query"].get(section, "") for section in ("current", "hourly", "daily"))
        self.assertIn("grass_pollen", asked)
        self.assertEqual(result["source"], "openMeteo")
        self.assertGreaterEqual(len(result["days"]), 1)
        values = [i["value"] for d in result["days"] for i in d["items"]]
        self.assertTrue(values, "openMeteo pollen must list items")
        for value in values:
            self.assertTrue(value is None or (isinstance(value, (int, float)) and 0 <= value <= 5), value)
        assert_matches_schema(self, "fetchPollen", result)

    def test_days_out_of_range(self):
        error = error_of(self, self.call("fetchPollen", {"latitude": 1, "longitude": 2, "days": 6}), -32602,
                         "invalidParams")
        self.assertEqual(error["data"].get("field"), "days")


class FetchPollenWithKeyTests(FetchPollenTests):
    env = {"GOOGLE_POLLEN_API_KEY": "SECRET-KEY-123"}

    def test_proxy_by_default_without_key(self):
        pass  # the key is set here; see FetchPollenTests

    def test_google_when_key_set(self):
        result = self.result("fetchPollen", {"latitude": BERLIN[0], "longitude": BERLIN[1], "days": 3})
        request = self.only_request("googlePollen")
        query = request["query"]
        self.assertEqual(query.get("key"), "SECRET-KEY-123")
        self.assertEqual((query.get("location.latitude"), query.get("location.longitude")), ("52.52", "13.41"))
        self.assertEqual(query.get("days"), "3")
        self.assertEqual(self.fake.count("pollenProxy"), 0)
        _, upstream = replay(self.fake, request)
        self.check_days(result, upstream, "google")
        self.assertNotIn("SECRET-KEY-123", json.dumps(result))
        assert_matches_schema(self, "fetchPollen", result)

    def test_explicit_proxy_with_key(self):
        result = self.result("fetchPollen", {"latitude": BERLIN[0], "longitude": BERLIN[1], "source": "proxy"})
        self.only_request("pollenProxy")
        self.assertEqual(self.fake.count("googlePollen"), 0)
        self.assertEqual(result["source"], "proxy")


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


class FetchClimateTests(MethodTestCase):
    def test_default_years_and_current_year_from_forecast(self):
        result = self.result("fetchClimate", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        self.assertRegex(result["date"], r"^\d{2}-\d{2}$")
        this_year = dt.date.today().year
        years = [p["year"] for p in result["points"]]
        self.assertEqual(years, [1980, 1990, 2000, 2010, 2020, this_year])
        self.assertEqual(result["unit"], "°C")
        # Every archive year in one request, a date range each; the current year from the forecast.
        archive = self.only_request("archive")
        days = [f"{point['year']}-{result['date']}" for point in result["points"][:-1]]
        self.assertEqual(archive["query"]["start_date"], ",".join(days))
        self.assertEqual(archive["query"]["end_date"], archive["query"]["start_date"])
        self.assertIn("temperature_2m_max", archive["query"].get("daily", ""))
        _, bodies = replay(self.fake, archive)
        self.assertEqual(len(bodies), 5, "one result per range")
        for point, body in zip(result["points"], bodies):
            self.assertEqual(body["daily"]["time"], [point["date"]])
            self.assertEqual(point["temperature"], body["daily"]["temperature_2m_max"][0], point)
        last = result["points"][-1]
        self.assertIsNotNone(last["temperature"], "the current year must still be real (archive lag)")
        forecast = self.only_request("forecast")
        _, body = replay(self.fake, forecast)
        daily = body.get("daily", {})
        values = dict(zip(daily.get("time", []), daily.get("temperature_2m_max", [])))
        self.assertEqual(last["temperature"], values.get(f"{this_year}-{result['date']}"))
        self.assertAlmostEqual(result["change"], last["temperature"] - result["points"][0]["temperature"], places=6)
        assert_matches_schema(self, "fetchClimate", result)

    def test_date_years_unit_in_one_archive_request(self):
        params = {"latitude": 40.0, "longitude": -3.7, "date": "06-15", "years": [2010, 1990, 2000],
                  "temperatureUnit": "fahrenheit"}
        result = self.result("fetchClimate", params)
        self.assertEqual(result["date"], "06-15")
        self.assertEqual(result["unit"], "°F")
        self.assertEqual([p["year"] for p in result["points"]], [1990, 2000, 2010], "sorted by year")
        request = self.only_request("archive")
        self.assertEqual(request["query"]["start_date"], "1990-06-15,2000-06-15,2010-06-15")
        self.assertEqual(request["query"].get("temperature_unit"), "fahrenheit")

    def test_year_without_data_is_left_out(self):
        def body(day, value):
            return {"latitude": 40.0, "longitude": -3.75, "generationtime_ms": 0.03, "utc_offset_seconds": 0,
                    "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 650.0,
                    "daily_units": {"time": "iso8601", "temperature_2m_max": "°C"},
                    "daily": {"time": [day], "temperature_2m_max": [value]}}
        self.fake.set_mode("archive", "body", count=1, body=[body("2000-06-15", None), body("2010-06-15", 31.2)])
        result = self.result("fetchClimate", {"latitude": 40.0, "longitude": -3.7, "date": "06-15",
                                              "years": [2000, 2010]})
        self.assertEqual(result["points"], [{"year": 2010, "temperature": 31.2, "date": "2010-06-15"}], result)
        self.assertEqual(result["missingYears"], [2000])

    def test_the_archive_failing_leaves_every_archive_year_missing(self):
        self.fake.set_mode("archive", "500")
        result = self.result("fetchClimate", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        self.assertEqual([p["year"] for p in result["points"]], [dt.date.today().year])
        self.assertEqual(result["missingYears"], [1980, 1990, 2000, 2010, 2020])
        self.assertIsNone(result["change"])
        self.assertEqual(self.fake.count("archive") + self.fake.count("forecast"), 2)


class FetchDashboardTests(MethodTestCase):
    def test_everything_arrives(self):
        result = self.result("fetchDashboard", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        for part in ("airQuality", "pollen", "climate", "forecast"):
            self.assertIsNotNone(result.get(part), f"{part}: {result.get('errors')}")
        self.assertFalse(result["errors"], "no errors expected")
        self.assertIn("usAQI", result["airQuality"])
        self.assertIn("days", result["pollen"])
        self.assertIn("points", result["climate"])
        self.assertIn("timezone", result["forecast"])
        # The nearest place, from the table built into the binary: Berlin's own district, credited.
        self.assertEqual(result["place"]["countryCode"], "DE", result["place"])
        self.assertEqual(result["place"]["timezone"], "Europe/Berlin")
        self.assertIn("GeoNames", result["place"]["attribution"])
        assert_matches_schema(self, "fetchDashboard", result)

    def test_four_requests_at_most_and_the_forecast_as_fetch_forecast_gives_it(self):
        result = self.result("fetchDashboard", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        self.assertLessEqual(self.fake.count(), 4, [r["path"] for r in self.fake.requests])
        self.assertEqual(self.fake.count("archive"), 1)
        forecast = self.only_request("forecast")
        self.assertEqual((forecast["query"]["past_days"], forecast["query"]["forecast_days"]), ("1", "7"))
        # The forecast request also served the climate's current year; the part is still the plain forecast.
        self.assertEqual(result["forecast"], self.result("fetchForecast", {"latitude": BERLIN[0],
                                                                           "longitude": BERLIN[1]}))
        self.assertEqual(len(result["climate"]["points"]), 6, result["climate"])

    def test_one_failure_leaves_the_others(self):
        self.fake.set_mode("airQuality", "500")
        result = self.result("fetchDashboard", {"latitude": 47.37, "longitude": 8.55})
        self.assertIsNone(result["airQuality"])
        error = result["errors"]["airQuality"]
        self.assertEqual(error["code"], 1002)
        self.assertEqual(error["data"]["type"], "badServerResponse")
        self.assertEqual(error["data"]["reason"], "Something went wrong.")
        for part in ("pollen", "climate", "forecast"):
            self.assertIsNotNone(result[part], part)
        self.assertEqual(set(result["errors"]), {"airQuality"})
        self.assertEqual(result["place"]["countryCode"], "CH", "the place is no part: a failed part leaves it")
        assert_matches_schema(self, "fetchDashboard", result)

    def test_every_part_failed_is_an_error_carrying_the_parts_errors(self):
        self.fake.set_mode("*", "500")
        error = error_of(self, self.call("fetchDashboard", {"latitude": 47.37, "longitude": 8.55}))
        self.assertEqual(error["code"], 1008)
        self.assertEqual(error["data"]["type"], "dashboardUnavailable")
        self.assertEqual(set(error["data"]["errors"]), {"airQuality", "pollen", "climate", "forecast"})
        self.assertEqual(error["data"]["errors"]["forecast"]["code"], 1002)
        self.assertIn("Every part of the dashboard failed", error["message"])


class FindPlaceTests(MethodTestCase):
    def test_the_nearest_place_without_an_upstream_call(self):
        result = self.result("findPlace", {"latitude": 39.80, "longitude": -89.64})
        self.assertEqual((result["name"], result["admin1"], result["countryCode"], result["timezone"]),
                         ("Springfield", "Illinois", "US", "America/Chicago"))
        self.assertLess(result["distanceKm"], 1)
        self.assertIn("GeoNames", result["attribution"])
        self.assertIn("CC BY 4.0", result["attribution"])
        self.assertEqual(self.fake.requests, [])
        assert_matches_schema(self, "findPlace", result)

    def test_a_list_with_a_point_at_sea(self):
        result = self.result("findPlace", [[37.21, 0.0, -16.85], [-93.29, -140.0, -179.97], 150])
        first, sea, fiji = result["places"]
        self.assertEqual((first["name"], first["admin1"]), ("Springfield", "Missouri"))
        self.assertEqual(sea["error"]["code"], 1006)
        self.assertEqual(sea["error"]["data"], {"type": "noData", "reason": sea["error"]["data"]["reason"]})
        self.assertIn("150 km", sea["error"]["data"]["reason"])
        self.assertEqual((fiji["countryCode"], fiji["timezone"]), ("FJ", "Pacific/Fiji"))
        self.assertNotIn("attribution", first)
        self.assertIn("GeoNames", result["attribution"])
        assert_matches_schema(self, "findPlace", result)

    def test_nothing_within_the_radius_is_no_data(self):
        error = error_of(self, self.call("findPlace", {"latitude": 90, "longitude": 0, "radiusKm": 500}))
        self.assertEqual((error["code"], error["data"]["type"]), (1006, "noData"))
        self.assertNotIn("service", error["data"])

    def test_a_radius_out_of_range_is_invalid(self):
        error = error_of(self, self.call("findPlace", {"latitude": 0, "longitude": 0, "radiusKm": 501}))
        self.assertEqual((error["code"], error["data"]["field"]), (-32602, "radiusKm"))


class FetchElevationTests(MethodTestCase):
    def test_a_list_of_points_in_one_request_with_null_where_upstream_prints_nan(self):
        points = [(52.52, 13.41), (90.0, 0.0), (0.0, -30.0)]  # land, the pole (nan upstream), open sea
        result = self.result("fetchElevation", {"latitude": [p[0] for p in points],
                                                "longitude": [p[1] for p in points]})
        request = self.only_request("elevation")
        self.assertEqual(request["query"]["latitude"], "52.52,90.0,0.0")
        self.assertEqual(request["query"]["longitude"], "13.41,0.0,-30.0")
        self.assertNotIn("format", request["query"], "the elevation API answers JSON only")
        self.assertEqual([(p["latitude"], p["longitude"]) for p in result], points)
        self.assertIsNone(result[1]["elevation"])
        self.assertEqual(result[2]["elevation"], 0)
        self.assertGreater(result[0]["elevation"], 0)
        assert_matches_schema(self, "fetchElevation", result)

    def test_one_point_is_a_list_of_one(self):
        result = self.result("fetchElevation", [46.0, 7.0])
        self.assertEqual(len(result), 1)
        self.assertEqual((result[0]["latitude"], result[0]["longitude"]), (46.0, 7.0))
        self.assertIsInstance(result[0]["elevation"], float)

    def test_more_than_a_hundred_points_is_invalid_before_any_request(self):
        error = error_of(self, self.call("fetchElevation", {"latitude": [1.0] * 101, "longitude": [2.0] * 101}),
                         -32602, "invalidParams")
        self.assertEqual(error["data"]["field"], "latitude")
        self.assertEqual(self.fake.count("elevation"), 0)

    def test_open_meteos_refusal_names_the_parameter(self):
        reason = "Latitude must be in range of -90 to 90°. Given: 522.52."
        self.fake.set_mode("elevation", "status", count=1, status=400, reason=reason)
        error = error_of(self, self.call("fetchElevation", [10.0, 20.0]), -32602, "invalidParams")
        self.assertEqual(error["data"]["field"], "latitude")
        self.assertIn(reason, error["message"])


class BuiltInsTests(MethodTestCase):
    def test_ping(self):
        self.assertEqual(self.result("ping"), {})

    def test_discover_lists_every_method(self):
        document = self.result("rpc.discover")
        self.assertTrue(str(document.get("openrpc", "")).startswith("1."), document.get("openrpc"))
        names = {m["name"] for m in document.get("methods", [])}
        for method in ("searchCities", "fetchAirQuality", "fetchPollen", "fetchForecast", "fetchClimate",
                       "fetchDashboard"):
            self.assertIn(method, names)


if __name__ == "__main__":
    unittest.main()
