"""The resilience layer seen from outside: the fake upstream counts what breeze-rpc really sends.

Caching, coalescing, per-upstream limits, retries, 429s, deadlines and cancellation, each through the real
binary. The harness turns the cache and retries off by default; each test turns on what it is about.
"""

import tempfile
import time
import unittest

from fake_upstream import FakeUpstream
from harness import BreezeProcess, error_of, require_method, result_of

FORECAST = {"latitude": 52.52, "longitude": 13.41, "daily": ["temperature_2m_max"], "forecastDays": 1}


class ResilienceTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream().start()
        self.addCleanup(self.fake.stop)

    def breeze(self, timeout_seconds=10, **env):
        process = BreezeProcess(self.fake, timeout_seconds=timeout_seconds, env=env)
        self.addCleanup(process.__exit__, None, None, None)
        return process

    def wait_until(self, condition, timeout=10.0):
        """Polls the fake's own counters (it has no way to be awaited from here); bounded."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    def test_a_thousand_identical_concurrent_forecasts_make_one_upstream_request(self):
        self.fake.set_mode("forecast", "delay", ms=200)  # all 1,000 arrive while the first is in flight
        breeze = self.breeze(BREEZE_CACHE="memory")
        ids = [breeze.request("fetchForecast", FORECAST) for _ in range(1000)]
        results = [result_of(self, breeze.reply(id, timeout=60)) for id in ids]
        self.assertEqual(self.fake.count("forecast"), 1)
        self.assertTrue(all(result == results[0] for result in results))
        stats = result_of(self, breeze.call("cacheStats"))["upstreams"]["forecast"]
        self.assertEqual((stats["misses"], stats["coalesced"] + stats["hits"]), (1, 999))

    def test_a_second_process_within_the_ttl_makes_no_upstream_request(self):
        directory = tempfile.mkdtemp(prefix="breeze-e2e-disk-")
        env = {"BREEZE_CACHE": "on", "BREEZE_CACHE_DIR": directory}
        first = self.breeze(**env)
        result = result_of(self, first.call("fetchForecast", FORECAST))
        first.finish()
        self.assertEqual(self.fake.count("forecast"), 1)

        second = self.breeze(**env)
        self.assertEqual(result_of(self, second.call("fetchForecast", FORECAST)), result)
        self.assertEqual(self.fake.count("forecast"), 1)
        stats = result_of(self, second.call("cacheStats"))
        self.assertEqual(stats["upstreams"]["forecast"]["diskHits"], 1)
        self.assertEqual(stats["directory"], directory)

    def test_two_hundred_calls_with_a_limit_of_four_never_have_more_than_four_in_flight(self):
        self.fake.set_mode("forecast", "delay", ms=200)
        # The deadline covers waiting for a slot: 50 rounds of 200 ms need more than the default 10 s.
        breeze = self.breeze(timeout_seconds=120, BREEZE_MAX_CONCURRENT_PER_UPSTREAM="4")
        ids = [breeze.request("fetchForecast", {**FORECAST, "latitude": 10 + index * 0.25}) for index in range(200)]
        for id in ids:
            result_of(self, breeze.reply(id, timeout=120))
        self.assertEqual(self.fake.count("forecast"), 200)
        self.assertEqual(self.fake.stats()["maxInFlight"], 4)

    def test_a_500_then_a_200_is_one_retry_and_a_correct_reply(self):
        self.fake.set_mode("forecast", "500", count=1)
        breeze = self.breeze(BREEZE_RETRIES="2")
        result = result_of(self, breeze.call("fetchForecast", FORECAST))
        self.assertEqual(self.fake.count("forecast"), 2)
        # The reply is the fake's normal answer, the same as a call that never met the 500 gets.
        self.assertEqual(result_of(self, breeze.call("fetchForecast", FORECAST)), result)

    def test_a_400_is_not_retried(self):
        self.fake.set_mode("forecast", "status", status=400, reason="Invalid timezone")
        breeze = self.breeze(BREEZE_RETRIES="2")
        reply = breeze.call("fetchForecast", FORECAST)
        require_method(self, reply, "fetchForecast")
        self.assertIn("error", reply)
        self.assertEqual(self.fake.count("forecast"), 1)

    def test_a_429_with_a_long_retry_after_fails_fast_with_retry_after_seconds(self):
        self.fake.set_mode("forecast", "429", retry_after="60")
        breeze = self.breeze(BREEZE_RETRIES="2")
        started = time.monotonic()
        error = error_of(self, breeze.call("fetchForecast", FORECAST), 1005, "rateLimited")
        self.assertLess(time.monotonic() - started, 5)
        self.assertEqual(error["data"]["retryAfterSeconds"], 60)
        self.assertEqual(self.fake.count("forecast"), 1)

    def test_a_429_with_a_short_retry_after_waits_then_retries_once(self):
        self.fake.set_mode("forecast", "429", count=1, retry_after="1")
        breeze = self.breeze(BREEZE_RETRIES="2")
        result_of(self, breeze.call("fetchForecast", FORECAST))
        self.assertEqual(self.fake.count("forecast"), 2)

    def test_a_sub_second_timeout_ms_ends_the_call_with_timeout(self):
        self.fake.set_mode("forecast", "delay", ms=2000)
        breeze = self.breeze()
        started = time.monotonic()
        error = error_of(self, breeze.call("fetchForecast", {**FORECAST, "timeoutMs": 250}), 1004, "timeout")
        self.assertLess(time.monotonic() - started, 1.5)
        self.assertEqual(error["data"]["timeoutSeconds"], 0.25)

    def test_cancel_request_answers_at_once_and_the_request_on_the_wire_runs_on_to_be_cached(self):
        # The upstream counts a request until it has answered it: a cancelled request already sent finishes,
        # holding its slot until then, and its answer is kept for the next caller.
        self.fake.set_mode("forecast", "delay", ms=300)
        breeze = self.breeze(timeout_seconds=60, BREEZE_CACHE="memory")
        id = breeze.request("fetchForecast", FORECAST)
        self.assertTrue(self.fake.wait_for_requests(1, path_or_service="forecast"))
        breeze.cancel(id)
        error_of(self, breeze.reply(id), -32800)
        self.assertTrue(self.wait_until(lambda: self.fake.stats()["inFlight"] == 0, timeout=10))
        result_of(self, breeze.call("fetchForecast", FORECAST))
        self.assertEqual(self.fake.count("forecast"), 1)

if __name__ == "__main__":
    unittest.main()
