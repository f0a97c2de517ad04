"""`searchCities` through the real binary: fields, the query sent, typed places."""

import unittest

from harness import assert_matches_schema, replay

from .method_case import MethodTestCase


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


if __name__ == "__main__":
    unittest.main()
