"""The fake upstream's Open-Meteo family, checked over real HTTP without breeze-rpc: every API's path, limits and
error texts, key order and members, sections, coverage, FlatBuffers against JSON, the concurrency 429, several
date ranges in one call, lists split on literal commas only, and elevation."""

import datetime as dt
import http.client
import json
import math
import re
import sys
import threading
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_upstream import OPEN_METEO_CONCURRENCY, elevation  # noqa: E402
from fake_upstream.floats import UNIT_DECIMALS  # noqa: E402
from harness import FakeUpstreamTestCase  # noqa: E402

TODAY = dt.datetime.now(dt.timezone.utc).date()
BERLIN = "latitude=52.52&longitude=13.41"
NORTH_SEA = "latitude=54.0&longitude=4.0"
NEW_YORK = "latitude=40.71&longitude=-74.01"

#: Per API: path, default and most forecast days, first and last date (None: dates refused), sections it has.
APIS = {
    "archive": ("/v1/archive", 1, 1, dt.date(1940, 1, 1), TODAY, {"hourly", "daily"}),
    "historicalForecast": ("/historical-forecast/v1/forecast", 1, 16, dt.date(2016, 1, 1),
                           TODAY + dt.timedelta(days=16), {"current", "minutely_15", "hourly", "daily"}),
    "previousRuns": ("/previous-runs/v1/forecast", 7, 16, dt.date(2016, 1, 1), TODAY + dt.timedelta(days=16),
                     {"current", "minutely_15", "hourly", "daily"}),
    "singleRun": ("/single-run/v1/forecast", 7, 16, None, None, {"current", "minutely_15", "hourly", "daily"}),
    "ensemble": ("/ensemble/v1/ensemble", 7, 36, TODAY - dt.timedelta(days=93), TODAY + dt.timedelta(days=36),
                 {"current", "minutely_15", "hourly", "daily"}),
    "seasonal": ("/seasonal/v1/seasonal", 183, 217, dt.date(2025, 9, 1), TODAY + dt.timedelta(days=217),
                 {"hourly", "daily", "weekly", "monthly"}),
    "marine": ("/marine/v1/marine", 7, 16, dt.date(1940, 1, 1), TODAY + dt.timedelta(days=16),
               {"current", "minutely_15", "hourly", "daily"}),
    "flood": ("/flood/v1/flood", 92, 366, dt.date(1984, 1, 1), TODAY + dt.timedelta(days=366), {"daily"}),
    "climateProjection": ("/climate-projection/v1/climate", 7, 14, dt.date(1950, 1, 1), dt.date(2050, 12, 31),
                          {"daily"}),
    "satellite": ("/satellite/v1/archive", 1, 1, dt.date(1983, 1, 1), TODAY, {"hourly", "daily"}),
}
#: A variable each API has, per section.
NAMES = {
    "marine": {"current": "wave_height", "minutely_15": "wave_height", "hourly": "wave_height",
               "daily": "wave_height_max"},
    "flood": {"daily": "river_discharge"},
    "seasonal": {"hourly": "temperature_2m", "daily": "temperature_2m_max", "weekly": "temperature_2m_mean",
                 "monthly": "temperature_2m_mean"},
}
WEATHER_NAMES = {"current": "temperature_2m", "minutely_15": "temperature_2m", "hourly": "temperature_2m",
                 "daily": "temperature_2m_max"}
RUN = f"{TODAY - dt.timedelta(days=3)}T00:00"


def request(fake, path, method="GET", body=None, headers=None):
    """(status, content type, body bytes) of one request."""
    connection = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type"), response.read()
    finally:
        connection.close()


def flatbuffers_messages(body: bytes) -> list:
    """The size-prefixed messages of a FlatBuffers answer, as `flatbuffers.table.Table`s of `WeatherApiResponse`."""
    import flatbuffers

    messages, position = [], 0
    while position < len(body):
        size = int.from_bytes(body[position:position + 4], "little")
        root = position + 4 + int.from_bytes(body[position + 4:position + 8], "little")
        messages.append(flatbuffers.table.Table(body, root))
        position += 4 + size
    return messages


class FamilyTestCase(FakeUpstreamTestCase):
    def get(self, path):
        """(status, parsed JSON body) of a GET."""
        status, _, body = request(self.fake, path)
        return status, json.loads(body)

    def reason(self, path):
        status, body = self.get(path)
        self.assertEqual(status, 400, body)
        self.assertEqual(body["error"], True)
        return body["reason"]


class ConcurrencyLimitTests(FamilyTestCase):
    fake_options = {"open_meteo_concurrency": OPEN_METEO_CONCURRENCY}

    def test_a_sixth_open_meteo_request_in_flight_is_refused_with_429(self):
        # Five slow requests to three Open-Meteo APIs (one address, one limit), then a sixth while they are open.
        for target in ("forecast", "archive", "elevation"):
            self.fake.set_mode(target, "delay", ms=2000)
        paths = ["/v1/forecast?latitude=1&longitude=2"] * 2 + [
            "/v1/archive?latitude=1&longitude=2&start_date=2000-01-01&end_date=2000-01-01"] * 2 + [
            "/elevation/v1/elevation?latitude=1&longitude=2"]
        replies = []
        threads = [threading.Thread(target=lambda p=p: replies.append(request(self.fake, p)[0])) for p in paths]
        for thread in threads:
            thread.start()
        self.assertTrue(self.fake.wait_for_requests(5, timeout=10))
        status, content_type, body = request(self.fake, "/v1/air-quality?latitude=1&longitude=2&hourly=pm10")
        self.assertEqual((status, json.loads(body)), (429, {"error": True, "reason": "Too many concurrent requests"}))
        for thread in threads:
            thread.join(timeout=10)
        self.assertEqual(sorted(replies), [200] * 5, "the five in flight are answered")
        self.assertTrue(self.fake.wait_until_idle())
        stats = self.fake.stats()
        self.assertEqual((stats["openMeteoPeakInFlight"], stats["openMeteoRefused"], stats["openMeteoInFlight"]),
                         (6, 1, 0), "the refused request counts in the peak")
        self.fake.reset_peaks()
        self.assertEqual(self.fake.stats()["openMeteoPeakInFlight"], 0)

    def test_geocoding_and_the_other_upstreams_do_not_count(self):
        self.fake.set_mode("geocoding", "delay", ms=2000)
        threads = [threading.Thread(target=request, args=(self.fake, "/v1/search?name=Berlin")) for _ in range(6)]
        for thread in threads:
            thread.start()
        self.assertTrue(self.fake.wait_for_requests(6, timeout=10))
        self.assertEqual(request(self.fake, "/v1/forecast?latitude=1&longitude=2")[0], 200)
        for thread in threads:
            thread.join(timeout=10)
        self.assertEqual(self.fake.stats()["openMeteoPeakInFlight"], 1)
        self.assertEqual(self.fake.stats()["maxInFlight"], 7)

    def test_six_in_a_row_are_all_answered(self):
        for _ in range(6):
            self.assertEqual(request(self.fake, "/v1/forecast?latitude=1&longitude=2")[0], 200)
            self.assertTrue(self.fake.wait_until_idle())
        self.assertEqual(self.fake.stats()["openMeteoPeakInFlight"], 1)


class ConcurrencyGaugeTests(FamilyTestCase):
    """The gauge on its own: a fake built without the limit measures and refuses nothing until told to."""
    fake_options = {"open_meteo_concurrency": None}

    def slow_requests(self, n):
        self.fake.set_mode("forecast", "delay", ms=1500)
        threads = [threading.Thread(target=request, args=(self.fake, "/v1/forecast?latitude=1&longitude=2"))
                   for _ in range(n)]
        for thread in threads:
            thread.start()
        self.assertTrue(self.fake.wait_for_requests(n, timeout=10))
        return threads

    def test_without_a_limit_it_measures_and_refuses_nothing(self):
        threads = self.slow_requests(6)
        self.assertEqual(request(self.fake, "/v1/archive?latitude=1&longitude=2")[0], 200)
        for thread in threads:
            thread.join(timeout=10)
        stats = self.fake.stats()
        self.assertEqual((stats["openMeteoPeakInFlight"], stats["openMeteoRefused"]), (7, 0))

    def test_the_control_endpoint_switches_the_limit_and_resets_the_peak(self):
        def control(command):
            status, _, body = request(self.fake, "/__control", "POST", json.dumps(command))
            self.assertEqual(status, 200, body)

        control({"action": "open_meteo_concurrency", "limit": 2})
        self.addCleanup(control, {"action": "open_meteo_concurrency", "limit": None})
        threads = self.slow_requests(2)
        self.assertEqual(request(self.fake, "/v1/archive?latitude=1&longitude=2")[0], 429)
        for thread in threads:
            thread.join(timeout=10)
        self.assertTrue(self.fake.wait_until_idle())
        status, _, body = request(self.fake, "/__stats")
        self.assertEqual(json.loads(body)["openMeteoPeakInFlight"], 3)
        control({"action": "reset_peaks"})
        self.assertEqual(json.loads(request(self.fake, "/__stats")[2])["openMeteoPeakInFlight"], 0)
        self.assertEqual(json.loads(request(self.fake, "/__stats")[2])["maxInFlight"], 0)


class DateRangeTests(FamilyTestCase):
    ARCHIVE = "/v1/archive?daily=temperature_2m_max&latitude="

    def test_one_coordinate_with_three_ranges_is_three_results_without_location_id(self):
        status, results = self.get(self.ARCHIVE + "52.52&longitude=13.41&start_date=2000-06-01,2001-06-01,2002-06-01"
                                   "&end_date=2000-06-02,2001-06-01,2002-06-03")
        self.assertEqual(status, 200)
        self.assertEqual([r["daily"]["time"] for r in results],
                         [["2000-06-01", "2000-06-02"], ["2001-06-01"], ["2002-06-01", "2002-06-02", "2002-06-03"]])
        self.assertTrue(all("location_id" not in r for r in results))
        # Each result is what the same range alone answers.
        for result, (start, end) in zip(results, [("2000-06-01", "2000-06-02"), ("2001-06-01", "2001-06-01"),
                                                  ("2002-06-01", "2002-06-03")]):
            self.assertEqual(self.get(f"{self.ARCHIVE}52.52&longitude=13.41&start_date={start}&end_date={end}")[1]
                             ["daily"], result["daily"])

    def test_two_coordinates_with_two_ranges_are_paired(self):
        _, results = self.get(self.ARCHIVE + "52.52,48.85&longitude=13.41,2.35&start_date=2000-06-01,2001-06-01"
                              "&end_date=2000-06-01,2001-06-01")
        self.assertEqual([(r.get("location_id", 0), r["daily"]["time"]) for r in results],
                         [(0, ["2000-06-01"]), (1, ["2001-06-01"])])

    def test_one_range_applies_to_every_coordinate(self):
        _, results = self.get(self.ARCHIVE + "52.52,48.85&longitude=13.41,2.35&start_date=2000-06-01"
                              "&end_date=2000-06-01")
        self.assertEqual([r["daily"]["time"] for r in results], [["2000-06-01"]] * 2)

    def test_mismatched_counts_are_open_meteo_texts(self):
        self.assertEqual(self.reason(self.ARCHIVE + "1,2,3&longitude=1,2,3&start_date=2000-06-01,2001-06-01"
                                     "&end_date=2000-06-01,2001-06-01"),
                         "Parameter 'start_date' and 'end_date' must have the same number of elements as coordinates")
        self.assertEqual(self.reason(self.ARCHIVE + "1&longitude=1&start_date=2000-06-01,2001-06-01"
                                     "&end_date=2000-06-01"),
                         "Parameter 'start_date' and 'end_date' must have the same number of elements")

    def test_an_encoded_comma_is_part_of_the_value(self):
        self.assertEqual(self.reason(self.ARCHIVE + "1&longitude=1&start_date=2000-06-01%2C2001-06-01"
                                     "&end_date=2000-06-01%2C2001-06-01"),
                         "Invalid date format. Make sure to use 'YYYY-MM-DD'")
        self.assertEqual(self.reason("/v1/forecast?latitude=1&longitude=1&models=gfs_seamless%2Cicon_seamless"),
                         "Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value "
                         "gfs_seamless,icon_seamless.")

    def test_flatbuffers_send_one_message_per_range(self):
        status, content_type, body = request(
            self.fake, self.ARCHIVE + "52.52&longitude=13.41&start_date=2000-06-01,2001-06-01"
            "&end_date=2000-06-02,2001-06-01&format=flatbuffers")
        self.assertEqual((status, content_type), (200, "application/octet-stream"))
        self.assertEqual(len(flatbuffers_messages(body)), 2)

    def test_a_post_form_is_answered_as_the_same_get(self):
        query = "latitude=52.52&longitude=13.41&start_date=2000-06-01,2001-06-01&end_date=2000-06-01,2001-06-01" \
                "&daily=temperature_2m_max"
        status, _, body = request(self.fake, "/v1/archive", "POST", query,
                                  {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual((status, json.loads(body)), self.get("/v1/archive?" + query))


class ElevationTests(FamilyTestCase):
    PATH = "/elevation/v1/elevation"

    def test_the_body_is_swift_printed_floats_with_nan_where_the_model_cannot_say(self):
        status, content_type, body = request(self.fake, self.PATH + "?latitude=52.52,90,54,10&longitude=13.41,0,4,180"
                                             "&format=flatbuffers")
        self.assertEqual((status, content_type), (200, "application/json"))
        land = elevation.elevation_at(52.52, 13.41)
        self.assertEqual(body.decode(), f'{{"elevation":[{land!r}, nan, 0.0, nan]}}')
        self.assertGreater(land, 0)
        # Deterministic: the same point, the same height, in any company.
        self.assertEqual(request(self.fake, self.PATH + "?latitude=52.52&longitude=13.41")[2].decode(),
                         f'{{"elevation":[{land!r}]}}')

    def test_one_hundred_points_and_no_more(self):
        points = ",".join(str(n / 10) for n in range(100))
        status, _, body = request(self.fake, f"{self.PATH}?latitude={points}&longitude={points}")
        self.assertEqual(status, 200)
        self.assertEqual(len(json.loads(body)["elevation"]), 100)
        self.assertEqual(self.reason(f"{self.PATH}?latitude={points},1&longitude={points},1"),
                         "Parameter 'latitude' and 'longitude' must not exceed 100 coordinates.")

    def test_error_texts(self):
        self.assertEqual(self.reason(self.PATH + "?latitude=1,2&longitude=1"),
                         "Parameter 'latitude' and 'longitude' must have the same amount of elements")
        self.assertEqual(self.reason(self.PATH), "Parameter 'latitude' and 'longitude' must not be empty")
        self.assertEqual(self.reason(self.PATH + "?latitude=522.52&longitude=1"),
                         "Latitude must be in range of -90 to 90°. Given: 522.52.")
        self.assertEqual(self.reason(self.PATH + "?latitude=1&longitude=-181"),
                         "Longitude must be in range of -180 to 180°. Given: -181.0.")

    def test_the_rule_for_nan_and_sea(self):
        self.assertTrue(math.isnan(elevation.elevation_at(90, 0)))
        self.assertTrue(math.isnan(elevation.elevation_at(0, 180)))
        self.assertEqual(elevation.elevation_at(55.0, 4.0), 0.0, "the North Sea")

    def test_only_its_own_path(self):
        status, _, body = request(self.fake, "/v1/elevation?latitude=1&longitude=1")
        self.assertEqual((status, json.loads(body)), (404, {"error": True, "reason": "Not Found"}))


class _Reader:
    """Reads Open-Meteo's `WeatherApiResponse` messages with the official `flatbuffers` runtime, slot by slot
    (the schema's field numbers; the `openmeteo_sdk` package, a reader only, is not a test dependency)."""

    def __init__(self, table):
        self.table = table

    def _offset(self, slot):
        return self.table.Offset(4 + 2 * slot)

    def scalar(self, slot, flags, default=0):
        offset = self._offset(slot)
        return self.table.Get(flags, offset + self.table.Pos) if offset else default

    def table_at(self, slot):
        import flatbuffers

        offset = self._offset(slot)
        if not offset:
            return None
        return _Reader(flatbuffers.table.Table(self.table.Bytes, self.table.Indirect(offset + self.table.Pos)))

    def vector(self, slot, flags=None, size=4):
        """The vector at `slot`: numbers read with `flags`, or tables."""
        import flatbuffers

        offset = self._offset(slot)
        if not offset:
            return None
        start, length = self.table.Vector(offset), self.table.VectorLen(offset)
        if flags is None:
            return [_Reader(flatbuffers.table.Table(self.table.Bytes, self.table.Indirect(start + i * 4)))
                    for i in range(length)]
        return [self.table.Get(flags, start + i * size) for i in range(length)]


def decode(body: bytes) -> list[dict]:
    """Every message of a FlatBuffers answer as plain values: the place, and per section its times or month, and
    each column's fields and values."""
    from flatbuffers import number_types as n

    out = []
    for table in flatbuffers_messages(body):
        message = _Reader(table)
        decoded = {"latitude": message.scalar(0, n.Float32Flags), "longitude": message.scalar(1, n.Float32Flags),
                   "elevation": message.scalar(2, n.Float32Flags), "location_id": message.scalar(4, n.Int64Flags),
                   "model": message.scalar(5, n.Uint8Flags), "sections": {}}
        for name, slot in (("current", 9), ("daily", 10), ("hourly", 11), ("minutely_15", 12), ("monthly", 13),
                           ("weekly", 14)):
            section = message.table_at(slot)
            if section is None:
                continue
            if name in ("monthly", "weekly"):
                head = {"year": section.scalar(0, n.Int16Flags), "month": section.scalar(1, n.Int8Flags),
                        "count": section.scalar(2, n.Int32Flags)}
            else:
                head = {"time": section.scalar(0, n.Int64Flags), "time_end": section.scalar(1, n.Int64Flags),
                        "interval": section.scalar(2, n.Int32Flags)}
            columns = []
            for variable in section.vector(3) or []:
                columns.append({
                    "variable": variable.scalar(0, n.Uint8Flags), "unit": variable.scalar(1, n.Uint8Flags),
                    "value": variable.scalar(2, n.Float32Flags), "values": variable.vector(3, n.Float32Flags),
                    "values_int64": variable.vector(4, n.Int64Flags, 8), "altitude": variable.scalar(5, n.Int16Flags),
                    "aggregation": variable.scalar(6, n.Uint8Flags),
                    "pressure_level": variable.scalar(7, n.Int16Flags),
                    "ensemble_member": variable.scalar(10, n.Int16Flags),
                    "previous_day": variable.scalar(11, n.Int16Flags), "probability": variable.scalar(12, n.Uint8Flags),
                    "stored": {slot for slot in (10, 11, 12) if variable._offset(slot)}})
            decoded["sections"][name] = dict(head, columns=columns)
        out.append(decoded)
    return out


class FamilyApiTests(FamilyTestCase):
    """Each API's path, limits, texts and sections, as the real hosts answer."""

    def path(self, api, query):
        return f"{APIS[api][0]}?{query}"

    def names(self, api, section):
        return NAMES.get(api, WEATHER_NAMES)[section]

    def test_every_api_answers_at_its_path_and_a_path_of_another_host_is_a_404(self):
        for api, (path, *_rest) in APIS.items():
            with self.subTest(api=api):
                extra = f"&run={RUN}" if api == "singleRun" else ""
                status, body = self.get(f"{path}?{BERLIN}{extra}")
                self.assertEqual(status, 200, body)
                prefix = path.rsplit("/v1/", 1)[0]
                if not prefix:
                    continue  # the archive keeps its old path; /v1/forecast beside it is the forecast
                for other in ("/v1/forecast", "/v1/archive", "/v1/ensemble", "/v1/elevation"):
                    if prefix + other != path:
                        self.assertEqual(self.get(f"{prefix}{other}?{BERLIN}"),
                                         (404, {"error": True, "reason": "Not Found"}), prefix + other)

    def test_forecast_days_up_to_the_maximum_and_given_prints_the_maximum(self):
        for api, (path, default, most, *_rest) in APIS.items():
            with self.subTest(api=api):
                extra = f"&run={RUN}" if api == "singleRun" else ""
                self.assertEqual(self.get(f"{path}?{BERLIN}{extra}&forecast_days={most}")[0], 200)
                self.assertEqual(self.reason(f"{path}?{BERLIN}{extra}&forecast_days={most + 1}"),
                                 f"Forecast days is invalid. Allowed range 0 to {most}. Given {most}.")
                self.assertEqual(self.reason(f"{path}?{BERLIN}{extra}&forecast_hours={most * 24 + 1}"),
                                 f"Forecast days is invalid. Allowed range 0 to {most * 24}. Given {most * 24}.")

    def test_the_default_window_is_the_apis_own(self):
        for api, (path, default, *_rest) in APIS.items():
            with self.subTest(api=api):
                extra = f"&run={RUN}" if api == "singleRun" else ""
                _, body = self.get(f"{path}?{BERLIN}{extra}&daily={self.names(api, 'daily')}")
                self.assertEqual(len(body["daily"]["time"]), default)

    def test_dates_from_the_history_start_and_no_further(self):
        for api, (path, _, _, first, last, _) in APIS.items():
            if first is None:
                continue
            with self.subTest(api=api):
                day = self.names(api, "daily")
                ok = f"{path}?{BERLIN}&daily={day}&start_date={first}&end_date={first}"
                self.assertEqual(self.get(ok)[1]["daily"]["time"], [first.isoformat()])
                before = first - dt.timedelta(days=1)
                self.assertEqual(self.reason(f"{path}?{BERLIN}&start_date={before}&end_date={first}"),
                                 f"Parameter 'start_date' is out of allowed range from {first} to {last}")
                after = last + dt.timedelta(days=1)
                if after.year > 2050:
                    continue  # Open-Meteo's date parser stops at 2050: "Invalid date"
                self.assertEqual(self.reason(f"{path}?{BERLIN}&start_date={last}&end_date={after}"),
                                 f"Parameter 'end_date' is out of allowed range from {first} to {last}")

    def test_run_is_required_on_single_runs_and_refused_elsewhere(self):
        path = APIS["singleRun"][0]
        self.assertEqual(self.reason(f"{path}?{BERLIN}"), "Parameter 'run' is required")
        self.assertEqual(self.reason(f"{path}?{BERLIN}&run={RUN}&start_date={TODAY}&end_date={TODAY}"),
                         "Parameter 'start_date' must not be set")
        self.assertEqual(self.reason(f"{path}?{BERLIN}&run={RUN}&end_date={TODAY}"),
                         "Parameter 'end_date' must not be set")
        for api, (other, *_rest) in APIS.items():
            if api != "singleRun":
                self.assertEqual(self.reason(f"{other}?{BERLIN}&run={RUN}"), "Parameter 'run' must not be set", api)
        self.assertEqual(self.reason(f"/v1/forecast?{BERLIN}&run={RUN}"), "Parameter 'run' must not be set")
        late = f"{TODAY + dt.timedelta(days=2)}T00:00"
        self.assertEqual(self.reason(f"{path}?{BERLIN}&run={late}&models=ecmwf_ifs025"),
                         f"The requested model run is not available. Model: ecmwf_ifs025, run: {late}Z")

    def test_a_single_run_starts_at_the_run_and_daily_needs_local_midnight(self):
        path = APIS["singleRun"][0]
        run = f"{TODAY - dt.timedelta(days=3)}T06:00"
        _, body = self.get(f"{path}?{BERLIN}&run={run}&hourly=temperature_2m&forecast_days=2")
        self.assertEqual((body["hourly"]["time"][0], len(body["hourly"]["time"])), (run, 48))
        _, other = self.get(f"{path}?{BERLIN}&run={RUN}&hourly=temperature_2m&forecast_days=2")
        self.assertNotEqual(body["hourly"]["temperature_2m"][:18], other["hourly"]["temperature_2m"][6:24],
                            "another run, another forecast")
        self.assertEqual(self.reason(f"{path}?{BERLIN}&run={run}&daily=temperature_2m_max"),
                         "Parameter 'daily' is only supported for single-runs-api if 'run' starts at 00:00 in the "
                         "requested timezone")
        _, daily = self.get(f"{path}?{BERLIN}&run={RUN}&daily=temperature_2m_max&forecast_days=3")
        self.assertEqual(daily["daily"]["time"][0], RUN[:10])

    def test_sections_an_api_lacks_are_dropped_without_a_word(self):
        for api, (path, *_rest, sections) in APIS.items():
            with self.subTest(api=api):
                names = NAMES.get(api, WEATHER_NAMES)
                query = "&".join(f"{section}={names.get(section, 'temperature_2m')}"
                                 for section in ("current", "minutely_15", "hourly", "daily"))
                query += "&weekly=temperature_2m_mean&monthly=temperature_2m_mean&forecast_days=1"
                extra = f"&run={RUN}" if api == "singleRun" else ""
                status, body = self.get(f"{path}?{BERLIN}{extra}&{query}")
                self.assertEqual(status, 200, body)
                self.assertEqual({key for key in body if not key.endswith("_units")} & {
                    "current", "minutely_15", "hourly", "daily", "weekly", "monthly"}, sections)

    def test_a_name_no_api_knows_is_the_decoders_error_and_a_name_of_another_api_is_undefined(self):
        path = APIS["flood"][0]
        self.assertEqual(self.reason(f"{path}?{BERLIN}&hourly=river_discharge"),
                         "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<"
                         "VariableAndPreviousDay, PressureVariableAndPreviousDay, HeightVariableAndPreviousDay> from "
                         "invalid String value river_discharge.")
        _, body = self.get(f"{path}?{BERLIN}&daily=river_discharge,temperature_2m_max&forecast_days=1")
        self.assertEqual(body["daily_units"]["temperature_2m_max"], "undefined")
        self.assertEqual(body["daily"]["temperature_2m_max"], [None])
        self.assertEqual(self.reason(f"{APIS['marine'][0]}?{NORTH_SEA}&daily=wave_height"),
                         "Data corrupted at path ''. Cannot initialize ForecastVariableDaily from invalid String value "
                         "wave_height.")


class MembersAndKeysTests(FamilyTestCase):
    """`var[_level][_previous_dayN][_memberNN][_MODEL]`, member counts per model, `best_match` renamed."""

    def keys(self, path, section="hourly"):
        status, body = self.get(path)
        self.assertEqual(status, 200, body)
        return [key for key in body[section] if key != "time"]

    def test_member_counts_per_model(self):
        ensemble = APIS["ensemble"][0]
        for model, members in (("ncep_gefs_seamless", 31), ("ecmwf_ifs025_ensemble", 51), ("cmc_gem_geps", 21),
                               ("icon_seamless_eps", 40), ("google_weathernext2_ensemble", 64),
                               ("ecmwf_ifs025_ensemble_mean", 1)):
            with self.subTest(model=model):
                keys = self.keys(f"{ensemble}?{BERLIN}&hourly=temperature_2m&forecast_days=1&models={model}")
                self.assertEqual(keys, ["temperature_2m"] + [f"temperature_2m_member{m:02d}" for m in
                                                             range(1, members)])
        self.assertEqual(len(self.keys(f"{ensemble}?{BERLIN}&hourly=temperature_2m&forecast_days=1")), 31, "GEFS")
        seasonal = self.keys(f"{APIS['seasonal'][0]}?{BERLIN}&daily=temperature_2m_max&forecast_days=1", "daily")
        self.assertEqual(len(seasonal), 51, "SEAS5")
        flood = self.keys(f"{APIS['flood'][0]}?{BERLIN}&daily=river_discharge,river_discharge_mean&ensemble=true"
                          "&forecast_days=1", "daily")
        self.assertEqual(flood, ["river_discharge"] + [f"river_discharge_member{m:02d}" for m in range(1, 51)]
                         + ["river_discharge_mean"])
        self.assertEqual(self.keys(f"{APIS['flood'][0]}?{BERLIN}&daily=river_discharge&forecast_days=1", "daily"),
                         ["river_discharge"], "without ensemble=true")

    def test_key_order_with_levels_previous_days_members_and_models(self):
        path = (f"{APIS['ensemble'][0]}?{BERLIN}&hourly=temperature_850hPa,temperature_2m_previous_day1"
                "&forecast_days=1&models=cmc_gem_geps,best_match")
        keys = self.keys(path)
        expected = []
        for model, members in (("cmc_gem_geps", 21), ("ncep_gefs_seamless", 31)):
            for name in ("temperature_850hPa", "temperature_2m_previous_day1"):
                expected += [f"{name}_{model}"] + [f"{name}_member{m:02d}_{model}" for m in range(1, members)]
        self.assertEqual(keys, expected)

    def test_best_match_takes_the_apis_default_models_name(self):
        for api, section, name, default, other in (
                ("archive", "daily", "temperature_2m_max", "archive_best_match", "era5"),
                ("marine", "hourly", "wave_height", "marine_best_match", "ecmwf_wam025"),
                ("flood", "daily", "river_discharge", "flood_best_match", "seamless_v4"),
                ("climateProjection", "daily", "temperature_2m_max", "MRI_AGCM3_2_S", "EC_Earth3P_HR"),
                ("seasonal", "monthly", "temperature_2m_mean", "ecmwf_seasonal_seamless", "ecmwf_seas5"),
                ("ensemble", "daily", "temperature_2m_max", "ncep_gefs_seamless", "ecmwf_ifs025_ensemble_mean"),
                ("historicalForecast", "hourly", "temperature_2m", "best_match", "icon_seamless")):
            with self.subTest(api=api):
                dates = "&start_date=2000-01-01&end_date=2000-01-01" if api == "archive" else "&forecast_days=1"
                keys = self.keys(f"{APIS[api][0]}?{NORTH_SEA if api == 'marine' else BERLIN}&{section}={name}"
                                 f"&models=best_match,{other}{dates}", section)
                self.assertEqual([key for key in keys if "_member" not in key], [f"{name}_{default}",
                                                                                 f"{name}_{other}"])

    def test_the_ensemble_answers_deterministic_names_with_their_ensemble_twins(self):
        keys = self.keys(f"{APIS['ensemble'][0]}?{BERLIN}&hourly=temperature_2m&forecast_days=1"
                         "&models=icon_seamless,ecmwf_ifs025")
        self.assertEqual([key for key in keys if "_member" not in key],
                         ["temperature_2m_icon_seamless_eps", "temperature_2m_ecmwf_ifs025_ensemble"])
        self.assertEqual(len(keys), 40 + 51)

    def test_current_has_the_control_run_only_and_members_differ(self):
        _, body = self.get(f"{APIS['ensemble'][0]}?{BERLIN}&current=temperature_2m&hourly=temperature_2m"
                           "&forecast_days=1")
        self.assertEqual(list(body["current"]), ["time", "interval", "temperature_2m"])
        hourly = body["hourly"]
        self.assertEqual(len({tuple(hourly[key]) for key in hourly if key != "time"}), 31)

    def test_previous_days_are_earlier_runs(self):
        _, body = self.get(f"{APIS['previousRuns'][0]}?{BERLIN}&hourly=temperature_2m,temperature_2m_previous_day1,"
                           "temperature_2m_previous_day2&forecast_days=1")
        hourly = body["hourly"]
        self.assertEqual(list(hourly), ["time", "temperature_2m", "temperature_2m_previous_day1",
                                        "temperature_2m_previous_day2"])
        self.assertEqual(len({tuple(hourly[key]) for key in hourly if key != "time"}), 3)
        _, forecast = self.get(f"/v1/forecast?{BERLIN}&hourly=temperature_2m&forecast_days=1")
        self.assertEqual(hourly["temperature_2m"], forecast["hourly"]["temperature_2m"], "the forecast itself")


class SeasonalTests(FamilyTestCase):
    PATH = APIS["seasonal"][0]

    def test_hourly_is_6_hourly_unless_asked(self):
        _, body = self.get(f"{self.PATH}?{BERLIN}&hourly=temperature_2m&forecast_days=1"
                           "&models=ecmwf_seas5_ensemble_mean")
        self.assertEqual([t[11:] for t in body["hourly"]["time"]], ["00:00", "06:00", "12:00", "18:00"])
        _, hourly = self.get(f"{self.PATH}?{BERLIN}&hourly=temperature_2m&forecast_days=1&temporal_resolution=hourly_1"
                             "&models=ecmwf_seas5_ensemble_mean")
        self.assertEqual(len(hourly["hourly"]["time"]), 24)
        self.assertEqual(hourly["hourly"]["temperature_2m"][::6], body["hourly"]["temperature_2m"])

    def test_weeks_start_on_monday_months_on_the_first_and_each_comes_from_its_model(self):
        start = TODAY
        _, body = self.get(f"{self.PATH}?{BERLIN}&weekly=temperature_2m_mean,temperature_2m_anomaly,"
                           "temperature_2m_anomaly_gt1,precipitation_efi,temperature_2m_sot90"
                           "&monthly=temperature_2m_mean,"
                           f"precipitation_anomaly&start_date={start}&end_date={start + dt.timedelta(days=60)}")
        weeks = [dt.date.fromisoformat(day) for day in body["weekly"]["time"]]
        self.assertEqual(weeks[0], start - dt.timedelta(days=start.weekday()))
        self.assertTrue(all(day.weekday() == 0 for day in weeks))
        self.assertEqual(len(weeks), 6)
        self.assertTrue(all(day.endswith("-01") for day in body["monthly"]["time"]))
        self.assertEqual(body["monthly"]["time"][0], start.replace(day=1).isoformat())
        self.assertEqual(body["weekly_units"], {"time": "iso8601", "temperature_2m_mean": "°C",
                                                "temperature_2m_anomaly": "K", "temperature_2m_anomaly_gt1": "%",
                                                "precipitation_efi": "", "temperature_2m_sot90": ""})
        self.assertEqual(body["monthly_units"]["precipitation_anomaly"], "mm")
        _, models = self.get(f"{self.PATH}?{BERLIN}&weekly=temperature_2m_mean&monthly=temperature_2m_mean"
                             "&forecast_days=60&models=ecmwf_seas5,ecmwf_ec46")
        self.assertEqual(list(models["weekly"]), ["time", "temperature_2m_mean_ecmwf_ec46"])
        self.assertEqual(list(models["monthly"]), ["time", "temperature_2m_mean_ecmwf_seas5"])
        self.assertEqual(self.reason(f"{self.PATH}?{BERLIN}&weekly=temperature_2m"),
                         "Data corrupted at path ''. Cannot initialize WeeklyVariable from invalid String value "
                         "temperature_2m.")


class CoverageTests(FamilyTestCase):
    NAN_BODY = re.compile(r'^\{"latitude":nan,"longitude":nan,"generationtime_ms":[0-9.]+,"utc_offset_seconds":0,'
                          r'"timezone":"GMT","timezone_abbreviation":"GMT"\}$')

    def test_not_covered_is_a_200_with_bare_nan_coordinates(self):
        for path in (f"{APIS['satellite'][0]}?{NEW_YORK}&hourly=shortwave_radiation"
                     "&models=satellite_radiation_seamless",
                     f"{APIS['flood'][0]}?{NORTH_SEA}&daily=river_discharge",
                     f"{APIS['ensemble'][0]}?{NEW_YORK}&hourly=temperature_2m&models=icon_eu_eps"):
            with self.subTest(path=path):
                status, content_type, body = request(self.fake, path)
                self.assertEqual(status, 200)
                self.assertRegex(body.decode(), self.NAN_BODY)
                status, _, binary = request(self.fake, path + "&format=flatbuffers")
                [message] = decode(binary)
                self.assertTrue(math.isnan(message["latitude"]) and math.isnan(message["longitude"]))
                self.assertTrue(math.isnan(message["elevation"]))
                self.assertEqual(message["sections"], {})

    def test_a_covering_model_alone_answers_and_the_others_are_left_out(self):
        _, body = self.get(f"{APIS['ensemble'][0]}?{NEW_YORK}&hourly=temperature_2m&forecast_days=1"
                           "&models=icon_eu_eps,ecmwf_ifs025_ensemble_mean")
        self.assertEqual(list(body["hourly"]), ["time", "temperature_2m"], "one model left: no suffix")
        self.assertEqual(self.reason(f"{APIS['ensemble'][0]}?{NEW_YORK}&hourly=temperature_2m"
                                     "&models=meteoswiss_icon_ch1_ensemble"), "No data is available for this location")
        several = f"{APIS['satellite'][0]}?latitude=40.71,52.52&longitude=-74.01,13.41&hourly=shortwave_radiation" \
                  "&models=satellite_radiation_seamless&start_date=2024-06-01&end_date=2024-06-01"
        text = request(self.fake, several)[2].decode()
        self.assertTrue(text.startswith('[{"latitude":nan,"longitude":nan,'), text[:80])
        self.assertIn('"location_id":1', text)

    def test_marine_is_null_on_land_and_at_sea_elevation_is_zero(self):
        path = APIS["marine"][0]
        _, land = self.get(f"{path}?{BERLIN}&hourly=wave_height&daily=wave_height_max&forecast_days=1")
        self.assertEqual(set(land["hourly"]["wave_height"]), {None})
        self.assertEqual(land["daily"]["wave_height_max"], [None])
        self.assertNotEqual(land["elevation"], 0.0)
        _, sea = self.get(f"{path}?{NORTH_SEA}&hourly=wave_height,wave_peak_period&daily=wave_height_max"
                          "&forecast_days=1")
        self.assertEqual(sea["elevation"], 0.0)
        self.assertNotIn(None, sea["hourly"]["wave_height"])
        self.assertEqual(sea["daily"]["wave_height_max"], [max(sea["hourly"]["wave_height"])])
        self.assertEqual((sea["hourly_units"]["wave_peak_period"], set(sea["hourly"]["wave_peak_period"])),
                         ("undefined", {None}), "the default model lacks it")
        _, model = self.get(f"{path}?{NORTH_SEA}&hourly=wave_peak_period&forecast_days=1&models=ecmwf_wam025")
        self.assertEqual(model["hourly_units"]["wave_peak_period"], "s")
        _, feet = self.get(f"{path}?{NORTH_SEA}&hourly=wave_height&forecast_days=1&length_unit=imperial")
        self.assertEqual(feet["hourly_units"]["wave_height"], "ft")
        self.assertAlmostEqual(feet["hourly"]["wave_height"][0], sea["hourly"]["wave_height"][0] * 3.28084, delta=0.05)


class OptionTests(FamilyTestCase):
    def test_climate_bias_correction_and_satellite_tilt(self):
        path = f"{APIS['climateProjection'][0]}?{BERLIN}&daily=temperature_2m_max&start_date=2040-01-01" \
               "&end_date=2040-01-03"
        corrected, raw = self.get(path)[1], self.get(path + "&disable_bias_correction=true")[1]
        for a, b in zip(corrected["daily"]["temperature_2m_max"], raw["daily"]["temperature_2m_max"]):
            self.assertAlmostEqual(b - a, 1.3, delta=0.11)
        path = f"{APIS['satellite'][0]}?{BERLIN}&hourly=global_tilted_irradiance&models=satellite_radiation_seamless" \
               "&start_date=2024-06-01&end_date=2024-06-01"
        flat, tilted = self.get(path)[1], self.get(path + "&tilt=45&azimuth=0")[1]
        self.assertGreater(sum(tilted["hourly"]["global_tilted_irradiance"]),
                           sum(flat["hourly"]["global_tilted_irradiance"]))

    def test_satellite_native_steps_and_the_plain_archive_without_models(self):
        path = f"{APIS['satellite'][0]}?{BERLIN}&hourly=shortwave_radiation&start_date=2024-06-01&end_date=2024-06-01"
        _, native = self.get(path + "&models=satellite_radiation_seamless&temporal_resolution=native")
        self.assertEqual(native["hourly"]["time"][:2], ["2024-06-01T00:00", "2024-06-01T00:10"])
        self.assertEqual(len(native["hourly"]["time"]), 144)
        _, plain = self.get(path)
        self.assertEqual(plain["hourly_units"]["shortwave_radiation"], "undefined", "the archive's answer")


class FlatBuffersTests(FamilyTestCase):
    """Every API's FlatBuffers carry what its JSON carries: one message per place and model, a column per member
    with `ensemble_member` (absent for the control run), `previous_day`, `probability`, and `weekly` written as
    `VariablesWithMonth` like `monthly`."""

    def both(self, path):
        status, json_body = self.get(path)
        self.assertEqual(status, 200, json_body)
        status, content_type, binary = request(self.fake, path + "&format=flatbuffers")
        self.assertEqual((status, content_type), (200, "application/octet-stream"))
        return json_body, decode(binary)

    def assert_same(self, section_json, units, decoded):
        keys = [key for key in section_json if key not in ("time", "interval")]
        self.assertEqual(len(decoded["columns"]), len(keys))
        for key, column in zip(keys, decoded["columns"]):
            member = re.search(r"_member(\d+)$", key)
            self.assertEqual(column["ensemble_member"], int(member[1]) if member else 0, key)
            self.assertEqual(10 in column["stored"], bool(member), f"{key}: member 0 is not stored")
            previous = re.search(r"_previous_day(\d)", key)
            self.assertEqual(column["previous_day"], int(previous[1]) if previous else 0, key)
            decimals = UNIT_DECIMALS.get(units[key], 2)
            for number, value in zip(section_json[key], column["values"]):
                if number is None:
                    self.assertTrue(math.isnan(value), key)
                else:
                    self.assertAlmostEqual(number, value, delta=0.5 * 10 ** -decimals + 1e-4, msg=key)

    def test_every_api_in_both_formats(self):
        for api, (path, *_rest, sections) in APIS.items():
            with self.subTest(api=api):
                names = NAMES.get(api, WEATHER_NAMES)
                query = "&".join(f"{section}={names.get(section)}" for section in sections
                                 if section not in ("current", "minutely_15"))
                extra = f"&run={RUN}" if api == "singleRun" else ""
                place = NORTH_SEA if api == "marine" else BERLIN
                json_body, [message] = self.both(f"{path}?{place}{extra}&{query}&forecast_days=1")
                self.assertAlmostEqual(message["latitude"], json_body["latitude"], places=4)
                for section in sections - {"current", "minutely_15"}:
                    self.assert_same(json_body[section], json_body[f"{section}_units"], message["sections"][section])

    def test_members_previous_days_and_models_are_messages_and_columns(self):
        path = (f"{APIS['ensemble'][0]}?latitude=52.52,48.85&longitude=13.41,2.35&hourly=temperature_2m,"
                "temperature_2m_previous_day2&forecast_days=1&models=cmc_gem_geps,ecmwf_ifs025_ensemble")
        json_body, messages = self.both(path)
        self.assertEqual([(m["location_id"], m["model"]) for m in messages], [(0, 17), (0, 60), (1, 17), (1, 60)],
                         "location-major; ensembles written as their deterministic twins (gem_global, ecmwf_ifs025)")
        for place, pair in zip(json_body, (messages[:2], messages[2:])):
            for model, message in zip(("cmc_gem_geps", "ecmwf_ifs025_ensemble"), pair):
                section = {key.removesuffix(f"_{model}"): values for key, values in place["hourly"].items()
                           if key == "time" or key.endswith(f"_{model}")}
                units = {key.removesuffix(f"_{model}"): unit for key, unit in place["hourly_units"].items()}
                self.assert_same(section, units, message["sections"]["hourly"])
        columns = messages[0]["sections"]["hourly"]["columns"]
        self.assertEqual(len(columns), 2 * 21)
        self.assertEqual({(c["variable"], c["altitude"]) for c in columns}, {(47, 2)})

    def test_weekly_and_monthly_are_variables_with_month_and_probabilities_are_marked(self):
        start = dt.date(TODAY.year, TODAY.month, 1) + dt.timedelta(days=40)
        path = (f"{APIS['seasonal'][0]}?{BERLIN}&weekly=temperature_2m_mean,temperature_2m_anomaly_gt1,"
                f"precipitation_efi&monthly=temperature_2m_anomaly&start_date={start}"
                f"&end_date={start + dt.timedelta(days=40)}")
        json_body, [message] = self.both(path)
        first_monday = dt.date.fromisoformat(json_body["weekly"]["time"][0])
        weekly, monthly = message["sections"]["weekly"], message["sections"]["monthly"]
        self.assertEqual((weekly["year"], weekly["month"], weekly["count"]),
                         (first_monday.year, first_monday.month, len(json_body["weekly"]["time"])))
        self.assertEqual((monthly["year"], monthly["month"], monthly["count"]),
                         (start.year, start.month, len(json_body["monthly"]["time"])))
        self.assertEqual([(c["variable"], c["aggregation"], c["probability"]) for c in weekly["columns"]],
                         [(47, 3, 0), (47, 12, 2), (24, 15, 0)], "mean; anomaly above +1 K; EFI")
        self.assert_same(json_body["weekly"], json_body["weekly_units"], weekly)
        self.assert_same(json_body["monthly"], json_body["monthly_units"], monthly)

    def test_hourly_steps_other_than_an_hour_keep_their_interval(self):
        _, [seasonal] = self.both(f"{APIS['seasonal'][0]}?{BERLIN}&hourly=temperature_2m&forecast_days=1")
        self.assertEqual(seasonal["sections"]["hourly"]["interval"], 6 * 3600)
        _, [satellite] = self.both(f"{APIS['satellite'][0]}?{BERLIN}&hourly=shortwave_radiation"
                                   "&models=satellite_radiation_seamless&temporal_resolution=native"
                                   "&start_date=2024-06-01&end_date=2024-06-01")
        self.assertEqual(satellite["sections"]["hourly"]["interval"], 600)


if __name__ == "__main__":
    unittest.main()
