"""An editor's JSON-RPC library on the built binary: python-lsp-jsonrpc, which speaks Content-Length framing.

Every method through `JsonRpcStreamWriter`/`JsonRpcStreamReader` and an `Endpoint`, each result checked against
its schema in schema/openrpc.json with `jsonschema`; errors arrive as the library's `JsonRpcException` with
breeze-rpc's code; an MCP handshake works over the same framing.
"""

import json
import subprocess
import threading
import unittest

import jsonschema
from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.exceptions import JsonRpcException
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

from fake_upstream import FakeUpstream
from harness import REPO_ROOT, SCHEMA_PATH, binary_path, clean_environment

TIMEOUT = 15
PLACE = {"latitude": 52.52, "longitude": 13.41}
PARAMS = {
    "ping": None,
    "rpc.discover": None,
    "searchCities": {"name": "Berlin"},
    "fetchAirQuality": PLACE,
    "fetchForecast": {**PLACE, "daily": ["temperature_2m_max"], "forecastDays": 1},
    "fetchPollen": PLACE,
    "fetchClimate": PLACE,
    "fetchDashboard": PLACE,
    "findPlace": PLACE,
    "cacheStats": None,
}


class ContentLengthClientTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.fake = FakeUpstream().start()
        env = clean_environment({**cls.fake.environment(), "BREEZE_TIMEOUT": "10"})
        cls.process = subprocess.Popen([binary_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, env=env, cwd=REPO_ROOT)
        writer = JsonRpcStreamWriter(cls.process.stdin)
        cls.reader = JsonRpcStreamReader(cls.process.stdout)
        cls.endpoint = Endpoint({}, writer.write, max_workers=2)
        cls.listener = threading.Thread(target=cls.reader.listen, args=(cls.endpoint.consume,), daemon=True)
        cls.listener.start()
        cls.document = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))

    @classmethod
    def tearDownClass(cls):
        cls.endpoint.shutdown()
        cls.process.stdin.close()
        try:
            cls.process.wait(timeout=10)
        finally:
            if cls.process.poll() is None:
                cls.process.kill()
                cls.process.wait(timeout=5)
            cls.listener.join(timeout=5)
            cls.process.stdout.close()
            cls.fake.stop()

    def result_schema(self, method: str) -> dict:
        """The method's result schema, with the document's components beside it so its `$ref`s resolve."""
        described = next(m for m in self.document["methods"] if m["name"] == method)
        return {**described["result"]["schema"], "components": self.document["components"]}

    def test_every_method_answers_with_a_result_matching_its_schema(self):
        futures = {method: self.endpoint.request(method, params) for method, params in PARAMS.items()}
        for method, future in futures.items():
            with self.subTest(method=method):
                result = future.result(timeout=TIMEOUT)
                jsonschema.validate(result, self.result_schema(method))
        self.assertEqual(futures["ping"].result(), {})
        self.assertEqual(futures["rpc.discover"].result()["info"]["title"], "breeze-rpc")
        self.assertGreater(len(futures["searchCities"].result()), 0)

    def test_errors_arrive_with_breeze_rpcs_codes(self):
        cases = [("noSuchMethod", None, -32601), ("fetchForecast", {"latitude": 123}, -32602)]
        for method, params, code in cases:
            with self.subTest(method=method):
                with self.assertRaises(JsonRpcException) as raised:
                    self.endpoint.request(method, params).result(timeout=TIMEOUT)
                self.assertEqual(raised.exception.code, code)
                self.assertEqual(raised.exception.data["type"], "methodNotFound" if code == -32601 else "invalidParams")

    def test_an_mcp_handshake_works_over_the_same_framing(self):
        initialized = self.endpoint.request(
            "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t"}})
        self.assertEqual(initialized.result(timeout=TIMEOUT)["protocolVersion"], "2025-06-18")
        self.endpoint.notify("notifications/initialized")
        call = self.endpoint.request("tools/call", {"name": "searchCities", "arguments": {"name": "Berlin"}})
        result = call.result(timeout=TIMEOUT)
        self.assertFalse(result["isError"])
        self.assertGreater(len(result["structuredContent"]["cities"]), 0)


if __name__ == "__main__":
    unittest.main()
