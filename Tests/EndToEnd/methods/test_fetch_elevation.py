"""`fetchElevation` through the real binary: a list of points in one request, nulls, refusals."""

import unittest

from harness import assert_matches_schema, error_of

from .method_case import MethodTestCase


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


if __name__ == "__main__":
    unittest.main()
