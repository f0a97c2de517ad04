"""`detail` end to end, through the official MCP Python SDKs (2.x here, 1.x under $BREEZE_TEST_PYTHON_MCP1), on
the built binary against the fake upstream: a large call of every tool whose answer grows, the others' examples.

- Without `detail` an MCP tool call is bounded: at most 30,000 characters of compact JSON, valid against the
  tool's outputSchema, its text block the same JSON, the time series it kept aligned.
- `detail: "full"` is exactly what the plain JSON-RPC method answers.
- `detail: "summary"` holds the values worked out here, in Python, from the full answer's series.
"""

import json
import math
import subprocess
import sys
import unittest
from collections import Counter
from pathlib import Path

import jsonschema

from fake_upstream import FakeUpstream
from harness import BreezeProcess, binary_path, clean_environment, mcp1_python
from method_examples import NOT_TOOLS, document, example_params, method_names

DRIVER = Path(__file__).resolve().parents[1] / "support" / "detail_driver.py"
LIMIT = 30_000
HOURLY = ["temperature_2m", "dew_point_2m", "apparent_temperature", "relative_humidity_2m", "cloud_cover",
          "precipitation_probability", "cloud_cover_low", "cloud_cover_mid", "cloud_cover_high", "precipitation",
          "rain", "showers", "snowfall", "weather_code", "pressure_msl", "surface_pressure", "wind_speed_10m",
          "wind_gusts_10m", "wind_direction_10m", "uv_index"]
LATITUDES = [40 + index * 0.1 for index in range(100)]
LONGITUDES = [10 + index * 0.1 for index in range(100)]
BERLIN = {"latitude": 52.52, "longitude": 13.41}
#: A large call of each tool whose answer grows (three for the forecast: variables, models, places), by a key
#: naming it; every other tool is called with its schema example (below).
LARGE_CALLS = {
    "searchCities": ["searchCities", {"name": "Springfield", "count": 100}],
    "fetchAirQuality": ["fetchAirQuality", {"latitude": LATITUDES, "longitude": LONGITUDES, "forecastHours": 48}],
    "fetchForecast": ["fetchForecast", {**BERLIN, "forecastDays": 16, "hourly": HOURLY}],
    "fetchForecast/models": ["fetchForecast", {**BERLIN, "forecastDays": 16, "hourly": HOURLY,
                                               "models": ["icon_seamless", "gfs_seamless", "ecmwf_ifs025"]}],
    "fetchForecast/places": ["fetchForecast", {"latitude": LATITUDES, "longitude": LONGITUDES, "forecastDays": 3,
                                               "hourly": ["temperature_2m", "precipitation", "weather_code"]}],
    "fetchPollen": ["fetchPollen", {**BERLIN, "days": 5, "source": "openMeteo"}],
    "fetchClimate": ["fetchClimate", {**BERLIN, "years": list(range(2001, 2021))}],
    "findOutdoorWindows": ["findOutdoorWindows", {"latitude": LATITUDES[:5], "longitude": LONGITUDES[:5], "hours": 96}],
    "findPlace": ["findPlace", {"latitude": LATITUDES, "longitude": LONGITUDES}],
    "fetchElevation": ["fetchElevation", {"latitude": LATITUDES, "longitude": LONGITUDES}],
    "fetchAlerts": ["fetchAlerts", {"latitude": LATITUDES, "longitude": LONGITUDES}],
    "fetchWeatherData": ["fetchWeatherData", {**BERLIN, "api": "ensemble", "models": ["ecmwf_ifs025_ensemble"],
                                              "hourly": ["temperature_2m", "precipitation"], "forecastDays": 7}],
}
CALLS = {**{name: [name, example_params(name)] for name in method_names() if name not in NOT_TOOLS}, **LARGE_CALLS}
#: The member a list result is wrapped in: the result's name in the OpenRPC document.
LIST_MEMBERS = {method["name"]: method["result"]["name"] for method in document()["methods"]}
#: The tools that take `detail`.
DETAILED = {method["name"] for method in document()["methods"]
            if {"$ref": "#/components/contentDescriptors/Detail"} in method["params"]}


def compact(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def wrapped(tool: str, plain):
    """The plain answer as an MCP structuredContent holds it: a list inside its named member."""
    return {LIST_MEMBERS[tool]: plain} if isinstance(plain, list) else plain


# -- summaries worked out independently from a full answer ------------------------------------------------------

def by_date(times):
    days = {}
    for index, time in enumerate(times):
        days.setdefault(time[:10], []).append(index)
    return days


def forecast_days(forecast) -> list:
    """Per day: temperatureMax/Min, precipitation, weatherCode and weather, as the summary documents them."""
    daily, hourly = forecast.get("daily"), forecast.get("hourly")
    dates = daily["time"] if daily else list(by_date(hourly["time"]))
    groups = by_date(hourly["time"]) if hourly else {}
    days = []
    for day, date in enumerate(dates):
        entry = {"date": date}
        for name, daily_name, hourly_name, reduce in (
                ("temperatureMax", "temperature_2m_max", "temperature_2m", max),
                ("temperatureMin", "temperature_2m_min", "temperature_2m", min),
                ("precipitation", "precipitation_sum", "precipitation", lambda values: round(sum(values), 3))):
            if daily and daily_name in daily["values"]:
                entry[name] = daily["values"][daily_name][day]
            elif hourly and hourly_name in hourly["values"]:
                values = [hourly["values"][hourly_name][i] for i in groups.get(date, [])]
                values = [value for value in values if value is not None]
                entry[name] = reduce(values) if values else None
        if daily and "weather_code" in daily["values"]:
            entry["weatherCode"] = daily["values"]["weather_code"][day]
            entry["weather"] = daily["weatherDescriptions"][day]
        elif hourly and "weather_code" in hourly["values"]:
            codes = [(i, hourly["values"]["weather_code"][i]) for i in groups.get(date, [])]
            counts = Counter(code for _, code in codes if code is not None)
            code = max(counts.items(), key=lambda item: (item[1], item[0]))[0]
            entry["weatherCode"] = code
            entry["weather"] = hourly["weatherDescriptions"][next(i for i, c in codes if c == code)]
        days.append(entry)
    return days


def aqi_band(aqi):
    if aqi is None:
        return None
    rounded = math.floor(aqi + 0.5)
    for bound, band in ((25, "excellent"), (50, "good"), (75, "moderate"), (100, "slightlyHigh"),
                        (150, "unhealthyForSensitiveGroups"), (200, "unhealthy"), (300, "veryUnhealthy")):
        if rounded <= bound:
            return band
    return "hazardous"


def air_quality_summary(reading) -> dict:
    rated = [pollutant for pollutant in reading["pollutants"] if pollutant["usAQI"] is not None]
    worst = max(rated, key=lambda pollutant: pollutant["usAQI"]) if rated else None  # the first among equals
    days = None
    if reading["hourly"]:
        hourly = reading["hourly"]
        days = []
        for date, indices in by_date(hourly["time"]).items():
            aqis = [hourly["usAQI"][i] for i in indices if hourly["usAQI"][i] is not None]
            peaks = {pollutant: max(values) for pollutant in sorted(hourly["subIndices"])
                     if (values := [hourly["subIndices"][pollutant][i] for i in indices
                                    if hourly["subIndices"][pollutant][i] is not None])}
            worst_day = max(peaks, key=lambda pollutant: peaks[pollutant]) if peaks else None
            days.append({"date": date, "usAQIMax": max(aqis) if aqis else None,
                         "band": aqi_band(max(aqis) if aqis else None), "worstPollutant": worst_day})
    return {"usAQI": reading["usAQI"], "band": reading["status"]["level"] if reading["status"] else None,
            "worstPollutant": worst["id"] if worst else None, "days": days}


def pollen_summary(pollen) -> list:
    days = []
    for day in pollen["days"]:
        rated = [item for item in day["items"] if item["value"] is not None]
        peak = max(rated, key=lambda item: item["value"]) if rated else None  # the first among equals
        days.append({"date": day["date"], "peak": peak["id"] if peak else None,
                     "types": [item["id"] for item in day["items"] if not item["isPlant"]]})
    return days


def climate_summary(climate) -> dict:
    points = climate["points"]
    warmest = max(points, key=lambda point: point["temperature"])  # the earliest among equals
    coldest = min(points, key=lambda point: point["temperature"])
    return {"years": len(points), "first": points[0]["year"], "last": points[-1]["year"],
            "warmest": warmest["year"], "coldest": coldest["year"], "change": climate["change"],
            "mean": sum(point["temperature"] for point in points) / len(points)}


# -- the scenario ----------------------------------------------------------------------------------------------

#: One fake upstream for the module, so that the MCP sessions and the plain calls read the same data.
_fake = None
_plain_answers = {}
_reports = {}


def setUpModule():
    global _fake
    _fake = FakeUpstream().start()


def tearDownModule():
    _fake.stop()


def plain_answers() -> dict:
    """Every call as a plain JSON-RPC request, without `detail`: what `full` must equal."""
    if not _plain_answers:
        with BreezeProcess(_fake, timeout_seconds=280, env={"BREEZE_CACHE": "memory"}) as breeze:
            for key, (name, arguments) in CALLS.items():
                reply = breeze.call(name, arguments, timeout=300)
                _plain_answers[key] = reply.get("result", reply)
    return _plain_answers


def driver_report(testcase, interpreter: str) -> dict:
    """detail_driver.py's report under `interpreter` (one MCP session for every call), made once."""
    if interpreter not in _reports:
        env = clean_environment({**_fake.environment(), "BREEZE_TIMEOUT": "280", "BREEZE_CACHE": "memory"})
        config = json.dumps({"binary": binary_path(), "env": env, "calls": CALLS})
        done = subprocess.run([interpreter, str(DRIVER), config], capture_output=True, text=True, timeout=1200)
        testcase.assertEqual(done.returncode, 0, f"the detail driver failed:\n{done.stderr[-4000:]}")
        _reports[interpreter] = json.loads(done.stdout)
    return _reports[interpreter]


class DetailScenario:
    def interpreter(self) -> str:
        raise NotImplementedError

    def run_scenario(self) -> dict:
        return driver_report(self, self.interpreter())

    def answers(self):
        report = self.run_scenario()
        for key, (name, _) in CALLS.items():
            yield key, name, report["calls"][key]

    def test_every_tool_is_called_and_answers(self):
        report = self.run_scenario()
        self.assertEqual({name for name, _ in CALLS.values()}, set(report["outputSchemas"]))
        for key, _, answers in self.answers():
            for detail, result in answers.items():
                with self.subTest(call=key, detail=detail):
                    self.assertFalse(result["isError"], result["texts"])

    def test_the_default_answer_fits_and_its_text_is_the_same_json(self):
        largest = {}
        for key, name, answers in self.answers():
            with self.subTest(call=key):
                default = answers["default"]
                size = len(compact(default["structuredContent"]))
                self.assertLessEqual(size, LIMIT)
                self.assertEqual(len(default["texts"]), 1)
                self.assertEqual(json.loads(default["texts"][0]), default["structuredContent"])
                largest[name] = max(largest.get(name, 0), size)
        print(f"\nlargest default answer per tool, characters ({self.run_scenario()['sdk']}): {largest}",
              file=sys.stderr)

    def test_every_answer_matches_the_tools_output_schema(self):
        schemas = self.run_scenario()["outputSchemas"]
        for key, name, answers in self.answers():
            for detail, result in answers.items():
                with self.subTest(call=key, detail=detail):
                    jsonschema.validate(result["structuredContent"], schemas[name])

    def test_a_large_default_answer_says_what_was_cut_and_keeps_its_series_aligned(self):
        answers = self.run_scenario()["calls"]["fetchForecast"]
        default, full = answers["default"]["structuredContent"], answers["full"]["structuredContent"]
        truncated = default["truncated"]
        self.assertEqual(truncated["of"], len(full["hourly"]["time"]))
        self.assertEqual(truncated["returned"], len(default["hourly"]["time"]))
        self.assertIn("forecastDays", truncated["narrow"])
        kept = [full["hourly"]["time"].index(time) for time in default["hourly"]["time"]]
        self.assertEqual(kept, sorted(kept))
        for variable, values in default["hourly"]["values"].items():
            self.assertEqual(values, [full["hourly"]["values"][variable][i] for i in kept], variable)
        self.assertEqual(default["hourly"]["weatherDescriptions"],
                         [full["hourly"]["weatherDescriptions"][i] for i in kept])

    def test_full_is_what_the_plain_method_answers(self):
        plain = plain_answers()
        for key, name, answers in self.answers():
            if name in DETAILED:
                with self.subTest(call=key):
                    self.assertEqual(answers["full"]["structuredContent"], wrapped(name, plain[key]))

    def test_forecast_summaries_hold_the_values_of_the_series(self):
        calls = self.run_scenario()["calls"]
        for key in ("fetchForecast", "fetchForecast/models", "fetchForecast/places"):
            full, summary = calls[key]["full"]["structuredContent"], calls[key]["summary"]["structuredContent"]
            pairs = []
            if "models" in full:
                pairs = [(m["forecast"], s["forecast"]) for m, s in zip(full["models"], summary["models"])]
            elif "forecast" in full:  # a list of places: the summary keeps as many as fit
                pairs = list(zip(full["forecast"], summary["forecast"]))
                self.assertGreater(len(summary["forecast"]), 0)
            else:
                pairs = [(full, summary)]
            for forecast, summarised in pairs:
                expected = forecast_days(forecast)
                self.assertEqual(len(summarised["days"]), len(expected), key)
                for want, got in zip(expected, summarised["days"]):
                    for member, value in want.items():
                        if isinstance(value, float):
                            self.assertAlmostEqual(got[member], value, places=6, msg=(key, want["date"], member))
                        else:
                            self.assertEqual(got[member], value, (key, want["date"], member))

    def test_air_quality_summaries_name_the_band_and_the_worst_pollutant(self):
        answers = self.run_scenario()["calls"]["fetchAirQuality"]
        full, summary = answers["full"]["structuredContent"]["airQuality"], answers["summary"]["structuredContent"]
        self.assertGreater(len(summary["airQuality"]), 0)
        for reading, summarised in zip(full, summary["airQuality"]):
            want = air_quality_summary(reading)
            self.assertEqual(summarised["usAQI"], want["usAQI"])
            self.assertEqual(summarised["band"], want["band"])
            self.assertEqual((summarised["worstPollutant"] or {}).get("id"), want["worstPollutant"])
            self.assertEqual([{k: day[k] for k in ("date", "usAQIMax", "band", "worstPollutant")}
                              for day in summarised["days"]], want["days"])

    def test_pollen_and_climate_summaries_hold_the_peak_and_the_extremes(self):
        calls = self.run_scenario()["calls"]
        pollen = calls["fetchPollen"]
        summary = pollen["summary"]["structuredContent"]
        self.assertEqual([{"date": day["date"], "peak": (day["peak"] or {}).get("id"),
                           "types": [item["id"] for item in day["types"]]} for day in summary["days"]],
                         pollen_summary(pollen["full"]["structuredContent"]))
        climate = calls["fetchClimate"]
        summary = climate["summary"]["structuredContent"]
        want = climate_summary(climate["full"]["structuredContent"])
        self.assertEqual({"years": summary["years"], "first": summary["first"]["year"],
                          "last": summary["last"]["year"], "warmest": summary["warmest"]["year"],
                          "coldest": summary["coldest"]["year"], "change": summary["change"]},
                         {k: v for k, v in want.items() if k != "mean"})
        self.assertAlmostEqual(summary["mean"], want["mean"], delta=0.05 + 1e-9)

    def test_the_dashboard_summary_summarises_each_part(self):
        answers = self.run_scenario()["calls"]["fetchDashboard"]
        full, summary = answers["full"]["structuredContent"], answers["summary"]["structuredContent"]
        self.assertEqual(summary["errors"], full["errors"])
        self.assertEqual(summary["place"], full["place"])
        self.assertEqual(summary["airQuality"]["band"], air_quality_summary(full["airQuality"])["band"])
        self.assertEqual(summary["climate"]["warmest"]["year"], climate_summary(full["climate"])["warmest"])
        self.assertEqual([day["date"] for day in summary["forecast"]["days"]],
                         [day["date"] for day in forecast_days(full["forecast"])])


class ModernSDKDetailTests(DetailScenario, unittest.TestCase):
    def interpreter(self) -> str:
        return sys.executable


class LegacySDKDetailTests(DetailScenario, unittest.TestCase):
    def interpreter(self) -> str:
        return mcp1_python(self)


if __name__ == "__main__":
    unittest.main()
