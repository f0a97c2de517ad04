"""The fake upstream's Open-Meteo family, checked over real HTTP without breeze-rpc: every API's path, limits and
error texts, key order and members, sections, coverage, options, FlatBuffers against JSON. (The concurrency 429,
date ranges and elevation: test_fake_family_limits.py.)"""

import datetime as dt
import math
import re
import unittest

from fake_upstream import elevation
from fake_upstream.floats import UNIT_DECIMALS

from .family_case import (APIS, BERLIN, NAMES, NEW_YORK, NORTH_SEA, RUN, TODAY, WEATHER_NAMES, FamilyTestCase,
                          flatbuffers_messages, request)


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
