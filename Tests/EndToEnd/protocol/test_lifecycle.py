"""Cancellation, end of input with calls in flight, and the Google key never leaking."""

import json
import time
import unittest

from fake_upstream import FakeUpstream
from harness import BreezeProcess, error_of, require_method

SECRET = "SECRET-KEY-123"


class CancellationTests(unittest.TestCase):
    def test_cancel_while_upstream_hangs(self):
        with FakeUpstream() as fake, BreezeProcess(fake, timeout_seconds=20) as process:
            fake.set_mode("forecast", "hang", seconds=25)
            process.request("fetchForecast", {"latitude": 52.52, "longitude": 13.41}, id="slow-1")
            if not fake.wait_for_requests(1, timeout=10, path_or_service="forecast"):
                reply = process.reply("slow-1", timeout=1)
                require_method(self, reply, "fetchForecast")
                self.fail(f"the upstream was never called: {reply}")
            started = time.monotonic()
            process.cancel("slow-1")
            reply = process.reply("slow-1", timeout=5)
            self.assertLess(time.monotonic() - started, 3, "cancellation must answer at once")
            error = error_of(self, reply, -32800, "requestCancelled")
            self.assertEqual(error["message"], "Request cancelled")
            # The server is still fine, and a cancel for an unknown id is ignored.
            process.cancel("no-such-id")
            self.assertEqual(process.call("ping").get("result"), {})
            code, replies, _ = process.finish()
            self.assertEqual(code, 0)
            self.assertEqual([r.get("id") for r in replies].count("slow-1"), 1, "exactly one reply per request")


class EndOfInputTests(unittest.TestCase):
    def test_fifty_calls_in_flight_at_end_of_input(self):
        with FakeUpstream() as fake:
            fake.set_mode("forecast", "delay", ms=300)
            with BreezeProcess(fake, timeout_seconds=10) as process:
                lines = "".join(
                    json.dumps({"jsonrpc": "2.0", "id": i, "method": "fetchForecast",
                                "params": {"latitude": 40 + i * 0.1, "longitude": 10.0, "forecastDays": 1}}) + "\n"
                    for i in range(50))
                process.send_line(lines.rstrip("\n"))
                code, replies, stderr = process.finish(timeout=60)
        self.assertEqual(code, 0, stderr[-2000:])
        self.assertEqual(sorted(r.get("id") for r in replies), list(range(50)))
        first = replies[0]
        require_method(self, first, "fetchForecast")
        failures = [r for r in replies if "result" not in r]
        self.assertEqual(failures, [], "every call in flight at end of input must complete")


class KeySecrecyTests(unittest.TestCase):
    """With BREEZE_LOG_LEVEL=debug, the key appears in no reply and no log line, whatever happens."""

    def test_key_never_printed(self):
        with FakeUpstream(google_keys={SECRET}) as fake:
            process = BreezeProcess(fake, env={"GOOGLE_POLLEN_API_KEY": SECRET}, timeout_seconds=1,
                                    log_level="debug")
            with process:
                params = {"latitude": 52.52, "longitude": 13.41}
                outcomes = [process.call("fetchPollen", params)]
                require_method(self, outcomes[0], "fetchPollen")
                self.assertIn("result", outcomes[0], outcomes[0])
                self.assertEqual(fake.requests_to("googlePollen")[0]["query"].get("key"), SECRET)
                for mode, options in (("500", {}), ("status", {"status": 403, "reason": "key restricted"}),
                                      ("429", {"retry_after": 3}), ("invalid_json", {}), ("stream_error", {}),
                                      ("truncated", {}), ("reset", {}), ("hang", {"seconds": 5}), ("502", {})):
                    fake.set_mode("googlePollen", mode, count=1, **options)
                    outcomes.append(process.call("fetchPollen", params))
                outcomes.append(process.call("fetchPollen", {"latitude": -33.87, "longitude": 151.21}))
                outcomes.append(process.call("fetchDashboard", params))
                code, _, stderr = process.finish()
            self.assertEqual(code, 0)
            stdout = "".join(process.lines)
            self.assertTrue(all("error" in o for o in outcomes[1:-1]), outcomes)
            self.assertNotIn(SECRET, stdout)
            self.assertNotIn(SECRET, stderr)
            self.assertNotIn("SECRET-KEY", stdout + stderr)
            self.assertGreater(len(fake.requests_to("googlePollen")), 10)

    def test_key_not_in_help_or_bad_options(self):
        process = BreezeProcess(env={"GOOGLE_POLLEN_API_KEY": SECRET}, args=["--timeout", "nope"])
        with process:
            code, _, stderr = process.finish()
        self.assertEqual(code, 2)
        self.assertNotIn(SECRET, stderr + "".join(process.lines))


if __name__ == "__main__":
    unittest.main()


class LoggingTests(unittest.TestCase):
    """stderr: silent on success at warn (the default); one logfmt line per upstream call at info; never a key."""

    def run_calls(self, fake, log_level):
        env = {"GOOGLE_POLLEN_API_KEY": SECRET, "BREEZE_CACHE": "memory"}
        with BreezeProcess(fake, env=env, log_level=log_level) as process:
            for _ in range(2):
                result = process.call("fetchDashboard", {"latitude": 52.52, "longitude": 13.41})
                self.assertIn("result", result, result)
            code, _, stderr = process.finish()
        self.assertEqual(code, 0)
        return stderr

    def test_warn_is_silent_and_info_writes_one_line_per_upstream_call(self):
        with FakeUpstream(google_keys={SECRET}) as fake:
            self.assertEqual(self.run_calls(fake, None), "")
            fake.reset()
            stderr = self.run_calls(fake, "info")
            calls = len(fake.requests)
            google = len(fake.requests_to("googlePollen"))
        lines = stderr.splitlines()
        self.assertTrue(all(line.startswith("breeze-rpc: info: event=upstream ") for line in lines), stderr)
        fields = [dict(pair.split("=", 1) for pair in line.split(" ")[2:] if not pair.startswith("url="))
                  for line in lines]
        self.assertEqual(sum(f["cache"] == "miss" for f in fields), calls, "one miss per upstream request")
        # The second dashboard came from memory, but for Google Pollen, whose terms allow no caching by default.
        self.assertEqual(google, 2, "both dashboards asked Google")
        self.assertEqual(sum(f["cache"] == "hit" for f in fields), calls - google, "the second dashboard's hits")
        self.assertEqual({f["upstream"] for f in fields}, {"airQuality", "googlePollen", "archive", "forecast", "meteoalarm"})
        self.assertTrue(all(f["status"] == "200" and f["retries"] == "0" and float(f["ms"]) >= 0 for f in fields))
        self.assertNotIn(SECRET, stderr)
        self.assertIn("key=***", stderr)

    def test_debug_shows_the_decisions(self):
        with FakeUpstream(google_keys={SECRET}) as fake:
            stderr = self.run_calls(fake, "debug")
        events = {line.split(" ")[2] for line in stderr.splitlines()}
        self.assertTrue({"event=deadline", "event=cache.write", "event=upstream"} <= events, events)
        self.assertNotIn(SECRET, stderr)
