"""breeze_client against the real breeze-rpc binary and the fake upstream (Tests/EndToEnd/fake_upstream).

Run from the repository root: python3 -m unittest discover -s clients/python/tests -t clients/python
(or `python3 -m unittest` in clients/python).
"""

import asyncio
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import unittest.mock
from pathlib import Path

from .support import REPO_ROOT, client_env

import breeze_client  # noqa: E402
from breeze_client import (  # noqa: E402
    AsyncBreezeClient, BadServerResponse, BreezeClient, BreezeError, BreezeProcessError, BreezeTimeout,
    InvalidParams, MethodNotFound, NoData, NotConfigured, RateLimited, RequestCancelled, error_from_reply)
from error_table import json_rpc_error_types  # noqa: E402
from fake_upstream import FakeUpstream  # noqa: E402
from harness import FakeUpstreamTestCase, binary_path  # noqa: E402
from method_examples import example_params  # noqa: E402  (the schema's example call of each method)

BERLIN = (52.52, 13.41)


class ClientTestCase(FakeUpstreamTestCase):
    extra_env: dict = {}
    fake_options = {"google_keys": {"SECRET-KEY-123"}}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.client = BreezeClient(binary_path(), env=client_env(cls.fake, **cls.extra_env), inherit_env=False,
                                  timeout=30)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        super().tearDownClass()

    def invoke(self, function, *args, **kwargs):
        """Runs a client method; a MethodNotFound fails the test naming the method (not landed yet)."""
        try:
            return function(*args, **kwargs)
        except MethodNotFound as error:
            self.fail(f"{function.__name__}: breeze-rpc does not answer {error.data.get('method')!r} yet "
                      f"(not on main, or a stale build): {error}")


class MethodTests(ClientTestCase):
    def test_ping(self):
        self.assertEqual(self.client.ping(), {})

    def test_search_cities_maps_snake_case(self):
        cities = self.invoke(self.client.search_cities, "Berlin", count=3, language="de", country_code="DE")
        query = self.fake.requests_to("geocoding")[0]["query"]
        self.assertEqual((query["name"], query["count"], query["language"], query["countryCode"]),
                         ("Berlin", "3", "de", "DE"))
        self.assertTrue(cities)
        self.assertEqual(cities[0]["displayName"], "Berlin, State of Berlin, Deutschland")

    def test_fetch_air_quality(self):
        air = self.invoke(self.client.fetch_air_quality, *BERLIN, forecast_hours=2)
        self.assertEqual(self.fake.requests_to("airQuality")[0]["query"].get("forecast_hours"), "2")
        self.assertIn("usAQI", air)
        self.assertEqual(len(air["pollutants"]), 6)
        self.assertIsNotNone(air.get("hourly"))

    def test_fetch_pollen(self):
        pollen = self.invoke(self.client.fetch_pollen, *BERLIN, source="proxy", language_code="en")
        self.assertEqual(pollen["source"], "proxy")
        self.assertEqual(len(pollen["days"]), 1)
        self.assertEqual(self.fake.count("pollenProxy"), 1)

    def test_fetch_forecast(self):
        forecast = self.invoke(self.client.fetch_forecast, *BERLIN, current=["temperature_2m"],
                               daily=("temperature_2m_max",), minutely15=["precipitation"], forecast_days=2, temperature_unit="fahrenheit",
                               wind_speed_unit="mph", precipitation_unit="inch", timezone="Europe/Berlin")
        query = self.fake.requests_to("forecast")[0]["query"]
        self.assertEqual((query["forecast_days"], query["temperature_unit"], query["wind_speed_unit"],
                          query["precipitation_unit"], query["timezone"]),
                         ("2", "fahrenheit", "mph", "inch", "Europe/Berlin"))
        self.assertEqual(forecast["current"]["units"]["temperature_2m"], "°F")
        self.assertEqual(len(forecast["minutely15"]["time"]), 2 * 96)
        self.assertEqual(query["minutely_15"], "precipitation")
        self.assertEqual(len(forecast["daily"]["time"]), 2)

    def test_fetch_forecast_for_several_places_and_models_in_one_call(self):
        places = self.invoke(self.client.fetch_forecast, (52.52, 48.85), [13.41, 2.35], hourly=["temperature_2m"],
                             forecast_days=1, models=("icon_seamless", "gfs_seamless"))
        query = self.fake.requests_to("forecast")[0]["query"]
        self.assertEqual((query["latitude"], query["longitude"], query["models"]),
                         ("52.52,48.85", "13.41,2.35", "icon_seamless,gfs_seamless"))
        self.assertEqual(self.fake.count("forecast"), 1)
        self.assertEqual([[m["model"] for m in place["models"]] for place in places],
                         [["icon_seamless", "gfs_seamless"]] * 2)
        self.assertEqual(len(places[1]["models"][1]["forecast"]["hourly"]["time"]), 24)

    def test_fetch_air_quality_for_several_places(self):
        places = self.invoke(self.client.fetch_air_quality, [52.52, 48.85], [13.41, 2.35])
        self.assertEqual(self.fake.requests_to("airQuality")[0]["query"]["latitude"], "52.52,48.85")
        self.assertEqual([len(place["pollutants"]) for place in places], [6, 6])

    def test_fetch_climate(self):
        climate = self.invoke(self.client.fetch_climate, *BERLIN, date="06-15", years=(1990, 2000))
        self.assertEqual([p["year"] for p in climate["points"]], [1990, 2000])
        self.assertEqual(self.fake.count("archive"), 1)  # one request, a date range per year

    def test_fetch_dashboard(self):
        dashboard = self.invoke(self.client.fetch_dashboard, *BERLIN, temperature_unit="celsius")
        self.assertEqual(set(dashboard) >= {"airQuality", "pollen", "climate", "forecast", "errors"}, True)

    def test_find_place(self):
        place = self.invoke(self.client.find_place, 37.21, -93.29, radius_km=20)
        self.assertEqual((place["name"], place["admin1"], place["countryCode"]), ("Springfield", "Missouri", "US"))
        places = self.invoke(self.client.find_place, [37.21, 0.0], [-93.29, -140.0])
        self.assertEqual(places["places"][1]["error"]["data"]["type"], "noData")

    def test_fetch_elevation(self):
        points = self.invoke(self.client.fetch_elevation, [52.52, 90.0], [13.41, 0.0])
        self.assertEqual([(p["latitude"], p["elevation"] is None) for p in points], [(52.52, False), (90.0, True)])

    def test_discover(self):
        document = self.invoke(self.client.discover)
        self.assertIn("methods", document)

    def test_cache_stats(self):
        stats = self.invoke(self.client.cache_stats)
        self.assertIn(stats["mode"], ("on", "memory", "off"))
        self.assertEqual(set(stats["upstreams"]),
                         {"geocoding", "airQuality", "forecast", "archive", "pollenProxy", "googlePollen",
                          "historicalForecast", "previousRuns", "singleRun", "ensemble", "seasonal", "marine", "flood",
                          "climateProjection", "satellite", "elevation", "nws", "eccc", "meteoalarm"})
        self.assertTrue(all(set(c) >= {"hits", "misses", "coalesced", "entries", "evictions"}
                            for c in stats["upstreams"].values()))

    def test_every_method_answers_through_its_python_method(self):
        listed = [method["name"] for method in self.client.discover()["methods"]]
        self.assertEqual([name for name in listed if name not in breeze_client.generated.METHODS], [],
                         "breeze-rpc answers methods the client lacks: run python3 clients/python/generate.py")
        for name in listed:
            with self.subTest(name):
                entry = breeze_client.generated.METHODS[name]
                example = example_params(name)
                sample = {param.python: example[param.wire] for param in entry.params if param.wire in example}
                self.assertIsNotNone(self.invoke(getattr(self.client, entry.python), **sample))

    def test_a_string_where_a_list_is_expected_is_one_item(self):
        forecast = self.invoke(self.client.fetch_forecast, *BERLIN, hourly="temperature_2m", models="gfs_seamless",
                               forecast_days=1)
        query = self.fake.requests_to("forecast")[0]["query"]
        self.assertEqual((query["hourly"], query["models"]), ("temperature_2m", "gfs_seamless"))
        self.assertEqual([m["model"] for m in forecast["models"]], ["gfs_seamless"])
        climate = self.invoke(self.client.fetch_climate, *BERLIN, date="06-15", years=1990)
        self.assertEqual([p["year"] for p in climate["points"]], [1990])

    def test_a_number_given_as_text_is_refused_before_anything_is_sent(self):
        with unittest.mock.patch.object(self.client, "_write", side_effect=AssertionError("sent")):
            with self.assertRaisesRegex(TypeError, r"latitude must be a number .*not the text '52.52'"):
                self.client.fetch_forecast("52.52", 13.41)
            with self.assertRaisesRegex(TypeError, r"years must be an integer .*not the text '1990'"):
                self.client.fetch_climate(*BERLIN, years="1990")

        async def main():
            async with AsyncBreezeClient(binary_path(), env=client_env(self.fake), inherit_env=False) as breeze:
                with self.assertRaisesRegex(TypeError, "latitude"):
                    await breeze.fetch_forecast("52.52", 13.41)
                return await breeze.ping()

        self.assertEqual(asyncio.run(asyncio.wait_for(main(), 30)), {})
        self.assertEqual(self.fake.requests, [])

    def test_generic_call_by_name_and_position(self):
        self.assertEqual(self.client.call("ping"), {})
        by_name = self.invoke(self.client.call, "searchCities", name="Bern", count=1)
        by_position = self.invoke(self.client.call, "searchCities", ["Bern", 1])
        self.assertEqual(by_name, by_position)
        self.client.notify("ping")  # a notification gets no reply and disturbs nothing
        self.assertEqual(self.client.call("ping"), {})


class ErrorMappingTests(ClientTestCase):
    def test_error_from_reply_picks_subclass_by_type_then_code(self):
        # Every JSON-RPC error of the one table (the Swift ErrorCode constants), by data.type.
        table = {name: code for code, name in json_rpc_error_types().items()}
        for type_name, code in table.items():
            error = error_from_reply({"code": code, "message": "m", "data": {"type": type_name}})
            self.assertEqual(type(error).type_name, type_name)
            self.assertIsInstance(error, BreezeError)
            self.assertIs(type(error_from_reply({"code": code, "message": "m"})), type(error), "by code alone")
        limited = error_from_reply({"code": 1005, "message": "m", "data": {"type": "rateLimited",
                                                                           "retryAfterSeconds": 7}})
        self.assertEqual(limited.retry_after_seconds, 7)
        self.assertIs(type(error_from_reply({"code": 42, "message": "?"})), BreezeError)

    def test_method_not_found(self):
        with self.assertRaises(MethodNotFound) as caught:
            self.client.call("noSuchMethod")
        self.assertEqual(caught.exception.code, -32601)

    def test_invalid_params_field(self):
        with self.assertRaises(InvalidParams) as caught:
            self.invoke(self.client.search_cities, "Berlin", count=0)
        self.assertEqual(caught.exception.field, "count")

    def test_rate_limited_and_bad_server_response(self):
        self.fake.set_mode("forecast", "429", count=1, retry_after=9)
        with self.assertRaises(RateLimited) as caught:
            self.invoke(self.client.fetch_forecast, *BERLIN)
        self.assertEqual(caught.exception.retry_after_seconds, 9)
        self.fake.set_mode("forecast", "500", count=1)
        with self.assertRaises(BadServerResponse) as caught:
            self.invoke(self.client.fetch_forecast, *BERLIN)
        self.assertEqual((caught.exception.status, caught.exception.service), (500, "forecast"))

    def test_not_configured_and_no_data(self):
        with self.assertRaises(NotConfigured) as caught:
            self.invoke(self.client.fetch_pollen, *BERLIN, source="google")
        self.assertEqual(caught.exception.setting, "GOOGLE_POLLEN_API_KEY")
        with self.assertRaises(NoData):
            self.invoke(self.client.fetch_pollen, 40.71, -74.0, source="openMeteo")


class ConcurrencyTests(ClientTestCase):
    def test_threads_share_one_client(self):
        results, errors = {}, []

        def worker(n):
            try:
                for i in range(25):
                    self.assertEqual(self.client.ping(), {})
                results[n] = True
            except Exception as error:  # noqa: BLE001 - collected and reported below
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        self.assertEqual(errors, [])
        self.assertEqual(len(results), 8)

    def test_threads_get_their_own_replies(self):
        self.fake.set_mode("forecast", "delay", ms=200)
        outcomes = {}

        def worker(i):
            try:
                outcomes[i] = self.client.fetch_forecast(40 + i, 10.0, current=["temperature_2m"])
            except Exception as error:  # noqa: BLE001
                outcomes[i] = error

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(12)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        for i, outcome in outcomes.items():
            if isinstance(outcome, MethodNotFound):
                self.fail("fetchForecast is not on this build of breeze-rpc yet")
            self.assertNotIsInstance(outcome, Exception, outcome)
            self.assertAlmostEqual(outcome["latitude"], 40 + i, delta=0.5, msg="replies matched by id")
        self.assertEqual(len(outcomes), 12)
        self.assertLess(time.monotonic() - started, 12 * 0.2, "calls must overlap")

    def test_asyncio_gather(self):
        self.fake.set_mode("forecast", "delay", ms=300)

        async def main():
            async with AsyncBreezeClient(binary_path(), env=client_env(self.fake), inherit_env=False) as breeze:
                pings = await asyncio.gather(*(breeze.ping() for _ in range(50)))
                started = time.monotonic()
                forecasts = await asyncio.gather(
                    *(breeze.fetch_forecast(30 + i, 5.0, forecast_days=1) for i in range(10)),
                    return_exceptions=True)
                return pings, forecasts, time.monotonic() - started

        pings, forecasts, elapsed = asyncio.run(asyncio.wait_for(main(), 60))
        self.assertEqual(pings, [{}] * 50)
        for i, outcome in enumerate(forecasts):
            if isinstance(outcome, MethodNotFound):
                self.fail("fetchForecast is not on this build of breeze-rpc yet")
            self.assertNotIsInstance(outcome, Exception, outcome)
            self.assertAlmostEqual(outcome["latitude"], 30 + i, delta=0.5)
        self.assertLess(elapsed, 10 * 0.3, "gathered calls must run concurrently")


class TimeoutAndDeathTests(unittest.TestCase):
    def setUp(self):
        self.fake = FakeUpstream(hang_max_seconds=20).start()
        self.addCleanup(self.fake.stop)

    def make_client(self):
        client = BreezeClient(binary_path(), env=client_env(self.fake, BREEZE_TIMEOUT="20"), inherit_env=False)
        self.addCleanup(client.close)
        return client

    def test_timeout_sends_cancel(self):
        client = BreezeClient(
            binary_path(), env=client_env(self.fake, BREEZE_TIMEOUT="20", BREEZE_CACHE="memory"), inherit_env=False)
        self.addCleanup(client.close)
        self.fake.set_mode("forecast", "delay", ms=2000)  # answers long after the client's 0.7 s
        started = time.monotonic()
        try:
            client.fetch_forecast(*BERLIN, timeout=0.7)
        except MethodNotFound:
            self.fail("fetchForecast is not on this build of breeze-rpc yet")
        except BreezeTimeout as timeout:
            self.assertEqual(timeout.method, "fetchForecast")
        else:
            self.fail("expected BreezeTimeout")
        self.assertLess(time.monotonic() - started, 1.5, "the client gives up at its timeout and cancels")
        self.assertEqual(client.ping(), {})
        self.assertEqual(client.pending, 0)
        # The request breeze-rpc had already sent runs on until the upstream answers (Open-Meteo counts it until
        # then), and its answer is kept: the same call again is answered without another upstream request.
        self.assertTrue(self.fake.wait_for_requests(1, timeout=5, path_or_service="forecast"))
        deadline = time.monotonic() + 10
        while self.fake.stats()["inFlight"] and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(self.fake.stats()["inFlight"], 0, "the cancelled call's upstream request ends with its answer")
        self.assertTrue(client.fetch_forecast(*BERLIN, timeout=5))
        self.assertEqual(self.fake.count("forecast"), 1)

    def hanging_forecast(self, client):
        """Submits a fetchForecast that the upstream holds; returns (future, request id) once it reached the upstream."""
        self.fake.set_mode("forecast", "hang")
        future, request_id = client.submit("fetchForecast", {"latitude": 1.0, "longitude": 2.0})
        if not self.fake.wait_for_requests(1, timeout=10, path_or_service="forecast"):
            self.fail(f"fetchForecast never reached the upstream: {future.exception(timeout=1)!r}")
        return future, request_id

    def test_submit_and_cancel_raises_request_cancelled(self):
        client = self.make_client()
        future, request_id = self.hanging_forecast(client)
        client.cancel(request_id)
        with self.assertRaises(RequestCancelled):
            future.result(timeout=5)

    def test_process_killed_mid_call(self):
        client = self.make_client()
        future, _ = self.hanging_forecast(client)
        client.process.kill()
        with self.assertRaises(BreezeProcessError) as caught:
            future.result(timeout=10)
        self.assertEqual(caught.exception.returncode, -9)
        with self.assertRaises(BreezeProcessError):
            client.ping()

    def stand_in(self, name: str, text: str) -> str:
        """The path of a shell script standing in for breeze-rpc, removed when the test ends."""
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        script = Path(directory) / name
        script.write_text(text)
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
        return str(script)

    def test_pending_calls_fail_when_the_process_is_killed(self):
        client = BreezeClient(self.stand_in("stuck-breeze", "#!/bin/sh\nexec sleep 30\n"))
        try:
            futures = [client.submit("ping")[0] for _ in range(5)]
            client.process.kill()
            for future in futures:
                with self.assertRaises(BreezeProcessError) as caught:
                    future.result(timeout=10)
                self.assertEqual(caught.exception.returncode, -9)
        finally:
            client.close()

    def test_process_exits_with_status_and_stderr(self):
        script = self.stand_in("dying-breeze", "#!/bin/sh\nread line\necho 'fatal: out of cheese' >&2\nexit 3\n")
        client = BreezeClient(script)
        try:
            with self.assertRaises(BreezeProcessError) as caught:
                client.ping(timeout=10)
        finally:
            client.close()
        self.assertEqual(caught.exception.returncode, 3)
        self.assertIn("out of cheese", caught.exception.stderr_tail)

        async def main():
            async with AsyncBreezeClient(script) as breeze:
                await breeze.ping(timeout=10)

        with self.assertRaises(BreezeProcessError) as caught:
            asyncio.run(asyncio.wait_for(main(), 20))
        self.assertEqual(caught.exception.returncode, 3)

    def test_async_timeout_cancels(self):
        self.fake.set_mode("forecast", "hang")

        async def main():
            async with AsyncBreezeClient(binary_path(), env=client_env(self.fake, BREEZE_TIMEOUT="20"),
                                         inherit_env=False) as breeze:
                with self.assertRaises(BreezeTimeout):
                    await breeze.fetch_forecast(*BERLIN, timeout=0.5)
                return await breeze.ping()

        try:
            self.assertEqual(asyncio.run(asyncio.wait_for(main(), 20)), {})
        except MethodNotFound:
            self.fail("fetchForecast is not on this build of breeze-rpc yet")

    def test_binary_lookup(self):
        old = os.environ.get("BREEZE_RPC")
        os.environ["BREEZE_RPC"] = binary_path()
        try:
            self.assertEqual(breeze_client.find_binary(), binary_path())
        finally:
            if old is None:
                del os.environ["BREEZE_RPC"]
            else:
                os.environ["BREEZE_RPC"] = old
        with self.assertRaises(FileNotFoundError):
            breeze_client.find_binary("/nonexistent/breeze-rpc")

    def test_finds_the_installed_binary_with_no_variable_set(self):
        home = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, home)
        os.makedirs(os.path.join(home, ".local", "bin"))
        installed = os.path.join(home, ".local", "bin", "breeze-rpc")
        os.symlink(binary_path(), installed)
        env = {key: value for key, value in os.environ.items() if key != "BREEZE_RPC"}
        env.update(HOME=home, PATH="/usr/bin:/bin", PYTHONPATH=str(REPO_ROOT / "clients" / "python"))
        done = subprocess.run([sys.executable, "-m", "breeze_client", "--compact", "ping"], capture_output=True,
                              text=True, env=env, timeout=30)
        self.assertEqual((done.returncode, done.stdout), (0, "{}\n"), done.stderr)
        with unittest.mock.patch.dict(os.environ, {"HOME": home, "PATH": "/usr/bin:/bin"}):
            os.environ.pop("BREEZE_RPC", None)
            self.assertEqual(breeze_client.find_binary(), installed)


    def test_finds_the_binary_pip_installed_beside_the_interpreter(self):
        # `pip install breeze-rpc` puts the binary in the environment's scripts folder; a program run by that
        # environment's Python without activating it (no PATH entry, no BREEZE_RPC) must still find it.
        scratch = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, scratch)
        venv = os.path.join(scratch, "venv")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True, timeout=60)
        installed = os.path.join(venv, "bin", "breeze-rpc")
        os.symlink(binary_path(), installed)
        env = {key: value for key, value in os.environ.items() if key not in ("BREEZE_RPC", "VIRTUAL_ENV")}
        env.update(HOME=scratch, PATH="/usr/bin:/bin", PYTHONPATH=str(REPO_ROOT / "clients" / "python"))
        done = subprocess.run([os.path.join(venv, "bin", "python"), "-c",
                               "import breeze_client; print(breeze_client.find_binary())"],
                              capture_output=True, text=True, env=env, timeout=30)
        self.assertEqual((done.returncode, done.stdout.strip()), (0, installed), done.stderr)

class CommandLineTests(FakeUpstreamTestCase):
    def run_cli(self, *args):
        env = client_env(self.fake, BREEZE_RPC=binary_path())
        env["PYTHONPATH"] = str(REPO_ROOT / "clients" / "python")
        return subprocess.run([sys.executable, "-m", "breeze_client", *args], capture_output=True, text=True,
                              env=env, timeout=30)

    def test_prints_result(self):
        done = self.run_cli("ping")
        self.assertEqual((done.returncode, json.loads(done.stdout)), (0, {}))
        done = self.run_cli("searchCities", "name=Berlin", "count=3")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(json.loads(done.stdout)), 3)
        self.assertEqual(self.fake.requests[-1]["query"]["count"], "3")

    def test_double_equals_forces_a_string_as_in_the_shell_client(self):
        done = self.run_cli("searchCities", "name==1234", "count=2")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(self.fake.requests[-1]["query"]["name"], "1234", "not \"=1234\"")
        done = self.run_cli("searchCities", "name=Bern", "count==2")
        self.assertEqual(done.returncode, 1, "count must arrive as the string \"2\" and be rejected")
        self.assertIn("-32602", done.stderr)

    def test_error_exit_status(self):
        done = self.run_cli("noSuchMethod")
        self.assertEqual(done.returncode, 1)
        self.assertEqual(done.stdout, "")
        self.assertIn("Method not found", done.stderr)

    def test_exits_127_when_breeze_rpc_is_missing(self):
        done = self.run_cli("ping", "--binary", "/nonexistent/breeze-rpc")
        self.assertEqual((done.returncode, done.stdout), (127, ""))
        self.assertIn("/nonexistent/breeze-rpc", done.stderr)
        home = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, home)
        env = {key: value for key, value in os.environ.items() if key != "BREEZE_RPC"}
        env.update(HOME=home, PATH="/usr/bin:/bin", PYTHONPATH=str(REPO_ROOT / "clients" / "python"))
        done = subprocess.run([sys.executable, "-m", "breeze_client", "ping"], capture_output=True, text=True,
                              env=env, timeout=30)
        self.assertEqual(done.returncode, 127, done.stderr)
        self.assertIn(os.path.join(home, ".local", "bin", "breeze-rpc"), done.stderr)

    def test_binary_help_names_the_install_location(self):
        done = self.run_cli("--help")
        self.assertEqual(done.returncode, 0)
        self.assertIn("~/.local/bin/breeze-rpc", " ".join(done.stdout.split()))

    def test_no_arguments_prints_usage_and_demands_no_param(self):
        done = self.run_cli()
        self.assertEqual((done.returncode, done.stdout), (2, ""))
        self.assertIn("usage: breeze-client", done.stderr)
        self.assertNotIn("required", done.stderr)
        self.assertEqual(json.loads(self.run_cli("ping").stdout), {}, "ping needs no PARAM")

    def test_options_may_follow_the_method(self):
        done = self.run_cli("cacheStats", "--compact")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(len(done.stdout.splitlines()), 1)
        done = self.run_cli("searchCities", "name=Berlin", "--compact", "count=2")
        self.assertEqual((done.returncode, len(json.loads(done.stdout))), (0, 2), done.stderr)

    def test_bad_raw_json_names_the_param(self):
        done = self.run_cli("fetchForecast", "latitude=52.52", "longitude=13.41", "hourly:=[temperature_2m]")
        self.assertEqual(done.returncode, 2)
        self.assertIn("hourly:= needs JSON, got '[temperature_2m]'", done.stderr)
        self.assertEqual(self.fake.requests, [])


if __name__ == "__main__":
    unittest.main()
