"""The "Adding a method" checklist (Sources/README.md), checked: a method described in schema/openrpc.json but missing
from the Python client, without a wire suite, or whose example does not answer through the binary from the fake
upstream fails here. (CatalogTests checks the catalog, the schema and the README's methods table against each
other; test_schema.py checks each example against the method's schemas.)
"""

import inspect
import json
import re
import sys
import unittest
from pathlib import Path

from fake_upstream import Query
from harness import BinaryTestCase, assert_matches_schema, result_of
from method_examples import example_calls, example_params

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "clients" / "python"))

from breeze_client.generated import Methods  # noqa: E402  (clients/python, put on the path above)

#: Errors only a method that asks an upstream can answer: its own upstream's failures, or the dashboard's parts'.
UPSTREAM_ERRORS = {"NetworkError", "DashboardUnavailable"}


def schema_methods() -> list[dict]:
    """The schema's methods, each param's `$ref` replaced by the content descriptor it points at."""
    document = json.loads((ROOT / "schema" / "openrpc.json").read_text(encoding="utf-8"))
    descriptors = document["components"]["contentDescriptors"]
    prefix = "#/components/contentDescriptors/"

    def resolved(param: dict) -> dict:
        return descriptors[param["$ref"].removeprefix(prefix)] if "$ref" in param else param

    return [dict(method, params=[resolved(p) for p in method["params"]]) for method in document["methods"]]


def reads_upstream(method: dict) -> bool:
    """Whether the method asks an upstream, as its errors say."""
    return bool({error["$ref"].rsplit("/", 1)[-1] for error in method["errors"]} & UPSTREAM_ERRORS)


def snake_case(name: str) -> str:
    """`forecastHours` -> `forecast_hours`; `rpc.discover` -> `discover`."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name.split(".")[-1]).lower()


class ChecklistTests(unittest.TestCase):
    def test_the_python_client_wraps_every_method_with_its_params(self):
        for method in schema_methods():
            with self.subTest(method=method["name"]):
                wrapper = getattr(Methods, snake_case(method["name"]), None)
                self.assertIsNotNone(wrapper, f"clients/python/breeze_client/generated.py has no "
                                              f"Methods.{snake_case(method['name'])} for {method['name']}: run "
                                              "python3 clients/python/generate.py")
                arguments = set(inspect.signature(wrapper).parameters) - {"self"}
                expected = {snake_case(p["name"]) for p in method["params"] if p["name"] != "timeoutMs"}
                self.assertEqual(arguments, expected | {"timeout"})

    def test_every_method_with_an_upstream_has_a_wire_suite_named_after_it(self):
        suites = ROOT / "Tests" / "BreezeRPCTests" / "Methods"
        for method in schema_methods():
            if not reads_upstream(method):
                continue
            with self.subTest(method=method["name"]):
                name = method["name"][0].upper() + method["name"][1:]
                path = suites / f"{name}WireTests.swift"
                self.assertTrue(path.is_file(), f"no {path.relative_to(ROOT)}")
                self.assertIn(f"@Suite struct {name}WireTests", path.read_text(encoding="utf-8"))

    def test_snake_case_matches_the_clients_camel_case(self):
        from breeze_client.client import camel_case

        for name in ["forecastHours", "countryCode", "minutely15", "latitude"]:
            self.assertEqual(camel_case(snake_case(name)), name)


class EndToEndTests(BinaryTestCase):
    """Every method through the built binary against the fake upstream: its schema example, and its required params
    alone. A method whose upstream route the fake does not serve, or whose answer leaves its result schema, fails
    here."""

    fake_options = {"google_keys": {"SECRET-KEY-123"}}

    def test_every_method_answers_its_example_within_its_result_schema(self):
        calls = example_calls()
        self.assertEqual(list(calls), [method["name"] for method in schema_methods()])
        for name, params in calls.items():
            with self.subTest(method=name):
                self.answers(name, params)

    def test_every_method_answers_with_its_required_params_alone(self):
        for method in schema_methods():
            with self.subTest(method=method["name"]):
                example = example_params(method["name"])
                required = {p["name"]: example.get(p["name"]) for p in method["params"] if p.get("required")}
                self.assertLessEqual(set(required), set(example), "the example leaves out a required param")
                self.answers(method["name"], required)

    def answers(self, name: str, params: dict) -> None:
        """Calls `name`, validates the result against its schema (with `jsonschema`) and checks the fake served
        every upstream request it made."""
        method = next(method for method in schema_methods() if method["name"] == name)
        self.fake.reset()
        result = result_of(self, self.call(name, params))
        assert_matches_schema(self, name, result)
        self.assertEqual(bool(self.fake.requests), reads_upstream(method),
                         "asks an upstream" if self.fake.requests else "asked no upstream")
        unrouted = {r["path"] for r in self.fake.requests
                    if self.fake.answer(r["path"], Query(r["query_list"]), r["method"]).status == 404}
        self.assertEqual(unrouted, set(), "add these upstream routes to Tests/EndToEnd/fake_upstream/upstreams.py")


if __name__ == "__main__":
    unittest.main()
