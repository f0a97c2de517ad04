"""The fake upstream itself: shapes, quirks and failure modes, checked over real HTTP."""

import datetime as dt
import http.client
import json
import socket
import subprocess
import sys
import tempfile
import threading
import time
import types
import unittest
import urllib.request
from pathlib import Path

from fake_upstream import UPSTREAMS, FakeUpstream
from harness import FakeUpstreamTestCase, binary_path, clean_environment, http_get_json

SCRIPT = Path(__file__).resolve().parents[1] / "fake_upstream"


def raw_get(fake, path, timeout=5.0):
    """(status or None, headers, body bytes, error) with no client-side interpretation."""
    connection = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        try:
            body = response.read()
            error = None
        except http.client.IncompleteRead as incomplete:
            body, error = incomplete.partial, incomplete
        return response.status, dict(response.getheaders()), body, error
    except (ConnectionError, http.client.HTTPException, socket.timeout) as error:
        return None, {}, b"", error
    finally:
        connection.close()


class ShapeTests(FakeUpstreamTestCase):
    def get(self, path):
        return http_get_json(self.fake.base_url + path)

    def test_geocoding(self):
        status, body = self.get("/v1/search?name=Berlin&count=3")
        self.assertEqual(status, 200)
        self.assertEqual(len(body["results"]), 3)
        self.assertEqual(body["results"][0]["name"], "Berlin")
        self.assertNotIn("admin2", body["results"][0], "empty strings are omitted")
        self.assertEqual(self.get("/v1/search?name=Nowhereville")[1].keys(), {"generationtime_ms"})
        self.assertEqual(self.get("/v1/search?name=Berlin&count=101"),
                         (400, {"error": True, "reason": "Parameter count must be between 1 and 100."}))
        self.assertEqual(self.get("/v1/search?name=sao%20paulo")[1]["results"][0]["name"], "São Paulo")

    def test_air_quality_units_and_pollen(self):
        status, body = self.get("/v1/air-quality?latitude=52.52&longitude=13.41&current=us_aqi,pm2_5,grass_pollen"
                                "&hourly=pm10&forecast_hours=4&timezone=auto")
        self.assertEqual(status, 200)
        self.assertEqual(body["current"]["interval"], 3600)
        self.assertIsInstance(body["current"]["us_aqi"], int)
        self.assertEqual(body["current_units"]["pm2_5"], "μg/m³")
        self.assertIsNotNone(body["current"]["grass_pollen"])
        self.assertEqual(len(body["hourly"]["pm10"]), 4)
        self.assertEqual(body["latitude"], 52.5)
        self.assertEqual(body["longitude"], 13.400009, "Float32 grid centre")
        _, far = self.get("/v1/air-quality?latitude=40.7&longitude=-74&current=grass_pollen,birch_pollen")
        self.assertEqual(far["current"]["grass_pollen"], None)

    def test_one_utc_offset_across_a_dst_change_as_open_meteo_writes(self):
        # Open-Meteo applies the zone's offset at request time to every hour of an answer (utc_offset_seconds),
        # also after a DST change in the hours it returns: the labels stay an hour apart, none skipped or repeated.
        for clock, offset in (("2026-03-28T22:30+00:00", 3600), ("2026-10-24T22:30+00:00", 7200)):
            with self.subTest(clock=clock):
                self.fake.set_clock(dt.datetime.fromisoformat(clock))
                _, body = self.get("/v1/forecast?latitude=52.52&longitude=13.41&hourly=is_day&forecast_hours=6"
                                   "&timezone=auto")
                self.assertEqual((body["timezone"], body["utc_offset_seconds"]), ("Europe/Berlin", offset))
                first = (dt.datetime.fromisoformat(clock) + dt.timedelta(seconds=offset)).replace(tzinfo=None)
                self.assertEqual(body["hourly"]["time"],
                                 [(first.replace(minute=0) + dt.timedelta(hours=h)).strftime("%Y-%m-%dT%H:%M")
                                  for h in range(6)])

    def test_chosen_values_for_chosen_hours(self):
        self.fake.set_values("forecast", "weather_code", 95, hours=[2])
        self.fake.set_values("forecast", "temperature_2m", -45)
        self.fake.set_values("airQuality", "us_aqi_ozone", 150, local_hours=[13])
        self.fake.set_values("airQuality", "pm2_5", None, hours=range(-12, 0))
        _, body = self.get("/v1/forecast?latitude=52.52&longitude=13.41&hourly=weather_code,temperature_2m"
                           "&forecast_hours=5&timezone=auto")
        codes = body["hourly"]["weather_code"]
        self.assertEqual(codes[2], 95)
        self.assertNotIn(95, codes[:2] + codes[3:])
        self.assertEqual(set(body["hourly"]["temperature_2m"]), {-45})
        _, air = self.get("/v1/air-quality?latitude=52.52&longitude=13.41&hourly=us_aqi_ozone,pm2_5"
                          "&forecast_hours=24&past_hours=12&timezone=auto")
        for time, ozone in zip(air["hourly"]["time"], air["hourly"]["us_aqi_ozone"]):
            self.assertEqual(ozone == 150, time.endswith("T13:00"), time)
        self.assertEqual(air["hourly"]["pm2_5"][:12], [None] * 12)
        self.assertNotIn(None, air["hourly"]["pm2_5"][12:])
        self.fake.reset()
        _, body = self.get("/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&forecast_hours=5")
        self.assertNotIn(-45, body["hourly"]["temperature_2m"], "reset clears the chosen values")

    def test_forecast_units_unknown_and_undefined(self):
        _, body = self.get("/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m,wind_speed_10m"
                           "&hourly=lifted_index&daily=sunrise,temperature_2m_max&forecast_days=3&past_days=1"
                           "&wind_speed_unit=mph&temperature_unit=fahrenheit&timezone=auto")
        self.assertEqual(body["current_units"], {"time": "iso8601", "interval": "seconds", "temperature_2m": "°F",
                                                 "wind_speed_10m": "mp/h"})
        self.assertEqual(body["current"]["interval"], 900)
        self.assertEqual(body["hourly_units"]["lifted_index"], "undefined")
        self.assertEqual(set(body["hourly"]["lifted_index"]), {None})
        self.assertEqual(len(body["hourly"]["time"]), 96)
        self.assertEqual(len(body["daily"]["sunrise"]), 4)
        self.assertRegex(body["daily"]["sunrise"][0], r"^\d{4}-\d\d-\d\dT\d\d:\d\d$")
        status, error = self.get("/v1/forecast?latitude=1&longitude=2&hourly=temperature_2m,bogus")
        self.assertEqual(status, 400)
        self.assertTrue(error["reason"].startswith("Data corrupted at path ''. Cannot initialize"))
        self.assertTrue(error["reason"].endswith("from invalid String value bogus."))
        self.assertEqual(self.get("/v1/forecast?latitude=1&longitude=2&forecast_days=17")[1]["reason"],
                         "Forecast days is invalid. Allowed range 0 to 16. Given 16.")

    def test_several_places_and_models_as_open_meteo_sends_them(self):
        path = ("/v1/forecast?latitude=52.52,48.85&longitude=13.41,2.35&current=temperature_2m&hourly=temperature_2m"
                "&forecast_days=1&timezone=auto&models=icon_seamless,gfs_seamless")
        status, places = self.get(path)
        self.assertEqual(status, 200)
        self.assertEqual(len(places), 2, "several places: a JSON array")
        self.assertNotIn("location_id", places[0])
        self.assertEqual(places[1]["location_id"], 1)
        for place in places:
            # `current` once, unsuffixed (the first model's); section variables as NAME_MODEL, model after model.
            self.assertEqual(list(place["current"]), ["time", "interval", "temperature_2m"])
            self.assertEqual(list(place["hourly"]), ["time", "temperature_2m_icon_seamless",
                                                     "temperature_2m_gfs_seamless"])
            self.assertEqual(place["hourly_units"]["temperature_2m_gfs_seamless"], "°C")
        self.assertNotEqual(places[0]["hourly"]["temperature_2m_icon_seamless"],
                            places[0]["hourly"]["temperature_2m_gfs_seamless"])
        _, one = self.get(path.replace("icon_seamless,gfs_seamless", "icon_seamless"))
        self.assertIn("temperature_2m", one[0]["hourly"], "one model: names as without models")
        status, error = self.get("/v1/forecast?latitude=1&longitude=2&models=bogus_model")
        self.assertEqual((status, error["reason"]),
                         (400, "Data corrupted at path ''. Cannot initialize MultiDomains from invalid String "
                               "value bogus_model."))

    def test_flatbuffers_send_one_message_per_place_and_model(self):
        import flatbuffers

        request = urllib.request.urlopen(
            self.fake.base_url + "/v1/forecast?latitude=52.52,48.85&longitude=13.41,2.35&hourly=temperature_2m"
            "&forecast_days=1&models=icon_seamless,gfs_seamless&format=flatbuffers", timeout=5)
        body = request.read()
        messages, position = [], 0
        while position < len(body):
            size = int.from_bytes(body[position:position + 4], "little")
            table = flatbuffers.table.Table(body, position + 4 + int.from_bytes(body[position + 4:position + 8],
                                                                                "little"))

            def slot(index, kind, default=0):
                offset = table.Offset(4 + 2 * index)
                return table.Get(kind, offset + table.Pos) if offset else default

            messages.append((slot(4, flatbuffers.number_types.Int64Flags),
                             slot(5, flatbuffers.number_types.Uint8Flags)))
            position += 4 + size
        self.assertEqual(messages, [(0, 20), (0, 2), (1, 20), (1, 2)],
                         "(location_id, model) per message: location-major, icon_seamless=20, gfs_seamless=2")

    def test_archive_lag(self):
        today = dt.datetime.now(dt.timezone.utc).date()
        _, old = self.get("/v1/archive?latitude=52.52&longitude=13.41&start_date=2000-06-01&end_date=2000-06-01"
                          "&daily=temperature_2m_max&timezone=auto")
        self.assertIsInstance(old["daily"]["temperature_2m_max"][0], float)
        _, recent = self.get(f"/v1/archive?latitude=52.52&longitude=13.41&start_date={today}&end_date={today}"
                             "&daily=temperature_2m_max")
        self.assertEqual(recent["daily"]["temperature_2m_max"], [None])

    def test_google_and_proxy(self):
        status, body = self.get("/v1/forecast:lookup?key=k&location.latitude=52.52&location.longitude=13.41&days=2")
        self.assertEqual(status, 200)
        self.assertEqual(len(body["dailyInfo"]), 2)
        types = body["dailyInfo"][0]["pollenTypeInfo"]
        self.assertEqual(types[1], {"code": "TREE", "displayName": "Tree"})
        self.assertEqual(types[2]["indexInfo"]["category"], "Very Low")
        self.assertNotIn("red", types[2]["indexInfo"]["color"])
        self.assertEqual(self.get("/v1/forecast:lookup?location.latitude=1&location.longitude=2&days=1")[0], 403)
        self.assertEqual(self.get("/v1/forecast:lookup?key=invalid&location.latitude=1&location.longitude=2&days=1"
                                  )[1]["error"]["details"][0]["reason"], "API_KEY_INVALID")
        self.assertEqual(self.get("/v1/forecast:lookup?key=k&location.latitude=-5&location.longitude=2&days=1")[1],
                         {"error": {"code": 400, "message": "Information is unavailable for this location. Please "
                                    "try a different location.", "status": "INVALID_ARGUMENT"}})
        self.assertEqual(self.get("/api/pollen?lat=52.52"), (400, {"error": "Missing latitude or longitude"}))
        status, body = self.get("/api/pollen?lat=52.52&lon=13.41")
        self.assertEqual((status, len(body["dailyInfo"])), (200, 1))


class ModeTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream(hang_max_seconds=5).start()
        self.addCleanup(self.fake.stop)

    def test_status_dialects_and_count(self):
        self.fake.set_mode("*", "status", count=3, status=400, reason="nope")
        self.assertEqual(raw_get(self.fake, "/v1/search?name=Berlin")[2], b'{"error":true,"reason":"nope"}')
        self.assertEqual(raw_get(self.fake, "/api/pollen?lat=1&lon=2")[2], b'{"error":"nope"}')
        self.assertEqual(json.loads(raw_get(self.fake, "/v1/forecast:lookup")[2])["error"]["message"], "nope")
        self.assertEqual(raw_get(self.fake, "/v1/search?name=Berlin")[0], 200, "count=3 used up")

    def test_429_retry_after(self):
        self.fake.set_mode("geocoding", "429", count=1, retry_after=7)
        status, headers, _, _ = raw_get(self.fake, "/v1/search?name=Berlin")
        self.assertEqual((status, headers.get("Retry-After")), (429, "7"))
        self.fake.set_mode("geocoding", "429", count=1)
        self.assertNotIn("Retry-After", raw_get(self.fake, "/v1/search?name=Berlin")[1])

    def test_html_truncated_invalid_stream_reset(self):
        self.fake.set_mode("forecast", "502", count=1)
        status, headers, body, _ = raw_get(self.fake, "/v1/forecast?latitude=1&longitude=2")
        self.assertEqual((status, headers["Content-Type"]), (502, "text/html"))
        self.assertIn(b"<html>", body)
        self.fake.set_mode("forecast", "truncated", count=1)
        status, _, _, error = raw_get(self.fake, "/v1/forecast?latitude=1&longitude=2&hourly=temperature_2m")
        self.assertIsInstance(error, http.client.IncompleteRead)
        self.fake.set_mode("forecast", "invalid_json", count=1)
        with self.assertRaises(ValueError):
            json.loads(raw_get(self.fake, "/v1/forecast?latitude=1&longitude=2")[2])
        self.fake.set_mode("forecast", "stream_error", count=1)
        status, _, body, _ = raw_get(self.fake, "/v1/forecast?latitude=1&longitude=2&hourly=temperature_2m")
        self.assertEqual(status, 200)
        self.assertIn(b"Unexpected error while streaming data: ", body)
        self.fake.set_mode("forecast", "reset", count=1)
        status, _, _, error = raw_get(self.fake, "/v1/forecast?latitude=1&longitude=2")
        self.assertIsNone(status)
        self.assertIsNotNone(error)

    def test_hang_ends_when_client_leaves_and_on_stop(self):
        self.fake.set_mode("forecast", "hang")
        started = time.monotonic()
        status, _, _, error = raw_get(self.fake, "/v1/forecast?latitude=1&longitude=2", timeout=0.5)
        self.assertIsNone(status)
        deadline = time.monotonic() + 3
        while self.fake.stats()["inFlight"] and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertEqual(self.fake.stats()["inFlight"], 0, "the hang ends when the client goes away")
        self.assertLess(time.monotonic() - started, 3)
        # A hang still running at stop() ends too.
        thread = threading.Thread(target=raw_get, args=(self.fake, "/v1/forecast?latitude=1&longitude=2", 10))
        thread.start()
        self.assertTrue(self.fake.wait_for_requests(2, timeout=5))
        self.fake.stop()
        thread.join(timeout=5)
        self.assertFalse(thread.is_alive())

    def test_delay_and_concurrency_gauge(self):
        self.fake.set_mode("forecast", "delay", ms=300)
        threads = [threading.Thread(target=raw_get, args=(self.fake, "/v1/forecast?latitude=1&longitude=2"))
                   for _ in range(4)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=5)
        self.assertGreaterEqual(time.monotonic() - started, 0.3)
        stats = self.fake.stats()
        self.assertEqual(stats["counts"]["/v1/forecast"], 4)
        self.assertEqual(stats["maxInFlight"], 4)
        self.assertEqual(self.fake.requests[0]["query"], {"latitude": "1", "longitude": "2"})


class ScriptTests(unittest.TestCase):
    def test_script_with_control_endpoint(self):
        script = SCRIPT
        process = subprocess.Popen([sys.executable, str(script), "--port", "0"], stdout=subprocess.PIPE, text=True)
        try:
            base = process.stdout.readline().strip()
            self.assertRegex(base, r"^http://127\.0\.0\.1:\d+$")
            request = urllib.request.Request(base + "/__control", method="POST", data=json.dumps(
                {"target": "geocoding", "mode": "status", "status": 400, "reason": "scripted", "count": 1}).encode())
            with urllib.request.urlopen(request, timeout=5) as response:
                self.assertEqual(json.load(response), {"ok": True})
            self.assertEqual(http_get_json(base + "/v1/search?name=Berlin"),
                             (400, {"error": True, "reason": "scripted"}))
            status, log = http_get_json(base + "/__requests")
            self.assertEqual([r["query"]["name"] for r in log], ["Berlin"])
            self.assertEqual(http_get_json(base + "/__stats")[1]["total"], 1)
        finally:
            process.terminate()
            process.wait(timeout=10)
            process.stdout.close()
        self.assertEqual(process.returncode, 0)


class EnvExportTests(unittest.TestCase):
    def test_env_prints_exports_that_a_shell_can_eval_and_the_fake_answers_there(self):
        script = SCRIPT
        shell = (f'eval "$({sys.executable} {script} --env)" && '
                 f'{sys.executable} -c "import os, urllib.request; print(urllib.request.urlopen('
                 f'os.environ[\'BREEZE_GEOCODING_URL\'] + \'?name=Berlin&count=1\').read().decode())"; status=$?; '
                 'echo "pid=$BREEZE_FAKE_UPSTREAM_PID cache=$BREEZE_CACHE"; kill "$BREEZE_FAKE_UPSTREAM_PID"; '
                 'exit $status')
        done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, timeout=30)
        self.assertEqual(done.returncode, 0, done.stderr)
        body, variables = done.stdout.strip().splitlines()
        self.assertEqual(json.loads(body)["results"][0]["name"], "Berlin")
        self.assertRegex(variables, r"^pid=\d+ cache=memory$")
        self.assertIn("stop it with: kill", done.stderr)
        # It says what it set, and that it left the format alone (the package is there).
        self.assertIn(f"set BREEZE_*_URL: all {len(UPSTREAMS)} upstreams are the fake", done.stderr)
        self.assertIn("set BREEZE_CACHE=memory: answers are cached in memory only", done.stderr)
        self.assertIn("left BREEZE_UPSTREAM_FORMAT unset", done.stderr)


FORECAST_AS_FLATBUFFERS = ("/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&forecast_days=1"
                           "&format=flatbuffers")


def hiding_flatbuffers(directory: str) -> dict[str, str]:
    """An environment whose pythons cannot import `flatbuffers`, as a plain python3 without the test packages."""
    package = Path(directory) / "flatbuffers"
    package.mkdir()
    (package / "__init__.py").write_text('raise ImportError("flatbuffers is hidden by the test")\n')
    return clean_environment({"PYTHONPATH": directory})


class WithoutFlatBuffersTests(unittest.TestCase):
    """Without the flatbuffers package, the fake answers JSON (format=flatbuffers included) and says so once when
    it starts; environment() and --env ask breeze-rpc for JSON, and --env says so."""

    def serve(self, env: dict[str, str]):
        """Starts the script; returns its base URL and a function that stops it and returns its stderr."""
        process = subprocess.Popen([sys.executable, str(SCRIPT), "--port", "0"], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, env=env)

        def stop() -> str:
            process.terminate()
            _, stderr = process.communicate(timeout=10)
            return stderr

        self.addCleanup(lambda: process.poll() is not None or stop())
        return process.stdout.readline().strip(), stop

    def forecast_as_flatbuffers(self, base: str):
        return raw_get(types.SimpleNamespace(port=int(base.rsplit(":", 1)[1])), FORECAST_AS_FLATBUFFERS)

    def test_a_flatbuffers_request_gets_json_and_the_fake_says_so_once(self):
        with tempfile.TemporaryDirectory() as directory:
            base, stop = self.serve(hiding_flatbuffers(directory))
            status, headers, body, error = self.forecast_as_flatbuffers(base)
            self.forecast_as_flatbuffers(base)
            stderr = stop()
        self.assertIsNone(error, "the request failed instead of getting JSON")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("application/json"), headers)
        self.assertEqual(json.loads(body)["hourly_units"], {"time": "iso8601", "temperature_2m": "°C"})
        self.assertEqual(len(stderr.splitlines()), 1, stderr)
        self.assertRegex(stderr, r"^fake upstream: the flatbuffers package is not installed, so every answer is JSON")

    def test_with_the_package_the_same_request_gets_flatbuffers_and_nothing_is_said(self):
        base, stop = self.serve(clean_environment())
        status, headers, body, error = self.forecast_as_flatbuffers(base)
        self.assertEqual((status, headers["Content-Type"], error), (200, "application/octet-stream", None))
        self.assertEqual(stop(), "")

    def test_environment_asks_breeze_rpc_for_json(self):
        probe = ("import json, sys; sys.path.insert(0, sys.argv[1]); from fake_upstream import FakeUpstream; "
                 "fake = FakeUpstream(); print(json.dumps(fake.environment())); fake.stop()")
        for hidden in (True, False):
            with self.subTest(flatbuffers_hidden=hidden), tempfile.TemporaryDirectory() as directory:
                env = hiding_flatbuffers(directory) if hidden else clean_environment()
                done = subprocess.run([sys.executable, "-c", probe, str(SCRIPT.parent)], capture_output=True,
                                      text=True, env=env, timeout=30, check=True)
                variables = json.loads(done.stdout)
                self.assertEqual(variables.get("BREEZE_UPSTREAM_FORMAT"), "json" if hidden else None)
                self.assertEqual(len([name for name in variables if name.endswith("_URL")]), len(UPSTREAMS))

    def test_env_points_breeze_rpc_at_json_answers_and_says_what_it_set(self):
        request = '{"jsonrpc":"2.0","id":1,"method":"fetchForecast","params":{"latitude":52.52,"longitude":13.41}}'
        shell = (f'eval "$({sys.executable} {SCRIPT} --env)" && echo \'{request}\' | "$BREEZE_RPC"; status=$?; '
                 'echo "format=$BREEZE_UPSTREAM_FORMAT cache=$BREEZE_CACHE"; kill "$BREEZE_FAKE_UPSTREAM_PID"; '
                 'exit $status')
        with tempfile.TemporaryDirectory() as directory:
            env = {**hiding_flatbuffers(directory), "BREEZE_RPC": binary_path()}
            done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, env=env, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        reply, variables = done.stdout.strip().splitlines()
        self.assertEqual(json.loads(reply)["result"]["timezone"], "Europe/Berlin", reply[:300])
        self.assertEqual(variables, "format=json cache=memory")
        self.assertIn("the flatbuffers package is not installed, so every answer is JSON", done.stderr)
        self.assertIn("set BREEZE_CACHE=memory: answers are cached in memory only", done.stderr)
        self.assertIn("set BREEZE_UPSTREAM_FORMAT=json: the flatbuffers package is not installed", done.stderr)


if __name__ == "__main__":
    unittest.main()
