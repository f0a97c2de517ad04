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


if __name__ == "__main__":
    unittest.main()
