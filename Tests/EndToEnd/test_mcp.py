"""MCP through the official Python SDKs, on the built binary against the fake upstream.

mcp 2.x in its default mode (probes `server/discover`, then stateless modern requests) runs under this
interpreter; mcp 1.x (the legacy `initialize` handshake) needs its own environment, named by
$BREEZE_TEST_PYTHON_MCP1 (Tests/run.sh sets it). Both run the same scenario, mcp_driver.py: connect, list every
tool, call every tool, an upstream failure, bad arguments, progress and a cancelled call. Every
structuredContent is checked against its tool's outputSchema with `jsonschema`.
"""

import json
import os
import subprocess
import sys
import unittest
from pathlib import Path

import jsonschema

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_upstream import FakeUpstream  # noqa: E402
from harness import binary_path, clean_environment  # noqa: E402

DRIVER = Path(__file__).resolve().parent / "mcp_driver.py"
TOOLS = ["searchCities", "fetchAirQuality", "fetchForecast", "fetchWeatherData", "fetchPollen", "fetchClimate",
         "fetchDashboard", "findPlace", "cacheStats"]


class MCPScenario:
    """The checks on one SDK's report; subclasses name the interpreter and the era it must land in."""

    expected_version: str

    def interpreter(self) -> str:
        raise NotImplementedError

    @classmethod
    def setUpClass(cls):
        cls.fake = FakeUpstream().start()
        cls.report = None

    @classmethod
    def tearDownClass(cls):
        cls.fake.stop()

    def run_scenario(self) -> dict:
        if type(self).report is None:
            env = clean_environment({**self.fake.environment(), "BREEZE_TIMEOUT": "10"})
            config = {"binary": binary_path(), "env": env, "fake": self.fake.base_url}
            done = subprocess.run([self.interpreter(), str(DRIVER), json.dumps(config)], capture_output=True,
                                  text=True, timeout=120)
            self.assertEqual(done.returncode, 0, f"the MCP driver failed:\n{done.stderr[-4000:]}")
            type(self).report = json.loads(done.stdout)
        return type(self).report

    def test_connects_in_the_expected_era(self):
        self.assertEqual(self.run_scenario()["protocolVersion"], self.expected_version)

    def test_lists_every_tool_in_order_with_schemas_and_annotations(self):
        tools = self.run_scenario()["tools"]
        self.assertEqual([tool["name"] for tool in tools], TOOLS)
        for tool in tools:
            self.assertTrue(tool.get("title") and tool.get("description"), tool["name"])
            self.assertEqual(tool["inputSchema"]["type"], "object")
            self.assertEqual(tool["outputSchema"]["type"], "object")
            jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
            jsonschema.Draft202012Validator.check_schema(tool["outputSchema"])
            self.assertTrue(tool["annotations"]["readOnlyHint"])
            self.assertEqual(tool["annotations"]["openWorldHint"], tool["name"] not in {"cacheStats", "findPlace"})

    def test_every_tool_answers_with_structured_content_matching_its_output_schema(self):
        report = self.run_scenario()
        schemas = {tool["name"]: tool["outputSchema"] for tool in report["tools"]}
        self.assertEqual(sorted(report["calls"]), sorted(TOOLS))
        for name, result in report["calls"].items():
            with self.subTest(tool=name):
                self.assertFalse(result["isError"], result["texts"])
                jsonschema.validate(result["structuredContent"], schemas[name])
                self.assertEqual(len(result["texts"]), 1)
                self.assertEqual(json.loads(result["texts"][0]), result["structuredContent"])
        self.assertGreater(len(report["calls"]["searchCities"]["structuredContent"]["cities"]), 0)

    def test_an_upstream_failure_is_a_tool_error_keeping_the_typed_error(self):
        result = self.run_scenario()["rateLimited"]
        self.assertTrue(result["isError"])
        self.assertIn("rateLimited (1005)", result["texts"][0])
        self.assertIn("Try again in 30 s", result["texts"][0])

    def test_bad_arguments_are_a_tool_error_naming_the_parameter(self):
        result = self.run_scenario()["badArguments"]
        self.assertTrue(result["isError"])
        self.assertIn("invalidParams (-32602)", result["texts"][0])
        self.assertIn("longitude", result["texts"][0])

    def test_progress_counts_climate_years_and_dashboard_parts(self):
        progress = self.run_scenario()["progress"]
        self.assertEqual([(p, t) for p, t, _ in progress["fetchClimate"]], [(n, 6) for n in range(1, 7)])
        self.assertEqual([(p, t) for p, t, _ in progress["fetchDashboard"]], [(n, 4) for n in range(1, 5)])

    def test_a_cancelled_call_stops_upstream_and_is_never_answered(self):
        outcome = self.run_scenario()["cancel"]
        self.assertTrue(outcome["upstreamReached"], outcome)
        self.assertTrue(outcome["upstreamAborted"], outcome)
        self.assertTrue(outcome["next"], outcome)
        self.assertFalse(outcome["answered"], outcome)


class ModernSDKTests(MCPScenario, unittest.TestCase):
    """mcp 2.x, default mode: `server/discover` answered at once, so it stays modern (no 10 s fallback)."""

    expected_version = "2026-07-28"

    def interpreter(self) -> str:
        return sys.executable


class LegacySDKTests(MCPScenario, unittest.TestCase):
    """mcp 1.x: `initialize` with id 0, then `tools/list` without params."""

    expected_version = "2025-11-25"

    def interpreter(self) -> str:
        python = os.environ.get("BREEZE_TEST_PYTHON_MCP1")
        if not python:
            self.skipTest("BREEZE_TEST_PYTHON_MCP1 is not set (Tests/run.sh sets it to the mcp 1.x environment)")
        return python


if __name__ == "__main__":
    unittest.main()
