"""`fetchWeatherData` through the built binary against the fake upstream: every `api` value on its own upstream,
members as structure, weekly and monthly statistics, places no model covers, refusals before any call and the
upstream's error texts as typed errors. `test_upstream_formats` runs this suite again through both upstream
formats, comparing the replies byte for byte.
"""

import unittest

from harness import error_of, replay
from .method_case import BERLIN, MethodTestCase, unit

NEW_YORK = (40.71, -74.01)

#: One call per `api` value: (api, upstream service, extra params, section and variable to compare).
EVERY_API = [
    ("forecast", "forecast", {"hourly": ["temperature_2m"], "forecastDays": 2}, "hourly", "temperature_2m"),
    ("historical", "archive", {"daily": ["temperature_2m_max"], "startDate": "2024-01-01", "endDate": "2024-01-10"},
     "daily", "temperature_2m_max"),
    ("historicalForecast", "historicalForecast",
     {"hourly": ["temperature_2m"], "startDate": "2025-06-01", "endDate": "2025-06-02"}, "hourly", "temperature_2m"),
    ("previousRuns", "previousRuns", {"hourly": ["temperature_2m", "temperature_2m_previous_day2"], "forecastDays": 1},
     "hourly", "temperature_2m_previous_day2"),
    ("singleRun", "singleRun",
     {"hourly": ["temperature_2m"], "run": "2026-11-20T00:00", "forecastDays": 2, "models": ["ecmwf_ifs025"]},
     "hourly", "temperature_2m"),
    ("ensemble", "ensemble", {"hourly": ["temperature_2m"], "forecastDays": 1}, "hourly", "temperature_2m"),
    ("seasonal", "seasonal", {"daily": ["temperature_2m_max"], "forecastDays": 20}, "daily", "temperature_2m_max"),
    ("marine", "marine", {"hourly": ["wave_height"], "forecastDays": 1, "lengthUnit": "imperial"}, "hourly",
     "wave_height"),
    ("flood", "flood", {"daily": ["river_discharge_mean"], "forecastDays": 10}, "daily", "river_discharge_mean"),
    ("climateProjection", "climateProjection",
     {"daily": ["temperature_2m_max"], "startDate": "2040-01-01", "endDate": "2040-01-31",
      "disableBiasCorrection": True}, "daily", "temperature_2m_max"),
    ("satellite", "satellite", {"hourly": ["shortwave_radiation"], "pastDays": 2, "forecastDays": 0}, "hourly",
     "shortwave_radiation"),
]


class FetchWeatherDataTests(MethodTestCase):
    #: The fake computes 51 members of a week in Python: more than the usual 2 s.
    timeout_seconds = 20

    def weather(self, api, place=BERLIN, **params):
        return self.result("fetchWeatherData", {"api": api, "latitude": place[0], "longitude": place[1], **params})

    def test_every_api_answers_from_its_own_upstream(self):
        for api, service, params, section, name in EVERY_API:
            with self.subTest(api=api):
                self.fake.reset()
                result = self.weather(api, **params)
                if "models" in params:
                    self.assertEqual([entry["model"] for entry in result["models"]], params["models"])
                    result = result["models"][0]["forecast"]
                request = self.only_request(service)
                _, upstream = replay(self.fake, request)
                values = result[section]["values"][name]
                theirs = upstream[section][name]
                self.assertEqual(values, theirs, f"{api} {section}.{name}")
                self.assertEqual(result[section]["time"], upstream[section]["time"])
                self.assertEqual(result[section]["units"][name], unit(upstream[f"{section}_units"][name]))
                if api not in ("ensemble", "seasonal"):
                    self.assertNotIn("members", result[section], "no members on a deterministic model")

    def test_the_apis_own_params_reach_its_upstream(self):
        self.weather("marine", hourly=["wave_height"], lengthUnit="imperial", cellSelection="sea", forecastDays=1)
        query = self.only_request("marine")["query"]
        self.assertEqual((query.get("length_unit"), query.get("cell_selection")), ("imperial", "sea"))
        self.weather("satellite", hourly=["shortwave_radiation"], pastDays=1, forecastDays=0)
        self.assertEqual(self.only_request("satellite")["query"].get("models"), "satellite_radiation_seamless")
        self.weather("singleRun", hourly=["temperature_2m"], run="2026-11-20T06:00", forecastHours=12)
        query = self.only_request("singleRun")["query"]
        self.assertEqual((query.get("run"), query.get("forecast_hours")), ("2026-11-20T06:00", "12"))

    def test_ensemble_of_51_members_two_variables_seven_days(self):
        result = self.weather("ensemble", hourly=["temperature_2m", "precipitation"], forecastDays=7,
                              models=["ecmwf_ifs025_ensemble"])
        _, upstream = replay(self.fake, self.only_request("ensemble"))
        hourly = result["models"][0]["forecast"]["hourly"]
        self.assertEqual(hourly["memberCount"], 51)
        self.assertEqual(len(hourly["time"]), 168)
        for name in ("temperature_2m", "precipitation"):
            self.assertEqual(hourly["values"][name], upstream["hourly"][name], name)
            members = hourly["members"][name]
            self.assertEqual(len(members), 50, name)
            for number, series in enumerate(members, 1):
                self.assertEqual(series, upstream["hourly"][f"{name}_member{number:02}"], f"{name} member {number}")
        self.assertFalse([key for key in hourly["values"] if "_member" in key], "no _memberNN keys")

    def test_members_per_model_in_one_call(self):
        result = self.weather("ensemble", current=["temperature_2m"], daily=["temperature_2m_max"], forecastDays=2,
                              models=["ecmwf_ifs025_ensemble", "cmc_gem_geps"])
        forecasts = [entry["forecast"] for entry in result["models"]]
        self.assertEqual([entry["model"] for entry in result["models"]], ["ecmwf_ifs025_ensemble", "cmc_gem_geps"])
        self.assertEqual([f["daily"]["memberCount"] for f in forecasts], [51, 21])
        self.assertEqual(set(forecasts[0]["current"]["values"]), {"temperature_2m"}, "current is the control run")
        self.assertIsNone(forecasts[1]["current"])

    def test_flood_members_only_where_asked(self):
        result = self.weather("flood", daily=["river_discharge", "river_discharge_max"], ensemble=True, forecastDays=5)
        daily = result["daily"]
        self.assertEqual(daily["memberCount"], 51)
        self.assertEqual(list(daily["members"]), ["river_discharge"])
        self.assertEqual(len(daily["values"]["river_discharge_max"]), 5)

    def test_seasonal_weekly_and_monthly_statistics(self):
        result = self.weather("seasonal", weekly=["temperature_2m_mean", "temperature_2m_anomaly"],
                              monthly=["temperature_2m_mean"], forecastDays=60)
        _, upstream = replay(self.fake, self.only_request("seasonal"))
        for section in ("weekly", "monthly"):
            self.assertEqual(result[section]["time"], upstream[section]["time"], section)
            self.assertEqual(result[section]["values"]["temperature_2m_mean"], upstream[section]["temperature_2m_mean"])
        self.assertEqual(result["weekly"]["units"]["temperature_2m_anomaly"],
                         upstream["weekly_units"]["temperature_2m_anomaly"])
        self.assertIsNone(result["hourly"])

    def test_models_keep_the_names_asked_for(self):
        result = self.weather("historical", daily=["temperature_2m_max"], models=["best_match", "era5"],
                              startDate="2020-07-01", endDate="2020-07-03")
        _, upstream = replay(self.fake, self.only_request("archive"))
        self.assertEqual([m["model"] for m in result["models"]], ["best_match", "era5"])
        self.assertEqual(result["models"][0]["forecast"]["daily"]["values"]["temperature_2m_max"],
                         upstream["daily"]["temperature_2m_max_archive_best_match"])

    def test_the_essentials_without_sections(self):
        result = self.weather("marine", forecastDays=1)
        self.assertEqual(set(result["hourly"]["values"]), {"wave_height", "wave_direction", "wave_period"})

    # -- places not covered ------------------------------------------------------------------------------------

    def test_a_place_no_model_covers_is_no_data_and_not_retried(self):
        reply = self.call("fetchWeatherData", {"api": "satellite", "latitude": NEW_YORK[0], "longitude": NEW_YORK[1],
                                               "hourly": ["shortwave_radiation"]})
        error = error_of(self, reply, 1006, "noData")
        self.assertEqual(error["data"]["service"], "satellite")
        self.assertEqual(self.fake.count("satellite"), 1)

    def test_in_a_list_only_that_place_is_no_data(self):
        result = self.result("fetchWeatherData", {"api": "satellite", "latitude": [NEW_YORK[0], BERLIN[0]],
                                                  "longitude": [NEW_YORK[1], BERLIN[1]],
                                                  "hourly": ["shortwave_radiation"]})
        self.assertEqual(result[0]["error"]["data"]["type"], "noData")
        self.assertIn("shortwave_radiation", result[1]["hourly"]["values"])

    def test_no_data_is_available_for_this_location_is_no_data(self):
        reply = self.call("fetchWeatherData", {"api": "ensemble", "latitude": BERLIN[0], "longitude": BERLIN[1],
                                               "hourly": ["temperature_2m"], "models": ["meteoswiss_icon_ch1_ensemble"]})
        error_of(self, reply, 1006, "noData")
        self.assertEqual(self.fake.count("ensemble"), 1)

    # -- refusals ------------------------------------------------------------------------------------------------

    def test_what_an_api_lacks_is_refused_before_any_call(self):
        cases = [
            ({"api": "flood", "hourly": ["river_discharge"]}, "hourly", "flood"),
            ({"api": "ensemble", "hourly": ["temperature_2m"], "forecastDays": 37}, "forecastDays", "ensemble"),
            ({"api": "historical", "daily": ["temperature_2m_max"], "startDate": "1939-12-31",
              "endDate": "1940-01-05"}, "startDate", "historical"),
            ({"api": "singleRun", "hourly": ["temperature_2m"]}, "run", "singleRun"),
            ({"api": "forecast", "hourly": ["temperature_2m"], "run": "2026-11-20T00:00"}, "run", "forecast"),
            ({"api": "seasonal", "daily": ["temperature_2m_max"], "pastDays": 3000}, "pastDays", "seasonal"),
            ({"api": "marine", "hourly": ["wave_height"], "disableBiasCorrection": True}, "disableBiasCorrection",
             "marine"),
            ({"api": "forecast", "weekly": ["temperature_2m_mean"]}, "weekly", "forecast"),
            ({"api": "ensemble", "hourly": ["temperature_2m_member03"]}, "hourly", None),
            ({"api": "forecast", "hourly": ["temperature_2m_max"]}, "hourly", None),
        ]
        for params, field, api in cases:
            with self.subTest(field=field, api=params["api"]):
                self.fake.reset()
                reply = self.call("fetchWeatherData", {"latitude": BERLIN[0], "longitude": BERLIN[1], **params})
                error = error_of(self, reply, -32602, "invalidParams")
                self.assertEqual(error["data"]["field"], field)
                if api:
                    self.assertIn(f"the {api} API", error["message"])
                self.assertEqual(self.fake.count(), 0, "refused before any upstream call")

    def test_upstream_refusals_arrive_as_typed_errors(self):
        reply = self.call("fetchWeatherData", {"api": "marine", "latitude": BERLIN[0], "longitude": BERLIN[1],
                                               "hourly": ["wave_hieght"]})
        error = error_of(self, reply, -32602, "invalidParams")
        self.assertEqual(error["data"]["field"], "hourly")
        self.assertIn("wave_hieght", error["message"])
        reply = self.call("fetchWeatherData", {"api": "ensemble", "latitude": BERLIN[0], "longitude": BERLIN[1],
                                               "hourly": ["temperature_2m"], "models": ["bogus_ensemble"]})
        self.assertEqual(error_of(self, reply, -32602, "invalidParams")["data"]["field"], "models")
        for mode, options, code, kind in [
            ("429", {"reason": "Too many concurrent requests"}, 1005, "rateLimited"),
            ("status", {"status": 400, "reason": "Your API call requests too much data. Please reduce the number "
                        "of variables, locations and/or weather models."}, 1002, "badServerResponse"),
            ("status", {"status": 404, "reason": "Not Found"}, 1002, "badServerResponse"),
        ]:
            with self.subTest(mode=mode, reason=options["reason"]):
                self.fake.set_mode("seasonal", mode, **options)
                reply = self.call("fetchWeatherData", {"api": "seasonal", "latitude": BERLIN[0],
                                                       "longitude": BERLIN[1], "daily": ["temperature_2m_max"],
                                                       "forecastDays": 3})
                error = error_of(self, reply, code, kind)
                self.assertEqual(error["data"]["service"], "seasonal")
                self.assertIn(options["reason"], error["data"]["reason"])
                self.fake.clear_mode("seasonal")


if __name__ == "__main__":
    unittest.main()
