"""Both upstream formats give byte-identical results: every request of the method and error suites, run through
breeze-rpc asking Open-Meteo for FlatBuffers (the default) and, side by side, for JSON.

Each suite's test class runs as it is, with one change: every `call` also goes to a second breeze-rpc with
BREEZE_UPSTREAM_FORMAT=json, talking to a twin fake (so each suite's request counts stay its own) that is put
in the same failure modes; the two reply lines must be the same bytes. The fake serves FlatBuffers the way
Open-Meteo does: unrounded Float32 values and NaN for missing ones, so the rounding breeze-rpc does must be
exactly the one Open-Meteo's JSON writer does.
"""

import json
import unittest

from fake_upstream import FakeUpstream
from harness import BreezeProcess, require_method

from . import (test_built_ins, test_errors, test_fetch_air_quality, test_fetch_climate, test_fetch_dashboard,
               test_fetch_forecast, test_fetch_pollen, test_search_cities, test_weather_data)


class _MirroredFake:
    """The suite's fake, with every mode change also made on the twin the JSON process talks to."""

    def __init__(self, primary, twin):
        self._primary, self._twin = primary, twin

    def __getattr__(self, name):
        return getattr(self._primary, name)

    def set_mode(self, *args, **options):
        self._twin.set_mode(*args, **options)
        return self._primary.set_mode(*args, **options)

    def clear_mode(self, *args, **options):
        self._twin.clear_mode(*args, **options)
        return self._primary.clear_mode(*args, **options)

    def reset(self):
        self._twin.reset()
        return self._primary.reset()


def _reply_line(process: BreezeProcess, id) -> str:
    for line in reversed(process.lines):
        try:
            if json.loads(line).get("id") == id:
                return line
        except ValueError:
            continue
    raise AssertionError(f"no reply line for id {id}")


#: Tests whose result depends on which of several concurrent upstream requests a counted mode hits first (a
#: canned body for one of two years): the two processes may legitimately differ, so they are not compared.
ORDER_DEPENDENT = {"test_year_without_data_is_left_out"}


class BothFormats:
    """Mixed into a BinaryTestCase: the suite's process asks for FlatBuffers, a twin for JSON."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.twin_fake = FakeUpstream(**cls.fake_options).start()
        cls.json_breeze = BreezeProcess(cls.twin_fake, env={**cls.env, "BREEZE_UPSTREAM_FORMAT": "json"},
                                        timeout_seconds=cls.timeout_seconds)
        cls.fake = _MirroredFake(cls.fake, cls.twin_fake)

    @classmethod
    def tearDownClass(cls):
        cls.json_breeze.__exit__(None, None, None)
        cls.twin_fake.stop()
        cls.fake = cls.fake._primary
        super().tearDownClass()

    def call(self, method, params=None):
        id = self.breeze.new_id()
        self.breeze.request(method, params, id=id)
        self.json_breeze.request(method, params, id=id)
        reply = self.breeze.reply(id)
        self.json_breeze.reply(id)
        if self._testMethodName not in ORDER_DEPENDENT:
            self.assertEqual(_reply_line(self.breeze, id), _reply_line(self.json_breeze, id),
                             f"{method} {params}: FlatBuffers and JSON upstream answers give different results")
        require_method(self, reply, method)
        return reply


def _both_formats(suite):
    """A copy of `suite` (a test class) whose calls run through both formats."""
    return type(f"{suite.__name__}InBothFormats", (BothFormats, suite), {"env": {**suite.env,
                                                                               "BREEZE_UPSTREAM_FORMAT": "flatbuffers"}})


_SUITES = [test_search_cities.SearchCitiesTests, test_fetch_air_quality.FetchAirQualityTests,
           test_fetch_pollen.FetchPollenTests, test_fetch_pollen.FetchPollenWithKeyTests,
           test_fetch_forecast.FetchForecastTests, test_fetch_climate.FetchClimateTests,
           test_fetch_dashboard.FetchDashboardTests, test_built_ins.BuiltInsTests, test_errors.UpstreamErrorTests,
           test_weather_data.FetchWeatherDataTests]
for _suite in _SUITES:
    _copy = _both_formats(_suite)
    globals()[_copy.__name__] = _copy
del _suite, _copy


def load_tests(loader, tests, pattern):
    """Only the both-formats copies: the imported suites already run in their own modules."""
    suite = unittest.TestSuite()
    for name, value in list(globals().items()):
        if name.endswith("InBothFormats"):
            suite.addTests(loader.loadTestsFromTestCase(value))
    return suite


if __name__ == "__main__":
    unittest.main()
