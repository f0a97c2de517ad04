"""MCP through the official Python SDKs, on the built binary against the fake upstream.

mcp 2.x in its default mode (probes `server/discover`, then stateless modern requests) runs under this
interpreter; mcp 1.x (the legacy `initialize` handshake) needs its own environment, named by
$BREEZE_TEST_PYTHON_MCP1 (Tests/run.sh sets it). Both run the same scenario, mcp_driver.py: connect, list every
tool, call every tool (and the list and per-model shapes of results), the prompts, an upstream failure, bad
arguments, progress and a cancelled call. Every structuredContent is checked against its tool's outputSchema with
`jsonschema`. What a host pays for the tool list is measured on the wire, in both eras.
"""

import json
import re
import subprocess
import sys
import unittest
from pathlib import Path

import jsonschema

from fake_upstream import FakeUpstream
from harness import binary_path, clean_environment, mcp1_python
from method_examples import NOT_TOOLS, method_names

DRIVER = Path(__file__).resolve().parents[1] / "support" / "mcp_driver.py"
PLACE_NAME = "Berlin"  # the place mcp_driver.py asks the prompts about
#: Every method but the protocol's own is a tool (their order is the catalog's: test_readme_tables.py).
TOOLS = sorted(name for name in method_names() if name not in NOT_TOOLS)


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
        self.assertEqual(sorted(tool["name"] for tool in tools), TOOLS)
        for tool in tools:
            self.assertTrue(tool.get("title") and tool.get("description"), tool["name"])
            self.assertEqual(tool["inputSchema"]["type"], "object")
            self.assertEqual(tool["outputSchema"]["type"], "object")
            jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
            jsonschema.Draft202012Validator.check_schema(tool["outputSchema"])
            # Read-only: VS Code runs it without asking. Closed-world: VS Code would otherwise ask the user to
            # review every result before the model reads it.
            self.assertEqual(tool["annotations"], {"title": tool["title"], "readOnlyHint": True,
                                                   "idempotentHint": True, "openWorldHint": False})

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

    def test_every_output_schema_lists_the_results_properties_for_every_shape(self):
        report = self.run_scenario()
        schemas = {tool["name"]: tool["outputSchema"] for tool in report["tools"]}
        results = [(name, result) for name, result in report["calls"].items()]
        results += [(shape["tool"], shape) for shape in report["shapes"].values()]
        for name, result in results:
            with self.subTest(tool=name):
                self.assertFalse(result["isError"], result["texts"])
                jsonschema.validate(result["structuredContent"], schemas[name])
                listed = set(schemas[name]["properties"])
                self.assertLessEqual(set(result["structuredContent"]), listed, "the root lists every member")
        shapes = report["shapes"]
        self.assertEqual(len(shapes["fetchForecast places"]["structuredContent"]["forecast"]), 2)
        self.assertEqual(len(shapes["fetchForecast models"]["structuredContent"]["models"]), 2)
        self.assertEqual(len(shapes["fetchAirQuality places"]["structuredContent"]["airQuality"]), 2)
        self.assertIn('{"forecast": [...]}', next(t["description"] for t in report["tools"]
                                                   if t["name"] == "fetchForecast"))

    def test_prompts_are_listed_and_filled_in_naming_the_tools_to_call(self):
        report = self.run_scenario()
        prompts = {prompt["name"]: prompt for prompt in report["prompts"]}
        self.assertEqual(sorted(prompts), ["allergy-outlook", "outdoor-exercise", "unusual-weather"])
        tools = {tool["name"] for tool in report["tools"]}
        for name, prompt in prompts.items():
            with self.subTest(prompt=name):
                self.assertTrue(prompt["title"] and prompt["description"])
                self.assertEqual(prompt["arguments"][0]["name"], "place")
                self.assertTrue(prompt["arguments"][0]["required"])
                [text] = report["promptTexts"][name]
                self.assertIn(PLACE_NAME, text)
                called = set(re.findall(r"Call (\w+) with", text))
                self.assertIn("searchCities", called)
                self.assertLessEqual(called, tools)
        self.assertIn("needs the argument 'place'", report["promptWithoutPlace"] or "no error")

    def test_an_empty_place_makes_every_prompt_ask_for_it_first(self):
        report = self.run_scenario()
        for name, [text] in report["promptTextsEmptyPlace"].items():
            with self.subTest(prompt=name):
                first, *rest = text.splitlines()
                self.assertIn("ask me which town or city I mean", first)
                self.assertIn("before calling any tool", first)
                self.assertIn("the place I will name", rest[0])

    def test_a_cut_place_is_confirmed_with_search_cities_before_any_fetch(self):
        report = self.run_scenario()
        for name, [text] in report["promptTextsCutPlace"].items():
            with self.subTest(prompt=name):
                lines = text.splitlines()
                self.assertIn("New", lines[0])
                self.assertTrue(lines[1].startswith("1. Call searchCities"), lines[1])
                self.assertIn('cut to its first word ("New" for "New York")', lines[1])
                self.assertIn("show me the likely candidates and ask which one", lines[1])
                self.assertTrue(all("Call searchCities" not in line for line in lines[2:]))

    def test_error_results_pass_a_strict_clients_output_schema_rule(self):
        # Every tool declares an outputSchema. The spec binds structured results to it; an error result
        # (isError: true) is not one, and the official SDKs skip it (Python: `if not result.is_error`; TypeScript:
        # `!result.structuredContent && !result.isError` fails, but present structuredContent is validated even on
        # an error). So an error carries no structuredContent at all, and every success carries it: neither rule
        # can trip, nor Gemini CLI's (google-gemini/gemini-cli#21053), which is the TypeScript SDK's.
        report = self.run_scenario()
        declared = {tool["name"] for tool in report["tools"] if "outputSchema" in tool}
        self.assertEqual(declared, set(TOOLS))
        for label in ("rateLimited", "badArguments"):
            with self.subTest(result=label):
                self.assertTrue(report[label]["isError"])
                self.assertIsNone(report[label]["structuredContent"])
                self.assertTrue(report[label]["texts"], "the model reads the error in the text")
        for name, result in report["calls"].items():
            with self.subTest(tool=name):
                self.assertFalse(result["isError"])
                self.assertIsNotNone(result["structuredContent"])

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
        # The climate's five archive years arrive in one answer, the current year in the forecast's.
        self.assertIn([(p, t) for p, t, _ in progress["fetchClimate"]], ([(5, 6), (6, 6)], [(1, 6), (6, 6)]))
        self.assertEqual([(p, t) for p, t, _ in progress["fetchDashboard"]], [(n, 4) for n in range(1, 5)])

    def test_a_cancelled_call_is_never_answered_and_its_upstream_request_ends(self):
        outcome = self.run_scenario()["cancel"]
        self.assertTrue(outcome["upstreamReached"], outcome)
        self.assertTrue(outcome["upstreamDone"], outcome)
        self.assertTrue(outcome["next"], outcome)
        self.assertFalse(outcome["answered"], outcome)


class ToolListSizeTests(unittest.TestCase):
    """What a host pays before anything is asked, measured on the wire in both eras: every tool's inputSchema within
    4,000 characters, the whole tools/list result within 40,000, instructions and descriptions within the 2 KB
    hosts keep. Every tool listed is measured, so a new one is checked without a line here."""

    MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientCapabilities": {}}

    @classmethod
    def setUpClass(cls):
        requests = [
            {"id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}}},
            {"id": 2, "method": "tools/list"},
            {"id": 3, "method": "server/discover", "params": {"_meta": cls.MODERN}},
            {"id": 4, "method": "tools/list", "params": {"_meta": cls.MODERN}},
        ]
        lines = "".join(json.dumps({"jsonrpc": "2.0", **request}) + "\n" for request in requests)
        done = subprocess.run([binary_path()], input=lines, capture_output=True, text=True, timeout=30,
                              env=clean_environment({}))
        cls.replies = {reply["id"]: reply["result"] for reply in map(json.loads, done.stdout.splitlines())}

    @staticmethod
    def characters(value) -> int:
        return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False))

    def test_the_tool_list_and_every_input_schema_fit(self):
        for id in (2, 4):
            self.assertLessEqual(self.characters(self.replies[id]), 40_000, "the whole result, envelope and all")
            for tool in self.replies[id]["tools"]:
                with self.subTest(tool=tool["name"], era=id):
                    self.assertLessEqual(self.characters(tool["inputSchema"]), 4_000)
                    self.assertLessEqual(len(tool["description"].encode()), 2_048)
        self.assertEqual(self.replies[2]["tools"], self.replies[4]["tools"], "one tool list for both eras")

    def test_instructions_fit_and_prompts_are_advertised_in_both_eras(self):
        for id in (1, 3):
            self.assertLessEqual(len(self.replies[id]["instructions"].encode()), 2_048)
            self.assertEqual(self.replies[id]["capabilities"]["prompts"], {"listChanged": False})

    def test_an_agent_given_only_the_tool_list_can_name_hourly_variables(self):
        forecast = next(tool for tool in self.replies[2]["tools"] if tool["name"] == "fetchForecast")
        hourly = forecast["inputSchema"]["properties"]["hourly"]["description"]
        for name in ("temperature_2m", "precipitation_probability", "wind_speed_10m"):
            self.assertIn(name, hourly)
        self.assertNotIn("enum", json.dumps(forecast["inputSchema"]["properties"]["hourly"]))


class ModernSDKTests(MCPScenario, unittest.TestCase):
    """mcp 2.x, default mode: `server/discover` answered at once, so it stays modern (no 10 s fallback)."""

    expected_version = "2026-07-28"

    def interpreter(self) -> str:
        return sys.executable


class LegacySDKTests(MCPScenario, unittest.TestCase):
    """mcp 1.x: `initialize` with id 0, then `tools/list` without params."""

    expected_version = "2025-11-25"

    def interpreter(self) -> str:
        return mcp1_python(self)


if __name__ == "__main__":
    unittest.main()
