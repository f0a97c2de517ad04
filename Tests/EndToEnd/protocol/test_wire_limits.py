"""The wire layer under pressure, through the real binary: the in-flight limit counts every call that runs,
stop signals drain instead of killing, logging never blocks a request, and Content-Length framing works with
a JSON-RPC library written for editors (python-lsp-jsonrpc).

The fake upstream's concurrency gauge shows what really runs. Pipes that must be full before the next step
are watched through /proc (a pipe has no event for "full"), in bounded polls.
"""

import json
import re
import signal
import subprocess
import threading
import time
import unittest
from pathlib import Path

from fake_upstream import FakeUpstream
from harness import BreezeProcess, binary_path, clean_environment, error_of, result_of
from method_examples import example_calls


def request_line(id, method, params=None) -> bytes:
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def wait_until_blocked_writing(process, fd, timeout=10.0) -> bool:
    """Waits until a thread of `process` is blocked in write(2) on `fd` (Linux /proc): the pipe behind `fd` is
    full and nobody reads it. A pipe has no event to await for that, so this polls, bounded."""
    pattern = f"1 {hex(fd)} "
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for task in Path(f"/proc/{process.pid}/task").glob("*"):
            try:
                if (task / "syscall").read_text().startswith(pattern):
                    return True
            except OSError:
                pass
        time.sleep(0.01)
    return False


class WireTestCase(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream().start()
        self.addCleanup(self.fake.stop)

    def spawn(self, *args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, **env):
        """A breeze-rpc process whose pipes the test handles itself."""
        settings = {**self.fake.environment(), "BREEZE_TIMEOUT": "30", "BREEZE_MAX_CONCURRENT_PER_UPSTREAM": "100"}
        process = subprocess.Popen([binary_path(), *args], stdin=subprocess.PIPE, stdout=stdout, stderr=stderr,
                                   env=clean_environment({**settings, **env}))

        def cleanup():
            if process.poll() is None:
                process.kill()
            process.wait(timeout=5)
            for stream in (process.stdin, process.stdout, process.stderr):
                if stream is not None:
                    try:
                        stream.close()
                    except OSError:
                        pass

        self.addCleanup(cleanup)
        return process


class InFlightLimitTests(WireTestCase):
    """The fake upstream's gauge shows how many calls run at once. The limit under test is 4, below the HTTP
    client's 6 connections per host, so that a call let past the limit would show on the gauge."""

    LIMIT = 4

    def breeze(self):
        process = BreezeProcess(self.fake, timeout_seconds=60, args=["--max-in-flight", str(self.LIMIT)],
                                env={"BREEZE_MAX_CONCURRENT_PER_UPSTREAM": "1000"})
        self.addCleanup(process.__exit__, None, None, None)
        return process

    def test_twenty_thousand_calls_mentioning_cancel_request_in_params_wait_for_credits(self):
        # A hundred slow searches for cities named after the method, then quick calls that mention it too.
        self.fake.set_mode("geocoding", "delay", ms=50)
        breeze = self.breeze()
        slow = [request_line(f"s{n}", "searchCities", {"name": f"$/cancelRequest {n}"}) for n in range(100)]
        quick = [request_line(f"q{n}", "ping", {"note": "$/cancelRequest"}) for n in range(19_900)]
        breeze.process.stdin.write(b"".join(slow + quick))
        breeze.process.stdin.flush()
        for n in range(100):
            result_of(self, breeze.reply(f"s{n}", timeout=60))
        for n in range(19_900):
            error_of(self, breeze.reply(f"q{n}", timeout=60), -32602)
        self.assertEqual(self.fake.count("geocoding"), 100)
        self.assertEqual(self.fake.stats()["maxInFlight"], self.LIMIT)

    def test_a_batch_of_a_thousand_slow_calls_runs_in_slots_of_the_limit(self):
        self.fake.set_mode("geocoding", "delay", ms=10)
        breeze = self.breeze()
        breeze.send([{"jsonrpc": "2.0", "id": f"b{n}", "method": "searchCities", "params": {"name": f"Town {n}"}}
                     for n in range(1000)])
        for n in range(1000):
            result_of(self, breeze.reply(f"b{n}", timeout=60))
        self.assertEqual(self.fake.count("geocoding"), 1000)
        self.assertEqual(self.fake.stats()["maxInFlight"], self.LIMIT)
        self.assertEqual(result_of(self, breeze.call("ping")), {})


class StopSignalTests(WireTestCase):
    def test_sigterm_with_fifty_calls_in_flight_and_stdout_blocked_answers_every_id_in_whole_lines(self):
        self.fake.set_mode("geocoding", "delay", ms=20_000)
        breeze = self.spawn()
        breeze.stdin.write(b"".join(request_line(n, "searchCities", {"name": f"Town {n}"}) for n in range(50)))
        breeze.stdin.flush()
        self.assertTrue(self.fake.wait_for_requests(1, timeout=15), "the calls are running")
        # Large replies nobody reads: a reply is blocked half-written on the full pipe.
        breeze.stdin.write(b"".join(request_line(f"d{n}", "rpc.discover") for n in range(6)))
        breeze.stdin.flush()
        self.assertTrue(wait_until_blocked_writing(breeze, 1), "a reply is blocked on the full stdout pipe")

        breeze.send_signal(signal.SIGTERM)
        signalled = time.monotonic()
        output = breeze.stdout.read()  # unblocks stdout, then reads to the end
        status = breeze.wait(timeout=10)
        elapsed = time.monotonic() - signalled

        self.assertTrue(output.endswith(b"\n"), "no torn last line")
        replies = [json.loads(line) for line in output.split(b"\n")[:-1]]
        ids = sorted((reply["id"] for reply in replies), key=str)
        self.assertEqual(ids, sorted([*range(50), *(f"d{n}" for n in range(6))], key=str), "each id once")
        for reply in replies:
            if isinstance(reply["id"], int):
                self.assertEqual(error_of(self, reply, -32800)["data"]["type"], "requestCancelled")
        self.assertEqual(status, 128 + signal.SIGTERM)
        self.assertLess(elapsed, 2.0)

    def test_sigint_and_sighup_also_answer_the_calls_in_flight_and_exit_with_their_status(self):
        self.fake.set_mode("geocoding", "delay", ms=20_000)
        for stop in (signal.SIGINT, signal.SIGHUP):
            with self.subTest(signal=stop.name):
                breeze = self.spawn()
                breeze.stdin.write(request_line(1, "searchCities", {"name": "Town"}) + request_line(2, "ping"))
                breeze.stdin.flush()
                self.assertEqual(json.loads(breeze.stdout.readline())["id"], 2)  # reading has started
                self.assertTrue(self.fake.wait_for_requests(1, timeout=15))
                breeze.send_signal(stop)
                output = breeze.stdout.read()
                self.assertEqual(breeze.wait(timeout=5), 128 + stop)
                error_of(self, json.loads(output), -32800)
                self.fake.reset()
                self.fake.set_mode("geocoding", "delay", ms=20_000)


class LoggingTests(WireTestCase):
    def test_debug_logging_with_stderr_never_read_still_answers_ping_and_counts_what_it_dropped(self):
        breeze = self.spawn("--log-level", "debug", stderr=subprocess.PIPE)
        # Each malformed cancellation logs a debug line; together they are far more than the stderr pipe holds.
        malformed = b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":[]}}\n'
        breeze.stdin.write(malformed * 20_000)
        breeze.stdin.flush()
        self.assertTrue(wait_until_blocked_writing(breeze, 2), "a log line is blocked on the full stderr pipe")

        breeze.stdin.write(request_line("after", "ping"))
        breeze.stdin.flush()
        reply = {}
        reader = threading.Thread(target=lambda: reply.update(json.loads(breeze.stdout.readline())), daemon=True)
        reader.start()
        reader.join(timeout=10)
        self.assertEqual(reply, {"id": "after", "jsonrpc": "2.0", "result": {}}, "ping answered with stderr stuck")

        breeze.stdin.close()
        log = breeze.stderr.read().decode()
        self.assertEqual(breeze.wait(timeout=10), 0)
        self.assertRegex(log, r"breeze-rpc: warn: \d+ log line\(s\) dropped while stderr was not being read")


try:
    from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter
except ImportError:  # pragma: no cover - Tests/run.sh installs it
    JsonRpcStreamReader = JsonRpcStreamWriter = None


@unittest.skipIf(JsonRpcStreamReader is None, "python-lsp-jsonrpc is not installed (Tests/run.sh installs it)")
class ContentLengthFramingTests(WireTestCase):
    """Every plain method (its schema example) through python-lsp-jsonrpc's streams, which speak the LSP base
    protocol."""

    def test_every_method_and_an_error_through_content_length_framing(self):
        breeze = self.spawn(BREEZE_TIMEOUT="10")
        writer = JsonRpcStreamWriter(breeze.stdin)
        replies = {}
        done = threading.Event()
        calls = example_calls()

        def consume(message):
            replies[message["id"]] = message
            if len(replies) == len(calls) + 1:
                done.set()

        listener = threading.Thread(target=JsonRpcStreamReader(breeze.stdout).listen, args=(consume,), daemon=True)
        listener.start()
        for id, (method, params) in enumerate(calls.items()):
            message = {"jsonrpc": "2.0", "id": id, "method": method}
            if params:
                message["params"] = params
            writer.write(message)
        writer.write({"jsonrpc": "2.0", "id": "bad", "method": "fetchForecast", "params": {"latitude": 91, "longitude": 0}})
        self.assertTrue(done.wait(30), f"replies so far: {sorted(map(str, replies))}")

        for id, method in enumerate(calls):
            with self.subTest(method=method):
                result_of(self, replies[id])
        self.assertEqual(error_of(self, replies["bad"], -32602)["data"]["field"], "latitude")
        breeze.stdin.close()
        listener.join(timeout=10)
        self.assertEqual(breeze.wait(timeout=10), 0)


class ContentLengthErrorLogTests(WireTestCase):
    def test_a_body_that_is_not_json_is_logged_like_the_framing_errors(self):
        breeze = self.spawn(stderr=subprocess.PIPE)
        body = b"{not json"
        bad_header = b"Content-Length: many\r\n\r\n"
        stdout, stderr = breeze.communicate(
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body) + bad_header, timeout=30)
        replies = [json.loads(part) for part in re.split(rb"Content-Length: \d+\r\n\r\n", stdout) if part]
        # Both replies have a null id, so JSON-RPC leaves their order free; under load they can cross.
        self.assertCountEqual([(reply["id"], reply["error"]["code"]) for reply in replies], [(None, -32700), (None, -32600)])
        log = stderr.decode()
        self.assertIn("skipped input that is not a well-framed message", log)
        self.assertRegex(log, r"warn: skipped a Content-Length body that is not JSON: .+")


if __name__ == "__main__":
    unittest.main()
