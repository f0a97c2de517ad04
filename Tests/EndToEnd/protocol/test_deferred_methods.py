"""Every method that calls an upstream waits for it with no task (a deferred result), and such a call is reached by
everything a running call is: end of input, `$/cancelRequest` (also racing the answer) and SIGTERM; a cache hit is
answered at once."""

import contextlib
import json
import signal
import time
import unittest

from fake_upstream import FakeUpstream
from harness import BreezeProcess, error_of, result_of

#: One call of each method that calls an upstream, at place `n` (distinct places make distinct upstream calls).
def calls(n: int) -> list[tuple[str, dict]]:
    latitude, longitude = 40 + n * 0.5, 10.0
    place = {"latitude": latitude, "longitude": longitude}
    return [
        ("searchCities", {"name": f"Town {n}"}),
        ("fetchAirQuality", place),
        ("fetchPollen", place),
        ("fetchForecast", place),
        ("fetchClimate", {**place, "years": [1990, 2000]}),
        ("fetchDashboard", place),
    ]


def send_calls(process: BreezeProcess, rounds: int) -> dict[str, str]:
    """Sends `rounds` calls of each method; returns each id's method."""
    methods = {}
    for n in range(rounds):
        for method, params in calls(n):
            methods[process.request(method, params, id=f"{method}-{n}")] = method
    return methods


class DeferredMethodTests(unittest.TestCase):
    def assert_each_id_answered_once(self, replies: list, ids) -> None:
        answered = [reply.get("id") for reply in replies if isinstance(reply, dict)]
        self.assertEqual(sorted(answered), sorted(ids), "every id answered exactly once")

    def test_end_of_input_with_every_method_in_flight_answers_each_with_its_result(self):
        with FakeUpstream() as fake:
            fake.set_mode("*", "delay", ms=300)
            with BreezeProcess(fake, timeout_seconds=20) as process:
                methods = send_calls(process, rounds=3)
                code, replies, stderr = process.finish(timeout=60)
        self.assertEqual(code, 0, stderr[-2000:])
        self.assert_each_id_answered_once(replies, methods)
        for reply in replies:
            with self.subTest(id=reply["id"]):
                result_of(self, reply)

    @contextlib.contextmanager
    def calls_waiting_upstream(self, rounds: int):
        """A process with `rounds` calls of each method in flight, the upstream never answering; yields it and
        each id's method."""
        with FakeUpstream() as fake, BreezeProcess(fake, timeout_seconds=20) as process:
            fake.set_mode("*", "hang", seconds=25)
            methods = send_calls(process, rounds)
            # The upstream holds as many requests as the concurrency limit lets through; the other calls wait in
            # line for a slot, with no task either.
            self.assertTrue(fake.wait_for_requests(4, timeout=15), "the calls are waiting upstream")
            yield process, methods

    def test_sigterm_with_every_method_waiting_on_the_upstream_cancels_each_once(self):
        with self.calls_waiting_upstream(rounds=2) as (process, methods):
            signalled = time.monotonic()
            process.process.send_signal(signal.SIGTERM)
            status = process.process.wait(timeout=10)
            elapsed = time.monotonic() - signalled
            _, replies, _ = process.finish()
        self.assertEqual(status, 128 + signal.SIGTERM)
        self.assertLess(elapsed, 3.0)
        self.assert_each_id_answered_once(replies, methods)
        for reply in replies:
            with self.subTest(id=reply["id"]):
                self.assertEqual(error_of(self, reply, -32800)["data"]["type"], "requestCancelled")

    def test_cancel_request_reaches_every_method_waiting_on_the_upstream(self):
        with self.calls_waiting_upstream(rounds=1) as (process, methods):
            for id, method in methods.items():
                with self.subTest(method=method):
                    started = time.monotonic()
                    process.cancel(id)
                    error_of(self, process.reply(id, timeout=5), -32800, "requestCancelled")
                    self.assertLess(time.monotonic() - started, 3, "cancellation must answer at once")
            self.assertEqual(result_of(self, process.call("ping")), {})
            code, replies, _ = process.finish()
        self.assertEqual(code, 0)
        self.assert_each_id_answered_once([r for r in replies if r.get("id") in methods], methods)

    def test_the_deadline_reaches_every_part_of_every_method_waiting_on_the_upstream(self):
        with FakeUpstream() as fake, BreezeProcess(fake, timeout_seconds=20) as process:
            fake.set_mode("*", "hang", seconds=25)
            ids = {process.request(method, {**params, "timeoutMs": 300}, id=method): method
                   for method, params in calls(0)}
            for id, method in ids.items():
                with self.subTest(method=method):
                    reply = process.reply(id, timeout=5)
                    if method == "fetchDashboard":
                        parts = error_of(self, reply, type="dashboardUnavailable")["data"]["errors"]
                        self.assertEqual(sorted(parts), ["airQuality", "climate", "forecast", "pollen"])
                        self.assertEqual({part["data"]["type"] for part in parts.values()}, {"timeout"})
                    else:
                        error_of(self, reply, 1004, "timeout")

    def test_a_cancel_racing_the_answer_still_answers_each_id_once(self):
        with FakeUpstream() as fake:
            fake.set_mode("*", "delay", ms=2)
            with BreezeProcess(fake, timeout_seconds=20) as process:
                ids = []
                for n in range(10):
                    for method, params in calls(n):
                        id = process.request(method, params, id=f"{method}-{n}")
                        process.cancel(id)
                        ids.append(id)
                code, replies, stderr = process.finish(timeout=60)
        self.assertEqual(code, 0, stderr[-2000:])
        self.assert_each_id_answered_once(replies, ids)
        for reply in replies:
            with self.subTest(id=reply["id"]):
                if "error" in reply:
                    error_of(self, reply, -32800, "requestCancelled")
                else:
                    result_of(self, reply)

    def test_a_cache_hit_is_answered_at_once_while_the_upstream_hangs(self):
        with FakeUpstream() as fake, BreezeProcess(fake, env={"BREEZE_CACHE": "memory"}, timeout_seconds=20) as process:
            first = {method: result_of(self, process.call(method, params, timeout=20)) for method, params in calls(0)}
            fake.set_mode("*", "hang", seconds=25)
            for method, params in calls(0):
                with self.subTest(method=method):
                    started = time.monotonic()
                    again = result_of(self, process.call(method, params, timeout=5))
                    self.assertLess(time.monotonic() - started, 2, "answered from the cache")
                    self.assertEqual(json.dumps(again, sort_keys=True), json.dumps(first[method], sort_keys=True))


if __name__ == "__main__":
    unittest.main()
