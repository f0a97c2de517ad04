"""clients/shell/breeze driven through subprocess, with the real breeze-rpc and the fake upstream.

Run from the repository root: python3 -m unittest clients/shell/test_breeze.py
"""

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "clients" / "python"))

from tests.support import client_env  # noqa: E402  (the Python client's test support: paths, environment)
from harness import FakeUpstreamTestCase, binary_path  # noqa: E402
from method_examples import example_calls  # noqa: E402
from breeze_client.__main__ import parse_params  # noqa: E402

SCRIPT = REPO_ROOT / "clients" / "shell" / "breeze"
TRICKY = [
    "O'Brien \"x\" \\ y",
    "line one\nline two\r\nthree\ttab",
    "".join(chr(c) for c in range(1, 32)) + "\x7f",
    "Zürich São Paulo 東京 😀 \u2028\u2029 end",
    "back\\\\slashes\\n not a newline \\u0041",
    "$HOME `id` $(id) ; & | > < * ? [a] {b} ~ !",
    "=starts with equals", ":=looks raw", "==looks string", "", " ", "-5e", "007", "+1", "NaN",
]
#: Texts for key:=json: the shell client must accept exactly those Python's strict JSON reader accepts.
RAW_JSON = [
    '["a\\"b\\u00e9", 1.5e3, -0, {"k": [true, false, null]}]', "{}", "[]", " 3 ", '"Zürich 😀"', "[1,\n2]",
    "-1.5E-3", '"\\/\\b\\f\\n\\r\\t"', "", "[temperature_2m]", "[1,]", '{"a" 1}', '{"a":1,}', '"abc', "01",
    "[1] x", '"tab\t"', "nul", '"\\x"', '"\\u12"', "NaN", "Infinity", "+1", ".5", "1.", "[", "]", "{", "'a'",
]


def shell_args(params: dict) -> list[str]:
    """A method's params as this client's arguments: texts as `key==text`, anything else as `key:=json`."""
    return [f"{key}=={value}" if isinstance(value, str) else f"{key}:={json.dumps(value)}"
            for key, value in params.items()]


def strict_json(text):
    """Python's reading of `text` as JSON, refusing NaN and infinities as the JSON grammar does."""
    def refuse(name):
        raise ValueError(name)
    value = json.loads(text, parse_constant=refuse)
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(text)
    return value


class ShellClientTests(FakeUpstreamTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.env = client_env(cls.fake, BREEZE_RPC=binary_path())

    def breeze(self, *args, stdin=None, env=None):
        return subprocess.run(["bash", str(SCRIPT), *args], input=stdin, capture_output=True, env=env or self.env,
                              timeout=60)

    def dry_run(self, *args):
        done = self.breeze("--dry-run", *args)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        return json.loads(done.stdout)

    # -- building requests ------------------------------------------------------------------------

    def test_any_string_is_escaped(self):
        for value in TRICKY:
            with self.subTest(value=value):
                request = self.dry_run("searchCities", f"name=={value}")
                self.assertEqual(request["params"], {"name": value})
                if value not in ("-5e", "007", "+1", "NaN"):
                    continue
                self.assertEqual(self.dry_run("searchCities", f"name={value}")["params"]["name"], value)

    def test_value_types(self):
        request = self.dry_run("fetchClimate", "latitude=52.52", "longitude=-13", "count=3", "big=1.5e3",
                               "flag=true", "off=false", "nothing=null", "text==5", "years:=[1990, 2000]",
                               "obj:={\"a\": [1, {\"b\": null}]}", "empty=", "word=Berlin")
        self.assertEqual(request, {"jsonrpc": "2.0", "id": 1, "method": "fetchClimate", "params": {
            "latitude": 52.52, "longitude": -13, "count": 3, "big": 1500.0, "flag": True, "off": False,
            "nothing": None, "text": "5", "years": [1990, 2000], "obj": {"a": [1, {"b": None}]}, "empty": "",
            "word": "Berlin"}})
        self.assertEqual(self.dry_run("ping"), {"jsonrpc": "2.0", "id": 1, "method": "ping"})

    def test_the_python_cli_reads_every_param_form_as_this_client_does(self):
        table = ["count=3", "lat=-13.5", "big=1.5e3", "flag=true", "nothing=null", "name==1234", "name=1234x",
                 "zero=007", "plus=+1", "text==true", "empty=", "eq=a=b", "eqeq==a==b", "years:=[1990, 2000]",
                 "obj:={\"a\": null}", "spaced=New York", "quote=O'Brien", "unicode=Zürich"]
        for arg in table:
            with self.subTest(arg=arg):
                self.assertEqual(parse_params([arg]), self.dry_run("searchCities", arg)["params"])

    def test_raw_json_is_checked_and_a_bad_one_names_its_key(self):
        for text in RAW_JSON:
            with self.subTest(text=text):
                try:
                    expected = strict_json(text)
                except ValueError:
                    expected = ValueError
                done = self.breeze("--dry-run", "fetchForecast", f"hourly:={text}")
                if expected is ValueError:
                    self.assertEqual(done.returncode, 2, done.stdout)
                    self.assertIn(b"hourly:= needs JSON", done.stderr)
                    with self.assertRaisesRegex(ValueError, "hourly:= needs JSON"):
                        parse_params([f"hourly:={text}"])
                else:
                    self.assertEqual(done.returncode, 0, done.stderr.decode())
                    self.assertEqual(json.loads(done.stdout)["params"], {"hourly": expected})

    def test_bad_raw_json_is_refused_before_anything_is_sent(self):
        done = self.breeze("fetchForecast", "latitude=52.52", "longitude=13.41", "hourly:=[temperature_2m]")
        self.assertEqual(done.returncode, 2)
        self.assertIn(b"hourly:= needs JSON, got '[temperature_2m]' (unexpected 't' at byte 2)", done.stderr)
        self.assertEqual(self.fake.requests, [])

    def test_options_may_follow_the_method(self):
        done = self.breeze("cacheStats", "--compact")
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(len(done.stdout.splitlines()), 1)
        self.assertIn("upstreams", json.loads(done.stdout))
        self.assertEqual(self.dry_run("searchCities", "name=Bern", "--compact", "count=2")["params"],
                         {"name": "Bern", "count": 2})
        done = self.breeze("searchCities", "name=Bern", "--dry-run")
        self.assertEqual(json.loads(done.stdout)["params"], {"name": "Bern"})
        self.assertEqual(self.dry_run("searchCities", "--", "name=--compact")["params"], {"name": "--compact"})
        self.assertEqual(self.breeze("ping", "--bogus").returncode, 2)

    def test_usage_errors(self):
        for args in (["searchCities", "name"], ["searchCities", "=x"], ["--bogus"], []):
            with self.subTest(args=args):
                self.assertEqual(self.breeze(*args).returncode, 2)

    def test_help(self):
        done = self.breeze("-h")
        self.assertEqual(done.returncode, 0)
        for text in (b"key=value", b"key==text", b"key:=json", b"--batch", b"BREEZE_RPC", b"Exit status"):
            self.assertIn(text, done.stdout)

    # -- through the binary -----------------------------------------------------------------------

    def test_round_trip_to_the_upstream(self):
        for value in TRICKY[:5]:
            with self.subTest(value=value):
                self.fake.reset()
                done = self.breeze("searchCities", f"name={value}", "count=2")
                self.assertNotIn(b"-32601", done.stderr, "searchCities is not on this build of breeze-rpc yet")
                self.assertEqual(done.returncode, 0, done.stderr.decode())
                self.assertEqual(json.loads(done.stdout), [], "the fake has no such city")
                requests = self.fake.requests_to("geocoding")
                self.assertEqual(len(requests), 1)
                self.assertEqual(requests[0]["query"]["name"], value, "the name must arrive unharmed")

    def test_every_method(self):
        for method, params in example_calls().items():  # the schema's example of each method
            with self.subTest(method=method):
                self.assertEqual(self.dry_run(method, *shell_args(params)).get("params", {}), params)
                done = self.breeze(method, *shell_args(params))
                self.assertNotIn(b"-32601", done.stderr, f"{method} is not on this build of breeze-rpc yet")
                self.assertEqual(done.returncode, 0, done.stderr.decode())
                json.loads(done.stdout)

    def test_output_without_jq_matches(self):
        no_jq = {**self.env, "BREEZE_NO_JQ": "1"}
        plain = self.breeze("--compact", "ping", env=no_jq)
        self.assertEqual((plain.returncode, plain.stdout), (0, b"{}\n"))
        done = self.breeze("searchCities", "name=Berlin", "count=2", env=no_jq)
        self.assertNotIn(b"-32601", done.stderr, "searchCities is not on this build of breeze-rpc yet")
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(len(json.loads(done.stdout)), 2)
        if shutil.which("jq"):
            pretty = self.breeze("searchCities", "name=Berlin", "count=2")
            self.assertEqual(json.loads(pretty.stdout), json.loads(done.stdout))

    def test_error_exit_status(self):
        for env in (self.env, {**self.env, "BREEZE_NO_JQ": "1"}):
            with self.subTest(jq=env is self.env):
                done = self.breeze("noSuchMethod", env=env)
                self.assertEqual(done.returncode, 1)
                self.assertEqual(done.stdout, b"")
                self.assertIn(b"error -32601: Method not found", done.stderr)
                self.assertIn(b'"type":"methodNotFound"', done.stderr.replace(b" ", b""))

    def test_upstream_error_goes_to_stderr(self):
        self.fake.set_mode("geocoding", "500")
        done = self.breeze("searchCities", "name=Berlin", env={**self.env, "BREEZE_NO_JQ": "1"})
        self.assertNotIn(b"-32601", done.stderr, "searchCities is not on this build of breeze-rpc yet")
        self.assertEqual(done.returncode, 1)
        self.assertIn(b"error 1002:", done.stderr)
        self.assertIn(b"Something went wrong.", done.stderr)

    def test_binary_missing(self):
        done = self.breeze("ping", env={**self.env, "BREEZE_RPC": "/nonexistent/breeze-rpc"})
        self.assertEqual(done.returncode, 127)
        self.assertIn(b"BREEZE_RPC", done.stderr)

    def test_finds_the_installed_binary_with_no_variable_set(self):
        home = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, home)
        (home / ".local" / "bin").mkdir(parents=True)
        os.symlink(binary_path(), home / ".local" / "bin" / "breeze-rpc")
        env = {key: value for key, value in self.env.items() if key != "BREEZE_RPC"}
        env.update(HOME=str(home), PATH="/usr/bin:/bin")
        done = self.breeze("--compact", "ping", env=env)
        self.assertEqual((done.returncode, done.stdout), (0, b"{}\n"), done.stderr)
        done = self.breeze("ping", env={**env, "HOME": "/nonexistent"})
        self.assertEqual(done.returncode, 127)
        self.assertIn(b"/nonexistent/.local/bin/breeze-rpc", done.stderr)

    def test_both_clients_agree_on_exit_statuses(self):
        home = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, home)
        silent = home / "silent-breeze"
        silent.write_text("#!/bin/sh\nexit 5\n")
        silent.chmod(0o755)
        env = {**self.env, "PYTHONPATH": str(REPO_ROOT / "clients" / "python")}
        not_installed = {key: value for key, value in env.items() if key != "BREEZE_RPC"}
        not_installed.update(HOME=str(home), PATH="/usr/bin:/bin")
        cases = {
            "a result": (["ping"], env, 0),
            "an option after the method": (["cacheStats", "--compact"], env, 0),
            "an error reply": (["noSuchMethod"], env, 1),
            "no arguments": ([], env, 2),
            "a param in no known form": (["searchCities", "name"], env, 2),
            "bad raw JSON": (["fetchForecast", "hourly:=[temperature_2m]"], env, 2),
            "no reply": (["ping"], {**env, "BREEZE_RPC": str(silent)}, 3),
            "BREEZE_RPC not executable": (["ping"], {**env, "BREEZE_RPC": "/nonexistent/breeze-rpc"}, 127),
            "not installed": (["ping"], not_installed, 127),
        }
        for name, (args, case_env, status) in cases.items():
            with self.subTest(name):
                shell = self.breeze(*args, env=case_env)
                python = subprocess.run([sys.executable, "-m", "breeze_client", *args], capture_output=True,
                                        env=case_env, timeout=60)
                self.assertEqual((shell.returncode, python.returncode), (status, status),
                                 f"shell: {shell.stderr.decode()}\npython: {python.stderr.decode()}")
                if status == 127:
                    for done in (shell, python):
                        self.assertIn(b"breeze-rpc", done.stderr)
                if name == "no arguments":
                    for done in (shell, python):
                        self.assertIn(b"usage", done.stderr.lower())
                        self.assertNotIn(b"required", done.stderr, "a method is all a call needs")

    def test_batch(self):
        lines = [json.dumps({"jsonrpc": "2.0", "id": i, "method": "ping"}) for i in range(20)]
        lines.append('{"jsonrpc":"2.0","id":"x","method":"noSuchMethod"}')
        lines.append("not json")
        done = self.breeze("--batch", stdin=("\n".join(lines) + "\n").encode())
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
        self.assertEqual(len(replies), 22)
        ids = [r["id"] for r in replies]
        self.assertEqual(sorted(i for i in ids if isinstance(i, int)), list(range(20)))
        self.assertIn("x", ids)
        self.assertIn(None, ids)

    def test_batch_from_file(self):
        path = Path(os.environ.get("TMPDIR", "/tmp")) / f"breeze-batch-{os.getpid()}.jsonl"
        path.write_text('{"jsonrpc":"2.0","id":7,"method":"ping"}\n')
        self.addCleanup(path.unlink)
        done = self.breeze("--batch", str(path))
        self.assertEqual(json.loads(done.stdout), {"jsonrpc": "2.0", "id": 7, "result": {}})


if __name__ == "__main__":
    unittest.main()
