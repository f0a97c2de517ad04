"""`fetchPollen` through the real binary: the proxy, Google with a key, Open-Meteo in Europe."""

import json
import unittest

from harness import assert_matches_schema, error_of, replay

from .method_case import BERLIN, MethodTestCase


class FetchPollenTests(MethodTestCase):
    """Without a Google key: the Breeze proxy by default."""

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


class FetchPollenWithKeyTests(MethodTestCase):
    """With a Google key set: the default source is Google; the keyless sources and the params check answer as
    without one (the same tests, run again here)."""

    env = {"GOOGLE_POLLEN_API_KEY": "SECRET-KEY-123"}
    check_days = FetchPollenTests.check_days
    test_open_meteo_source_in_europe = FetchPollenTests.test_open_meteo_source_in_europe
    test_days_out_of_range = FetchPollenTests.test_days_out_of_range

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


if __name__ == "__main__":
    unittest.main()
