"""The generated part of the client (breeze_client/generated.py) against its one source, schema/openrpc.json.

These need no breeze-rpc binary: they read the schema and the generated module, and run calls whose sending
is replaced by a recorder.
"""

import copy
import inspect
import io
import json
import tempfile
import unittest
from contextlib import redirect_stderr
from pathlib import Path

from .support import CLIENT_ROOT, REPO_ROOT

import breeze_client  # noqa: E402
import generate  # noqa: E402  (clients/python/generate.py; support puts clients/python on sys.path)
from breeze_client import errors, generated  # noqa: E402
from breeze_client.params import method_params  # noqa: E402

SCHEMA_PATH = REPO_ROOT / "schema" / "openrpc.json"
#: A method as a new Open-Meteo API would add it: the test adds it to a copy of the schema.
NEW_METHOD = {
    "name": "fetchMarine",
    "summary": "Marine forecast at a place.",
    "description": "Waves and swell.",
    "paramStructure": "either",
    "params": [
        {"$ref": "#/components/contentDescriptors/Latitudes"},
        {"$ref": "#/components/contentDescriptors/Longitudes"},
        {"name": "hourly", "description": "Variables.", "required": False,
         "schema": {"type": "array", "items": {"type": "string"}}},
        {"name": "lengthUnit", "required": False, "schema": {"type": "string", "enum": ["metric", "imperial"]}},
    ],
    "result": {"name": "marine", "schema": {"type": "object", "description": "The marine forecast."}},
    "errors": [{"$ref": "#/components/errors/InvalidParams"}],
}


def load_schema():
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


class Recorder(generated.Methods):
    """The generated methods with `call` replaced: it records what would be sent."""

    def __init__(self):
        self.sent = []

    def call(self, method, params=None, *, timeout=None, **named):
        self.sent.append((method, params, timeout))
        return "result"


def import_generated(text):
    """Runs generated code as a module of the breeze_client package, keeping the real error registry."""
    saved = dict(errors.ERROR_TYPES), dict(errors.ERROR_CODES)
    namespace = {"__name__": "breeze_client.generated_probe", "__package__": "breeze_client"}
    try:
        exec(compile(text, "generated_probe.py", "exec"), namespace)
    finally:
        for table, kept in zip((errors.ERROR_TYPES, errors.ERROR_CODES), saved):
            table.clear()
            table.update(kept)
    return namespace


class GeneratedModuleTests(unittest.TestCase):
    def test_the_committed_module_is_what_the_schema_generates(self):
        current = (CLIENT_ROOT / "breeze_client" / "generated.py").read_text(encoding="utf-8")
        self.assertTrue(current == generate.generate(load_schema()),
                        "breeze_client/generated.py is stale: run python3 clients/python/generate.py")

    def test_every_method_of_the_schema_is_a_documented_method_with_its_params(self):
        for method in load_schema()["methods"]:
            with self.subTest(method["name"]):
                entry = generated.METHODS[method["name"]]
                function = getattr(breeze_client.BreezeClient, entry.python)
                self.assertIs(function, getattr(generated.Methods, entry.python),
                              "the client class must not hide a generated method with one of its own")
                self.assertIs(getattr(breeze_client.AsyncBreezeClient, entry.python), function)
                signature = inspect.signature(function)
                self.assertEqual(list(signature.parameters),
                                 ["self", *(param.python for param in entry.params), "timeout"])
                self.assertEqual(signature.parameters["timeout"].kind, inspect.Parameter.KEYWORD_ONLY)
                self.assertIn(f"(`{method['name']}`)", function.__doc__)
                for param in entry.params:
                    self.assertIn(f"    {param.python}: ", function.__doc__)
        self.assertEqual(list(generated.METHODS), [method["name"] for method in load_schema()["methods"]])

    def test_every_error_of_the_schema_is_a_class_picked_by_type_and_code(self):
        table = load_schema()["components"]["errors"]
        self.assertEqual([cls.__name__ for cls in generated.ERROR_CLASSES], list(table))
        for name, error in table.items():
            with self.subTest(name):
                cls = getattr(breeze_client, name)
                self.assertEqual(cls.wire_code, error["code"])
                self.assertIs(type(breeze_client.error_from_reply({"code": error["code"], "message": "m"})), cls)
                self.assertIs(type(breeze_client.error_from_reply(
                    {"code": 0, "message": "m", "data": {"type": cls.type_name}})), cls)

    def test_a_method_added_to_the_schema_needs_only_regenerating(self):
        document = load_schema()
        document["methods"].append(copy.deepcopy(NEW_METHOD))
        probe = import_generated(generate.generate(document))
        self.assertEqual(probe["METHODS"]["fetchMarine"].python, "fetch_marine")

        class ProbeRecorder(probe["Methods"], Recorder):
            pass

        client = ProbeRecorder()
        self.assertEqual(list(inspect.signature(client.fetch_marine).parameters),
                         ["latitude", "longitude", "hourly", "length_unit", "timeout"])
        self.assertIn("Literal['metric', 'imperial']",
                      str(inspect.signature(ProbeRecorder.fetch_marine).parameters["length_unit"].annotation)
                      .replace('"', "'"))
        client.fetch_marine([1.5, 2.5], [3.0, 4.0], hourly="wave_height", timeout=2)
        self.assertEqual(client.sent, [("fetchMarine", {"latitude": [1.5, 2.5], "longitude": [3.0, 4.0],
                                                        "hourly": ["wave_height"]}, 2)])
        # The committed module does not have it, and the check says so.
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        schema_file = Path(directory.name) / "openrpc.json"
        schema_file.write_text(json.dumps(document), encoding="utf-8")
        with redirect_stderr(io.StringIO()) as said:
            self.assertEqual(generate.main(["--check", "--schema", str(schema_file)]), 1)
        self.assertIn("stale", said.getvalue())
        self.assertEqual(generate.main(["--check"]), 0)


class ArgumentTests(unittest.TestCase):
    """What the generated methods send: issue 24's reproductions, without a server."""

    def setUp(self):
        self.client = Recorder()

    def sent_params(self):
        self.assertEqual(len(self.client.sent), 1)
        return self.client.sent[0][1]

    def test_a_string_where_a_list_is_expected_is_one_item(self):
        self.client.fetch_forecast(52.52, 13.41, hourly="temperature_2m", models="gfs_seamless",
                                   current=("temperature_2m", "weather_code"))
        self.assertEqual(self.sent_params(), {"latitude": 52.52, "longitude": 13.41, "hourly": ["temperature_2m"],
                                              "models": ["gfs_seamless"],
                                              "current": ["temperature_2m", "weather_code"]})

    def test_one_number_where_a_list_is_expected_is_one_item(self):
        self.client.fetch_climate(52.52, 13.41, years=1990)
        self.assertEqual(self.sent_params()["years"], [1990])

    def test_a_number_given_as_text_is_refused_naming_the_param(self):
        cases = [
            (lambda: self.client.fetch_forecast("52.52", 13.41), r"fetch_forecast\(\): latitude must be a number"),
            (lambda: self.client.fetch_climate(52.52, 13.41, years="1990"), r"years must be an integer"),
            (lambda: self.client.fetch_climate(52.52, 13.41, years=[1990, "2000"]), r"years\[1\] must be an integer"),
            (lambda: self.client.search_cities("Berlin", count="3"), r"count must be an integer, not the text '3'"),
            (lambda: self.client.fetch_air_quality([52.52, "48.85"], [13.41, 2.35]), r"latitude\[1\] must be a number"),
            (lambda: self.client.fetch_pollen(52.52, 13.41, days=True), r"days must be an integer, not True"),
            (lambda: self.client.fetch_forecast(52.52, 13.41, forecast_days="2"),
             r"forecast_days \(forecastDays\) must be an integer"),
            (lambda: self.client.search_cities(1234), r"name must be a string, not the number 1234"),
        ]
        for call, message in cases:
            with self.subTest(message):
                with self.assertRaisesRegex(TypeError, message):
                    call()
        self.assertEqual(self.client.sent, [], "nothing is sent")

    def test_a_number_json_cannot_carry_is_refused_naming_the_param(self):
        with self.assertRaisesRegex(ValueError, r"latitude must be a finite number, not nan"):
            self.client.fetch_dashboard(float("nan"), 13.41)
        with self.assertRaisesRegex(ValueError, r"longitude\[0\] must be a finite number, not inf"):
            self.client.fetch_forecast([52.52], [float("inf")])
        self.assertEqual(self.client.sent, [])

    def test_none_leaves_a_param_to_the_server(self):
        self.client.search_cities("Berlin", None, "de")
        self.client.ping()
        self.assertEqual(self.client.sent, [("searchCities", {"name": "Berlin", "language": "de"}, None),
                                            ("ping", None, None)])

    def test_method_params_follow_the_table_order(self):
        entry = generated.METHODS["searchCities"]
        self.assertEqual(method_params(entry, ("Bern", 2, None, "CH", None)),
                         {"name": "Bern", "count": 2, "countryCode": "CH"})


if __name__ == "__main__":
    unittest.main()
