#!/usr/bin/env python3
"""A fake of every upstream breeze-rpc calls, for end-to-end tests and benchmarks.

Answers like Open-Meteo geocoding (/v1/search), air quality (/v1/air-quality), forecast (/v1/forecast)
and archive (/v1/archive), the Breeze pollen proxy (/api/pollen) and Google Pollen (/v1/forecast:lookup),
with bodies shaped like the real services' recorded answers, quirks included: proto3-style omitted
fields in geocoding and Google answers, a missing `results` key when nothing matches, Float32-looking grid
centres, `null` for missing values, unit "undefined" for variables the model lacks, "mp/h", all-null pollen
outside Europe, nulls within the archive's five-day lag, Google's error envelope and the proxy's flat
`{"error": "..."}`, several places (comma lists) as a JSON array, several forecast `models` merged into one
object per place with `NAME_MODEL` keys (and in FlatBuffers one message per place and model). Every answer
is computed from the query and the current date; nothing is random.

Any route can be switched into a failure mode, per service or path prefix, optionally for the next N
requests only (see `FakeUpstream.set_mode` and MODES). Every request is recorded.

As a module::

    with FakeUpstream() as fake:
        env = fake.environment()            # the BREEZE_*_URL variables pointing here
        fake.set_mode("forecast", "status", reason="Invalid timezone")
        fake.set_mode("airQuality", "hang", count=1)
        ...
        fake.requests                       # [{method, path, query, query_list, raw_query, headers, time}]

As a script (the base URL is printed on the first line of stdout; serves until killed)::

    python3 Tests/EndToEnd/fake_upstream.py --port 0
    curl -s -X POST http://127.0.0.1:PORT/__control -d '{"target":"forecast","mode":"delay","ms":50}'
    curl -s -X POST http://127.0.0.1:PORT/__control -d '{"action":"reset"}'
    curl -s http://127.0.0.1:PORT/__requests        # the request log, as JSON
    curl -s http://127.0.0.1:PORT/__stats           # counters and the max-concurrency gauge

To point a shell at it, `--env` starts it in the background and prints the exports to `eval`::

    eval "$(python3 Tests/EndToEnd/fake_upstream.py --env)"
    echo '{"jsonrpc":"2.0","id":1,"method":"searchCities","params":{"name":"Berlin"}}' | breeze-rpc
    kill "$BREEZE_FAKE_UPSTREAM_PID"

Python 3.11 standard library, plus Google's `flatbuffers` package (pinned in Tests/requirements.txt) for
`format=flatbuffers` answers only: Open-Meteo's binary format, one size-prefixed `WeatherApiResponse` per
location, unrounded Float32 values and NaN where JSON has null. JSON numbers are what Open-Meteo's JSON writer
prints for the same Float32 values (rounded in Float32, half away from zero, to the unit's decimals), so the
two formats carry the same numbers.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.server
import json
import math
import os
import re
import select
import shlex
import signal
import socket
import struct
import sys
import threading
import time
import unicodedata
import urllib.parse
import zlib

try:
    import zoneinfo
except ImportError:  # pragma: no cover - Python 3.11 always has it
    zoneinfo = None

HOST = "127.0.0.1"
HANG_MAX_SECONDS = 30.0

# --------------------------------------------------------------------------------------------------
# Services and paths
# --------------------------------------------------------------------------------------------------

#: service name -> path. The names are breeze-rpc's `Upstream` raw values.
SERVICE_PATHS = {
    "geocoding": "/v1/search",
    "airQuality": "/v1/air-quality",
    "forecast": "/v1/forecast",
    "archive": "/v1/archive",
    "pollenProxy": "/api/pollen",
    "googlePollen": "/v1/forecast:lookup",
}
SERVICE_ALIASES = {"proxy": "pollenProxy", "google": "googlePollen", "air_quality": "airQuality"}

#: service name -> the breeze-rpc environment variable holding its base URL.
SERVICE_VARIABLES = {
    "geocoding": "BREEZE_GEOCODING_URL",
    "airQuality": "BREEZE_AIR_QUALITY_URL",
    "forecast": "BREEZE_FORECAST_URL",
    "archive": "BREEZE_ARCHIVE_URL",
    "pollenProxy": "BREEZE_POLLEN_URL",
    "googlePollen": "BREEZE_GOOGLE_POLLEN_URL",
}

#: Failure and timing modes accepted by `set_mode`, with their options.
MODES = {
    "normal": "answer normally",
    "status": "failure status in the service's error dialect; options: status=400, reason=..., reason_first=False",
    "429": "rate limited in the service's dialect; options: retry_after=None (header value), reason",
    "rate_limited": "same as 429",
    "500": "500 in the service's dialect (Open-Meteo: 'Something went wrong.')",
    "502": "502 with an HTML body (a proxy in front of the upstream)",
    "503": "503 with an HTML body",
    "html": "an HTML body; options: status=502",
    "hang": "accept the request and never answer; options: seconds=30 (capped at 30); ends when the client "
    "goes away or the server stops",
    "delay": "answer normally after a pause; options: ms=100",
    "truncated": "200 with a Content-Length larger than the bytes sent, then close",
    "invalid_json": "200 with a body that is not JSON",
    "reset": "close the connection (TCP RST) without answering",
    "stream_error": "200 whose body breaks off with 'Unexpected error while streaming data: ...'",
    "body": "any answer; options: status=200, body (str or JSON value), content_type, headers={}",
    "empty": "200 with an empty body",
    # Hostile upstreams (what breeze-rpc must survive without leaking, wedging or ballooning):
    "echo_url": "a failure whose reason echoes the request URL, query (and key) included, in the service's "
    "dialect; options: status=400 (429, 500 ...), stream=False (a 200 whose streaming-error tail echoes it), "
    "key_prefix=None (echo only the first N characters of each key, in free text)",
    "gzip_bomb": "200 with Content-Encoding: gzip, a small body that inflates to `mib` MiB; options: mib=256",
    "endless": "200 without a length whose body never ends (until the client goes away, at most 60 s)",
    "big_body": "200 with a Content-Length body of `mib` MiB of JSON white space; options: mib=50",
    "redirect": "302 to `location` (default: the same URL again, a loop); options: location",
    "huge_header": "200 with one response header of `kib` KiB; options: kib=256",
}

STATUS_PHRASES = {
    200: "OK", 303: "See Other", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
}


def dialect_of(path: str) -> str:
    """'google', 'proxy' or 'openMeteo': the error dialect the upstream at `path` speaks."""
    if path.endswith("/forecast:lookup"):
        return "google"
    if path.endswith("/api/pollen"):
        return "proxy"
    return "openMeteo"


# --------------------------------------------------------------------------------------------------
# Numbers that look like the upstreams'
# --------------------------------------------------------------------------------------------------


def f32(value: float) -> float:
    return struct.unpack("<f", struct.pack("<f", value))[0]


def f32_text(value: float) -> float:
    """The shortest decimal that reads back as the same Float32, as a Python float (prints like Swift's Float)."""
    stored = f32(value)
    for digits in range(1, 10):
        candidate = float(f"{stored:.{digits}g}")
        if f32(candidate) == stored:
            return candidate
    return stored


def grid_centre(value: float, start: float, step: float) -> float:
    """A grid-cell centre computed in Float32 arithmetic, e.g. 13.419998 for 13.41 on a 0.02° grid."""
    index = round((value - start) / step)
    return f32_text(f32(f32(start) + f32(f32(float(index)) * f32(step))))


def noise(*parts) -> float:
    """A deterministic number in [0, 1) from `parts`."""
    return zlib.crc32("|".join(str(p) for p in parts).encode()) / 2**32


class Model32:
    """A value as a model computes it: Float32, not rounded. Open-Meteo's JSON writer prints it rounded to the
    unit's decimals (`json_number`); its FlatBuffers writer sends the Float32 itself, NaN for a missing value."""

    __slots__ = ("value", "decimals")

    def __init__(self, value: float, decimals: int):
        self.value, self.decimals = f32(value), decimals

    def json_number(self):
        """The number Open-Meteo's JSON text denotes: |value| × 10ⁿ in Float32, rounded half away from zero,
        then divided back (Open-Meteo's `Float.formatted(decimals:)`); `null` for NaN and infinities."""
        value = self.value
        if not math.isfinite(value):
            return None
        if self.decimals == 0:
            return int(math.copysign(math.floor(abs(value) + 0.5), value)) if value else 0
        factor = 10 ** self.decimals
        magnitude = math.floor(f32(abs(value) * factor) + 0.5) / factor
        return -magnitude if value < 0 else magnitude


def rounded(value, decimals: int):
    """A model value in a unit printed with `decimals` decimals; None stays None (null, or NaN in FlatBuffers)."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return Model32(float(value), decimals)


#: Open-Meteo unit string -> (its `openmeteo_sdk.Unit` value, the decimals its JSON writer prints). One table for
#: both formats, so the JSON and FlatBuffers answers carry the same numbers.
OPEN_METEO_UNITS = {
    "undefined": (0, 0), "°C": (1, 1), "cm": (2, 2), "m³/m³": (3, 3), "°": (5, 0), "": (7, 2), "EAQI": (8, 0),
    "°F": (9, 1), "ft": (10, 3), "fraction": (11, 3), "grains/m³": (14, 1), "hPa": (16, 1), "h": (17, 1),
    "inch": (18, 3), "iso8601": (19, 0), "km/h": (24, 1), "kn": (25, 1), "MJ/m²": (26, 2), "m/s": (28, 2),
    "m": (29, 2), "μg/m³": (30, 1), "mp/h": (31, 1), "mm": (32, 2), "%": (35, 0), "s": (36, 2), "USAQI": (38, 0),
    "W/m²": (39, 1), "wmo code": (40, 0), "ppm": (41, 0), "kPa": (22, 2),
}
UNIT_DECIMALS = {unit: decimals for unit, (_, decimals) in OPEN_METEO_UNITS.items()}

# --------------------------------------------------------------------------------------------------
# Geocoding data
# --------------------------------------------------------------------------------------------------

GEONAME_FIELDS = [
    "id", "name", "latitude", "longitude", "elevation", "feature_code", "country_code", "admin1_id", "admin2_id",
    "admin3_id", "admin4_id", "timezone", "population", "postcodes", "country_id", "country", "admin1", "admin2",
    "admin3", "admin4",
]


def _city(id, name, lat, lon, elevation, feature, cc, tz, population, country_id, country, admin1="", admin2="",
          admin1_id=0, admin2_id=0, postcodes=()):
    return {
        "id": id, "name": name, "latitude": lat, "longitude": lon, "elevation": elevation, "feature_code": feature,
        "country_code": cc, "admin1_id": admin1_id, "admin2_id": admin2_id, "timezone": tz, "population": population,
        "postcodes": list(postcodes), "country_id": country_id, "country": country, "admin1": admin1,
        "admin2": admin2,
    }


CITIES = [
    _city(2950159, "Berlin", 52.52437, 13.41053, 74.0, "PPLC", "DE", "Europe/Berlin", 3426354, 2921044, "Germany",
          "State of Berlin", "", 2950157, 0, ["10967", "13347"]),
    _city(5083330, "Berlin", 44.46867, -71.18508, 311.0, "PPL", "US", "America/New_York", 9367, 6252001,
          "United States", "New Hampshire", "Coos", 5090174, 5084973),
    _city(4500771, "Berlin", 39.79123, -74.92905, 47.0, "PPL", "US", "America/New_York", 7588, 6252001,
          "United States", "New Jersey", "Camden", 5101760, 4501019),
    _city(5245497, "Berlin", 43.96804, -88.94345, 232.0, "PPL", "US", "America/Chicago", 5524, 6252001,
          "United States", "Wisconsin", "Green Lake", 5279468, 5254218),
    _city(4930956, "Berlin", 42.3812, -71.63701, 0.0, "PPL", "US", "America/New_York", 0, 6252001,
          "United States", "Massachusetts", "Worcester", 6254926, 4956199),
    _city(2820256, "Berlingerode", 51.45775, 10.2384, 309.0, "PPLA4", "DE", "Europe/Berlin", 1024, 2921044,
          "Germany", "Thuringia", "", 2822542, 0),
    _city(2661552, "Bern", 46.94809, 7.44744, 542.0, "PPLC", "CH", "Europe/Zurich", 121631, 2658434, "Switzerland",
          "Bern", "Bern-Mittelland administrative district", 2661551, 7285161),
    _city(2174003, "Brisbane", -27.46794, 153.02809, 27.0, "PPLA", "AU", "Australia/Brisbane", 2189878, 2077456,
          "Australia", "Queensland", "Brisbane", 2152274, 7839562),
    _city(6296691, "Enschede Airport Twente", 52.27, 6.87417, 34.0, "AIRP", "NL", "Europe/Amsterdam", 0, 2750405,
          "The Netherlands", "Overijssel", "Enschede Municipality", 2748838, 2756070),
    _city(6255152, "Antarctica", -75.0, 0.0, 0.0, "CONT", "", "", 0, 0, ""),
    _city(3573157, "Atlantic Point", 32.26667, -64.86667, 0.0, "PT", "BM", "Atlantic/Bermuda", 0, 3573345,
          "Bermuda"),
    _city(1275339, "Mumbai", 19.07283, 72.88261, 14.0, "PPLA", "IN", "Asia/Kolkata", 12691836, 1269750, "India",
          "Maharashtra", "Mumbai", 1264418, 0),
    _city(5128581, "New York", 40.71427, -74.00597, 10.0, "PPL", "US", "America/New_York", 8804190, 6252001,
          "United States", "New York", "", 5128638, 0),
    _city(3448439, "São Paulo", -23.5475, -46.63611, 769.0, "PPLA", "BR", "America/Sao_Paulo", 10021295, 3469034,
          "Brazil", "São Paulo", "São Paulo", 3448433, 3448439),
    _city(2657896, "Zürich", 47.36667, 8.55, 429.0, "PPLA", "CH", "Europe/Zurich", 341730, 2658434,
          "Switzerland", "Zurich", "Bezirk Zürich", 2657895, 6458798),
    _city(2147714, "Sydney", -33.86785, 151.20732, 58.0, "PPLA", "AU", "Australia/Sydney", 4627345, 2077456,
          "Australia", "New South Wales", "Sydney", 2155400, 0),
    _city(1850147, "Tokyo", 35.6895, 139.69171, 44.0, "PPLC", "JP", "Asia/Tokyo", 8336599, 1861060, "Japan",
          "Tokyo", "", 1850144, 0),
    _city(4167147, "O'Brien", 30.03829, -82.94207, 22.0, "PPL", "US", "America/New_York", 0, 6252001,
          "United States", "Florida", "Suwannee", 4155751, 4174426),
    # Names shared across countries and states, as people type them with a region ("Springfield, IL").
    _city(2988507, "Paris", 48.85341, 2.3488, 42.0, "PPLC", "FR", "Europe/Paris", 2138551, 3017382, "France",
          "Île-de-France", "Paris", 3012874, 2968815),
    _city(4717560, "Paris", 33.66094, -95.55551, 182.0, "PPLA2", "US", "America/Chicago", 24782, 6252001,
          "United States", "Texas", "Lamar", 4736286, 4705086),
    _city(4250542, "Springfield", 39.80172, -89.64371, 182.0, "PPLA", "US", "America/Chicago", 116565, 6252001,
          "United States", "Illinois", "Sangamon", 4896861, 4908052),
    _city(4409896, "Springfield", 37.21533, -93.29824, 396.0, "PPLA2", "US", "America/Chicago", 166810, 6252001,
          "United States", "Missouri", "Greene", 4398678, 4402404),
    _city(4951788, "Springfield", 42.10148, -72.58981, 21.0, "PPLA2", "US", "America/New_York", 155929, 6252001,
          "United States", "Massachusetts", "Hampden", 6254926, 4938757),
    _city(5746545, "Portland", 45.52345, -122.67621, 15.0, "PPLA2", "US", "America/Los_Angeles", 652503, 6252001,
          "United States", "Oregon", "Multnomah", 5744337, 5742126),
    _city(4975802, "Portland", 43.66147, -70.25533, 9.0, "PPLA2", "US", "America/New_York", 66881, 6252001,
          "United States", "Maine", "Cumberland", 4971068, 4969188),
    _city(2643743, "London", 51.50853, -0.12574, 25.0, "PPLC", "GB", "Europe/London", 8961989, 2635167,
          "United Kingdom", "England", "Greater London", 6269131, 2648110),
    _city(6058560, "London", 42.98339, -81.23304, 251.0, "PPL", "CA", "America/Toronto", 346765, 6251999,
          "Canada", "Ontario", "", 6093943, 0),
]

COUNTRY_NAMES = {
    "de": {"Germany": "Deutschland", "United States": "Vereinigte Staaten", "Switzerland": "Schweiz",
           "Australia": "Australien", "India": "Indien", "Japan": "Japan", "Brazil": "Brasilien"},
    "fr": {"Germany": "Allemagne", "United States": "États-Unis", "Switzerland": "Suisse",
           "Australia": "Australie", "India": "Inde", "Japan": "Japon", "Brazil": "Brésil"},
}


def fold(text: str) -> str:
    """Case- and diacritic-insensitive form, as the geocoder matches."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def city_rank(city) -> float:
    bonus = {"PPLC": 0.3, "PPLA": 0.3, "PPLA2": 0.23, "PPLA3": 0.2, "PPLA4": 0.18, "PPLA5": 0.15, "PPL": 0.1}
    return min(city["population"], 1_000_000) / 1_000_000 + (0.1 if city["postcodes"] else 0) + bonus.get(
        city["feature_code"], 0)


# --------------------------------------------------------------------------------------------------
# Time zones
# --------------------------------------------------------------------------------------------------

ZONE_BOXES = [  # (name, lat_min, lat_max, lon_min, lon_max)
    ("Europe/Berlin", 47.0, 55.5, 5.5, 15.5),
    ("Europe/Zurich", 45.5, 47.0, 5.5, 10.5),
    ("Europe/Amsterdam", 50.5, 53.7, 3.0, 5.5),
    ("Europe/London", 49.5, 61.0, -11.0, 2.0),
    ("Europe/Paris", 41.0, 51.0, -5.0, 8.0),
    ("Asia/Kolkata", 6.0, 36.0, 68.0, 98.0),
    ("Asia/Tokyo", 24.0, 46.0, 128.0, 146.0),
    ("Australia/Sydney", -38.0, -28.0, 141.0, 154.0),
    ("Australia/Brisbane", -29.0, -10.0, 138.0, 154.0),
    ("America/Sao_Paulo", -34.0, -5.0, -54.0, -34.0),
    ("America/New_York", 24.0, 48.0, -85.0, -66.0),
    ("America/Chicago", 25.0, 49.0, -100.0, -85.0),
    ("America/Los_Angeles", 32.0, 49.0, -125.0, -114.0),
]


class Zone:
    """A time zone as Open-Meteo reports it: name, abbreviation and one fixed offset at request time."""

    def __init__(self, name: str, offset_seconds: int, abbreviation: str):
        self.name, self.offset, self.abbreviation = name, offset_seconds, abbreviation


def zone_for(timezone_param: str | None, lat: float, lon: float, now_utc: dt.datetime) -> Zone | None:
    """The zone for a request, or None for an invalid name."""
    if timezone_param is None or timezone_param in ("GMT", "UTC"):
        return Zone("GMT", 0, "GMT")
    if timezone_param == "auto":
        for name, a, b, c, d in ZONE_BOXES:
            if a <= lat <= b and c <= lon <= d:
                return named_zone(name, now_utc)
        hours = int(round(lon / 15.0))
        if hours == 0:
            return Zone("GMT", 0, "GMT")
        # Etc/GMT+9 is nine hours *behind* UTC, abbreviated "-09".
        return Zone(f"Etc/GMT{'+' if hours < 0 else '-'}{abs(hours)}", hours * 3600,
                    f"{'+' if hours > 0 else '-'}{abs(hours):02d}")
    return named_zone(timezone_param, now_utc)


def named_zone(name: str, now_utc: dt.datetime) -> Zone | None:
    if zoneinfo is None:
        return None
    try:
        info = zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None
    offset = int(now_utc.astimezone(info).utcoffset().total_seconds())
    if offset == 0:
        return Zone(name, 0, "GMT")
    hours, rest = divmod(abs(offset), 3600)
    sign = "+" if offset > 0 else "-"
    abbreviation = f"GMT{sign}{hours}" + (f":{rest // 60:02d}" if rest else "")
    return Zone(name, offset, abbreviation)


# --------------------------------------------------------------------------------------------------
# Weather and air-quality models (deterministic)
# --------------------------------------------------------------------------------------------------

WMO_CODES = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95,
             96, 99]

# hourly/current variable -> kind (decides unit and model)
FORECAST_HOURLY = {
    "temperature_2m": "temperature", "dew_point_2m": "temperature", "apparent_temperature": "temperature",
    "relative_humidity_2m": "percent", "cloud_cover": "percent", "precipitation_probability": "percent",
    "cloud_cover_low": "percent", "cloud_cover_mid": "percent", "cloud_cover_high": "percent",
    "precipitation": "precipitation", "rain": "precipitation", "showers": "precipitation", "snowfall": "snowfall",
    "weather_code": "wmo", "pressure_msl": "pressure", "surface_pressure": "pressure",
    "wind_speed_10m": "speed", "wind_gusts_10m": "speed", "wind_direction_10m": "direction",
    "uv_index": "dimensionless", "is_day": "dimensionless_int", "visibility": "length", "snow_depth": "depth",
    # legacy names
    "windspeed_10m": "speed", "weathercode": "wmo", "relativehumidity_2m": "percent",
    "winddirection_10m": "direction", "cloudcover": "percent",
}
FORECAST_DAILY = {
    "temperature_2m_max": "temperature", "temperature_2m_min": "temperature", "temperature_2m_mean": "temperature",
    "apparent_temperature_max": "temperature", "apparent_temperature_min": "temperature",
    "precipitation_sum": "precipitation", "rain_sum": "precipitation", "showers_sum": "precipitation",
    "snowfall_sum": "snowfall", "precipitation_hours": "hours", "precipitation_probability_max": "percent",
    "weather_code": "wmo", "weathercode": "wmo", "sunrise": "iso8601", "sunset": "iso8601",
    "daylight_duration": "seconds", "sunshine_duration": "seconds", "uv_index_max": "dimensionless",
    "uv_index_clear_sky_max": "dimensionless", "wind_speed_10m_max": "speed", "wind_gusts_10m_max": "speed",
    "wind_direction_10m_dominant": "direction", "shortwave_radiation_sum": "energy",
    "et0_fao_evapotranspiration": "precipitation",
}
#: Valid Open-Meteo names this fake does not model: unit "undefined", all values null.
UNMODELLED = re.compile(
    r"^(lifted_index|cape|convective_inhibition|freezing_level_height|boundary_layer_height|"
    r"total_column_integrated_water_vapour|evapotranspiration|vapour_pressure_deficit|"
    r"(soil_temperature|soil_moisture)_\d+(_to_\d+)?cm|(temperature|relative_humidity|geopotential_height|"
    r"wind_speed|wind_direction|cloud_cover)_\d+hPa|sunshine_duration|shortwave_radiation|direct_radiation|"
    r"diffuse_radiation|wet_bulb_temperature_2m)$")

AIR_VARIABLES = {
    **{name: "μg/m³" for name in [
        "pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide", "sulphur_dioxide", "ozone", "dust", "ammonia",
        "methane", "formaldehyde", "glyoxal", "nitrogen_monoxide", "peroxyacyl_nitrates",
        "non_methane_volatile_organic_compounds", "pm10_wildfires", "pm2_5_total_organic_matter",
        "residential_elementary_carbon", "total_elementary_carbon", "secondary_inorganic_aerosol",
        "sea_salt_aerosol"]},
    "carbon_dioxide": "ppm", "aerosol_optical_depth": "", "uv_index": "", "uv_index_clear_sky": "", "is_day": "",
    **{f"{p}_pollen": "grains/m³" for p in ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]},
    **{name: "EAQI" for name in [
        "european_aqi", "european_aqi_pm2_5", "european_aqi_pm10", "european_aqi_nitrogen_dioxide",
        "european_aqi_ozone", "european_aqi_sulphur_dioxide", "european_aqi_no2", "european_aqi_o3",
        "european_aqi_so2"]},
    **{name: "USAQI" for name in [
        "us_aqi", "us_aqi_pm2_5", "us_aqi_pm10", "us_aqi_nitrogen_dioxide", "us_aqi_ozone",
        "us_aqi_sulphur_dioxide", "us_aqi_carbon_monoxide", "us_aqi_no2", "us_aqi_o3", "us_aqi_so2",
        "us_aqi_co"]},
}
AIR_ALIASES = {"no2": "nitrogen_dioxide", "o3": "ozone", "so2": "sulphur_dioxide", "co": "carbon_monoxide"}

US_BREAKPOINTS = {  # concentration breakpoints for index anchors 0/50/100/150/200/300/400/500
    "pm2_5": [0, 9, 35.5, 55.5, 125.5, 225.5, 325.5, 500],
    "pm10": [0, 55, 155, 255, 355, 425, 505, 605],
    "ozone": [0, 55, 70, 85, 105, 200, 300, 400],  # ppb
    "carbon_monoxide": [0, 4.5, 9.5, 12.5, 15.5, 30.5, 40.5, 50.5],  # ppm
    "sulphur_dioxide": [0, 35, 75, 185, 305, 605, 805, 1005],  # ppb
    "nitrogen_dioxide": [0, 54, 100, 360, 650, 1250, 1650, 2050],  # ppb
}
US_ANCHORS = [0, 50, 100, 150, 200, 300, 400, 500]
EU_THRESHOLDS = {
    "pm2_5": [0, 5, 15, 50, 90, 140], "pm10": [0, 15, 45, 120, 195, 270], "nitrogen_dioxide": [0, 10, 25, 60, 100, 150],
    "ozone": [0, 60, 100, 120, 160, 180], "sulphur_dioxide": [0, 20, 40, 125, 190, 275],
}
US_CONVERSION = {"carbon_monoxide": 1 / 1.15 / 1000, "ozone": 1 / 1.96, "sulphur_dioxide": 1 / 2.62,
                 "nitrogen_dioxide": 1 / 1.88, "pm2_5": 1, "pm10": 1}


def interpolate(value: float, breakpoints, anchors) -> float:
    for i in range(len(breakpoints) - 1):
        lo, hi = breakpoints[i], breakpoints[i + 1]
        if value <= hi:
            return anchors[i] + (value - lo) / (hi - lo) * (anchors[i + 1] - anchors[i])
    return float(anchors[-1])


def in_europe(lat: float, lon: float) -> bool:
    return 34.0 <= lat <= 72.0 and -25.0 <= lon <= 45.0


class Place:
    """A requested point with its grid cell and zone."""

    def __init__(self, lat: float, lon: float, zone: Zone, grid_step: float, model: str | None = None):
        self.lat, self.lon, self.zone = lat, lon, zone
        self.grid_lat = grid_centre(lat, -90.0, grid_step)
        self.grid_lon = grid_centre(lon, -180.0, grid_step)
        # Each weather model computes its own numbers for its own grid cell.
        self.key = f"{self.grid_lat:.3f},{self.grid_lon:.3f}" + (f"|{model}" if model else "")
        self.elevation = float(round(5 + noise("elevation", self.key) * 480))


def temperature_c(place: Place, moment: dt.datetime) -> float:
    """°C at a local time: latitude, season, hour of day, a daily wobble, and a slow warming trend."""
    lat = place.lat
    doy = moment.timetuple().tm_yday
    base = 27.0 - 0.42 * abs(lat)
    season = -math.cos((doy - 15) / 365.25 * 2 * math.pi) * (abs(lat) / 90.0 * 16.0) * (1 if lat >= 0 else -1)
    hour = moment.hour + moment.minute / 60
    diurnal = 4.0 * math.sin((hour - 9.0) / 24.0 * 2 * math.pi)
    wobble = (noise("day", place.key, moment.date()) - 0.5) * 5.0
    trend = (moment.year - 2000) * 0.03
    return base + season + diurnal + wobble + trend


def daily_max_c(place: Place, day: dt.date) -> float:
    return temperature_c(place, dt.datetime(day.year, day.month, day.day, 15, 0))


def daily_min_c(place: Place, day: dt.date) -> float:
    return temperature_c(place, dt.datetime(day.year, day.month, day.day, 3, 0))


def sun_times(place: Place, day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    doy = day.timetuple().tm_yday
    declination = 23.44 * math.sin((doy - 81) / 365.0 * 2 * math.pi)
    x = -math.tan(math.radians(max(-66.0, min(66.0, place.lat)))) * math.tan(math.radians(declination))
    half_day = math.degrees(math.acos(max(-1.0, min(1.0, x)))) / 15.0
    solar_noon = 12.0 - place.lon / 15.0 + place.zone.offset / 3600.0
    midnight = dt.datetime(day.year, day.month, day.day)
    rise = midnight + dt.timedelta(hours=solar_noon - half_day)
    set_ = midnight + dt.timedelta(hours=solar_noon + half_day)
    return rise.replace(second=0, microsecond=0), set_.replace(second=0, microsecond=0)


def weather_hourly(name: str, kind: str, place: Place, moment: dt.datetime):
    """One hourly (or current) value in base units (°C, km/h, mm, cm, m), or None."""
    key = (name, place.key, moment.isoformat())
    wet = noise("wet", place.key, moment.date(), moment.hour // 6) < 0.3
    temp = temperature_c(place, moment)
    rise, set_ = sun_times(place, moment.date())
    day = rise <= moment < set_
    if name in ("temperature_2m",):
        return temp
    if name == "apparent_temperature":
        return temp - 1.2 - noise(*key) * 2
    if name == "dew_point_2m":
        return temp - 3 - noise(*key) * 6
    if name in ("relative_humidity_2m", "relativehumidity_2m"):
        return 45 + noise(*key) * 45
    if name in ("cloud_cover", "cloudcover", "cloud_cover_low", "cloud_cover_mid", "cloud_cover_high"):
        return (60 + noise(*key) * 40) if wet else noise(*key) * 60
    if name == "precipitation_probability":
        return (50 + noise(*key) * 50) if wet else noise(*key) * 20
    if name in ("precipitation", "rain", "showers"):
        return (0.1 + noise(*key) * 2.5) if wet and name != "showers" else 0.0
    if name == "snowfall":
        return (0.2 + noise(*key)) if wet and temp < 0 else 0.0
    if name == "snow_depth":
        return 0.05 if temp < -2 else 0.0
    if kind == "wmo":
        if wet:
            return 71 if temp < 0 else [61, 63, 80, 51][int(noise(*key) * 4)]
        return [0, 1, 2, 3, 45][int(noise(*key) * 5)]
    if name == "pressure_msl":
        return 1005 + noise(*key) * 25
    if name == "surface_pressure":
        return 1005 + noise("pressure_msl", *key[1:]) * 25 - place.elevation / 8.3
    if name in ("wind_speed_10m", "windspeed_10m"):
        return 3 + noise(*key) * 22
    if name == "wind_gusts_10m":
        return (3 + noise("wind_speed_10m", *key[1:]) * 22) * 1.7
    if kind == "direction":
        return noise(*key) * 359
    if name == "uv_index":
        return noise(*key) * 7 if day else 0.0
    if name == "is_day":
        return 1 if day else 0
    if name == "visibility":
        return 8000 + noise(*key) * 40000
    return None


def weather_daily(name: str, kind: str, place: Place, day: dt.date):
    """One daily value in base units, a local time string for sunrise/sunset, or None."""
    key = (name, place.key, day.isoformat())
    wet = noise("wet", place.key, day, 2) < 0.3
    rise, set_ = sun_times(place, day)
    if name == "temperature_2m_max":
        return daily_max_c(place, day)
    if name == "temperature_2m_min":
        return daily_min_c(place, day)
    if name == "temperature_2m_mean":
        return (daily_max_c(place, day) + daily_min_c(place, day)) / 2
    if name == "apparent_temperature_max":
        return daily_max_c(place, day) - 1.5
    if name == "apparent_temperature_min":
        return daily_min_c(place, day) - 2.5
    if name in ("precipitation_sum", "rain_sum"):
        return 0.5 + noise(*key) * 12 if wet else 0.0
    if name == "showers_sum":
        return 0.0
    if name == "snowfall_sum":
        return 1.4 if wet and daily_max_c(place, day) < 0 else 0.0
    if name == "precipitation_hours":
        return float(1 + int(noise(*key) * 8)) if wet else 0.0
    if name == "precipitation_probability_max":
        return 55 + noise(*key) * 45 if wet else noise(*key) * 25
    if kind == "wmo":
        if wet:
            return 73 if daily_max_c(place, day) < 0 else [61, 63, 80, 95][int(noise(*key) * 4)]
        return [0, 1, 2, 3, 45][int(noise(*key) * 5)]
    if name == "sunrise":
        return rise.strftime("%Y-%m-%dT%H:%M")
    if name == "sunset":
        return set_.strftime("%Y-%m-%dT%H:%M")
    if name == "daylight_duration":
        return (set_ - rise).total_seconds()
    if name == "sunshine_duration":
        return (set_ - rise).total_seconds() * (0.2 if wet else 0.75)
    if name in ("uv_index_max", "uv_index_clear_sky_max"):
        return 1 + noise(*key) * 6
    if name == "wind_speed_10m_max":
        return 10 + noise(*key) * 25
    if name == "wind_gusts_10m_max":
        return (10 + noise("wind_speed_10m_max", *key[1:]) * 25) * 1.7
    if name == "wind_direction_10m_dominant":
        return noise(*key) * 359
    if name == "shortwave_radiation_sum":
        return 3 + noise(*key) * 20
    if name == "et0_fao_evapotranspiration":
        return 0.5 + noise(*key) * 4
    return None


def air_base(name: str, place: Place, moment: dt.datetime):
    """Pollutant concentration in μg/m³ (pollen in grains/m³), or None."""
    key = (name, place.key, moment.date().isoformat(), moment.hour)
    hour_wave = 1 + 0.25 * math.sin((moment.hour - 7) / 24 * 2 * math.pi)
    level = 0.5 + noise("level", place.key) * 1.5  # some places are dirtier than others
    ranges = {
        "pm2_5": (3, 22), "pm10": (6, 35), "carbon_monoxide": (140, 260), "nitrogen_dioxide": (4, 30),
        "sulphur_dioxide": (0.5, 6), "ozone": (25, 70), "dust": (0, 12), "ammonia": (1, 9), "methane": (1250, 1450),
        "formaldehyde": (0.2, 2), "glyoxal": (0, 0.3), "nitrogen_monoxide": (0.1, 8), "peroxyacyl_nitrates": (0, 1),
        "non_methane_volatile_organic_compounds": (2, 20), "pm10_wildfires": (0, 3),
        "pm2_5_total_organic_matter": (1, 8), "residential_elementary_carbon": (0, 1),
        "total_elementary_carbon": (0.1, 2), "secondary_inorganic_aerosol": (1, 8), "sea_salt_aerosol": (0, 4),
        "carbon_dioxide": (418, 440),
    }
    if name.endswith("_pollen"):
        if not in_europe(place.lat, place.lon):
            return None
        if name in ("olive_pollen", "ragweed_pollen") and place.lat > 50:
            return 0.0
        return round(noise(*key) * (60 if name == "grass_pollen" else 25), 1)
    if name == "ammonia" and not in_europe(place.lat, place.lon):
        return None
    if name in ranges:
        lo, hi = ranges[name]
        scale = level * hour_wave if name not in ("carbon_dioxide", "methane") else 1
        return lo + noise(*key) * (hi - lo) * scale
    if name == "aerosol_optical_depth":
        return 0.05 + noise(*key) * 0.3
    if name in ("uv_index", "uv_index_clear_sky"):
        return max(0.0, 7 * math.sin((moment.hour - 6) / 14 * math.pi)) if 6 <= moment.hour <= 20 else 0.0
    if name == "is_day":
        return 1 if 6 <= moment.hour < 20 else 0
    return None


def air_value(name: str, place: Place, moment: dt.datetime):
    name = canonical_air(name)
    if name.startswith("us_aqi"):
        subs = {p: interpolate(max(0.0, air_base(p, place, moment) * US_CONVERSION[p]), US_BREAKPOINTS[p], US_ANCHORS)
                for p in US_BREAKPOINTS}
        if name == "us_aqi":
            return max(subs.values())
        return subs[name[len("us_aqi_"):]]
    if name.startswith("european_aqi"):
        subs = {p: interpolate(air_base(p, place, moment), EU_THRESHOLDS[p], [0, 20, 40, 60, 80, 100])
                for p in EU_THRESHOLDS}
        if name == "european_aqi":
            return max(subs.values())
        return subs[name[len("european_aqi_"):]]
    return air_base(name, place, moment)


def canonical_air(name: str) -> str:
    for prefix in ("us_aqi_", "european_aqi_"):
        if name.startswith(prefix) and name[len(prefix):] in AIR_ALIASES:
            return prefix + AIR_ALIASES[name[len(prefix):]]
    return name


# --------------------------------------------------------------------------------------------------
# Google Pollen data
# --------------------------------------------------------------------------------------------------

UPI = {
    1: ("Very Low", "People with very high allergy to pollen are likely to experience symptoms",
        {"green": 0.61960787, "blue": 0.22745098}),
    2: ("Low", "People with high allergy to pollen are likely to experience symptoms",
        {"red": 0.5176471, "green": 0.8117647, "blue": 0.2}),
    3: ("Moderate", "People with moderate allergy to pollen are likely to experience symptoms",
        {"red": 1, "green": 0.8980392}),
    4: ("High", "People with low allergy to pollen are likely to experience symptoms",
        {"red": 1, "green": 0.54901963}),
    5: ("Very High", "People with very low allergy to pollen are likely to experience symptoms",
        {"red": 0.78431374}),
}
TYPE_ADVICE = {
    1: ["Pollen levels are very low right now. It's a great day to enjoy the outdoors!"],
    2: ["It's a good day for outdoor activities since pollen levels are low.",
        "Do you know which plants cause your pollen allergy? Check out the pollen data to be prepared."],
    3: ["If you experience symptoms, limit outdoor activity during high pollen hours.",
        "Keep windows closed and consider allergy medication."],
    4: ["Pollen levels are high. Limit time outdoors and keep windows and doors closed.",
        "Shower and change clothes after being outside."],
    5: ["Pollen levels are very high. Stay indoors where possible and keep windows closed.",
        "Talk to your doctor about medication if symptoms are strong."],
}
PLANTS = {
    "HAZEL": ("Hazel", "TREE", "Betulaceae (the Birch family)", "Late winter, spring"),
    "ALDER": ("Alder", "TREE", "Betulaceae (the Birch family)", "Late winter, spring"),
    "BIRCH": ("Birch", "TREE", "Betulaceae (the Birch family)", "Spring"),
    "OAK": ("Oak", "TREE", "Fagaceae (the Beech family)", "Spring"),
    "GRAMINALES": ("Grasses", "GRASS", "Poaceae", "Late spring, summer"),
    "RAGWEED": ("Ragweed", "WEED", "Asteraceae (the Aster family)", "Late summer, fall"),
    "MUGWORT": ("Mugwort", "WEED", "Asteraceae (the Aster family)", "Summer, fall"),
    "JAPANESE_CEDAR": ("Japanese cedar", "TREE", "Cupressaceae (the Cypress family)", "Late winter, spring"),
}
#: plant code -> whether it has index data on the first days (others carry only code and displayName)
PLANT_DATA = {"HAZEL": False, "ALDER": False, "BIRCH": True, "OAK": True, "GRAMINALES": True, "RAGWEED": True,
              "MUGWORT": False}


def google_covers(lat: float, lon: float) -> bool:
    """No coverage south of the equator and in India, as the fake's model of Google's map."""
    if lat < 0:
        return False
    if 6.0 <= lat <= 36.0 and 68.0 <= lon <= 98.0:
        return False
    return True


def region_code(lat: float, lon: float) -> str | None:
    boxes = [("DE", 47.0, 55.5, 5.5, 15.5), ("CH", 45.5, 47.0, 5.5, 10.5), ("NL", 50.5, 53.7, 3.0, 5.5),
             ("FR", 41.0, 51.0, -5.0, 8.0), ("GB", 49.5, 61.0, -11.0, 2.0), ("JP", 24.0, 46.0, 128.0, 146.0),
             ("US", 24.0, 50.0, -125.0, -66.0), ("IL", 29.0, 33.5, 34.0, 36.0)]
    for code, a, b, c, d in boxes:
        if a <= lat <= b and c <= lon <= d:
            return code
    return None  # e.g. disputed areas: Google leaves regionCode out


def index_info(value: int) -> dict:
    category, description, color = UPI[value]
    return {"code": "UPI", "displayName": "Universal Pollen Index", "value": value, "category": category,
            "indexDescription": description, "color": dict(color)}


def plant_description(code: str) -> dict:
    name, type_, family, season = PLANTS[code]
    slug = code.lower()
    return {
        "type": type_, "family": family, "season": season, "specialColors": "None",
        "specialShapes": f"Typical {name.lower()} pollen grains.",
        "crossReaction": f"People allergic to {name.lower()} pollen may also react to related plants.",
        "picture": f"https://storage.googleapis.com/pollen-pictures/{slug}_full.jpg",
        "pictureCloseup": f"https://storage.googleapis.com/pollen-pictures/{slug}_closeup.jpg",
    }


def google_pollen_body(lat: float, lon: float, days: int, plants_description: bool, today: dt.date) -> dict:
    key = f"{round(lat, 2)},{round(lon, 2)}"
    daily = []
    for offset in range(days):
        day = today + dt.timedelta(days=offset)
        grass = 1 + int(noise("GRASS", key, day) * 5)
        types = [
            {"code": "GRASS", "displayName": "Grass", "inSeason": True, "indexInfo": index_info(grass),
             "healthRecommendations": TYPE_ADVICE[grass]},
            {"code": "TREE", "displayName": "Tree"},  # no data: only code and displayName
            {"code": "WEED", "displayName": "Weed", "inSeason": True, "indexInfo": index_info(1),
             "healthRecommendations": TYPE_ADVICE[1]},
        ]
        codes = list(PLANT_DATA)
        if region_code(lat, lon) == "JP":
            codes.append("JAPANESE_CEDAR")
        plants = []
        for code in codes:
            name = PLANTS[code][0]
            if not PLANT_DATA.get(code, True):
                plants.append({"code": code, "displayName": name})
                continue
            plant = {"code": code, "displayName": name, "inSeason": code in ("GRAMINALES", "RAGWEED")}
            if offset < 2:  # later days list plants without indexInfo
                value = grass if code == "GRAMINALES" else 1 + int(noise(code, key, day) * 3)
                plant["indexInfo"] = index_info(value)
            if not plant["inSeason"]:
                del plant["inSeason"]  # proto3: false is omitted
            if plants_description:
                plant["plantDescription"] = plant_description(code)
            plants.append(plant)
        daily.append({"date": {"year": day.year, "month": day.month, "day": day.day}, "pollenTypeInfo": types,
                      "plantInfo": plants})
    body = {}
    region = region_code(lat, lon)
    if region:
        body["regionCode"] = region
    body["dailyInfo"] = daily
    return body


# --------------------------------------------------------------------------------------------------
# Errors in each upstream's dialect
# --------------------------------------------------------------------------------------------------


class Reply:
    def __init__(self, status=200, body=b"", content_type="application/json; charset=utf-8", headers=None):
        self.status, self.content_type, self.headers = status, content_type, dict(headers or {})
        self.body = body if isinstance(body, bytes) else dump(body) if not isinstance(body, str) else body.encode()


def dump(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_json_default).encode("utf-8")


def _json_default(value):
    if isinstance(value, Model32):
        return value.json_number()
    raise TypeError(f"{type(value).__name__} is not JSON")


GOOGLE_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}


def error_reply(dialect: str, status: int, reason: str, reason_first=False, headers=None, extra=None) -> Reply:
    if dialect == "google":
        body = {"error": {"code": status, "message": reason, "status": GOOGLE_STATUS.get(status, "UNKNOWN")}}
        if extra:
            body["error"].update(extra)
    elif dialect == "proxy":
        body = {"error": reason, **(extra or {})}
    else:
        body = {"reason": reason, "error": True} if reason_first else {"error": True, "reason": reason}
    return Reply(status, body, headers=headers)


class BadRequest(Exception):
    """A 400 in the route's own dialect."""

    def __init__(self, reason: str, status: int = 400, extra=None):
        super().__init__(reason)
        self.reason, self.status, self.extra = reason, status, extra


def html_page(status: int) -> bytes:
    phrase = STATUS_PHRASES.get(status, "Error")
    return (f"<html>\r\n<head><title>{status} {phrase}</title></head>\r\n<body>\r\n<center><h1>{status} {phrase}"
            f"</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n").encode()


# --------------------------------------------------------------------------------------------------
# Open-Meteo's FlatBuffers format (format=flatbuffers), written with Google's `flatbuffers` package
# --------------------------------------------------------------------------------------------------

#: `openmeteo_sdk.Variable` values of the names this fake serves (the rest are 0, "undefined"); the schema is
#: open-meteo/sdk's flatbuffers/weather_api.fbs.
SDK_VARIABLES = {
    "apparent_temperature": 1, "cloud_cover": 3, "cloud_cover_high": 4, "cloud_cover_low": 5, "cloud_cover_mid": 6,
    "daylight_duration": 7, "dew_point": 8, "et0_fao_evapotranspiration": 15, "is_day": 19, "precipitation": 24,
    "precipitation_hours": 25, "precipitation_probability": 26, "pressure_msl": 27, "rain": 28,
    "relative_humidity": 29, "shortwave_radiation": 32, "showers": 34, "snow_depth": 35, "snowfall": 37,
    "sunrise": 40, "sunset": 41, "surface_pressure": 45, "temperature": 47, "uv_index": 52,
    "uv_index_clear_sky": 53, "visibility": 55, "weather_code": 56, "wind_direction": 57, "wind_gusts": 58,
    "wind_speed": 59, "pm10": 75, "pm2p5": 76, "dust": 77, "aerosol_optical_depth": 78, "carbon_monoxide": 79,
    "nitrogen_dioxide": 80, "ammonia": 81, "ozone": 82, "sulphur_dioxide": 83, "alder_pollen": 84,
    "birch_pollen": 85, "grass_pollen": 86, "mugwort_pollen": 87, "olive_pollen": 88, "ragweed_pollen": 89,
    "european_aqi": 90, "european_aqi_pm2p5": 91, "european_aqi_pm10": 92, "european_aqi_nitrogen_dioxide": 93,
    "european_aqi_ozone": 94, "european_aqi_sulphur_dioxide": 95, "us_aqi": 96, "us_aqi_pm2p5": 97,
    "us_aqi_pm10": 98, "us_aqi_nitrogen_dioxide": 99, "us_aqi_ozone": 100, "us_aqi_sulphur_dioxide": 101,
    "us_aqi_carbon_monoxide": 102, "sunshine_duration": 103, "carbon_dioxide": 130, "methane": 131,
    "moonrise": 169, "moonset": 170,
}
SDK_AGGREGATIONS = {"min": 1, "max": 2, "mean": 3, "dominant": 9, "sum": 10}
#: The forecast models the fake serves (`models=`): their `openmeteo_sdk.Model` value and grid spacing in degrees.
SDK_MODELS = {
    "best_match": (1, 0.1), "gfs_seamless": (2, 0.25), "meteofrance_seamless": (5, 0.025), "jma_seamless": (12, 0.05),
    "gem_seamless": (16, 0.15), "icon_seamless": (20, 0.0625), "ecmwf_ifs025": (60, 0.25),
    "metno_seamless": (75, 0.03), "ukmo_seamless": (82, 0.09), "icon_d2": (23, 0.02),
}
#: Regional models and the box (lat_min, lat_max, lon_min, lon_max) they cover; the others cover the globe.
MODEL_AREAS = {"icon_d2": (43.0, 58.0, -4.0, 20.0)}


def model_covers(model: str, lat: float, lon: float) -> bool:
    lat_min, lat_max, lon_min, lon_max = MODEL_AREAS.get(model, (-90, 90, -180, 180))
    return lat_min <= lat <= lat_max and lon_min <= lon <= lon_max
MODEL_SECTIONS = ("minutely_15", "hourly", "daily")
SDK_MISSING_TIME = 9223372036854775807
SECTION_SLOTS = {"current": 9, "daily": 10, "hourly": 11, "minutely_15": 12}
SECTION_INTERVALS = {"daily": 86400, "hourly": 3600, "minutely_15": 900}


def sdk_variable(name: str) -> tuple[int, int, int]:
    """(variable, altitude, aggregation) for an API name: `temperature_2m_max` is temperature at 2 m, maximum."""
    aggregation = 0
    suffix = name.rsplit("_", 1)[-1]
    if suffix in SDK_AGGREGATIONS and name not in SDK_VARIABLES:
        aggregation, name = SDK_AGGREGATIONS[suffix], name[: -len(suffix) - 1]
    altitude = 2 if name == "apparent_temperature" else 0
    match = re.fullmatch(r"(.+)_(\d+)m", name)
    if match:
        name, altitude = match.group(1), int(match.group(2))
    name = name.replace("pm2_5", "pm2p5")
    return SDK_VARIABLES.get(name, 0), altitude, aggregation


def unix_seconds(local, utc_offset: int) -> int:
    """A local time as the JSON answer writes it ("2026-10-03T07:36" or "2026-10-03") back to Unix seconds."""
    if isinstance(local, int):  # timeformat=unixtime
        return local
    moment = dt.datetime.strptime(local, "%Y-%m-%dT%H:%M" if "T" in local else "%Y-%m-%d")
    return int((moment - dt.datetime(1970, 1, 1)).total_seconds()) - utc_offset


def flatbuffers_body(locations: list[dict]) -> bytes:
    """The FlatBuffers answer carrying what `locations` (JSON answers, Model32 values or plain numbers) carry:
    one size-prefixed `WeatherApiResponse` per location (and model), one after another. Values stay unrounded Float32, a
    missing value is NaN, sunrise/sunset are Unix seconds in `values_int64`, and fields equal to their default
    are left out (as the real writer does)."""
    import flatbuffers  # only this format needs the package (a pinned test dependency)

    return b"".join(_flatbuffers_message(flatbuffers.Builder(4096), location) for location in locations)


def _flatbuffers_message(builder, location: dict) -> bytes:
    offset = int(location.get("utc_offset_seconds", 0))
    sections = {}
    for name, slot in SECTION_SLOTS.items():
        if isinstance(location.get(name), dict):
            sections[slot] = _flatbuffers_section(builder, name, location[name], location.get(f"{name}_units") or {},
                                                  offset)
    zone = location.get("timezone")
    strings = {}
    if zone and zone != "GMT":
        strings[7] = builder.CreateString(zone)
        strings[8] = builder.CreateString(location.get("timezone_abbreviation") or "")
    builder.StartObject(15)
    builder.PrependFloat32Slot(0, f32(location.get("latitude", 0)), 0)
    builder.PrependFloat32Slot(1, f32(location.get("longitude", 0)), 0)
    elevation = location.get("elevation")
    builder.PrependFloat32Slot(2, f32(elevation) if elevation is not None else math.nan, 0)
    builder.PrependFloat32Slot(3, f32(location.get("generationtime_ms", 0)), 0)
    builder.PrependInt64Slot(4, int(location.get("location_id", 0)), 0)
    builder.PrependUint8Slot(5, int(location.get("_sdk_model", 1)), 0)  # best_match unless a model was asked for
    builder.PrependInt32Slot(6, offset, 0)
    for slot, string in strings.items():
        builder.PrependUOffsetTRelativeSlot(slot, string, 0)
    for slot, section in sections.items():
        builder.PrependUOffsetTRelativeSlot(slot, section, 0)
    builder.FinishSizePrefixed(builder.EndObject())
    return bytes(builder.Output())


def merged_models(bodies: list[dict], models: list[str]) -> dict:
    """One place's JSON answer for several models, as Open-Meteo's JSON writer merges them: the place fields and
    `current` once, from the first model (unsuffixed), and every section variable as `NAME_MODEL`, model after
    model. With one model nothing is renamed."""
    if len(models) == 1:
        return bodies[0]
    first = bodies[0]
    merged = {key: value for key, value in first.items()
              if key not in MODEL_SECTIONS and key.removesuffix("_units") not in MODEL_SECTIONS}
    for section in MODEL_SECTIONS:
        if section not in first:
            continue
        units, values = {"time": first[f"{section}_units"]["time"]}, {"time": first[section]["time"]}
        for model, body in zip(models, bodies):
            for key, series in body[section].items():
                if key != "time":
                    units[f"{key}_{model}"] = body[f"{section}_units"][key]
                    values[f"{key}_{model}"] = series
        merged[f"{section}_units"], merged[section] = units, values
    return merged


def _flatbuffers_section(builder, name: str, section: dict, units: dict, offset: int) -> int:
    times = section.get("time")
    if name == "current":
        interval = int(section.get("interval", 900))
        start = unix_seconds(times, offset)
        end = start + interval
    else:
        interval = SECTION_INTERVALS[name]
        start = unix_seconds(times[0], offset) if times else 0
        end = start + interval * len(times or [])
    variables = []
    for key, values in section.items():
        if key in ("time", "interval"):
            continue
        unit = units.get(key, "undefined")
        unit_value = OPEN_METEO_UNITS.get(unit, (0, 0))[0]
        variable, altitude, aggregation = sdk_variable(key)
        values_offset = times_offset = None
        value = 0.0
        if name == "current":
            value = _float32_of(values)
        elif unit == "iso8601":
            builder.StartVector(8, len(values), 8)
            for item in reversed(values):
                builder.PrependInt64(unix_seconds(item, offset) if item is not None else SDK_MISSING_TIME)
            times_offset = builder.EndVector()
        else:
            builder.StartVector(4, len(values), 4)
            for item in reversed(values):
                builder.PrependFloat32(_float32_of(item))
            values_offset = builder.EndVector()
        builder.StartObject(13)
        builder.PrependUint8Slot(0, variable, 0)
        builder.PrependUint8Slot(1, unit_value, 0)
        builder.PrependFloat32Slot(2, value, 0)
        if values_offset is not None:
            builder.PrependUOffsetTRelativeSlot(3, values_offset, 0)
        if times_offset is not None:
            builder.PrependUOffsetTRelativeSlot(4, times_offset, 0)
        builder.PrependInt16Slot(5, altitude, 0)
        builder.PrependUint8Slot(6, aggregation, 0)
        variables.append(builder.EndObject())
    builder.StartVector(4, len(variables), 4)
    for variable in reversed(variables):
        builder.PrependUOffsetTRelative(variable)
    variables_offset = builder.EndVector()
    builder.StartObject(4)
    builder.PrependInt64Slot(0, start, 0)
    builder.PrependInt64Slot(1, end, 0)
    builder.PrependInt32Slot(2, interval, 0)
    builder.PrependUOffsetTRelativeSlot(3, variables_offset, 0)
    return builder.EndObject()


def _float32_of(value) -> float:
    if isinstance(value, Model32):
        return value.value
    if value is None or isinstance(value, str):
        return math.nan
    return f32(float(value))


def wants_flatbuffers(query) -> bool:
    return query.get("format") == "flatbuffers"


# --------------------------------------------------------------------------------------------------
# Query helpers
# --------------------------------------------------------------------------------------------------


class Query:
    def __init__(self, pairs):
        self.pairs = pairs
        self.last = {}
        for k, v in pairs:
            self.last[k] = v

    def get(self, name, default=None):
        return self.last.get(name, default)

    def has(self, name):
        return name in self.last

    def list(self, name) -> list[str]:
        """A comma list that may also repeat, e.g. hourly=a,b&hourly=c."""
        out = []
        for k, v in self.pairs:
            if k == name:
                out.extend(x for x in v.split(",") if x != "")
        return out


def parse_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise BadRequest(f"Data corrupted at path ''. Cannot initialize Float from invalid String value {text}.")
    return value


def parse_int(text: str, path: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BadRequest(f"Data corrupted at path '{path}'. Cannot initialize Int from invalid String value {text}.")


def parse_date(text: str) -> dt.date:
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text)
    if not match:
        raise BadRequest("Invalid date format. Make sure to use 'YYYY-MM-DD'")
    year, month, day = (int(g) for g in match.groups())
    if not (1900 <= year <= 2050 and 1 <= month <= 12 and 1 <= day <= 31):
        raise BadRequest("Invalid date")
    # timegm normalises: 1990-02-29 is 1990-03-01
    return dt.date(year, month, 1) + dt.timedelta(days=day - 1)


def coordinates(query: Query) -> list[tuple[float, float]] | None:
    if not query.get("latitude") or not query.get("longitude"):
        return None
    lats = [parse_float(x) for x in query.get("latitude").split(",")]
    lons = [parse_float(x) for x in query.get("longitude").split(",")]
    if len(lats) != len(lons):
        raise BadRequest("Parameter 'latitude' and 'longitude' must have the same number of elements")
    for lat, lon in zip(lats, lons):
        if not (-90 <= lat <= 90) or math.isnan(lat):
            raise BadRequest(f"Latitude must be in range of -90 to 90°. Given: {lat!r}.")
        if not (-180 <= lon <= 180) or math.isnan(lon):
            raise BadRequest(f"Longitude must be in range of -180 to 180°. Given: {lon!r}.")
    return list(zip(lats, lons))


# --------------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------------


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # A client that resets its connection (a cancelled call, a rejected header) is expected, not news.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class FakeUpstream:
    """The fake upstream server. Start with `start()` or use as a context manager."""

    def __init__(self, port: int = 0, google_keys: set[str] | None = None, hang_max_seconds: float = HANG_MAX_SECONDS):
        #: When set, only these Google keys are valid; otherwise any non-empty key not starting with "invalid".
        self.google_keys = google_keys
        self.hang_max_seconds = hang_max_seconds
        self._lock = threading.Lock()
        self._flatbuffers: dict = {}  # id(canned body) -> (body, its FlatBuffers), the last one only
        self._changed = threading.Condition(self._lock)
        self._stopping = threading.Event()
        self._modes: dict[str, dict] = {}
        self._connections: set[socket.socket] = set()
        self.requests: list[dict] = []
        self.counts: dict[str, int] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        handler = type("Handler", (_Handler,), {"fake": self})
        self._server = _Server((HOST, port), handler)
        self.port = self._server.server_address[1]
        self.base_url = f"http://{HOST}:{self.port}"
        self._thread: threading.Thread | None = None

    # -- life cycle -------------------------------------------------------------------------------

    def start(self) -> "FakeUpstream":
        if self._thread is None:
            self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                            name=f"fake-upstream-{self.port}", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stops serving, wakes every hanging or delayed handler, and closes every open connection."""
        self._stopping.set()
        with self._lock:
            self._changed.notify_all()
            connections = list(self._connections)
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=5)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._server.server_close()

    def __enter__(self) -> "FakeUpstream":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- addresses --------------------------------------------------------------------------------

    def url(self, path_or_service: str) -> str:
        """The full URL of a path (`/v1/search`) or a service (`geocoding`)."""
        path = SERVICE_PATHS.get(SERVICE_ALIASES.get(path_or_service, path_or_service), path_or_service)
        return self.base_url + path

    def environment(self) -> dict[str, str]:
        """The BREEZE_*_URL variables pointing every service at this fake."""
        return {variable: self.url(service) for service, variable in SERVICE_VARIABLES.items()}

    # -- modes ------------------------------------------------------------------------------------

    def set_mode(self, target: str, mode: str, count: int | None = None, **options) -> None:
        """Switches `target` (a service name, a path prefix, or "*") into `mode` (see MODES).

        With `count`, only the next `count` matching requests get the mode; then the target answers
        normally again. Options are the mode's (e.g. reason=, status=, retry_after=, seconds=, ms=).
        """
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
        target = self._target(target)
        with self._lock:
            if mode == "normal":
                self._modes.pop(target, None)
            else:
                self._modes[target] = {"mode": mode, "remaining": count, "options": options}

    def clear_mode(self, target: str | None = None) -> None:
        with self._lock:
            if target is None:
                self._modes.clear()
            else:
                self._modes.pop(self._target(target), None)

    def reset(self) -> None:
        """Normal answers everywhere, an empty request log and zeroed counters."""
        with self._lock:
            self._modes.clear()
            self.requests.clear()
            self.counts.clear()
            self.max_in_flight = self.in_flight

    @staticmethod
    def _target(target: str) -> str:
        service = SERVICE_ALIASES.get(target, target)
        if service in SERVICE_PATHS:
            return SERVICE_PATHS[service]
        if target in ("*", "/"):
            return "*"
        if not target.startswith("/"):
            raise ValueError(f"unknown target {target!r}: use a service ({', '.join(SERVICE_PATHS)}), a path, or *")
        return target.rstrip("/") or "*"

    def _take_mode(self, path: str) -> dict | None:
        """The mode for `path` (longest matching prefix wins), consuming one use of a counted mode."""
        with self._lock:
            best = None
            for target in self._modes:
                if target == "*" or path == target or path.startswith(target + "/"):
                    if best is None or (target != "*" and (best == "*" or len(target) > len(best))):
                        best = target
            if best is None:
                return None
            entry = self._modes[best]
            if entry["remaining"] is not None:
                entry["remaining"] -= 1
                if entry["remaining"] <= 0:
                    del self._modes[best]
            return {"mode": entry["mode"], **entry["options"]}

    # -- the log ----------------------------------------------------------------------------------

    def flatbuffers_of(self, body) -> bytes:
        """A canned JSON answer as FlatBuffers, converted once per canned value (benchmarks can it)."""
        with self._lock:
            kept = self._flatbuffers.get(id(body))
            if kept is None or kept[0] is not body:
                kept = (body, flatbuffers_body(body if isinstance(body, list) else [body]))
                self._flatbuffers = {id(body): kept}
            return kept[1]

    def requests_to(self, path_or_service: str) -> list[dict]:
        path = self.url(path_or_service)[len(self.base_url):]
        with self._lock:
            return [r for r in self.requests if r["path"] == path]

    def count(self, path_or_service: str | None = None) -> int:
        with self._lock:
            if path_or_service is None:
                return sum(self.counts.values())
            path = self.url(path_or_service)[len(self.base_url):]
            return self.counts.get(path, 0)

    def wait_for_requests(self, n: int, timeout: float = 10.0, path_or_service: str | None = None) -> bool:
        """Waits until at least `n` requests (to a path or service) arrived; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                if path_or_service is None:
                    seen = len(self.requests)
                else:
                    path = self.url(path_or_service)[len(self.base_url):]
                    seen = sum(1 for r in self.requests if r["path"] == path)
                if seen >= n:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(min(left, 0.1))

    def stats(self) -> dict:
        with self._lock:
            return {"total": sum(self.counts.values()), "counts": dict(self.counts), "inFlight": self.in_flight,
                    "maxInFlight": self.max_in_flight}

    def _record(self, handler: "_Handler", path: str, pairs, raw_query: str) -> None:
        entry = {"method": handler.command, "path": path, "query": dict(pairs), "query_list": list(pairs),
                 "raw_query": raw_query, "headers": {k.lower(): v for k, v in handler.headers.items()},
                 "time": time.monotonic()}
        with self._lock:
            self.requests.append(entry)
            self.counts[path] = self.counts.get(path, 0) + 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            self._changed.notify_all()

    def _finished(self) -> None:
        with self._lock:
            self.in_flight -= 1

    # -- control (for the script form) ------------------------------------------------------------

    def control(self, command: dict) -> dict:
        action = command.get("action", "set_mode")
        if action == "reset":
            self.reset()
        elif action == "clear_requests":
            with self._lock:
                self.requests.clear()
                self.counts.clear()
        elif action == "clear_mode":
            self.clear_mode(command.get("target"))
        elif action == "set_mode":
            options = dict(command.get("options") or {})
            options.update({k: v for k, v in command.items() if k not in ("action", "target", "mode", "count",
                                                                            "options")})
            self.set_mode(command.get("target", "*"), command["mode"], command.get("count"), **options)
        else:
            raise ValueError(f"unknown action {action!r}")
        return {"ok": True}

    # -- waiting that ends --------------------------------------------------------------------------

    def _pause(self, seconds: float, connection: socket.socket | None) -> bool:
        """Waits `seconds`, ending early when the server stops or the client hangs up. True if it waited it out."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            if self._stopping.wait(min(left, 0.05)):
                return False
            if connection is not None and _peer_closed(connection):
                return False

    # -- routes -------------------------------------------------------------------------------------

    def answer(self, path: str, query: Query, method: str) -> Reply:
        now = dt.datetime.now(dt.timezone.utc)
        dialect = dialect_of(path)
        try:
            if path.endswith("/forecast:lookup"):
                return self._google(query, now)
            if path.endswith("/api/pollen"):
                return self._proxy(query, now, method)
            if path.endswith("/v1/search"):
                return self._geocoding(query)
            if path.endswith("/v1/air-quality"):
                return self._open_meteo(query, now, "airQuality")
            if path.endswith("/v1/archive"):
                return self._open_meteo(query, now, "archive")
            if path.endswith("/v1/forecast"):
                return self._open_meteo(query, now, "forecast")
            return error_reply("openMeteo", 404, "Not Found")
        except BadRequest as problem:
            return error_reply(dialect, problem.status, problem.reason, extra=problem.extra)

    def _geocoding(self, query: Query) -> Reply:
        if not query.has("name"):
            raise BadRequest("No value found (expected type 'String') at path 'name'. No String was found at 'name'.")
        count = parse_int(query.get("count", "10"), "count")
        if not 1 <= count <= 100:
            raise BadRequest("Parameter count must be between 1 and 100.")
        language = query.get("language", "en").lower()
        name = query.get("name")
        search, _, area = name.partition(",")
        search, area = fold(search.strip()), fold(area.strip())
        matches = []
        if len(search) >= 2:
            for city in CITIES:
                candidate = fold(city["name"])
                if (candidate == search) if len(search) == 2 else candidate.startswith(search):
                    if area and not any(area in fold(city[k]) for k in ("country", "admin1", "admin2")):
                        continue
                    matches.append(city)
        matches.sort(key=lambda c: (-city_rank(c), c["id"]))
        matches = matches[:count]
        country_code = query.get("countryCode")
        if country_code is not None:  # applied after count, as in the server snapshot
            matches = [c for c in matches if c["country_code"] == country_code]
        body = {}
        if matches:
            body["results"] = [self._geoname(c, language) for c in matches]
        body["generationtime_ms"] = round(0.15 + noise("gen", name) * 0.8, 7)
        return Reply(200, body)

    @staticmethod
    def _geoname(city: dict, language: str) -> dict:
        out = {}
        for field in GEONAME_FIELDS:
            value = city.get(field)
            if field == "country" and value:
                value = COUNTRY_NAMES.get(language, {}).get(value, value)
            if value in (None, "", 0, 0.0, []):
                continue  # proto3 JSON: defaults are omitted
            out[field] = value
        return out

    def _proxy(self, query: Query, now: dt.datetime, method: str) -> Reply:
        if method == "OPTIONS":
            return Reply(200, b"", content_type="text/plain")
        if method != "GET":
            raise BadRequest("Method not allowed", status=405)
        lat, lon = query.get("lat"), query.get("lon")
        if not lat or not lon:
            raise BadRequest("Missing latitude or longitude")
        try:
            latitude, longitude = float(lat), float(lon)
        except ValueError:
            raise BadRequest("Failed to fetch pollen data")
        if not (-90 <= latitude <= 90 and -180 <= longitude <= 180) or not google_covers(latitude, longitude):
            raise BadRequest("Failed to fetch pollen data")  # Google's own message stays server-side
        return Reply(200, google_pollen_body(latitude, longitude, 1, True, now.date()))

    def _google(self, query: Query, now: dt.datetime) -> Reply:
        key = query.get("key")
        if not key:
            raise BadRequest("The request is missing a valid API key.", status=403)
        valid = key in self.google_keys if self.google_keys is not None else not key.lower().startswith("invalid")
        if not valid:
            raise BadRequest("API key not valid. Please pass a valid API key.", extra={"details": [{
                "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                "domain": "googleapis.com", "metadata": {"service": "pollen.googleapis.com"}}]})
        try:
            latitude = float(query.get("location.latitude"))
            longitude = float(query.get("location.longitude"))
        except (TypeError, ValueError):
            raise BadRequest("Invalid location: latitude and longitude are required.")
        if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
            raise BadRequest("Invalid location: latitude must be in [-90, 90] and longitude in [-180, 180].")
        days_text = query.get("days")
        if days_text is None:
            raise BadRequest("days must be between 1 and 5.")
        try:
            days = int(days_text)
        except ValueError:
            raise BadRequest(f"Invalid value at 'days' (TYPE_INT32), \"{days_text}\"")
        if not 1 <= days <= 5:
            raise BadRequest("days must be between 1 and 5.")
        if not google_covers(latitude, longitude):
            raise BadRequest("Information is unavailable for this location. Please try a different location.")
        described = query.get("plantsDescription", "true").lower() != "false"
        return Reply(200, google_pollen_body(latitude, longitude, days, described, now.date()))

    def _open_meteo(self, query: Query, now: dt.datetime, api: str) -> Reply:
        points = coordinates(query)
        if points is None:
            return Reply(200, b"")  # the real server: zero locations, an empty 200
        limits = {"forecast": (7, 16, 93), "airQuality": (5, 7, 92), "archive": (1, 1, 0)}[api]
        default_days, max_days, max_past = limits
        dates = None
        if query.has("start_date") or query.has("end_date"):
            if not (query.get("start_date") and query.get("end_date")):
                raise BadRequest("Parameter 'start_date' and 'end_date' must have the same number of elements")
            for name in ("forecast_days", "past_days"):
                if query.has(name):
                    raise BadRequest(f"Parameter '{name}' is mutually exclusive with 'start_date' and 'end_date'")
            start, end = parse_date(query.get("start_date")), parse_date(query.get("end_date"))
            earliest = {"forecast": now.date() - dt.timedelta(days=93), "airQuality": dt.date(2013, 1, 1),
                        "archive": dt.date(1940, 1, 1)}[api]
            latest = now.date() + dt.timedelta(days={"forecast": 16, "airQuality": 7, "archive": 0}[api])
            for name, value in (("start_date", start), ("end_date", end)):
                if not earliest <= value <= latest:
                    raise BadRequest(f"Parameter '{name}' is out of allowed range from {earliest} to {latest}")
            if end < start:
                raise BadRequest("End-date must be larger or equals than start-date")
            dates = (start, end)
        forecast_days = parse_int(query.get("forecast_days", str(default_days)), "forecast_days")
        if not 0 <= forecast_days <= max_days:
            raise BadRequest(f"Forecast days is invalid. Allowed range 0 to {max_days}. Given {max_days}.")
        past_days = parse_int(query.get("past_days", "0"), "past_days")
        if not 0 <= past_days <= max(max_past, 0) and api != "archive":
            raise BadRequest(f"Past days is invalid. Allowed range 0 to {max_past}. Given {past_days}.")
        units = self._units(query)
        sections = self._sections(query, api)
        timeformat = query.get("timeformat", "iso8601")
        if timeformat not in ("iso8601", "unixtime"):
            raise BadRequest(f"Data corrupted at path 'timeformat'. Cannot initialize Timeformat from invalid String "
                             f"value {timeformat}.")
        timezones = (query.get("timezone") or "").split(",") if query.get("timezone") else [None]
        if len(timezones) not in (1, len(points)):
            raise BadRequest("Parameter 'timezone' and coordinates must have the same number of elements")
        models = query.list("models") if api == "forecast" else []
        for model in models:
            if model not in SDK_MODELS:
                raise BadRequest(f"Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value "
                                 f"{model}.")
        if api == "airQuality":
            domains = query.get("domains", query.get("models", "auto"))
            if domains == "cams_europe" and not all(in_europe(lat, lon) for lat, lon in points):
                raise BadRequest("No data is available for this location")
        bodies, messages = [], []
        for i, (lat, lon) in enumerate(points):
            zone = zone_for(timezones[i] if len(timezones) > 1 else timezones[0], lat, lon, now)
            if zone is None:
                raise BadRequest("Invalid timezone")
            step = {"forecast": 0.1, "airQuality": 0.1, "archive": 0.25}[api]
            if not models:
                bodies.append(self._location(api, Place(lat, lon, zone, step), now, sections, units, timeformat, i,
                                             dates, forecast_days, past_days, query))
                messages.append(bodies[-1])
                continue
            # A model that does not cover the place is left out, without a word (as Open-Meteo does).
            covering = [model for model in models if model_covers(model, lat, lon)]
            if not covering:
                raise BadRequest("No data is available for this location")
            per_model = [self._location(api, Place(lat, lon, zone, SDK_MODELS[model][1], model), now, sections, units,
                                        timeformat, i, dates, forecast_days, past_days, query) for model in covering]
            bodies.append(merged_models(per_model, covering))
            # FlatBuffers: one message per place and model, each with its own grid cell and `current`.
            messages.extend(dict(body, _sdk_model=SDK_MODELS[model][0]) for model, body in zip(covering, per_model))
        if wants_flatbuffers(query):
            return Reply(200, flatbuffers_body(messages), content_type="application/octet-stream")
        body = bodies[0] if len(bodies) == 1 else bodies
        return Reply(200, body)

    @staticmethod
    def _units(query: Query) -> dict:
        temperature = query.get("temperature_unit", "celsius")
        wind = query.get("wind_speed_unit", query.get("windspeed_unit", "kmh"))
        precipitation = query.get("precipitation_unit", "mm")
        if query.get("length_unit") == "imperial":
            precipitation = "inch"
        for name, value, allowed, type_ in (
                ("temperature_unit", temperature, ("celsius", "fahrenheit"), "TemperatureUnit"),
                ("wind_speed_unit", wind, ("kmh", "mph", "kn", "ms"), "WindspeedUnit"),
                ("precipitation_unit", precipitation, ("mm", "inch"), "PrecipitationUnit")):
            if value not in allowed:
                raise BadRequest(f"Data corrupted at path '{name}'. Cannot initialize {type_} from invalid String "
                                 f"value {value}.")
        return {"temperature": temperature, "wind": wind, "precipitation": precipitation}

    @staticmethod
    def _sections(query: Query, api: str) -> dict:
        sections = {}
        for section in ("current", "hourly", "daily", "minutely_15"):
            names = query.list(section)
            if not query.has(section):
                continue
            for name in names:
                if api == "airQuality":
                    if section == "daily" or canonical_air(name) not in AIR_VARIABLES and name not in AIR_VARIABLES:
                        raise BadRequest(f"Data corrupted at path ''. Cannot initialize CamsQuery.Variable from "
                                         f"invalid String value {name}.")
                elif section == "daily":
                    if name not in FORECAST_DAILY:
                        raise BadRequest(f"Data corrupted at path ''. Cannot initialize ForecastVariableDaily from "
                                         f"invalid String value {name}.")
                elif name not in FORECAST_HOURLY and not UNMODELLED.match(name):
                    raise BadRequest(
                        "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<"
                        "VariableAndPreviousDay, PressureVariableAndPreviousDay, HeightVariableAndPreviousDay> from "
                        f"invalid String value {name}.")
            if api == "archive" and section == "current":
                continue  # ignored by the archive
            sections[section] = names
        if query.get("current_weather", "false").lower() == "true" and api == "forecast":
            sections["current_weather"] = ["temperature", "windspeed", "winddirection", "is_day", "weathercode"]
        return sections

    @staticmethod
    def _unit(kind: str, units: dict, api: str, name: str) -> str:
        if api == "airQuality":
            return AIR_VARIABLES.get(canonical_air(name), AIR_VARIABLES.get(name, "undefined"))
        temperature = "°F" if units["temperature"] == "fahrenheit" else "°C"
        wind = {"kmh": "km/h", "mph": "mp/h", "kn": "kn", "ms": "m/s"}[units["wind"]]
        inch = units["precipitation"] == "inch"
        return {
            "temperature": temperature, "percent": "%", "precipitation": "inch" if inch else "mm",
            "snowfall": "inch" if inch else "cm", "wmo": "wmo code", "pressure": "hPa", "speed": wind,
            "direction": "°", "dimensionless": "", "dimensionless_int": "", "length": "m",
            "depth": "ft" if inch else "m", "hours": "h", "iso8601": "iso8601", "seconds": "s", "energy": "MJ/m²",
        }.get(kind, "undefined")

    @staticmethod
    def _convert(value, unit: str):
        if value is None or isinstance(value, str):
            return value
        if unit == "°F":
            value = value * 9 / 5 + 32
        elif unit == "mp/h":
            value = value / 1.609344
        elif unit == "kn":
            value = value / 1.852
        elif unit == "m/s":
            value = value / 3.6
        elif unit == "inch":
            value = value / 25.4  # mm -> inch (snowfall: cm -> inch handled by the caller)
        elif unit == "ft":
            value = value * 3.28084
        if unit in ("°C", "°F"):
            # Temperatures on a 0.05 grid: half of them are ties at one decimal, where rounding in Float32 (as
            # Open-Meteo does) and in Double give different digits about half the time.
            value = round(value * 20) / 20
        return rounded(value, UNIT_DECIMALS.get(unit, 2))

    def _location(self, api, place: Place, now, sections, units, timeformat, index, dates, forecast_days,
                  past_days, query: Query) -> dict:
        zone = place.zone
        local_now = (now + dt.timedelta(seconds=zone.offset)).replace(tzinfo=None)
        today = local_now.date()
        body = {"latitude": place.grid_lat, "longitude": place.grid_lon,
                "generationtime_ms": round(0.02 + noise("gen", place.key, api) * 0.5, 15),
                "utc_offset_seconds": zone.offset, "timezone": zone.name, "timezone_abbreviation": zone.abbreviation,
                "elevation": place.elevation}
        if index:
            body["location_id"] = index
        lag_start = now.date() - dt.timedelta(days=4)  # the archive lags about five days

        def time_text(moment):
            if timeformat == "unixtime":
                if isinstance(moment, dt.datetime):
                    return int((moment - dt.datetime(1970, 1, 1)).total_seconds()) - zone.offset
                return int((dt.datetime(moment.year, moment.month, moment.day) - dt.datetime(1970, 1, 1))
                           .total_seconds()) - zone.offset
            return moment.strftime("%Y-%m-%dT%H:%M") if isinstance(moment, dt.datetime) else moment.isoformat()

        def value_at(name, section, moment):
            if api == "archive" and (moment.date() if isinstance(moment, dt.datetime) else moment) >= lag_start:
                return None
            if api == "airQuality":
                unit = self._unit("", units, api, name)
                return rounded(air_value(name, place, moment), UNIT_DECIMALS.get(unit, 1))
            table = FORECAST_DAILY if section == "daily" else FORECAST_HOURLY
            kind = table.get(name)
            if kind is None:
                return None
            unit = self._unit(kind, units, api, name)
            raw = (weather_daily(name, kind, place, moment) if section == "daily"
                   else weather_hourly(name, kind, place, moment))
            if isinstance(raw, str):
                if timeformat == "unixtime":
                    return time_text(dt.datetime.strptime(raw, "%Y-%m-%dT%H:%M"))
                return raw
            if unit == "inch" and kind == "snowfall":
                raw = raw * 10  # cm -> mm, then mm -> inch in _convert
            if kind == "depth" and unit == "ft":
                return self._convert(raw, "ft")
            return self._convert(raw, unit)

        def unit_of(name, section):
            if api == "airQuality":
                return self._unit("", units, api, name)
            table = FORECAST_DAILY if section == "daily" else FORECAST_HOURLY
            return self._unit(table.get(name, "undefined"), units, api, name)

        # current
        if "current" in sections:
            step = 3600 if api == "airQuality" else 900
            seconds = (local_now.minute * 60 + local_now.second) // step * step if step == 900 else 0
            moment = local_now.replace(minute=0, second=0, microsecond=0) + dt.timedelta(seconds=seconds)
            cu = {"time": "unixtime" if timeformat == "unixtime" else "iso8601", "interval": "seconds"}
            cv = {"time": time_text(moment), "interval": step}
            for name in sections["current"]:
                cu[name] = unit_of(name, "current")
                cv[name] = value_at(name, "current", moment)
            body["current_units"], body["current"] = cu, cv
        if "current_weather" in sections:
            moment = local_now.replace(minute=local_now.minute // 15 * 15, second=0, microsecond=0)
            t = self._convert(temperature_c(place, moment), unit_of("temperature_2m", "hourly"))
            body["current_weather_units"] = {"time": "iso8601", "interval": "seconds",
                                             "temperature": unit_of("temperature_2m", "hourly"),
                                             "windspeed": unit_of("wind_speed_10m", "hourly"), "winddirection": "°",
                                             "is_day": "", "weathercode": "wmo code"}
            body["current_weather"] = {"time": time_text(moment), "interval": 900, "temperature": t,
                                       "windspeed": value_at("wind_speed_10m", "hourly", moment),
                                       "winddirection": value_at("wind_direction_10m", "hourly", moment),
                                       "is_day": value_at("is_day", "hourly", moment),
                                       "weathercode": value_at("weather_code", "hourly", moment)}
        # the time range
        if dates is not None:
            first_day, n_days = dates[0], (dates[1] - dates[0]).days + 1
        else:
            first_day, n_days = today - dt.timedelta(days=past_days), past_days + forecast_days
        if "hourly" in sections:
            if dates is None and (query.has("forecast_hours") or query.has("past_hours")):
                forecast_hours = parse_int(query.get("forecast_hours", str(24 * n_days)), "forecast_hours")
                past_hours = parse_int(query.get("past_hours", "0"), "past_hours")
                if not 0 <= forecast_hours <= 16 * 24 or not 0 <= past_hours <= 93 * 24:
                    raise BadRequest("Forecast hours is invalid. Allowed range 0 to 384.")
                start = local_now.replace(minute=0, second=0, microsecond=0) - dt.timedelta(hours=past_hours)
                hours = forecast_hours + past_hours
            else:
                start = dt.datetime(first_day.year, first_day.month, first_day.day)
                hours = 24 * n_days
            moments = [start + dt.timedelta(hours=h) for h in range(hours)]
            hu = {"time": "unixtime" if timeformat == "unixtime" else "iso8601"}
            hv = {"time": [time_text(m) for m in moments]}
            for name in sections["hourly"]:
                hu[name] = unit_of(name, "hourly")
                hv[name] = [value_at(name, "hourly", m) for m in moments]
            body["hourly_units"], body["hourly"] = hu, hv
        if "minutely_15" in sections:  # the hourly variables in 15-minute steps, over the same days
            start = dt.datetime(first_day.year, first_day.month, first_day.day)
            moments = [start + dt.timedelta(minutes=15 * q) for q in range(96 * n_days)]
            mu = {"time": "unixtime" if timeformat == "unixtime" else "iso8601"}
            mv = {"time": [time_text(m) for m in moments]}
            for name in sections["minutely_15"]:
                mu[name] = unit_of(name, "hourly")
                mv[name] = [value_at(name, "hourly", m) for m in moments]
            body["minutely_15_units"], body["minutely_15"] = mu, mv
        if "daily" in sections:
            days = [first_day + dt.timedelta(days=d) for d in range(n_days)]
            du = {"time": "unixtime" if timeformat == "unixtime" else "iso8601"}
            dv = {"time": [time_text(d) for d in days]}
            for name in sections["daily"]:
                du[name] = unit_of(name, "daily")
                dv[name] = [value_at(name, "daily", d) for d in days]
            body["daily_units"], body["daily"] = du, dv
        return body


_GZIP_BOMBS: dict[int, bytes] = {}


def gzip_bomb(mib: int) -> bytes:
    """A gzip body of `mib` MiB of zeros (about 1 KiB per MiB on the wire), made once per size."""
    if mib not in _GZIP_BOMBS:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        block = bytes(1 << 20)
        _GZIP_BOMBS[mib] = b"".join(compressor.compress(block) for _ in range(mib)) + compressor.flush()
    return _GZIP_BOMBS[mib]


def _peer_closed(connection: socket.socket) -> bool:
    try:
        readable, _, _ = select.select([connection], [], [], 0)
        if not readable:
            return False
        return connection.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


class _Handler(http.server.BaseHTTPRequestHandler):
    fake: FakeUpstream
    protocol_version = "HTTP/1.1"
    server_version = "fake-upstream/1.0"
    sys_version = ""
    timeout = 60  # an idle keep-alive connection is closed after a minute

    def setup(self):
        super().setup()
        # Headers and body go out in two writes; with Nagle on, the body waits for the client's delayed ACK
        # of the headers, which adds 40 ms to every request on a reused (keep-alive) connection.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self.fake._lock:
            self.fake._connections.add(self.connection)

    def finish(self):
        try:
            super().finish()
        finally:
            with self.fake._lock:
                self.fake._connections.discard(self.connection)

    def log_message(self, format, *args):  # quiet
        pass

    def do_GET(self):
        self._handle()

    def do_POST(self):
        self._handle()

    def do_OPTIONS(self):
        self._handle()

    def do_PUT(self):
        self._handle()

    def do_DELETE(self):
        self._handle()

    def _handle(self):
        split = urllib.parse.urlsplit(self.path)
        path = split.path
        length = int(self.headers.get("Content-Length") or 0)
        payload = self.rfile.read(min(length, 1 << 20)) if length else b""
        if path.startswith("/__"):
            return self._control(path, payload)
        try:
            pairs = urllib.parse.parse_qsl(split.query, keep_blank_values=True, strict_parsing=False,
                                           errors="surrogateescape")
        except ValueError:
            pairs = []
        self.fake._record(self, path, pairs, split.query)
        try:
            self._serve(path, Query(pairs))
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            self.close_connection = True
        finally:
            self.fake._finished()

    def _serve(self, path: str, query: Query):
        fake = self.fake
        mode = fake._take_mode(path)
        dialect = dialect_of(path)
        name = mode["mode"] if mode else "normal"
        if name == "delay":
            if not fake._pause(max(0.0, float(mode.get("ms", 100))) / 1000, self.connection):
                self.close_connection = True
                return
            name = "normal"
        if name == "hang":
            fake._pause(min(float(mode.get("seconds", fake.hang_max_seconds)), fake.hang_max_seconds),
                        self.connection)
            self.close_connection = True
            return
        if name == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return  # closing with SO_LINGER 0 sends RST
        if name == "normal":
            return self._send(fake.answer(path, query, self.command))
        if name == "status":
            status = int(mode.get("status", 400))
            return self._send(error_reply(dialect, status, mode.get("reason", STATUS_PHRASES.get(status, "Error")),
                                          reason_first=mode.get("reason_first", False), headers=mode.get("headers")))
        if name in ("429", "rate_limited"):
            retry_after = mode.get("retry_after")
            headers = {"Retry-After": str(retry_after)} if retry_after is not None else {}
            reason = mode.get("reason") or {
                "openMeteo": "Minutely API request limit exceeded. Please try again in one minute.",
                "google": "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service "
                          "'pollen.googleapis.com'.",
                "proxy": "Too many requests. Please try again later.",
            }[dialect]
            extra = None
            body_retry = mode.get("body_retry_after")
            if dialect == "proxy" and body_retry is not None:
                extra = {"retryAfter": body_retry}
            return self._send(error_reply(dialect, 429, reason, headers=headers, extra=extra))
        if name == "500":
            reason = {"openMeteo": "Something went wrong.", "google": "Internal error encountered.",
                      "proxy": "Internal server error"}[dialect]
            return self._send(error_reply(dialect, 500, mode.get("reason", reason)))
        if name in ("502", "503", "html"):
            status = int(mode.get("status", 502 if name == "html" else int(name)))
            return self._send(Reply(status, html_page(status), content_type="text/html"))
        if name == "body":
            body = mode.get("body", "")
            content_type = mode.get("content_type", "application/json; charset=utf-8")
            status = int(mode.get("status", 200))
            if status == 200 and dialect == "openMeteo" and wants_flatbuffers(query) and isinstance(body, (dict, list)):
                # The same answer in the format asked for (error bodies stay JSON, as Open-Meteo's do).
                body = fake.flatbuffers_of(body)
                content_type = "application/octet-stream"
            return self._send(Reply(int(mode.get("status", 200)), body, content_type, mode.get("headers")))
        if name == "empty":
            return self._send(Reply(200, b""))
        if name == "invalid_json":
            return self._send(Reply(200, b'{"latitude":52.52,"longitude":13.419998,"generationtime_ms":<html>oops'))
        if name in HOSTILE_MODES:
            return HOSTILE_MODES[name](self, mode, dialect)
        good = fake.answer(path, query, self.command)
        if name == "truncated":
            self.send_response(good.status)
            self.send_header("Content-Type", good.content_type)
            self.send_header("Content-Length", str(len(good.body) + 1000))
            self.end_headers()
            self.wfile.write(good.body[: max(1, len(good.body) // 2)])
            self.wfile.flush()
            self.close_connection = True
            return
        if name == "stream_error":
            error = mode.get("error", "Fatal error: the database file is corrupt")
            body = good.body[: max(1, len(good.body) // 2)] + f"Unexpected error while streaming data: {error}".encode()
            self.close_connection = True
            return self._send(Reply(200, body), close=True)
        raise AssertionError(f"unhandled mode {name}")

    # -- hostile modes ------------------------------------------------------------------------------

    def _echo_url(self, mode, dialect):
        echoed = f"http://{self.headers.get('Host', HOST)}{self.path}"
        if mode.get("key_prefix"):
            keys = [v for k, v in urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query) if k in ("key", "apikey")]
            echoed = "the key beginning " + " and ".join(key[: int(mode["key_prefix"])] for key in keys)
        if mode.get("stream"):
            body = b'{"latitude":52.52,"hourly":{"time":["2026' + f"Unexpected error while streaming data: {echoed}".encode()
            return self._send(Reply(200, body), close=True)
        status = int(mode.get("status", 400))
        return self._send(error_reply(dialect, status, f"Cannot process {echoed}: rejected"))

    def _gzip_bomb(self, mode, dialect):
        body = gzip_bomb(int(mode.get("mib", 256)))
        self._send(Reply(200, body, headers={"Content-Encoding": "gzip"}))

    def _endless(self, mode, dialect):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        chunk = b" " * (1 << 16)
        deadline = time.monotonic() + 60
        self.wfile.write(b"[")
        while time.monotonic() < deadline:
            self.wfile.write(chunk)  # raises once the client goes away

    def _big_body(self, mode, dialect):
        size = int(float(mode.get("mib", 50)) * (1 << 20))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        chunk = b" " * (1 << 16)
        sent = 0
        while sent < size:
            piece = chunk[: min(len(chunk), size - sent)]
            self.wfile.write(piece)
            sent += len(piece)

    def _redirect(self, mode, dialect):
        location = mode.get("location") or self.path
        self._send(Reply(302, b"", headers={"Location": location}))

    def _huge_header(self, mode, dialect):
        self._send(Reply(200, b"{}", headers={"X-Padding": "x" * (int(mode.get("kib", 256)) << 10)}))

    def _send(self, reply: Reply, close: bool = False):
        self.send_response(reply.status, STATUS_PHRASES.get(reply.status))
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.body)))
        for key, value in reply.headers.items():
            self.send_header(key, value)
        if close:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(reply.body)
        self.wfile.flush()

    def _control(self, path: str, payload: bytes):
        try:
            if path == "/__control" and self.command == "POST":
                result = self.fake.control(json.loads(payload or b"{}"))
            elif path == "/__requests":
                with self.fake._lock:
                    result = [{k: v for k, v in r.items()} for r in self.fake.requests]
                for r in result:
                    r["query_list"] = [list(p) for p in r["query_list"]]
            elif path == "/__stats":
                result = self.fake.stats()
            elif path == "/__modes":
                result = {"modes": MODES}
            else:
                return self._send(Reply(404, {"error": "unknown control path"}))
            self._send(Reply(200, result))
        except (ValueError, KeyError, TypeError) as problem:
            self._send(Reply(400, {"error": str(problem)}))


HOSTILE_MODES = {
    "echo_url": _Handler._echo_url, "gzip_bomb": _Handler._gzip_bomb, "endless": _Handler._endless,
    "big_body": _Handler._big_body, "redirect": _Handler._redirect, "huge_header": _Handler._huge_header,
}


def shell_exports(fake: FakeUpstream) -> str:
    """The `export` lines pointing breeze-rpc at `fake`, for `eval`: every BREEZE_*_URL, an in-memory cache
    (so fake answers never land in the real disk cache) and the fake's process id, to stop it with `kill`.
    Without the `flatbuffers` package (a plain python3), it also asks breeze-rpc for JSON answers."""
    variables = {**fake.environment(), "BREEZE_CACHE": "memory", "BREEZE_FAKE_UPSTREAM_PID": str(os.getpid())}
    try:
        import flatbuffers  # noqa: F401  (only to learn whether FlatBuffers answers can be written)
    except ImportError:
        variables["BREEZE_UPSTREAM_FORMAT"] = "json"
    lines = [f"export {name}={shlex.quote(value)}" for name, value in variables.items()]
    return "\n".join(lines + ['echo "fake upstream at ' + fake.base_url
                               + '; stop it with: kill $BREEZE_FAKE_UPSTREAM_PID" >&2'])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Fake Open-Meteo, Google Pollen and Breeze proxy upstream.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: a free one)")
    parser.add_argument("--google-key", action="append", help="a valid Google key (default: any non-empty key "
                        "not starting with 'invalid')")
    parser.add_argument("--env", action="store_true", help="serve in the background and print shell exports "
                        "pointing breeze-rpc here (use: eval \"$(python3 %(prog)s --env)\")")
    args = parser.parse_args(argv)
    fake = FakeUpstream(port=args.port, google_keys=set(args.google_key) if args.google_key else None)
    if args.env and os.fork() > 0:
        return 0  # the parent leaves at once; the child prints the exports and serves
    done = threading.Event()

    def stop(*_):
        done.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    fake.start()
    if args.env:
        print(shell_exports(fake), flush=True)
        # Detached from the shell that evals the exports: $(...) returns once stdout closes.
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for stream in (0, 1, 2):
            os.dup2(null, stream)
    else:
        print(fake.base_url, flush=True)
    while not done.wait(0.5):
        pass
    fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

