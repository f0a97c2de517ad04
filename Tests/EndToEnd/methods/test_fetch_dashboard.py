"""`fetchDashboard` through the real binary: every part, at most four requests, partial failures."""

import unittest

from harness import assert_matches_schema, error_of

from .method_case import BERLIN, MethodTestCase


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

    def test_five_requests_at_most_and_the_forecast_as_fetch_forecast_gives_it(self):
        result = self.result("fetchDashboard", {"latitude": BERLIN[0], "longitude": BERLIN[1]})
        # The four parts, and Germany's warnings feed for `alerts`.
        self.assertLessEqual(self.fake.count(), 5, [r["path"] for r in self.fake.requests])
        self.assertEqual(len([r for r in self.fake.requests if r["path"].endswith("/feeds-germany")]), 1)
        self.assertEqual((result["alerts"]["country"], result["alerts"]["coverage"]), ("DE", "full"))
        self.assertEqual(self.fake.count("archive"), 1)
        forecast = self.only_request("forecast")
        self.assertEqual((forecast["query"]["past_days"], forecast["query"]["forecast_days"]), ("1", "7"))
        # The forecast request also served the climate's current year; the part is still the plain forecast.
        self.assertEqual(result["forecast"], self.result("fetchForecast", {"latitude": BERLIN[0],
                                                                           "longitude": BERLIN[1]}))
        self.assertEqual(len(result["climate"]["points"]), 6, result["climate"])

    def test_outdoors_comes_from_the_same_two_requests(self):
        result = self.result("fetchDashboard", {"latitude": BERLIN[0], "longitude": BERLIN[1], "language": "de"})
        # The four parts and Germany's warnings feed, which `alerts` and `outdoors` share.
        self.assertLessEqual(self.fake.count(), 5, [r["path"] for r in self.fake.requests])
        self.assertEqual(len([r for r in self.fake.requests if r["path"].endswith("/feeds-germany")]), 1)
        air = self.only_request("airQuality")
        self.assertEqual((air["query"]["forecast_hours"], air["query"]["past_hours"]), ("24", "12"))
        self.assertIn("uv_index", self.only_request("forecast")["query"]["hourly"])
        outdoors = result["outdoors"]
        self.assertIsNotNone(outdoors, result["errors"])
        self.assertLessEqual(outdoors["hours"], 24)
        self.assertEqual(outdoors["activity"], {"intensity": "moderate", "durationMinutes": 60,
                                                "prolongedOrHeavy": True})
        self.assertLessEqual(len(outdoors["windows"]), 1)
        self.assertEqual([w["start"] for w in outdoors["windows"]], [outdoors["best"]] if outdoors["best"] else [])
        self.assertNotIn("hourly", outdoors)
        self.assertIsNone(result["airQuality"]["hourly"])
        self.assertTrue(outdoors["note"]["message"].startswith("Modellbasierte"), outdoors["note"])
        assert_matches_schema(self, "fetchDashboard", result)

    def test_one_failure_leaves_the_others(self):
        self.fake.set_mode("airQuality", "500")
        result = self.result("fetchDashboard", {"latitude": 47.37, "longitude": 8.55})
        self.assertIsNone(result["airQuality"])
        self.assertIsNone(result["outdoors"], "outdoors reads the air quality")
        self.assertNotIn("outdoors", result["errors"], "its cause is the air quality's error")
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
        self.assertEqual(set(error["data"]["errors"]), {"airQuality", "pollen", "climate", "forecast", "alerts"})
        self.assertEqual(error["data"]["errors"]["forecast"]["code"], 1002)
        self.assertIn("Every part of the dashboard failed", error["message"])


if __name__ == "__main__":
    unittest.main()
