"""The HTTP leg under hostile conditions, through the real binary: cancellation racing answers, upstreams that
echo keys, bombs and endless bodies, redirect loops, huge headers and Retry-After values, few descriptors, and
cache directories that cannot be used.
"""

import json
import os
import random
import shutil
import subprocess
import unittest
from pathlib import Path

from fake_upstream import FakeUpstream, gzip_bomb
from harness import BreezeProcess, error_of, result_of, scratch_directory

FORECAST = {"latitude": 52.52, "longitude": 13.41, "daily": ["temperature_2m_max"], "forecastDays": 1}
OPEN_METEO_KEY = "omk7Qx2Lp9Vb4Nc8Rt1Zy6Wd"
GOOGLE_KEY = "gpk3Hs5Jf8Kd2Mn7Pq4Tv9Xb"
#: What must never leave the process: each key and its 8-character prefix.
SECRETS = [OPEN_METEO_KEY, OPEN_METEO_KEY[:8], GOOGLE_KEY, GOOGLE_KEY[:8]]


def peak_rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM in /proc/<pid>/status")


class HostileUpstreamTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream().start()
        self.addCleanup(self.fake.stop)

    def breeze(self, timeout_seconds=10, log_level=None, **env):
        process = BreezeProcess(self.fake, timeout_seconds=timeout_seconds, env=env, log_level=log_level)
        self.addCleanup(process.__exit__, None, None, None)
        return process

    def test_deadlines_and_cancellations_racing_answers_never_wedge_the_process(self):
        # The upstream answers after 100 ms; each round's deadlines straddle that, and some calls are cancelled
        # at random points. Before the fix this wedged the process within a few dozen rounds.
        self.fake.set_mode("forecast", "delay", ms=100)
        # With the fake's Open-Meteo limit: an abandoned request keeps its slot until the fake has answered it,
        # as the upstream counts it, so however the scheduler runs the rounds no call is refused with 429.
        breeze = self.breeze()
        rng = random.Random(10)
        for round in range(300):
            ids = []
            for call in range(4):
                # Two identical calls share one upstream request (the coalescer); two are on their own.
                latitude = 52.52 if call < 2 else 40 + call + round % 7
                params = {**FORECAST, "latitude": latitude, "timeoutMs": rng.randint(95, 125)}
                ids.append(breeze.request("fetchForecast", params))
            if rng.random() < 0.5:
                breeze.cancel(rng.choice(ids))
            ping = breeze.request("ping")
            self.assertIn("result", breeze.reply(ping, timeout=10), f"ping unanswered in round {round}")
            for id in ids:
                reply = breeze.reply(id, timeout=10)
                self.assertTrue("result" in reply or reply["error"]["code"] in (1004, -32800), reply)
        code, replies, _ = breeze.finish(timeout=10)
        self.assertEqual(code, 0)
        self.assertEqual(len(replies), 300 * 5, "every call gets exactly one reply")

    def test_keys_echoed_by_any_upstream_in_any_dialect_never_leave_the_process(self):
        breeze = self.breeze(log_level="debug", OPEN_METEO_API_KEY=OPEN_METEO_KEY, GOOGLE_POLLEN_API_KEY=GOOGLE_KEY)
        calls = [
            ("forecast", "fetchForecast", FORECAST),
            ("geocoding", "searchCities", {"name": "Berlin"}),
            ("googlePollen", "fetchPollen", {"latitude": 52.52, "longitude": 13.41, "source": "google"}),
        ]
        modes = [{"status": 400}, {"status": 429}, {"status": 500}, {"stream": True}, {"key_prefix": 8}]
        for service, method, params in calls:
            for options in modes:
                self.fake.set_mode(service, "echo_url", **options)
                error = error_of(self, breeze.call(method, params))
                self.assertIn("***", json.dumps(error), (service, options))
        self.assertGreater(self.fake.count(), 0)
        _, _, stderr = breeze.finish()
        for text in breeze.lines + stderr.splitlines():
            for secret in SECRETS:
                self.assertNotIn(secret, text)

    def test_bombs_endless_and_huge_bodies_are_typed_errors_within_bounded_memory(self):
        gzip_bomb(256)  # made before the clock starts: the fake builds it once
        breeze = self.breeze()
        result_of(self, breeze.call("fetchForecast", FORECAST))
        baseline = peak_rss_mib(breeze.process.pid)
        for mode in ("gzip_bomb", "endless", "big_body"):
            self.fake.set_mode("forecast", mode)
            error = error_of(self, breeze.call("fetchForecast", FORECAST), 1002, "badServerResponse")
            self.assertIn("8 MiB limit", error["data"]["reason"], mode)
            self.assertLessEqual(peak_rss_mib(breeze.process.pid) - baseline, 64, f"peak RSS growth after {mode}")
        self.fake.set_mode("forecast", "big_body", mib=1)
        small = self.breeze(BREEZE_MAX_BODY_BYTES="500000")
        error = error_of(self, small.call("fetchForecast", FORECAST), 1002, "badServerResponse")
        self.assertIn("500000 bytes limit", error["data"]["reason"])

    def test_redirect_loops_foreign_redirects_and_huge_headers_say_what_happened(self):
        breeze = self.breeze(OPEN_METEO_API_KEY=OPEN_METEO_KEY)
        self.fake.set_mode("forecast", "redirect")
        error = error_of(self, breeze.call("fetchForecast", FORECAST), 1002, "badServerResponse")
        self.assertIn("redirected more than 5 times", error["message"])
        self.assertEqual(self.fake.count("forecast"), 6)

        self.fake.reset()
        self.fake.set_mode("forecast", "redirect", location="http://elsewhere.invalid/v1/forecast")
        error = error_of(self, breeze.call("fetchForecast", FORECAST), 1002, "badServerResponse")
        self.assertIn("redirected to elsewhere.invalid", error["message"])
        self.assertEqual(self.fake.count("forecast"), 1)

        self.fake.set_mode("forecast", "huge_header")
        error = error_of(self, breeze.call("fetchForecast", FORECAST), 1003, "networkError")
        self.assertIn("headers were too large", error["message"])

    def test_a_huge_retry_after_is_an_integer_clamped_to_the_schema(self):
        breeze = self.breeze()
        for value in ("9223372036854775807", "99999999999999999999999"):
            self.fake.set_mode("forecast", "429", retry_after=value)
            reply = breeze.call("fetchForecast", FORECAST)
            error_of(self, reply, 1005, "rateLimited")
            seconds = reply["error"]["data"]["retryAfterSeconds"]
            self.assertIs(type(seconds), int, "written as an integer, never in exponent form")
            self.assertEqual(seconds, 2**31 - 1)
        line = next(line for line in reversed(breeze.lines) if "retryAfterSeconds" in line)
        self.assertIn('"retryAfterSeconds":2147483647', line)

    @unittest.skipUnless(shutil.which("prlimit"), "needs prlimit (util-linux)")
    def test_sixteen_descriptors_and_a_high_per_upstream_limit_answer_every_call(self):
        # Two hosts (127.0.0.1 and localhost), each allowed 1,000 requests at once: far more sockets than 16
        # descriptors hold. The budget keeps them within the limit, so every call succeeds.
        self.fake.set_mode("forecast", "delay", ms=20)
        self.fake.set_mode("airQuality", "delay", ms=20)
        env = {
            "BREEZE_MAX_CONCURRENT_PER_UPSTREAM": "1000",
            "BREEZE_AIR_QUALITY_URL": self.fake.url("airQuality").replace("127.0.0.1", "localhost"),
        }
        limited = BreezeProcess(self.fake, timeout_seconds=60, env=env, prefix=["prlimit", "--nofile=16", "--"])
        self.addCleanup(limited.__exit__, None, None, None)
        ids = [limited.request("fetchForecast", {**FORECAST, "latitude": 10 + index * 0.5}) for index in range(40)]
        ids += [
            limited.request("fetchAirQuality", {"latitude": 10 + index * 0.5, "longitude": 13.41})
            for index in range(40)
        ]
        for id in ids:
            result_of(self, limited.reply(id, timeout=60))
        code, replies, stderr = limited.finish()
        self.assertEqual(code, 0, stderr[-2000:])
        self.assertEqual(len(replies), 80)


    @unittest.skipUnless(shutil.which("prlimit"), "needs prlimit (util-linux)")
    def test_too_few_descriptors_refuse_upstream_calls_and_keep_the_process(self):
        # With 12 descriptors one upstream socket can take the last ones and libdispatch stops the process when
        # it cannot open /proc; upstream calls are refused instead, and the rest keeps working.
        limited = BreezeProcess(self.fake, timeout_seconds=10, prefix=["prlimit", "--nofile=12", "--"])
        self.addCleanup(limited.__exit__, None, None, None)
        for _ in range(3):
            error = error_of(self, limited.call("fetchForecast", FORECAST), 1003, "networkError")
            self.assertIn("only 12 file descriptors are allowed (ulimit -n)", error["data"]["reason"])
        result_of(self, limited.call("ping"))
        code, _, stderr = limited.finish()
        self.assertEqual(code, 0, stderr[-2000:])
        self.assertIn("upstream calls are off", stderr)
        self.assertEqual(self.fake.count("forecast"), 0)


class UnusableCacheDirectoryTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream().start()
        self.addCleanup(self.fake.stop)
        self.root = scratch_directory(self, "breeze-e2e-cache-")

    def check_disk_turns_off_with_one_warning(self, directory: str, expected_reason: str):
        breeze = BreezeProcess(self.fake, timeout_seconds=5, env={"BREEZE_CACHE": "on", "BREEZE_CACHE_DIR": directory})
        self.addCleanup(breeze.__exit__, None, None, None)
        for index in range(5):
            result_of(self, breeze.call("fetchForecast", {**FORECAST, "latitude": 10 + index}))
        stats = result_of(self, breeze.call("cacheStats"))
        self.assertEqual((stats["mode"], stats["diskEnabled"]), ("on", False))
        self.assertIn(expected_reason, stats["diskProblem"])
        code, _, stderr = breeze.finish()
        self.assertEqual(code, 0)
        warnings = [line for line in stderr.splitlines() if "persistent cache is off" in line]
        self.assertEqual(len(warnings), 1, stderr)
        self.assertIn("warn", warnings[0])

    def test_a_file_in_place_of_the_directory(self):
        path = os.path.join(self.root, "not-a-directory")
        Path(path).write_text("x")
        self.check_disk_turns_off_with_one_warning(path, path)

    @unittest.skipIf(os.geteuid() == 0, "root ignores permissions; the full-disk test covers root")
    def test_a_directory_without_permissions(self):
        path = os.path.join(self.root, "locked")
        os.mkdir(path, 0)
        self.addCleanup(os.chmod, path, 0o700)
        self.check_disk_turns_off_with_one_warning(path, "Permission denied")

    @unittest.skipUnless(os.geteuid() == 0, "mounting a tmpfs needs root (a unit test covers failed writes)")
    def test_a_full_disk_leaves_no_temporary_files(self):
        path = os.path.join(self.root, "full")
        os.mkdir(path)
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", path], capture_output=True)
        if mounted.returncode != 0:
            self.skipTest(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
        self.addCleanup(subprocess.run, ["umount", path], capture_output=True)
        filler = os.open(os.path.join(path, "filler"), os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while os.write(filler, bytes(4096)) > 0:
                pass
        except OSError:
            pass  # full
        finally:
            os.close(filler)
        self.check_disk_turns_off_with_one_warning(path, "No space left on device")
        # The fleet's slot and lock files (fleet/) are made before the first write fails; they are not temporary.
        self.assertEqual(sorted(set(os.listdir(path)) - {"fleet"}), ["filler"], "no temporary file is left behind")


if __name__ == "__main__":
    unittest.main()
