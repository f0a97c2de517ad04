"""A fleet on one host: breeze-rpc processes sharing a cache directory share one Open-Meteo in-flight budget and
one fetch per question, hold a slot until the upstream has answered even when the caller left, survive a
`kill -9` of a slot holder, and fall back to per-process behaviour, with a warning, when the directory cannot be
shared. The fake upstream refuses a sixth Open-Meteo request in flight, as the free service does.
"""

import os
import random
import shutil
import signal
import time
import unittest
from collections import Counter
from pathlib import Path

from fake_upstream import FakeUpstream
from harness import BreezeProcess, result_of, scratch_directory

FORECAST = {"longitude": 13.41, "daily": ["temperature_2m_max"], "forecastDays": 1}
RATE_LIMITED = 1005


def question(index: int) -> dict:
    return {**FORECAST, "latitude": round(40 + index * 0.37, 2)}


class FleetTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream().start()
        self.addCleanup(self.fake.stop)
        self.directory = scratch_directory(self, "breeze-e2e-fleet-")

    def fleet(self, count: int, cache: str = "on", directory: str | None = None, **env) -> list[BreezeProcess]:
        settings = {"BREEZE_CACHE": cache, "BREEZE_CACHE_DIR": directory or self.directory, **env}
        processes = [BreezeProcess(self.fake, timeout_seconds=20, env=settings) for _ in range(count)]
        for process in processes:
            self.addCleanup(process.__exit__, None, None, None)
        return processes

    def assert_within_budget(self):
        stats = self.fake.stats()
        self.assertLessEqual(stats["openMeteoPeakInFlight"], 4, stats)
        self.assertEqual(stats["openMeteoRefused"], 0, stats)

    def no_rate_limited(self, replies):
        limited = [reply for reply in replies if reply.get("error", {}).get("code") == RATE_LIMITED]
        self.assertEqual(limited, [], "a 429 reached a caller")

    # -- the budget counts what the upstream counts -------------------------------------------------

    def abandon_then_ask(self, processes: list[BreezeProcess], abandoned: int, normal: int):
        """`abandoned` calls with short deadlines, some cancelled, racing a slow upstream; then `normal` calls."""
        self.fake.set_mode("forecast", "delay", ms=150)
        rng = random.Random(31)
        replies, ids = [], []
        for index in range(abandoned):
            process = processes[index % len(processes)]
            # Half with 5 ms deadlines; half leave once their request is on the wire, as the upstream sees it.
            deadline = 5 if index % 2 else rng.randint(10, 80)
            id = process.request("fetchForecast", {**question(index % 60), "timeoutMs": deadline})
            ids.append((process, id))
            if rng.random() < 0.3:
                process.cancel(id)
        replies += [process.reply(id) for process, id in ids]
        self.fake.set_mode("forecast", "delay", ms=20)
        ids = [(processes[index % len(processes)], processes[index % len(processes)].request(
            "fetchForecast", question(100 + index % 25))) for index in range(normal)]
        later = [process.reply(id) for process, id in ids]
        self.no_rate_limited(replies + later)
        for reply in later:
            result_of(self, reply)
        self.assert_within_budget()

    def test_abandoned_requests_keep_their_slot_until_the_upstream_answers_in_one_process(self):
        self.abandon_then_ask(self.fleet(1, cache="off"), abandoned=200, normal=50)

    def test_abandoned_requests_keep_their_slot_until_the_upstream_answers_in_eight_processes(self):
        self.abandon_then_ask(self.fleet(8), abandoned=200, normal=50)

    # -- one budget and one fetch per question per host ---------------------------------------------

    def test_a_burst_from_eight_processes_stays_within_the_budget_and_fetches_each_question_once(self):
        processes = self.fleet(8)
        self.fake.set_mode("forecast", "delay", ms=30)
        ids = []
        numbers = [index % 5 if index % 4 == 0 else 10 + index % 40 for index in range(200)]
        for index, number in enumerate(numbers):
            # Every fourth call is one of 5 questions all ask; the rest spread over 30 others.
            process = processes[index % 8]
            ids.append((process, process.request("fetchForecast", question(number))))
        replies = [process.reply(id, timeout=30) for process, id in ids]
        for reply in replies:
            result_of(self, reply)
        self.assert_within_budget()
        fetched = Counter(request["raw_query"] for request in self.fake.requests_to("forecast"))
        self.assertEqual(len(fetched), len(set(numbers)))
        self.assertEqual([query for query, count in fetched.items() if count > 1], [], "a question fetched twice")
        stats = result_of(self, processes[0].call("cacheStats"))
        self.assertEqual(stats["fleet"], {"mode": "host", "slots": 4})

    def test_a_process_killed_while_holding_slots_frees_them(self):
        holder = self.fleet(1)[0]
        other = BreezeProcess(self.fake, timeout_seconds=20, log_level="debug",
                              env={"BREEZE_CACHE": "on", "BREEZE_CACHE_DIR": self.directory})
        self.addCleanup(other.__exit__, None, None, None)
        self.fake.set_mode("forecast", "hang", count=4)
        for index in range(4):
            holder.request("fetchForecast", question(index))
        self.assertTrue(self.fake.wait_for_requests(4, path_or_service="forecast"))
        self.fake.set_mode("forecast", "delay", ms=30)
        # One call waits for a slot of the four the holder holds (the upstream still counts a killed process's
        # requests until it notices, so one more, not four, keeps this within its limit of 5).
        waiting = other.request("fetchForecast", question(10))
        self.await_stderr(other, "fleet.wait")
        self.assertEqual(self.fake.count("forecast"), 4, "the call waits for a slot")
        holder.process.send_signal(signal.SIGKILL)
        holder.process.wait(timeout=10)
        result_of(self, other.reply(waiting))
        self.assertTrue(self.fake.wait_until_idle())
        self.fake.reset_peaks()
        burst = [other.request("fetchForecast", question(20 + index)) for index in range(12)]
        for id in burst:
            result_of(self, other.reply(id))
        stats = self.fake.stats()
        self.assertEqual(stats["openMeteoPeakInFlight"], 4, "the whole budget is back")
        self.assertEqual(stats["openMeteoRefused"], 0)

    def await_stderr(self, process: BreezeProcess, text: str, timeout: float = 10):
        deadline = time.monotonic() + timeout
        while text not in process.stderr:
            self.assertLess(time.monotonic(), deadline, f"no {text!r} on stderr: {process.stderr}")
            time.sleep(0.01)  # stderr is read by the harness's thread; this polls what it has read

    # -- degrade, never hang ------------------------------------------------------------------------

    def test_a_cache_directory_removed_mid_run_answers_every_call_with_one_warning(self):
        (breeze,) = self.fleet(1)
        for index in range(3):
            result_of(self, breeze.call("fetchForecast", question(index)))
        shutil.rmtree(self.directory)
        for index in range(3, 8):
            result_of(self, breeze.call("fetchForecast", question(index)))
        stats = result_of(self, breeze.call("cacheStats"))
        self.assertEqual(stats["fleet"]["mode"], "process")
        code, _, stderr = breeze.finish()
        self.assertEqual(code, 0)
        self.assertEqual(len([line for line in stderr.splitlines() if "persistent cache is off" in line]), 1, stderr)

    def test_an_unusable_directory_or_no_disk_cache_means_one_process_each_saying_why(self):
        blocker = os.path.join(self.directory, "a-file")
        Path(blocker).write_text("x")
        cases = [("on", os.path.join(blocker, "cache"), "cannot create"), ("memory", None, "--cache is memory"),
                 ("off", None, "--cache is off")]
        for cache, directory, reason in cases:
            with self.subTest(cache=cache):
                (breeze,) = self.fleet(1, cache=cache, directory=directory)
                result_of(self, breeze.call("fetchForecast", question(len(reason))))
                fleet = result_of(self, breeze.call("cacheStats"))["fleet"]
                self.assertEqual(fleet["mode"], "process")
                self.assertIn(reason, fleet["reason"])
                _, _, stderr = breeze.finish()
                warnings = [line for line in stderr.splitlines() if "own Open-Meteo budget" in line
                            or "persistent cache is off" in line]
                # The user's own --cache choice is not warned about; an unusable directory is, once.
                self.assertEqual(len(warnings), 1 if cache == "on" else 0, stderr)


if __name__ == "__main__":
    unittest.main()
