"""Every row of the error table, produced by a real upstream behaviour through the real binary."""

import json
import time
import unittest

from harness import BinaryTestCase, BreezeProcess, closed_port_url, error_of, require_method, result_of

CITY = {"name": "Berlin"}
AIR = {"latitude": 52.52, "longitude": 13.41}


class UpstreamErrorTests(BinaryTestCase):
    """One process (BREEZE_TIMEOUT=1) against one fake; each test switches a failure mode."""

    timeout_seconds = 1

    def expect(self, method, params, code, type, service):
        error = error_of(self, self.call(method, params), code, type)
        self.assertEqual(error["data"].get("service"), service, error)
        self.assertTrue(error.get("message"), error)
        return error

    # -- badServerResponse (1002) -------------------------------------------------------------------

    def test_500_open_meteo_reason(self):
        self.fake.set_mode("geocoding", "500")
        error = self.expect("searchCities", CITY, 1002, "badServerResponse", "geocoding")
        self.assertEqual(error["data"]["status"], 500)
        self.assertEqual(error["data"]["reason"], "Something went wrong.")

    def test_400_reason_in_either_key_order(self):
        for reason_first in (False, True):
            with self.subTest(reason_first=reason_first):
                self.fake.set_mode("airQuality", "status", count=1, status=400, reason="Invalid timezone",
                                   reason_first=reason_first)
                error = self.expect("fetchAirQuality", AIR, 1002, "badServerResponse", "airQuality")
                self.assertEqual((error["data"]["status"], error["data"]["reason"]), (400, "Invalid timezone"))

    def test_502_and_503_html(self):
        for mode, status in (("502", 502), ("503", 503)):
            with self.subTest(mode=mode):
                self.fake.set_mode("geocoding", mode, count=1)
                error = self.expect("searchCities", CITY, 1002, "badServerResponse", "geocoding")
                self.assertEqual(error["data"]["status"], status)
                self.assertNotIn("<html", json.dumps(error).lower(), "an HTML body must not be echoed")

    def test_invalid_json_on_200(self):
        self.fake.set_mode("geocoding", "invalid_json")
        error = self.expect("searchCities", CITY, 1002, "badServerResponse", "geocoding")
        self.assertEqual(error["data"]["status"], 200)

    def test_stream_error_on_200(self):
        self.fake.set_mode("forecast", "stream_error", error="Fatal error: the database file is corrupt")
        error = self.expect("fetchForecast", AIR, 1002, "badServerResponse", "forecast")
        self.assertEqual(error["data"]["status"], 200)
        self.assertIn("Unexpected error while streaming data", error["data"]["reason"])

    def test_empty_body_on_200(self):
        self.fake.set_mode("geocoding", "empty")
        self.expect("searchCities", CITY, 1002, "badServerResponse", "geocoding")

    def test_google_error_envelope(self):
        process = BreezeProcess(self.fake, env={"GOOGLE_POLLEN_API_KEY": "invalid-key"}, timeout_seconds=1)
        with process:
            reply = process.call("fetchPollen", {"latitude": 52.52, "longitude": 13.41, "source": "google"})
            require_method(self, reply, "fetchPollen")
            error = error_of(self, reply, 1002, "badServerResponse")
            self.assertEqual(error["data"]["service"], "googlePollen")
            self.assertEqual(error["data"]["status"], 400)
            self.assertEqual(error["data"]["reason"], "API key not valid. Please pass a valid API key.")
            self.assertNotIn("invalid-key", process.finish()[2] + json.dumps(error))

    def test_proxy_error_text_is_the_reason(self):
        error = error_of(self, self.call("fetchPollen", {"latitude": -33.87, "longitude": 151.21, "source": "proxy"}))
        self.assertEqual(error["data"].get("service"), "pollenProxy", error)
        self.assertEqual(error["data"].get("reason"), "Failed to fetch pollen data")

    # -- networkError (1003) ------------------------------------------------------------------------

    def test_reset_connection(self):
        self.fake.set_mode("geocoding", "reset")
        self.expect("searchCities", CITY, 1003, "networkError", "geocoding")

    def test_truncated_body(self):
        # The connection closes before Content-Length bytes arrived: a transport failure (and worth a retry),
        # not an answer that failed to decode.
        self.fake.set_mode("geocoding", "truncated")
        error = self.expect("searchCities", CITY, 1003, "networkError", "geocoding")
        self.assertIn("before the whole answer arrived", error["data"]["reason"])

    def test_closed_port(self):
        with BreezeProcess(self.fake, env={"BREEZE_GEOCODING_URL": closed_port_url()}) as process:
            reply = process.call("searchCities", CITY)
            require_method(self, reply, "searchCities")
            error = error_of(self, reply, 1003, "networkError")
            self.assertEqual(error["data"]["service"], "geocoding")

    # -- timeout (1004) -----------------------------------------------------------------------------

    def test_hang_past_the_timeout(self):
        self.fake.set_mode("forecast", "hang", seconds=10)
        started = time.monotonic()
        error = self.expect("fetchForecast", AIR, 1004, "timeout", "forecast")
        elapsed = time.monotonic() - started
        self.assertEqual(error["data"].get("timeoutSeconds"), 1)
        self.assertLess(elapsed, 6, "the 1 s timeout must end the call well before the upstream would")
        # The request already sent runs on, holding its slot as the upstream counts it, but only within its own
        # timeout and libcurl's one-second backstop: it ends long before the upstream's 10 s.
        self.assertTrue(self.fake.wait_until_idle(timeout=5), "the abandoned request ends within its backstop")

    # -- rateLimited (1005) -------------------------------------------------------------------------

    def test_429_with_retry_after(self):
        self.fake.set_mode("forecast", "429", retry_after=7)
        error = self.expect("fetchForecast", AIR, 1005, "rateLimited", "forecast")
        self.assertEqual(error["data"].get("retryAfterSeconds"), 7)
        self.assertEqual(error["data"]["reason"], "Minutely API request limit exceeded. Please try again in one minute.")

    def test_429_without_retry_after(self):
        self.fake.set_mode("geocoding", "429")
        error = self.expect("searchCities", CITY, 1005, "rateLimited", "geocoding")
        self.assertNotIn("retryAfterSeconds", error["data"], "unknown retry time must be absent, not guessed")

    def test_429_proxy_retry_after_in_body(self):
        self.fake.set_mode("pollenProxy", "429", body_retry_after=42)
        error = self.expect("fetchPollen", {**AIR, "source": "proxy"}, 1005, "rateLimited", "pollenProxy")
        self.assertEqual(error["data"].get("retryAfterSeconds"), 42)

    # -- noData (1006) ------------------------------------------------------------------------------

    def test_open_meteo_pollen_all_null_outside_europe(self):
        self.expect("fetchPollen", {"latitude": 40.71, "longitude": -74.0, "source": "openMeteo"}, 1006, "noData",
                    "airQuality")

    def test_air_quality_without_current_block(self):
        body = {"latitude": 52.5, "longitude": 13.400009, "generationtime_ms": 0.05, "utc_offset_seconds": 0,
                "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 38.0}
        self.fake.set_mode("airQuality", "body", body=body)
        self.expect("fetchAirQuality", AIR, 1006, "noData", "airQuality")

    def test_google_no_coverage(self):
        with BreezeProcess(self.fake, env={"GOOGLE_POLLEN_API_KEY": "k-1"}) as process:
            reply = process.call("fetchPollen", {"latitude": 19.07, "longitude": 72.88})
            require_method(self, reply, "fetchPollen")
            error = error_of(self, reply, 1006, "noData")
            self.assertEqual(error["data"]["service"], "googlePollen")
            self.assertIn("Information is unavailable for this location", error["data"].get("reason", ""))

    # -- notConfigured (1007) -----------------------------------------------------------------------

    def test_google_without_key(self):
        error = error_of(self, self.call("fetchPollen", {**AIR, "source": "google"}), 1007, "notConfigured")
        self.assertEqual(error["data"].get("setting"), "GOOGLE_POLLEN_API_KEY")
        self.assertEqual(self.fake.count(), 0, "no upstream call without a key")

    # -- badURL (1001) ------------------------------------------------------------------------------

    def test_bad_base_url(self):
        with BreezeProcess(self.fake, env={"BREEZE_FORECAST_URL": "notaurl"}) as process:
            reply = process.call("fetchForecast", AIR)
            require_method(self, reply, "fetchForecast")
            error = error_of(self, reply, 1001, "badURL")
            self.assertEqual(error["data"]["service"], "forecast")
            # The other services keep working.
            reply = process.call("searchCities", CITY)
            self.assertIn("result", reply, reply)

    def test_base_url_curl_would_refuse_is_bad_url_not_a_network_error(self):
        # Foundation percent-encodes the space and parses the URL; libcurl refuses it at every call. The setting is
        # what is wrong, so badURL (1001), before any request leaves.
        for url in ("http://exa mple.com/v1/forecast", f"{self.fake.base_url}/v1/fore\tcast", "http://:80/v1/forecast"):
            with self.subTest(url=url), BreezeProcess(self.fake, env={"BREEZE_FORECAST_URL": url}) as process:
                reply = process.call("fetchForecast", AIR)
                require_method(self, reply, "fetchForecast")
                error = error_of(self, reply, 1001, "badURL")
                self.assertEqual(error["data"]["service"], "forecast")
                self.assertIn("check its setting", error["data"]["reason"])
        self.assertEqual(self.fake.count(), 0)

    # -- invalidParams (-32602) ---------------------------------------------------------------------

    def test_invalid_params_name_the_field(self):
        cases = [
            ("searchCities", {}, "name"),
            ("searchCities", {"name": "Berlin", "count": 0}, "count"),
            ("searchCities", {"name": "Berlin", "count": 101}, "count"),
            ("searchCities", {"name": 5}, "name"),
            ("fetchAirQuality", {"latitude": 95, "longitude": 0}, "latitude"),
            ("fetchAirQuality", {"latitude": 0, "longitude": -181}, "longitude"),
            ("fetchAirQuality", {"latitude": 0, "longitude": 0, "forecastHours": 169}, "forecastHours"),
            ("fetchAirQuality", {"longitude": 0}, "latitude"),
            ("fetchPollen", {"latitude": 0, "longitude": 0, "source": "bogus"}, "source"),
            ("fetchForecast", {"latitude": 0, "longitude": 0, "forecastDays": 17}, "forecastDays"),
            ("fetchForecast", {"latitude": 0, "longitude": 0, "pastDays": 93}, "pastDays"),
            ("fetchClimate", {"latitude": 0, "longitude": 0, "date": "13-45"}, "date"),
            ("fetchDashboard", {"latitude": "north", "longitude": 0}, "latitude"),
        ]
        for method, params, field in cases:
            with self.subTest(method=method, params=params):
                error = error_of(self, self.call(method, params), -32602, "invalidParams")
                self.assertEqual(error["data"].get("field"), field, error)
        self.assertEqual(self.fake.count(), 0, "invalid params never reach an upstream")

    def test_unknown_forecast_variable_is_refused_with_the_closest_names_before_any_upstream_call(self):
        error = error_of(self, self.call("fetchForecast", {**AIR, "hourly": ["temperature_2m", "temperature_2"]}),
                         -32602, "invalidParams")
        self.assertEqual(error["data"]["field"], "hourly")
        self.assertIn('unknown variable "temperature_2". Did you mean temperature_2m', error["message"])
        self.assertEqual(self.fake.count(), 0)

    def test_a_raw_variable_open_meteo_refuses_carries_upstream_reason(self):
        error = error_of(self, self.call("fetchForecast", {**AIR, "hourly": ["temperature_2m", "raw:bogus_var"]}),
                         -32602, "invalidParams")
        self.assertIn("invalid String value bogus_var", json.dumps(error, ensure_ascii=False))
        self.assertEqual(self.fake.count("forecast"), 1)

    def test_pressure_levels_pass_the_table(self):
        result = result_of(self, self.call("fetchForecast", {**AIR, "hourly": ["temperature_850hPa"]}))
        self.assertIn("temperature_850hPa", result["hourly"]["values"])


class ProtocolErrorTests(unittest.TestCase):
    def test_parse_error_invalid_request_method_not_found(self):
        with BreezeProcess() as process:
            process.send_line('{"jsonrpc":"2.0","method":"foobar, "params":"bar","baz]')
            process.send_line('{"jsonrpc":"2.0","method":1,"params":"bar"}')
            process.send_line('{"jsonrpc":"2.0","id":"m","method":"noSuchMethod"}')
            code, replies, _ = process.finish()
        self.assertEqual(code, 0)
        by_code = {r["error"]["code"]: r for r in replies}
        self.assertEqual(set(by_code), {-32700, -32600, -32601}, replies)
        self.assertIsNone(by_code[-32700]["id"])
        self.assertEqual(by_code[-32700]["error"]["data"]["type"], "parseError")
        self.assertIsNone(by_code[-32600]["id"])
        self.assertEqual(by_code[-32600]["error"]["data"]["type"], "invalidRequest")
        self.assertEqual(by_code[-32601]["id"], "m")
        self.assertEqual(by_code[-32601]["error"]["data"]["type"], "methodNotFound")


if __name__ == "__main__":
    unittest.main()
