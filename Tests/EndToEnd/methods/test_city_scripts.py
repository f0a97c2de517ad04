"""searchCities through the real binary: a name typed in its own script is searched in that script's language.

These tests check what breeze-rpc asks the geocoder for (the `language` it sends); which place comes back for
"Москва", "東京" and "القاهرة" is checked in test_languages.py.
"""

import unittest

from harness import BinaryTestCase, assert_matches_schema, result_of


class CityScriptTests(BinaryTestCase):
    def search(self, params):
        result = result_of(self, self.call("searchCities", params))
        assert_matches_schema(self, "searchCities", result)
        requests = self.fake.requests_to("geocoding")
        self.assertEqual(len(requests), 1, [r["raw_query"] for r in requests])
        return requests[0]["query"]

    def test_a_name_in_its_own_script_is_searched_in_that_language(self):
        for name, language in (("Москва", "ru"), ("東京", "ja"), ("القاهرة", "ar"), ("Αθήνα", "el"), ("서울", "ko")):
            with self.subTest(name=name):
                self.fake.reset()
                query = self.search({"name": name})
                self.assertEqual(query.get("name"), name)
                self.assertEqual(query.get("language"), language)

    def test_latin_script_names_stay_english(self):
        for name in ("Berlin", "São Paulo", "Springfield, IL"):
            with self.subTest(name=name):
                self.fake.reset()
                self.assertEqual(self.search({"name": name}).get("language"), "en")

    def test_a_language_asked_for_wins_over_the_script(self):
        self.assertEqual(self.search({"name": "Москва", "language": "en"}).get("language"), "en")
        self.fake.reset()
        self.assertEqual(self.search(["東京", 5, "de"]).get("language"), "de")

    def test_null_language_means_left_out(self):
        self.assertEqual(self.search({"name": "القاهرة", "language": None}).get("language"), "ar")


if __name__ == "__main__":
    unittest.main()
