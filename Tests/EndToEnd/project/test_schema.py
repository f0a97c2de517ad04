"""schema/openrpc.json: a valid OpenRPC document (checked against the official meta-schema), served as is by
rpc.discover, covering every method the binary answers.

Run from the repository root: ``python3 -m unittest discover -s Tests/EndToEnd -p 'test_*.py'``.
The binary is ``$BREEZE_RPC`` or ``.build/debug/breeze-rpc`` (build it first with ``swift build``).
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import unittest
from pathlib import Path

from error_table import json_rpc_error_types
from harness import clean_environment
from openrpc_schema import check_openrpc, check_openrpc_rules, check_schema, validate

ROOT = Path(__file__).resolve().parents[3]
SCHEMA_PATH = ROOT / "schema" / "openrpc.json"


def load_document() -> dict:
    with SCHEMA_PATH.open(encoding="utf-8") as file:
        return json.load(file)


def binary() -> Path:
    path = Path(os.environ.get("BREEZE_RPC") or ROOT / ".build" / "debug" / "breeze-rpc")
    if not path.is_file():
        raise AssertionError(f"{path} not found: run `swift build` first, or set BREEZE_RPC")
    return path


def exchange(requests: list[dict], timeout: float = 30) -> dict:
    """Sends ``requests`` (one per line) to a fresh binary, closes stdin, and returns the replies by id."""
    lines = "".join(json.dumps(request) + "\n" for request in requests)
    env = clean_environment({"BREEZE_LOG_LEVEL": "error"})  # its own cache directory, never the user's
    # No upstream is ever reached: every probe below fails its params check or answers without one. The URLs
    # point at a closed port anyway, so a mistake cannot reach the internet.
    for name in ("GEOCODING", "AIR_QUALITY", "FORECAST", "ARCHIVE", "POLLEN", "GOOGLE_POLLEN"):
        env[f"BREEZE_{name}_URL"] = "http://127.0.0.1:9/"
    completed = subprocess.run(
        [str(binary())], input=lines.encode(), capture_output=True, timeout=timeout, env=env, check=False
    )
    if completed.returncode != 0:
        raise AssertionError(f"breeze-rpc exited {completed.returncode}: {completed.stderr.decode(errors='replace')}")
    out = completed.stdout.decode("utf-8")
    if not out.endswith("\n"):
        raise AssertionError(f"stdout does not end with a newline: {out[-200:]!r}")
    replies = [json.loads(line) for line in out.splitlines()]
    return {reply["id"]: reply for reply in replies}


# MARK: - The document


class DocumentTests(unittest.TestCase):
    def setUp(self):
        self.document = load_document()

    def test_document_passes_the_openrpc_checks(self):
        self.assertEqual(check_openrpc(self.document), [])

    def test_document_follows_the_rules_the_meta_schema_cannot_express(self):
        # Runs without the official meta-schema too, so a clone on its own still checks these.
        self.assertEqual(check_openrpc_rules(self.document), [])

    def test_every_method_is_described(self):
        for method in self.document["methods"]:
            with self.subTest(method=method["name"]):
                self.assertEqual(method.get("paramStructure"), "either")
                self.assertIn("result", method)
                self.assertTrue(method.get("description"))
                for param in method["params"]:
                    if "$ref" in param:
                        param = resolve(self.document, param["$ref"])
                    self.assertTrue(param.get("description"), param["name"])
                    self.assertIn("required", param)

    def test_every_method_takes_an_optional_timeout_last(self):
        for method in self.document["methods"]:
            with self.subTest(method=method["name"]):
                last = method["params"][-1]
                self.assertEqual(last, {"$ref": "#/components/contentDescriptors/TimeoutMs"})

    def test_error_data_schemas_are_valid_and_name_their_type(self):
        errors = self.document["components"]["errors"]
        expected = json_rpc_error_types()  # the one source: the Swift ErrorCode constants
        self.assertEqual({error["code"]: self.type_of(error) for error in errors.values()}, expected)
        for name, error in errors.items():
            with self.subTest(error=name):
                self.assertEqual(check_schema(error["data"], self.document), [])

    def type_of(self, error: dict) -> str:
        data = resolve(self.document, error["data"]["$ref"])
        return data["properties"]["type"]["const"]

    def test_error_data_schemas_accept_what_the_server_sends(self):
        # The shapes BreezeError+RPC.swift and ResponseError.swift write.
        samples = {
            "ParseError": {"type": "parseError", "detail": "Unexpected byte at 3"},
            "MethodNotFound": {"type": "methodNotFound", "method": "nope", "detail": "No method named 'nope'."},
            "InvalidParams": {"type": "invalidParams", "field": "latitude"},
            "InternalError": {"type": "internalError"},
            "BadServerResponse": {"type": "badServerResponse", "service": "forecast", "status": 502, "reason": "x"},
            "Timeout": {"type": "timeout", "service": "archive", "timeoutSeconds": 0.5},
            "RateLimited": {"type": "rateLimited", "service": "pollenProxy", "reason": "slow down"},
            "NotConfigured": {"type": "notConfigured", "setting": "GOOGLE_POLLEN_API_KEY"},
            "DashboardUnavailable": {"type": "dashboardUnavailable", "errors": {
                "forecast": {"code": 1003, "message": "m", "data": {"type": "networkError", "service": "forecast",
                                                                    "reason": "refused"}}}},
        }
        errors = self.document["components"]["errors"]
        for name, data in samples.items():
            with self.subTest(error=name):
                self.assertEqual(validate(data, errors[name]["data"], self.document), [])
        wrong = {"type": "timeout", "service": "elsewhere", "timeoutSeconds": 1, "url": "http://x?key=k"}
        self.assertEqual(len(validate(wrong, errors["Timeout"]["data"], self.document)), 2)

    def test_dashboard_allows_null_parts_and_their_errors(self):
        schema = method(self.document, "fetchDashboard")["result"]["schema"]
        error = {"code": 1005, "message": "Rate limited.", "data": {"type": "rateLimited", "service": "forecast"}}
        partial = {"airQuality": None, "pollen": None, "climate": None, "forecast": None, "outdoors": None, "alerts": None,
                   "place": None,
                   "errors": {"pollen": error}}
        self.assertEqual(validate(partial, schema, self.document), [])
        partial["errors"]["weather"] = error
        self.assertEqual(len(validate(partial, schema, self.document)), 1)

    def test_every_method_has_an_example_that_fits_its_schemas(self):
        # One OpenRPC Example Pairing per method, the sample call every suite and client test makes: its params
        # by name, each valid against the param's schema, every required one given; its result valid against the
        # method's result schema, and no longer once a member is dropped (or one is added to an empty object).
        for item in self.document["methods"]:
            with self.subTest(method=item["name"]):
                self.assertTrue(item.get("examples"), "add an `examples` pairing: name, params, result")
                pairing = item["examples"][0]
                params = {p["name"]: p for p in (resolve(self.document, p["$ref"]) if "$ref" in p else p
                                                  for p in item["params"])}
                given = {example["name"]: example["value"] for example in pairing["params"]}
                self.assertLessEqual(set(given), set(params), "params the method does not take")
                self.assertLessEqual({name for name, p in params.items() if p["required"]}, set(given),
                                     "the example leaves out a required param")
                for name, value in given.items():
                    self.assertEqual(validate(value, params[name]["schema"], self.document), [], name)
                self.assertEqual(pairing["result"]["name"], item["result"]["name"])
                result, schema = pairing["result"]["value"], item["result"]["schema"]
                self.assertEqual(validate(result, schema, self.document), [])
            broken = copy.deepcopy(result)
            target = broken[0] if isinstance(broken, list) else broken
            if target:
                target.pop(next(iter(target)))
            else:
                target["unexpected"] = 1
            with self.subTest(method=item["name"], broken=True):
                self.assertNotEqual(validate(broken, schema, self.document), [])

    def test_values_a_model_lacks_are_null_and_still_valid(self):
        def example(name):
            return copy.deepcopy(method(self.document, name)["examples"][0]["result"]["value"])

        air = example("fetchAirQuality")
        air["pm10"] = None
        air["pollutants"][0].update(value=None, usAQI=None, status=None)
        forecast = example("fetchForecast")
        forecast["daily"]["values"] = {name: [None] for name in forecast["daily"]["values"]}
        climate = example("fetchClimate")
        climate.update(change=None, missingYears=[2026])
        for name, result in [("fetchAirQuality", air), ("fetchForecast", forecast), ("fetchClimate", climate)]:
            with self.subTest(method=name):
                self.assertEqual(validate(result, method(self.document, name)["result"]["schema"], self.document),
                                 [])

    def test_check_openrpc_catches_broken_documents(self):
        def mutated(change):
            document = copy.deepcopy(self.document)
            change(document)
            return document

        def first_method(document):
            return document["methods"][2]  # searchCities: has required and optional params

        cases = {
            "no openrpc": lambda d: d.pop("openrpc"),
            "short version": lambda d: d.update(openrpc="1.3"),
            "version 2": lambda d: d.update(openrpc="2.0.0"),
            "no info title": lambda d: d["info"].pop("title"),
            "unknown root field": lambda d: d.update(extra=1),
            "methods not an array": lambda d: d.update(methods={}),
            "duplicate method": lambda d: d["methods"].append(copy.deepcopy(d["methods"][0])),
            "method without params": lambda d: first_method(d).pop("params"),
            "bad paramStructure": lambda d: first_method(d).update(paramStructure="positional"),
            "duplicate param": lambda d: first_method(d)["params"].append(copy.deepcopy(first_method(d)["params"][0])),
            "optional before required": lambda d: first_method(d)["params"].reverse(),
            "param without schema": lambda d: first_method(d)["params"][0].pop("schema"),
            "param without name": lambda d: first_method(d)["params"][0].pop("name"),
            "required not boolean": lambda d: first_method(d)["params"][0].update(required="yes"),
            "result without schema": lambda d: first_method(d)["result"].pop("schema"),
            "error code not integer": lambda d: d["components"]["errors"]["NoData"].update(code="1006"),
            "error code fractional": lambda d: d["components"]["errors"]["NoData"].update(code=1006.5),
            "error without message": lambda d: d["components"]["errors"]["NoData"].pop("message"),
            "error with extension": lambda d: d["components"]["errors"]["NoData"].update({"x-note": 1}),
            "duplicate error code": lambda d: first_method(d)["errors"].append({"code": -32602, "message": "x"}),
            "dangling $ref": lambda d: d["components"]["schemas"]["City"]["properties"]["name"].update(
                {"$ref": "#/components/schemas/Nowhere"}
            ),
            "remote $ref": lambda d: first_method(d)["result"].update(schema={"$ref": "https://example.com/s.json"}),
            "bad component key": lambda d: d["components"]["schemas"].update({"City Two": {}}),
        }
        for name, change in cases.items():
            with self.subTest(case=name):
                self.assertNotEqual(check_openrpc(mutated(change)), [], name)


def resolve(document: dict, ref: str):
    target = document
    for token in ref[2:].split("/"):
        target = target[token]
    return target


def method(document: dict, name: str) -> dict:
    return next(item for item in document["methods"] if item["name"] == name)


# MARK: - The binary


class BinaryTests(unittest.TestCase):
    def setUp(self):
        self.document = load_document()

    def test_discover_returns_exactly_the_schema_file(self):
        replies = exchange([{"jsonrpc": "2.0", "id": 1, "method": "rpc.discover"}])
        self.assertNotIn("error", replies[1])
        self.assertEqual(replies[1]["result"], self.document)

    def test_discover_result_passes_the_openrpc_checks(self):
        replies = exchange([{"jsonrpc": "2.0", "id": 1, "method": "rpc.discover", "params": []}])
        self.assertEqual(check_openrpc(replies[1]["result"]), [])

    def test_every_documented_method_is_answered(self):
        # Empty params: methods with required params fail their params check before any work is done, the
        # others answer outright. Either way, never -32601.
        names = [item["name"] for item in self.document["methods"]]
        requests = [
            {"jsonrpc": "2.0", "id": index, "method": name, "params": {}}
            for index, name in enumerate(names)
        ]
        replies = exchange(requests)
        self.assertEqual(sorted(replies), list(range(len(names))))
        for index, name in enumerate(names):
            with self.subTest(method=name):
                code = replies[index].get("error", {}).get("code")
                self.assertNotEqual(code, -32601, f"{name} is documented but the binary does not answer it")

    def test_an_undocumented_method_is_not_found(self):
        replies = exchange([{"jsonrpc": "2.0", "id": 7, "method": "fetchWeather", "params": {}}])
        self.assertEqual(replies[7]["error"]["code"], -32601)
        error_schema = self.document["components"]["schemas"]["ErrorObject"]
        self.assertEqual(validate(replies[7]["error"], error_schema, self.document), [])
        data_schema = self.document["components"]["errors"]["MethodNotFound"]["data"]
        self.assertEqual(validate(replies[7]["error"]["data"], data_schema, self.document), [])

    def test_ping_matches_its_result_schema(self):
        replies = exchange([{"jsonrpc": "2.0", "id": 1, "method": "ping"}])
        schema = method(self.document, "ping")["result"]["schema"]
        self.assertEqual(validate(replies[1]["result"], schema, self.document), [])


if __name__ == "__main__":
    unittest.main()
