"""`fetchClimate` through the real binary: the years compared, one archive request, missing years."""

import datetime as dt
import unittest

from harness import assert_matches_schema, replay

from .method_case import BERLIN, MethodTestCase, unit


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


if __name__ == "__main__":
    unittest.main()
