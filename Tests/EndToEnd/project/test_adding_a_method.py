"""The "Adding a method" checklist (Sources/README.md), checked: a method described in schema/openrpc.json but missing
from the Python client, from the end-to-end tests or from the fake upstream fails here. (CatalogTests checks
the catalog, the schema and the README's methods table against each other.)
"""

import inspect
import json
import re
import sys
import unittest
from pathlib import Path

END_TO_END = Path(__file__).resolve().parents[1]
ROOT = END_TO_END.parents[1]
sys.path.insert(0, str(ROOT / "clients" / "python"))

from breeze_client.generated import Methods
from fake_upstream import Query
from harness import BinaryTestCase, assert_matches_schema, result_of

# A value for each required parameter of any method; a method with a new required parameter adds one here.
REQUIRED_VALUES = {"latitude": 52.52, "longitude": 13.41, "name": "Berlin", "api": "flood"}
# The methods answered by the process itself, without an upstream.
LOCAL_METHODS = {"ping", "rpc.discover", "cacheStats", "findPlace"}


def schema_methods() -> list[dict]:
    """The schema's methods, each param's `$ref` replaced by the content descriptor it points at."""
    document = json.loads((ROOT / "schema" / "openrpc.json").read_text(encoding="utf-8"))
    descriptors = document["components"]["contentDescriptors"]
    prefix = "#/components/contentDescriptors/"

    def resolved(param: dict) -> dict:
        return descriptors[param["$ref"].removeprefix(prefix)] if "$ref" in param else param

    return [dict(method, params=[resolved(p) for p in method["params"]]) for method in document["methods"]]


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

    def test_every_method_is_called_by_an_end_to_end_test(self):
        tests = "".join(path.read_text(encoding="utf-8") for path in END_TO_END.rglob("test_*.py")
                        if path.name != Path(__file__).name)
        for method in schema_methods():
            with self.subTest(method=method["name"]):
                self.assertIn(f'"{method["name"]}"', tests, "no test in Tests/EndToEnd calls it")

    def test_every_method_with_an_upstream_has_a_wire_suite_named_after_it(self):
        suites = ROOT / "Tests" / "BreezeRPCTests" / "Methods"
        for method in schema_methods():
            if method["name"] in LOCAL_METHODS:
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


class FakeUpstreamTests(BinaryTestCase):
    """Every method answers from the fake upstream with only its required params: a method whose upstream
    route the fake does not serve fails here."""

    fake_options = {"google_keys": {"SECRET-KEY-123"}}

    def test_every_method_answers_with_its_required_params(self):
        for method in schema_methods():
            with self.subTest(method=method["name"]):
                required = [p["name"] for p in method["params"] if p.get("required")]
                missing = [name for name in required if name not in REQUIRED_VALUES]
                self.assertEqual(missing, [], "add a value for the new required param to REQUIRED_VALUES")
                self.fake.reset()
                result = result_of(self, self.call(method["name"], {name: REQUIRED_VALUES[name] for name in required}))
                assert_matches_schema(self, method["name"], result)
                self.assertTrue(self.fake.requests or method["name"] in LOCAL_METHODS, "it asked no upstream")
                unrouted = {r["path"] for r in self.fake.requests
                            if self.fake.answer(r["path"], Query(r["query_list"]), r["method"]).status == 404}
                self.assertEqual(unrouted, set(), "add these upstream routes to Tests/EndToEnd/fake_upstream/upstreams.py")


if __name__ == "__main__":
    unittest.main()
