"""The shared Open-Meteo budget seen from outside: the fake upstream gauges the Open-Meteo requests in flight, as
Open-Meteo counts them from one address across all of its hosts, and refuses the sixth with 429 "Too many
concurrent requests" as the free service does.

The dashboard and the climate comparison each ask once; the benchmark (`Tests/Benchmarks/run`) measures their
rounds against a 100 ms upstream.
"""

import unittest

from fake_upstream import FakeUpstream
from fake_upstream.server import OPEN_METEO_CONCURRENCY
from harness import BreezeProcess, result_of


class OpenMeteoBudgetTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream(open_meteo_concurrency=OPEN_METEO_CONCURRENCY).start()
        self.addCleanup(self.fake.stop)
        # Every answer takes a while, so that calls made together are in flight together.
        self.fake.set_mode("*", "delay", ms=150)

    def breeze(self, **env):
        process = BreezeProcess(self.fake, timeout_seconds=60, env=env)
        self.addCleanup(process.__exit__, None, None, None)
        return process

    def mix(self, breeze):
        """Sends a mix of calls to several Open-Meteo hosts at once, each about its own place (nothing coalesces),
        and returns the replies."""
        calls = []
        for index in range(3):
            place = {"latitude": 40 + index, "longitude": 5 + index}
            calls += [("fetchDashboard", place), ("fetchClimate", {**place, "years": [1990, 2000, 2010]}),
                      ("fetchForecast", {**place, "longitude": 6.5 + index}),
                      ("fetchAirQuality", {**place, "longitude": 7.5 + index}),
                      ("fetchElevation", {"latitude": [place["latitude"]], "longitude": [8.5 + index]})]
        ids = [breeze.request(method, params) for method, params in calls]
        return [breeze.reply(id, timeout=60) for id in ids]

    def test_a_mix_of_concurrent_calls_never_has_more_than_the_budget_in_flight(self):
        breeze = self.breeze()
        for reply in self.mix(breeze):
            result_of(self, reply)
        stats = self.fake.stats()
        self.assertEqual(stats["openMeteoRefused"], 0)
        self.assertEqual(stats["openMeteoPeakInFlight"], 4, stats)  # the default budget, and all of it used

    def test_a_budget_above_upstreams_limit_meets_its_429_as_rate_limited(self):
        breeze = self.breeze(BREEZE_OPEN_METEO_MAX_IN_FLIGHT="6")
        replies = self.mix(breeze)
        stats = self.fake.stats()
        self.assertGreater(stats["openMeteoRefused"], 0, stats)
        self.assertEqual(stats["openMeteoPeakInFlight"], 6, stats)
        errors = [reply["error"] for reply in replies if "error" in reply]
        errors += [error for reply in replies if "result" in reply and isinstance(reply["result"], dict)
                   for error in (reply["result"].get("errors") or {}).values()]
        limited = [error for error in errors if error["data"]["type"] == "rateLimited"]
        self.assertTrue(limited, replies)
        self.assertEqual(limited[0]["code"], 1005)
        self.assertEqual(limited[0]["data"]["reason"], "Too many concurrent requests")

    def test_a_dashboard_is_four_requests_in_one_round(self):
        breeze = self.breeze()
        result = result_of(self, breeze.call("fetchDashboard", {"latitude": 52.52, "longitude": 13.41}))
        self.assertFalse(result["errors"], result["errors"])
        # Four for the parts; Germany's warnings feed for `alerts` goes beside them, outside Open-Meteo's budget.
        feeds = [r for r in self.fake.requests if r["path"].endswith("/feeds-germany")]
        self.assertEqual(len(feeds), 1)
        self.assertLessEqual(self.fake.count() - len(feeds), 4)
        self.assertEqual(self.fake.stats()["maxInFlight"], self.fake.count(), "every request at once")


if __name__ == "__main__":
    unittest.main()
