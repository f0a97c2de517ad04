"""Running the real breeze-rpc binary against the fake upstream, for the end-to-end tests.

    with FakeUpstream() as fake, BreezeProcess(fake) as breeze:
        reply = breeze.call("searchCities", {"name": "Berlin"})
        ...
        code, replies, stderr = breeze.finish()

The binary is `$BREEZE_RPC`, else `.build/debug/breeze-rpc` under the repository root (build it with
`swift build`). Every wait is bounded. Python standard library only.
"""

from __future__ import annotations

import atexit
import json
import shutil
import os
import socket
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_REPLY_TIMEOUT = 15.0

#: Settings cleared from the inherited environment so a developer's shell cannot change a test.
CLEARED_VARIABLES = (
    "BREEZE_GEOCODING_URL", "BREEZE_AIR_QUALITY_URL", "BREEZE_FORECAST_URL", "BREEZE_ARCHIVE_URL",
    "BREEZE_POLLEN_URL", "BREEZE_GOOGLE_POLLEN_URL", "GOOGLE_POLLEN_API_KEY", "OPEN_METEO_API_KEY",
    "BREEZE_TIMEOUT", "BREEZE_LOG_LEVEL", "BREEZE_MAX_LINE_BYTES", "BREEZE_MAX_IN_FLIGHT",
    "BREEZE_CACHE", "BREEZE_CACHE_DIR", "BREEZE_RETRIES", "BREEZE_MAX_CONCURRENT_PER_UPSTREAM",
    "BREEZE_MAX_BODY_BYTES", "BREEZE_UPSTREAM_FORMAT", "BREEZE_ELEVATION_URL", "BREEZE_OPEN_METEO_MAX_IN_FLIGHT",
    "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
)


class BinaryMissing(AssertionError):
    """The breeze-rpc binary is not there: a failure, never a skip."""


def mcp1_python(testcase) -> str:
    """The interpreter with the official mcp 1.x SDK, or `testcase` skipped saying how to get one."""
    python = os.environ.get("BREEZE_TEST_PYTHON_MCP1")
    if not python:
        testcase.skipTest("BREEZE_TEST_PYTHON_MCP1 is not set (Tests/run.sh sets it to the mcp 1.x environment)")
    return python


def binary_path() -> str:
    configured = os.environ.get("BREEZE_RPC")
    path = Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "breeze-rpc"
    if not path.is_file() or not os.access(path, os.X_OK):
        raise BinaryMissing(
            f"breeze-rpc binary not found at {path}: run `swift build` in {REPO_ROOT} or set BREEZE_RPC")
    return str(path)


#: Defaults for every spawned process: no cache (each test sees every upstream call), no retries (each
#: failure mode is met once), and a private cache directory in case a test turns the cache on.
_CACHE_HOME = tempfile.mkdtemp(prefix="breeze-e2e-cache-")
atexit.register(shutil.rmtree, _CACHE_HOME, True)
TEST_DEFAULTS = {"BREEZE_CACHE": "off", "BREEZE_RETRIES": "0", "XDG_CACHE_HOME": _CACHE_HOME}


def clean_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in CLEARED_VARIABLES and not k.startswith("BREEZE_CACHE_TTL")}
    env.update(TEST_DEFAULTS)
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    env.update(extra or {})
    return env


def closed_port_url(path: str = "/v1/search") -> str:
    """A URL on 127.0.0.1 where nothing listens (connection refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}{path}"


def http_get_json(url: str, timeout: float = 5.0):
    """(status, parsed body) of a GET, for replaying a recorded upstream request against the fake."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def replay(fake, recorded: dict):
    """What the fake answers right now to a request breeze-rpc sent earlier; a `format=flatbuffers` request is
    replayed as JSON, the same answer in a form tests can read (and so a check that both formats agree)."""
    query = "&".join(
        f"{urllib.parse.quote(k, safe='.')}={urllib.parse.quote(v, safe=',')}" for k, v in recorded["query_list"]
        if k != "format")
    return http_get_json(f"{fake.base_url}{recorded['path']}?{query}")



class BreezeProcess:
    """One breeze-rpc process, its stdout read by a thread and matched by id."""

    def __init__(self, fake=None, env: dict[str, str] | None = None, args: list[str] | None = None,
                 timeout_seconds: float | None = 2, log_level: str | None = None, prefix: list[str] | None = None):
        """`prefix` runs the binary under another command, e.g. `["prlimit", "--nofile=16", "--"]`."""
        settings = {}
        if fake is not None:
            settings.update(fake.environment())
        if timeout_seconds is not None:
            settings["BREEZE_TIMEOUT"] = str(timeout_seconds)
        if log_level is not None:
            settings["BREEZE_LOG_LEVEL"] = log_level
        settings.update(env or {})
        self.environment = clean_environment(settings)
        self.process = subprocess.Popen(
            [*(prefix or []), binary_path(), *(args or [])], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=self.environment, cwd=REPO_ROOT)
        self._lock = threading.Condition()
        self._next_id = 0
        self.lines: list[str] = []  # every stdout line, raw
        self.replies: list = []  # every parsed stdout value, in arrival order
        self.by_id: dict = {}
        self.unparsable: list[str] = []
        self._stderr = bytearray()
        self._stdout_done = False
        self._readers = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    # -- reading ------------------------------------------------------------------------------------

    def _read_stdout(self):
        for raw in self.process.stdout:
            line = raw.decode("utf-8", errors="replace")
            with self._lock:
                self.lines.append(line)
                try:
                    value = json.loads(line)
                except ValueError:
                    self.unparsable.append(line)
                else:
                    self.replies.append(value)
                    for reply in value if isinstance(value, list) else [value]:
                        if isinstance(reply, dict) and "id" in reply:
                            self.by_id.setdefault(_key(reply["id"]), []).append(reply)
                self._lock.notify_all()
        with self._lock:
            self._stdout_done = True
            self._lock.notify_all()

    def _read_stderr(self):
        while True:
            chunk = self.process.stderr.read1(65536) if hasattr(self.process.stderr, "read1") else b""
            if not chunk:
                return
            with self._lock:
                self._stderr.extend(chunk)

    @property
    def stderr(self) -> str:
        with self._lock:
            return self._stderr.decode("utf-8", errors="replace")

    # -- writing ------------------------------------------------------------------------------------

    def send_line(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        if not data.endswith(b"\n"):
            data += b"\n"
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message) -> None:
        self.send_line(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def new_id(self) -> int:
        with self._lock:
            self._next_id += 1
            return self._next_id

    def request(self, method: str, params=None, id=None):
        """Sends a request; returns its id."""
        id = self.new_id() if id is None else id
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def notify(self, method: str, params=None) -> None:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def cancel(self, id) -> None:
        self.notify("$/cancelRequest", {"id": id})

    def reply(self, id, timeout: float = DEFAULT_REPLY_TIMEOUT) -> dict:
        """The reply with `id`; AssertionError with the stderr tail if none arrives in time."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while _key(id) not in self.by_id:
                left = deadline - time.monotonic()
                if left <= 0 or self._stdout_done:
                    if _key(id) in self.by_id:
                        break
                    raise AssertionError(
                        f"no reply to id {id!r} within {timeout} s (exit status {self.process.poll()}); "
                        f"stderr tail: {self.stderr[-2000:]}")
                self._lock.wait(min(left, 0.1))
            return self.by_id[_key(id)][0]

    def call(self, method: str, params=None, timeout: float = DEFAULT_REPLY_TIMEOUT) -> dict:
        return self.reply(self.request(method, params), timeout)

    def wait_for_lines(self, n: int, timeout: float = DEFAULT_REPLY_TIMEOUT) -> bool:
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self.lines) < n:
                left = deadline - time.monotonic()
                if left <= 0 or self._stdout_done:
                    return len(self.lines) >= n
                self._lock.wait(min(left, 0.1))
            return True

    # -- ending -------------------------------------------------------------------------------------

    def close_stdin(self) -> None:
        try:
            self.process.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def finish(self, timeout: float = 20.0):
        """Closes stdin, waits for the exit; returns (exit status, every parsed reply, stderr)."""
        self.close_stdin()
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"breeze-rpc did not exit within {timeout} s of end of input; stderr tail: "
                                 f"{self.stderr[-2000:]}")
        for reader in self._readers:
            reader.join(timeout=5)
        with self._lock:
            return code, list(self.replies), self._stderr.decode("utf-8", errors="replace")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass

    def __enter__(self) -> "BreezeProcess":
        return self

    def __exit__(self, *exc) -> None:
        if self.process.poll() is None:
            self.close_stdin()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        for reader in self._readers:
            reader.join(timeout=5)
        for stream in (self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass


def scratch_directory(testcase, prefix: str) -> str:
    """A fresh directory for one test, removed with everything in it when the test ends."""
    directory = tempfile.mkdtemp(prefix=prefix)
    testcase.addCleanup(shutil.rmtree, directory, True)
    return directory


def stop_process(process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Ends a helper process the tests started (a proxy, a server): SIGTERM, then SIGKILL if it is still there
    after `timeout` seconds."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=timeout)


def _key(id):
    return json.dumps(id)


def result_of(testcase, reply: dict):
    """The `result` of a reply, failing the test with the error when there is none."""
    if "error" in reply:
        testcase.fail(f"expected a result, got error {json.dumps(reply['error'], ensure_ascii=False)}")
    testcase.assertIn("result", reply, reply)
    return reply["result"]


def error_of(testcase, reply: dict, code: int | None = None, type: str | None = None) -> dict:
    """The `error` of a reply, checked against `code` and `data.type`."""
    if "error" not in reply:
        testcase.fail(f"expected an error (code {code}, type {type}), got result "
                      f"{json.dumps(reply.get('result'), ensure_ascii=False)[:500]}")
    error = reply["error"]
    if code is not None:
        testcase.assertEqual(error.get("code"), code, error)
    if type is not None:
        testcase.assertEqual((error.get("data") or {}).get("type"), type, error)
    return error


METHOD_MISSING_HINT = ("method {method!r} is not answered by this build of breeze-rpc (-32601): it has not landed on "
                       "main yet, or the binary is stale (run `swift build`)")


def require_method(testcase, reply: dict, method: str) -> None:
    """Fails clearly (never skips) when the binary does not know `method` yet."""
    error = reply.get("error") or {}
    if error.get("code") == -32601:
        testcase.fail(METHOD_MISSING_HINT.format(method=method))


# -- schema validation ------------------------------------------------------------------------------

SCHEMA_PATH = REPO_ROOT / "schema" / "openrpc.json"


def assert_matches_schema(testcase, method: str, result) -> None:
    """Validates `result` against `method`'s result schema in schema/openrpc.json (with the `jsonschema` package)."""
    from openrpc_schema import validate

    document = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    methods = {m.get("name"): m for m in document.get("methods", [])}
    testcase.assertIn(method, methods, f"{method} is not described in schema/openrpc.json")
    schema = (methods[method].get("result") or {}).get("schema")
    testcase.assertIsNotNone(schema, f"{method} has no result.schema in schema/openrpc.json")
    problems = validate(result, schema, document)
    testcase.assertEqual(problems, [], f"the {method} reply does not match its result schema")


class FakeUpstreamTestCase(unittest.TestCase):
    """One fake upstream per test class, started with `fake_options` (keyword arguments for FakeUpstream); its
    modes and log reset per test."""

    fake_options: dict = {}

    @classmethod
    def setUpClass(cls):
        from fake_upstream import FakeUpstream

        cls.fake = FakeUpstream(**cls.fake_options).start()

    @classmethod
    def tearDownClass(cls):
        cls.fake.stop()

    def setUp(self):
        self.fake.reset()


class BinaryTestCase(FakeUpstreamTestCase):
    """One fake upstream and one breeze-rpc process per test class; the fake's modes and log reset per test.

    Subclasses set `env` (extra environment), `timeout_seconds` (BREEZE_TIMEOUT) and `fake_options`
    (keyword arguments for FakeUpstream).
    """

    env: dict = {}
    timeout_seconds: float | None = 2

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.breeze = BreezeProcess(cls.fake, env=cls.env, timeout_seconds=cls.timeout_seconds)

    @classmethod
    def tearDownClass(cls):
        cls.breeze.__exit__(None, None, None)
        super().tearDownClass()

    def call(self, method, params=None):
        reply = self.breeze.call(method, params)
        require_method(self, reply, method)
        return reply

