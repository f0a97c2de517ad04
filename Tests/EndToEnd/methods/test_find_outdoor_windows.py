"""findOutdoorWindows against the fake upstream: scenarios built hour by hour with `FakeUpstream.set_values`
(ozone in the afternoon, a thunderstorm, a hot night, −45 °C in calm air, no pollen source, the end of the
air-quality forecast) or its clock (a DST change), the upstream requests it makes, and its checks.

Run from the repository root: ``python3 -m unittest Tests.EndToEnd.methods.test_find_outdoor_windows``.
"""

from __future__ import annotations

import datetime as dt
import unittest

from harness import BinaryTestCase, assert_matches_schema, error_of, result_of

#: A calm, clean hour: every factor go for a healthy adult (°C, %, km/h, US AQI, µg/m³).
CALM_WEATHER = {"temperature_2m": 18, "relative_humidity_2m": 50, "precipitation_probability": 0, "weather_code": 1,
                "wind_speed_10m": 8, "wind_gusts_10m": 15, "uv_index": 2}
CALM_AIR = {"pm2_5": 4, "pm10": 8, "us_aqi_ozone": 30, "us_aqi_nitrogen_dioxide": 10, "us_aqi_sulphur_dioxide": 2,
            "us_aqi_carbon_monoxide": 5, "european_aqi": 15}


def hour_of(time: str) -> int:
    return int(time[11:13])


class OutdoorWindowsTests(BinaryTestCase):
    """Each test asks about a place of its own, so no answer is another test's."""

    def setUp(self):
        super().setUp()
        for variable, value in CALM_WEATHER.items():
            self.fake.set_values("forecast", variable, value)
        for variable, value in CALM_AIR.items():
            self.fake.set_values("airQuality", variable, value)

    def windows(self, latitude, longitude, **params):
        result = result_of(self, self.call("findOutdoorWindows", {"latitude": latitude, "longitude": longitude,
                                                                   **params}))
        assert_matches_schema(self, "findOutdoorWindows", result)
        return result

    def test_ozone_high_in_the_afternoon_leaves_the_morning(self):
        self.fake.set_values("airQuality", "us_aqi_ozone", 120, local_hours=range(12, 19))
        result = self.windows(52.40, 13.05, hours=36, detail="full")
        self.assertTrue(result["windows"], result)
        for window in result["windows"]:
            self.assertEqual(window["level"], "go")
            hours = [hour_of(h["time"]) for h in result["hourly"] if window["start"] <= h["time"] < window["end"]]
            self.assertFalse(set(hours) & set(range(12, 19)), window)
        mornings = [w for w in result["windows"] if w["end"].endswith("T12:00")]
        self.assertTrue(mornings, result["windows"])
        self.assertEqual(mornings[0]["endsBecause"]["factor"], "ozone")
        self.assertEqual(mornings[0]["endsBecause"]["source"], "epa-ozone-guide")
        afternoon = [s for s in result["avoid"]]
        self.assertEqual(afternoon, [], "USG ozone is caution for an active adult, not avoid")

    def test_a_thunderstorm_hour_splits_a_perfect_run(self):
        self.fake.set_values("forecast", "weather_code", 95, hours=[5])
        result = self.windows(52.40, 13.25, hours=12, activity={"intensity": "light"}, detail="full")
        times = [h["time"] for h in result["hourly"]]
        self.assertEqual([(w["start"], w["end"]) for w in result["windows"]],
                         [(times[0], times[5]), (times[7], result["windows"][1]["end"])])
        self.assertEqual(result["windows"][0]["endsBecause"]["factor"], "thunder")
        self.assertEqual([s["start"] for s in result["avoid"]], [times[5]])
        self.assertIn("thunder", [f["factor"] for f in result["avoid"][0]["factors"]])
        self.assertEqual(result["hourly"][6]["limiting"], ["thunder"], "the hour after: wait 30 minutes")

    def test_a_hot_night_never_fires_wbgt(self):
        self.fake.set_values("forecast", "temperature_2m", 30)
        self.fake.set_values("forecast", "relative_humidity_2m", 80)
        self.fake.set_values("forecast", "is_day", 0, hours=range(0, 6))
        self.fake.set_values("forecast", "is_day", 1, hours=range(6, 12))
        result = self.windows(52.40, 13.45, hours=12, activity={"intensity": "vigorous"}, detail="full")
        for index, hour in enumerate(result["hourly"]):
            wbgt = [f for f in hour["factors"] if f["factor"] == "wbgt"]
            if index < 6:
                self.assertEqual(wbgt, [], hour)
                self.assertIsNone(hour["indices"]["wbgt"])
            else:
                self.assertEqual(len(wbgt), 1, hour)
                self.assertTrue(wbgt[0]["estimated"])
            heat = [f for f in hour["factors"] if f["factor"] == "heatIndex"][0]
            self.assertNotEqual(heat["level"], "go", "30 °C and 80 % is Extreme Caution by the heat index")

    def test_calm_air_at_minus_45_is_avoid_by_temperature(self):
        self.fake.set_values("forecast", "temperature_2m", -45)
        self.fake.set_values("forecast", "wind_speed_10m", 2)
        result = self.windows(52.40, 13.65, hours=6, detail="full")
        self.assertEqual(result["windows"], [])
        for hour in result["hourly"]:
            chill = [f for f in hour["factors"] if f["factor"] == "windChill"][0]
            self.assertEqual((chill["level"], chill["value"]), ("avoid", -45), hour)
        self.assertIn("windChill", [f["factor"] for f in result["leastBad"]["blocking"]])
        self.assertEqual(result["avoid"][0]["factors"][0]["source"], "eccc-wind-chill")

    def test_pollen_is_unknown_where_no_source_covers_the_place(self):
        self.fake.set_mode("proxy", "status", status=400, reason="Failed to fetch pollen data")
        result = self.windows(40.71, -74.00, hours=6, profile={"pollenAllergies": [{"taxon": "grass"}]},
                              detail="full")
        self.assertEqual(result["coverage"]["pollen"], "unknown")
        for hour in result["hourly"]:
            pollen = [f for f in hour["factors"] if f["factor"] == "pollen.grass"][0]
            self.assertEqual(pollen["level"], "unknown", "never low by omission")
        self.assertEqual(self.fake.count("proxy"), 1)

    def test_hours_beyond_the_air_quality_horizon_are_cut_and_said(self):
        for variable in CALM_AIR:
            self.fake.set_values("airQuality", variable, None, hours=range(20, 100))
        result = self.windows(52.40, 13.85, hours=24, detail="full")
        self.assertEqual(result["hours"], 20)
        self.assertEqual(len(result["hourly"]), 20)
        self.assertIsNotNone(result["coverage"]["truncatedTo"])
        self.assertEqual(result["coverage"]["message"]["messageKey"], "time.airQualityHorizon")
        self.assertEqual(result["windows"][-1]["endsBecause"]["messageKey"], "time.airQualityHorizon")

    def test_a_dst_change_inside_the_horizon_keeps_the_answers_one_offset(self):
        # Open-Meteo writes every hour of an answer at the zone's offset when asked, also after a DST change inside
        # the horizon (so does the fake), and so does the answer: its labels an hour apart, none skipped or
        # repeated, and earliest/latest read on those same labels, so every window a client shows lies inside the
        # times asked for, on the day of the change too.
        cases = (  # (clock, place, offset when asked, (start, end) of each window)
            ("2026-03-28T18:30+00:00", (52.80, 13.05), 3600,
             [("2026-03-28T19:00", "2026-03-28T21:00"), ("2026-03-29T07:00", "2026-03-29T21:00"),
              ("2026-03-30T07:00", "2026-03-30T19:00")]),
            ("2026-10-24T18:30+00:00", (52.80, 13.25), 7200,
             [("2026-10-24T20:00", "2026-10-24T21:00"), ("2026-10-25T07:00", "2026-10-25T21:00"),
              ("2026-10-26T07:00", "2026-10-26T20:00")]),
        )
        for clock, (latitude, longitude), offset, windows in cases:
            with self.subTest(clock=clock):
                self.fake.set_clock(dt.datetime.fromisoformat(clock))
                result = self.windows(latitude, longitude, hours=48, activity={"intensity": "light"},
                                      constraints={"earliest": "07:00", "latest": "21:00"}, detail="full")
                self.assertEqual(result["utcOffsetSeconds"], offset)
                times = [dt.datetime.fromisoformat(hour["time"]) for hour in result["hourly"]]
                self.assertEqual(times, [times[0] + dt.timedelta(hours=index) for index in range(48)])
                for hour, time in zip(result["hourly"], times):
                    self.assertEqual(hour["level"] != "excluded", 7 <= time.hour <= 20, hour["time"])
                self.assertEqual([(window["start"], window["end"]) for window in result["windows"]], windows)

    def test_one_forecast_and_one_air_quality_request_with_the_nowcast_hours(self):
        self.windows(52.60, 13.05, profile={"conditions": ["asthma"], "pollenAllergies": [{"taxon": "birch"}]})
        self.assertEqual(self.fake.count("forecast"), 1)
        air = self.fake.requests_to("airQuality")
        self.assertEqual(len(air), 1)
        self.assertEqual(air[0]["query"]["past_hours"], "12")
        self.assertIn("birch_pollen", air[0]["query"]["hourly"])
        # CAMS covers Europe: no pollen request. The third is Germany's warnings feed.
        self.assertEqual(self.fake.count(), 3, [r["path"] for r in self.fake.requests])
        self.assertEqual(len([r for r in self.fake.requests if r["path"].endswith("/feeds-germany")]), 1)

    # Official warnings: Berlin's (EMMA_ID DE202) from Germany's MeteoAlarm feed, over hours counted from now.

    def alert_factors(self, hour):
        return [f for f in hour["factors"] if f["factor"] == "alert"]

    def test_a_severe_warning_over_the_afternoon_splits_the_window(self):
        self.fake.add_meteoalarm_warning("DE", "DE202", "Stadt Berlin", event="Severe thunderstorms",
                                         severity="Severe", onset=5, expires=8)
        result = self.windows(52.50, 13.35, hours=12, activity={"intensity": "light"}, detail="full")
        hourly = result["hourly"]
        warned = [index for index, hour in enumerate(hourly) if self.alert_factors(hour)]
        # From its onset's hour to its expiry's (the hour of 8 hours from now when that is not on the hour).
        self.assertEqual(warned[0], 5, warned)
        self.assertIn(warned[-1], (7, 8))
        self.assertEqual(warned, list(range(5, warned[-1] + 1)))
        for index in warned:
            alert = self.alert_factors(hourly[index])[0]
            self.assertEqual((hourly[index]["level"], alert["level"], alert["messageKey"], alert["source"]),
                             ("avoid", "avoid", "alert.severe", "meteoalarm"))
            self.assertTrue(alert["message"].endswith(
                "Severe thunderstorms — EUMETNET – MeteoAlarm; Deutscher Wetterdienst"), alert["message"])
        times = [hour["time"] for hour in hourly]
        self.assertEqual([(w["start"], w["end"]) for w in result["windows"]],
                         [(times[0], times[5]), (times[warned[-1] + 1], times[-1][:11] + result["windows"][1]["end"][11:])])
        self.assertEqual(result["windows"][0]["endsBecause"]["factor"], "alert")
        self.assertEqual([span["start"] for span in result["avoid"]], [times[5]])
        self.assertEqual(result["coverage"]["alerts"], "meteoalarm")
        self.assertIn("meteoalarm", [source["id"] for source in result["sources"]])

    def test_a_moderate_warning_makes_its_hours_caution(self):
        self.fake.add_meteoalarm_warning("DE", "DE202", "Stadt Berlin", event="Wind", severity="Moderate",
                                         onset=0, expires=24)
        result = self.windows(52.48, 13.45, hours=6, detail="full", language="de")
        for hour in result["hourly"]:
            self.assertEqual(hour["level"], "caution", hour)
            alert = self.alert_factors(hour)[0]
            self.assertEqual((alert["level"], alert["messageKey"]), ("caution", "alert.minor"))
            self.assertEqual(alert["message"], "Eine amtliche Wetterwarnung gilt. Wind — EUMETNET – MeteoAlarm; "
                                               "Deutscher Wetterdienst", "our words in German, the issuer's as issued")
        self.assertEqual([w["level"] for w in result["windows"]], ["caution"])
        self.assertEqual(result["avoid"], [])

    def test_outside_every_warning_service_coverage_says_none(self):
        result = self.windows(-33.87, 151.21, hours=6, detail="full")
        self.assertEqual(result["coverage"]["alerts"], "none")
        self.assertFalse(any(self.alert_factors(hour) for hour in result["hourly"]))
        self.assertEqual([r["path"] for r in self.fake.requests if "alert" in r["path"] or "warnings" in r["path"]], [])

    def test_a_failing_warning_service_does_not_fail_the_answer(self):
        self.fake.set_mode("meteoalarm", "status", status=400, reason="Bad Request")
        result = self.windows(52.46, 13.30, hours=6)
        self.assertEqual(result["coverage"]["alerts"], "failed")
        self.assertTrue(result["windows"], result)
        self.assertEqual(len([r for r in self.fake.requests if r["path"].endswith("/feeds-germany")]), 1)

    def test_a_hanging_warning_service_is_given_up_at_the_deadline_and_the_windows_answered(self):
        # Only DeadlineHTTPClient ends a call: the feed's request fails with timeout, and the answer is written.
        self.fake.set_mode("meteoalarm", "hang")
        result = self.windows(52.46, 13.30, hours=6, timeoutMs=1500)
        self.assertEqual(result["coverage"]["alerts"], "failed")
        self.assertTrue(result["windows"], result)

    def test_an_unknown_condition_lists_the_known_ones(self):
        error = error_of(self, self.call("findOutdoorWindows", {"latitude": 52.5, "longitude": 13.4,
                                                                 "profile": {"conditions": ["flu"]}}))
        self.assertEqual(error["code"], -32602)
        self.assertEqual(error["data"]["field"], "profile.conditions[0]")
        self.assertIn("asthma, copd, lungDisease, heartDisease, pregnancy, diabetes", error["message"])
        self.assertEqual(self.fake.count(), 0)

    def test_summary_and_standard_match_the_schema(self):
        for detail in ("summary", "standard"):
            with self.subTest(detail=detail):
                result = self.windows(52.60, 13.25, detail=detail)
                self.assertNotIn("hourly", result)


class OutdoorWindowsCacheTests(BinaryTestCase):
    """With the cache on: another person's question about the same place asks the upstreams nothing."""

    env = {"BREEZE_CACHE": "memory"}

    def test_another_profile_makes_no_upstream_request(self):
        first = result_of(self, self.call("findOutdoorWindows", {
            "latitude": 52.52, "longitude": 13.41, "hours": 96,
            "activity": {"intensity": "vigorous", "durationMinutes": 90},
            "profile": {"conditions": ["asthma"], "ageGroup": "olderAdult", "heatSensitive": True,
                        "pollenAllergies": [{"taxon": "grass", "severity": "severe"}]}}))
        self.assertEqual(self.fake.count(), 3, "forecast, air quality and Germany's warnings feed")
        second = result_of(self, self.call("findOutdoorWindows", {
            "latitude": 52.52, "longitude": 13.41, "hours": 12, "activity": {"intensity": "light"},
            "aqiScale": "eu", "temperatureUnit": "fahrenheit"}))
        self.assertEqual(self.fake.count(), 3, "the second question was answered from the cache")
        self.assertEqual((first["hours"], second["hours"]), (96, 12))


if __name__ == "__main__":
    unittest.main()
