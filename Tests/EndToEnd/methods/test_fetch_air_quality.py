"""`fetchAirQuality` through the real binary: values, status bands, pollutants, several places."""

import json
import math
import unittest

from harness import assert_matches_schema, replay

from .method_case import BERLIN, MethodTestCase, unit

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


def band(aqi):
    for upper, text, colours in AQI_BANDS:
        if aqi <= upper:
            return text, colours
    raise AssertionError(aqi)


def pollutant_status(sub_index):
    return "good" if sub_index <= 50 else "moderate" if sub_index <= 100 else "unhealthy"


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


if __name__ == "__main__":
    unittest.main()
