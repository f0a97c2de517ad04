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
        partial = {"airQuality": None, "pollen": None, "climate": None, "forecast": None, "place": None,
                   "errors": {"pollen": error}}
        self.assertEqual(validate(partial, schema, self.document), [])
        partial["errors"]["weather"] = error
        self.assertEqual(len(validate(partial, schema, self.document)), 1)

    def test_contract_shaped_results_validate_and_missing_fields_do_not(self):
        status = {"level": "moderate", "text": "Moderate", "description": "d", "color": "aqiModerate", "tips": ["t"]}
        pollutant = {
            "id": "pm25",
            "name": "PM2.5",
            "fullName": "Fine Particulate Matter (PM2.5)",
            "value": None,
            "unit": "μg/m³",
            "usAQI": None,
            "status": None,
        }
        air = {
            "time": "2026-10-03T12:00",
            "latitude": 52.3,
            "longitude": 6.9,
            "timezone": "Europe/Amsterdam",
            "usAQI": 65,
            "europeanAQI": None,
            "pm25": 22.1,
            "pm10": None,
            "carbonMonoxide": 229.0,
            "nitrogenDioxide": 11.2,
            "sulphurDioxide": 2.5,
            "ozone": 42.0,
            "status": status,
            "europeanStatus": {"level": "fair", "text": "Fair", "description": "d", "tips": ["t"]},
            "pollutants": [pollutant],
        }
        # Every field is always written, null when unknown.
        empty_item = {key: None for key in ("value", "category", "inSeason", "imageUrl", "family", "season",
                                            "appearance", "crossReaction", "healthRecommendations",
                                            "indexDescription", "color", "type", "peakGrainsPerCubicMeter")}
        empty_item["isPlant"] = False
        pollen = {
            "source": "proxy",
            "regionCode": "DE",
            "ignoredParameters": ["days"],
            "days": [
                {
                    "date": "2025-08-03",
                    "items": [
                        dict(empty_item, id="TREE", name="Tree"),
                        dict(empty_item, id="GRAMINALES", name="Grasses", value=2, category="Low", isPlant=True,
                             inSeason=False, family="Poaceae", imageUrl="https://x/y.jpg", color="#84CF33",
                             type="GRASS"),
                    ],
                }
            ],
        }
        forecast = {
            "latitude": 52.52,
            "longitude": 13.42,
            "elevation": 38.0,
            "timezone": "Europe/Berlin",
            "timezoneAbbreviation": "GMT+2",
            "utcOffsetSeconds": 7200,
            "current": {"time": "2026-10-03T12:00", "interval": 900, "values": {"temperature_2m": 12.5,
                        "weather_code": None}, "text": {}, "units": {"temperature_2m": "°C", "weather_code": "wmo code"},
                        "weatherDescription": None},
            "daily": {"time": ["2026-10-03"], "values": {"temperature_2m_max": [None]}, "units": {"x": "°C"},
                      "text": {"sunrise": ["2026-10-03T07:36"]}, "weatherDescriptions": None},
        }
        climate = {"date": "07-14", "unit": "°C", "points": [{"year": 1980, "temperature": 21.5, "date": "1980-07-14"}],
                   "change": None, "missingYears": [2026]}
        city = {"id": 2950159, "name": "Berlin", "latitude": 52.52, "longitude": 13.41, "displayName": "Berlin, Germany",
                "country": "Germany", "admin1": None}
        found = {"name": "Mitte", "admin1": "Berlin", "country": "Germany", "countryCode": "DE",
                 "timezone": "Europe/Berlin", "population": 102338, "latitude": 52.52003, "longitude": 13.40489,
                 "distanceKm": 0.33, "attribution": "Place data from GeoNames (geonames.org), CC BY 4.0"}
        counters = {"hits": 0, "diskHits": 0, "misses": 1, "coalesced": 0, "entries": 1, "evictions": 0}
        samples = {
            "searchCities": [city],
            "fetchAirQuality": air,
            "fetchPollen": pollen,
            "fetchForecast": forecast,
            "fetchClimate": climate,
            "fetchDashboard": {"airQuality": air, "pollen": pollen, "climate": climate, "forecast": forecast,
                               "place": found, "errors": {}},
            "cacheStats": {"enabled": True, "mode": "on", "directory": "/tmp/breeze", "diskEnabled": True,
                           "upstreams": {name: counters for name in ("geocoding", "airQuality", "forecast", "archive",
                                                                     "pollenProxy", "googlePollen",
                                                                     "historicalForecast", "previousRuns", "singleRun",
                                                                     "ensemble", "seasonal", "marine", "flood",
                                                                     "climateProjection", "satellite", "elevation")}},
            "findPlace": found,
            "fetchElevation": [{"latitude": 52.52, "longitude": 13.41, "elevation": 38.0},
                               {"latitude": 90.0, "longitude": 0.0, "elevation": None}],
            "ping": {},
        }
        for name, result in samples.items():
            schema = method(self.document, name)["result"]["schema"]
            with self.subTest(method=name):
                self.assertEqual(validate(result, schema, self.document), [])
            broken = copy.deepcopy(result)
            target = broken[0] if isinstance(broken, list) else broken
            if target:
                target.pop(next(iter(target)))
            else:
                target["unexpected"] = 1
            with self.subTest(method=name, broken=True):
                self.assertNotEqual(validate(broken, schema, self.document), [])

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
