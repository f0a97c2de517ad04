"""`language` through the real binary: our display texts in the language asked for, machine values untouched.

Each wired method is called in English and in German, Japanese or Chinese with the same params: the two replies
must be equal once the display texts are taken out, and each display text must be there in both and differ
from the English one. An unknown language answers in English, byte for byte the English reply but for
`ignoredParameters`. A name typed in its own script finds its place first with no `language`.
"""

import copy
import unittest

from harness import BinaryTestCase, assert_matches_schema, error_of, result_of

BERLIN = {"latitude": 52.52, "longitude": 13.41}
STATUS_TEXTS = ("text", "description", "tips")


def air_quality_texts(result):
    """Every display text of an air-quality reading, by path."""
    texts = {}
    for status in ("status", "europeanStatus"):
        for field in STATUS_TEXTS:
            if result.get(status) is not None and field in result[status]:
                texts[(status, field)] = result[status][field]
    for index, pollutant in enumerate(result["pollutants"]):
        texts[("pollutants", index, "fullName")] = pollutant["fullName"]
    return texts


def forecast_texts(result):
    texts = {}
    if result.get("current") is not None:
        texts[("current", "weatherDescription")] = result["current"]["weatherDescription"]
    for section in ("hourly", "daily", "minutely15"):
        if result.get(section) is not None and result[section].get("weatherDescriptions") is not None:
            for index, text in enumerate(result[section]["weatherDescriptions"]):
                texts[(section, index)] = text
    return texts


def pollen_texts(result):
    texts = {}
    for day_index, day in enumerate(result["days"]):
        for item_index, item in enumerate(day["items"]):
            for field in ("name", "category", "indexDescription"):
                texts[(day_index, item_index, field)] = item.get(field)
    return texts


def without_air_quality_texts(result):
    result = copy.deepcopy(result)
    for status in ("status", "europeanStatus"):
        if result.get(status) is not None:
            for field in STATUS_TEXTS:
                result[status].pop(field, None)
    for pollutant in result["pollutants"]:
        pollutant.pop("fullName")
    return result


def without_forecast_texts(result):
    result = copy.deepcopy(result)
    if result.get("current") is not None:
        result["current"].pop("weatherDescription")
    for section in ("hourly", "daily", "minutely15"):
        if result.get(section) is not None:
            result[section].pop("weatherDescriptions")
    return result


def without_pollen_texts(result):
    result = copy.deepcopy(result)
    for day in result["days"]:
        for item in day["items"]:
            for field in ("name", "category", "indexDescription"):
                item.pop(field, None)
    return result


def has_cjk(text):
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


class LanguageTests(BinaryTestCase):
    def result(self, method, params):
        result = result_of(self, self.call(method, params))
        assert_matches_schema(self, method, result)
        return result

    def assertTranslated(self, english, other, language, same_allowed=()):
        """Every English text has its counterpart, and the counterpart is not the English one."""
        self.assertTrue(english, "the English reply must carry display texts")
        self.assertEqual(set(english), set(other))
        for path, text in english.items():
            if text is None or text == []:
                self.assertEqual(other[path], text, path)
                continue
            self.assertIsNotNone(other[path], path)
            if path[-1] in same_allowed:
                continue
            self.assertNotEqual(other[path], text, f"{language} {path} is the English text")
            if language in ("ja", "zh"):
                joined = " ".join(other[path]) if isinstance(other[path], list) else other[path]
                self.assertTrue(has_cjk(joined), f"{language} {path}: {other[path]!r}")

    def test_air_quality(self):
        params = dict(BERLIN, forecastHours=0)
        english = self.result("fetchAirQuality", params)
        self.assertNotIn("ignoredParameters", english)
        for language in ("de", "ja", "de-AT"):
            with self.subTest(language=language):
                other = self.result("fetchAirQuality", dict(params, language=language))
                self.assertNotIn("ignoredParameters", other)
                self.assertEqual(without_air_quality_texts(other), without_air_quality_texts(english))
                self.assertTranslated(air_quality_texts(english), air_quality_texts(other), language[:2])

    def test_air_quality_for_several_places_translates_each(self):
        params = {"latitude": [52.52, 48.85], "longitude": [13.41, 2.35]}
        english = self.result("fetchAirQuality", params)
        german = self.result("fetchAirQuality", dict(params, language="de"))
        self.assertEqual(len(english), len(german))
        for en, de in zip(english, german):
            self.assertEqual(without_air_quality_texts(de), without_air_quality_texts(en))
            self.assertTranslated(air_quality_texts(en), air_quality_texts(de), "de")

    def test_forecast(self):
        params = dict(BERLIN, current=["temperature_2m", "weather_code"], hourly=["weather_code"],
                      daily=["weather_code", "sunrise"], forecastDays=2)
        english = self.result("fetchForecast", params)
        for language in ("de", "zh"):
            with self.subTest(language=language):
                other = self.result("fetchForecast", dict(params, language=language))
                self.assertNotIn("ignoredParameters", other)
                self.assertEqual(without_forecast_texts(other), without_forecast_texts(english))
                self.assertTranslated(forecast_texts(english), forecast_texts(other), language)

    def test_forecast_by_position_takes_language_last(self):
        english = self.result("fetchForecast", [52.52, 13.41, ["weather_code"]])
        params = [52.52, 13.41, ["weather_code"], None, None, None, None, None, None, None, None, None, None, "ja"]
        japanese = self.result("fetchForecast", params)
        self.assertEqual(without_forecast_texts(japanese), without_forecast_texts(english))
        self.assertTranslated(forecast_texts(english), forecast_texts(japanese), "ja")

    def test_pollen_from_open_meteo(self):
        params = dict(BERLIN, source="openMeteo", days=2)
        english = self.result("fetchPollen", params)
        self.assertEqual(english["ignoredParameters"], [])
        for language, name in (("de", "language"), ("ja", "language"), ("de", "languageCode")):
            with self.subTest(language=language, name=name):
                other = self.result("fetchPollen", dict(params, **{name: language}))
                self.assertEqual(other["ignoredParameters"], [])
                self.assertEqual(without_pollen_texts(other), without_pollen_texts(english))
                # A plant may keep its name in another language (Olive); categories and descriptions may not.
                self.assertTranslated(pollen_texts(english), pollen_texts(other), language, same_allowed=("name",))
                names = [t for p, t in pollen_texts(other).items() if p[-1] == "name"]
                self.assertNotEqual(names, [t for p, t in pollen_texts(english).items() if p[-1] == "name"])

    def test_pollen_language_and_language_code_must_agree(self):
        error = error_of(self, self.call("fetchPollen", dict(BERLIN, language="de", languageCode="fr")), -32602)
        self.assertIn("language", error["message"])
        self.assertIn("languageCode", error["message"])
        self.assertEqual(self.fake.requests_to("pollenProxy"), [])

    def test_dashboard(self):
        english = self.result("fetchDashboard", BERLIN)
        self.assertNotIn("ignoredParameters", english)
        for language in ("de", "ja"):
            with self.subTest(language=language):
                other = self.result("fetchDashboard", dict(BERLIN, language=language))
                self.assertNotIn("ignoredParameters", other)
                self.assertFalse(other["errors"], other["errors"])
                self.assertEqual(without_air_quality_texts(other["airQuality"]),
                                 without_air_quality_texts(english["airQuality"]))
                self.assertTranslated(air_quality_texts(english["airQuality"]),
                                      air_quality_texts(other["airQuality"]), language)
                self.assertEqual(without_forecast_texts(other["forecast"]),
                                 without_forecast_texts(english["forecast"]))
                self.assertTranslated(forecast_texts(english["forecast"]), forecast_texts(other["forecast"]),
                                      language)
                self.assertEqual(other["climate"], english["climate"])
                # The proxy answers in English only, and says so under the dashboard's param name.
                self.assertEqual(other["pollen"]["source"], "proxy")
                self.assertEqual(other["pollen"]["ignoredParameters"], ["language"])
                self.assertEqual(other["pollen"]["days"], english["pollen"]["days"])

    def test_an_unknown_language_answers_in_english_and_says_so(self):
        for method, params in (("fetchAirQuality", BERLIN), ("fetchForecast", dict(BERLIN, hourly=["weather_code"])),
                               ("fetchDashboard", BERLIN), ("fetchPollen", dict(BERLIN, source="openMeteo"))):
            with self.subTest(method=method):
                english = self.result(method, params)
                if method == "fetchPollen":
                    self.assertEqual(english.pop("ignoredParameters"), [])
                for language in ("sv", "klingon"):
                    other = self.result(method, dict(params, language=language))
                    self.assertEqual(other.pop("ignoredParameters"), ["language"])
                    self.assertEqual(other, english)

    def test_english_asked_for_is_the_default_reply(self):
        for method, params in (("fetchAirQuality", BERLIN), ("fetchForecast", BERLIN), ("fetchDashboard", BERLIN),
                               ("fetchPollen", dict(BERLIN, source="openMeteo"))):
            with self.subTest(method=method):
                english = self.breeze.call(method, params)["result"]
                self.assertEqual(self.breeze.call(method, dict(params, language="en"))["result"], english)
                self.assertEqual(self.breeze.call(method, dict(params, language="en-GB"))["result"], english)


class OwnScriptSearchTests(BinaryTestCase):
    def test_a_name_in_its_own_script_finds_its_place_first(self):
        for name, city_id, english_name in (("Москва", 524901, "Moscow"), ("東京", 1850147, "Tokyo"),
                                            ("القاهرة", 360630, "Cairo")):
            with self.subTest(name=name):
                result = result_of(self, self.call("searchCities", {"name": name}))
                assert_matches_schema(self, "searchCities", result)
                self.assertTrue(result, f"{name} found nothing")
                self.assertEqual(result[0]["id"], city_id)
                self.assertEqual(result[0]["name"], name)
                # Asked in English, the same place is not found by its name in another script.
                english = result_of(self, self.call("searchCities", {"name": name, "language": "en"}))
                self.assertNotIn(city_id, [city["id"] for city in english])
                by_english_name = result_of(self, self.call("searchCities", {"name": english_name}))
                self.assertEqual(by_english_name[0]["id"], city_id)


if __name__ == "__main__":
    unittest.main()
