"""Open-Meteo's FlatBuffers format (format=flatbuffers), written with Google's `flatbuffers` package: one
size-prefixed `WeatherApiResponse` per location (and model), unrounded Float32 values and NaN where JSON has null.

The package is a pinned test dependency (Tests/requirements.txt). Without it (a plain python3), the fake answers
JSON even to `format=flatbuffers` and says so once when it starts, so a request never fails for its absence.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re

from .floats import OPEN_METEO_UNITS, Model32, f32


@functools.cache
def available() -> bool:
    """Whether the `flatbuffers` package can be imported here."""
    try:
        import flatbuffers  # noqa: F401
    except ImportError:
        return False
    return True


def wants_flatbuffers(query) -> bool:
    """Whether to answer `query` in FlatBuffers: it asks for them, and they can be written here."""
    return query.get("format") == "flatbuffers" and available()


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
