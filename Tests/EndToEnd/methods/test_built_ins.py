"""The built-in methods through the real binary: `ping` and `rpc.discover`."""

import unittest

from .method_case import MethodTestCase


class BuiltInsTests(MethodTestCase):
    def test_ping(self):
        self.assertEqual(self.result("ping"), {})

    def test_discover_lists_every_method(self):
        document = self.result("rpc.discover")
        self.assertTrue(str(document.get("openrpc", "")).startswith("1."), document.get("openrpc"))
        names = {m["name"] for m in document.get("methods", [])}
        for method in ("searchCities", "fetchAirQuality", "fetchPollen", "fetchForecast", "fetchClimate",
                       "fetchDashboard"):
            self.assertIn(method, names)


if __name__ == "__main__":
    unittest.main()
