"""`findPlace` through the real binary: the nearest place from the built-in table, no upstream call."""

import unittest

from harness import assert_matches_schema, error_of

from .method_case import MethodTestCase


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


if __name__ == "__main__":
    unittest.main()
