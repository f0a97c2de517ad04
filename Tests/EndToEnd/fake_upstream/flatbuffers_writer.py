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
    # the family's (marine, flood, radiation); `wave_peak_period` is written as `wave_period`, as upstream does
    "diffuse_radiation": 9, "diffuse_radiation_instant": 10, "direct_normal_irradiance": 11,
    "direct_normal_irradiance_instant": 12, "direct_radiation": 13, "direct_radiation_instant": 14,
    "shortwave_radiation_instant": 33, "terrestrial_radiation": 48, "terrestrial_radiation_instant": 49,
    "river_discharge": 63, "wave_height": 64, "wave_period": 65, "wave_peak_period": 65, "wave_direction": 66,
    "wind_wave_height": 67, "wind_wave_period": 68, "wind_wave_peak_period": 69, "wind_wave_direction": 70,
    "swell_wave_height": 71, "swell_wave_period": 72, "swell_wave_peak_period": 73, "swell_wave_direction": 74,
    "shortwave_radiation_clear_sky": 105, "global_tilted_irradiance": 106, "global_tilted_irradiance_instant": 107,
    "ocean_current_velocity": 108, "ocean_current_direction": 109, "sea_level_height_msl": 132,
    "sea_surface_temperature": 133, "invert_barometer_height": 134, "secondary_swell_wave_height": 141,
    "secondary_swell_wave_period": 142, "secondary_swell_wave_direction": 144, "tertiary_swell_wave_height": 145,
    "tertiary_swell_wave_period": 146, "tertiary_swell_wave_direction": 148,
}
SDK_AGGREGATIONS = {"min": 1, "max": 2, "mean": 3, "p10": 4, "p25": 5, "median": 6, "p75": 7, "p90": 8,
                    "dominant": 9, "sum": 10, "spread": 11, "anomaly": 12, "sot10": 13, "sot90": 14, "efi": 15}
#: The `probability` field's values for the seasonal probabilities of an anomaly (`_anomaly_gt1`: above +1,
#: `_anomaly_ltm1`: below -1). Upstream's numbering is not in the published schema this fake follows; breeze-rpc
#: names columns by request order, never by this value.
SDK_PROBABILITIES = {"gt0": 1, "gt1": 2, "gt2": 3, "ltm1": 4, "ltm2": 5, "gt10": 6, "gt20": 7}
SDK_MISSING_TIME = 9223372036854775807
SECTION_SLOTS = {"current": 9, "daily": 10, "hourly": 11, "minutely_15": 12}
#: The statistics sections, written as `VariablesWithMonth` (weekly too: upstream's writer does so although its
#: schema declares `VariablesWithTime`, so the Monday a week starts on is lost; only its year and month remain).
MONTH_SLOTS = {"monthly": 13, "weekly": 14}
SECTION_INTERVALS = {"daily": 86400, "hourly": 3600, "minutely_15": 900}


def sdk_variable(name: str) -> tuple[int, int, int]:
    """(variable, altitude, aggregation) for an API name: `temperature_2m_max` is temperature at 2 m, maximum."""
    column = sdk_column(name)
    return column["variable"], column["altitude"], column["aggregation"]


def sdk_column(name: str) -> dict[str, int]:
    """The `VariableWithValues` fields an API column name stands for, suffixes read from the end as Open-Meteo
    writes them (`var[_level][_previous_dayN][_memberNN]`, or a statistic): `temperature_850hPa_member03` is
    temperature at 850 hPa, member 3; `temperature_2m_anomaly_gt1` the probability of an anomaly above +1 K."""
    column = {"variable": 0, "altitude": 0, "aggregation": 0, "pressure_level": 0, "ensemble_member": 0,
              "previous_day": 0, "probability": 0}
    for field, pattern in (("ensemble_member", r"(.+)_member(\d+)"), ("previous_day", r"(.+)_previous_day(\d+)")):
        match = re.fullmatch(pattern, name)
        if match:
            name, column[field] = match.group(1), int(match.group(2))
    match = re.fullmatch(r"(.+_anomaly)_((?:gt|ltm)\d+)", name)
    if match:
        name, column["probability"] = match.group(1), SDK_PROBABILITIES.get(match.group(2), 0)
    suffix = name.rsplit("_", 1)[-1]
    if suffix in SDK_AGGREGATIONS and name not in SDK_VARIABLES:
        column["aggregation"], name = SDK_AGGREGATIONS[suffix], name[: -len(suffix) - 1]
    column["altitude"] = 2 if name == "apparent_temperature" else 0
    match = re.fullmatch(r"(.+)_(\d+)m", name)
    if match:
        name, column["altitude"] = match.group(1), int(match.group(2))
    match = re.fullmatch(r"(.+)_(\d+)hPa", name)
    if match:
        name, column["pressure_level"] = match.group(1), int(match.group(2))
    column["variable"] = SDK_VARIABLES.get(name.replace("pm2_5", "pm2p5"), 0)
    return column


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
    for name, slot in MONTH_SLOTS.items():
        if isinstance(location.get(name), dict):
            sections[slot] = _flatbuffers_months(builder, location[name], location.get(f"{name}_units") or {},
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
        start = unix_seconds(times[0], offset) if times else 0
        # hourly steps may be 6-hourly (seasonal) or a satellite's own 10, 15 or 30 minutes
        interval = unix_seconds(times[1], offset) - start if len(times or []) > 1 else SECTION_INTERVALS[name]
        end = start + interval * len(times or [])
    variables_offset = _flatbuffers_variables(builder, name == "current", section, units, offset)
    builder.StartObject(4)
    builder.PrependInt64Slot(0, start, 0)
    builder.PrependInt64Slot(1, end, 0)
    builder.PrependInt32Slot(2, interval, 0)
    builder.PrependUOffsetTRelativeSlot(3, variables_offset, 0)
    return builder.EndObject()


def _flatbuffers_months(builder, section: dict, units: dict, offset: int) -> int:
    """A `VariablesWithMonth`: the year and month of the first period, their count, the variables."""
    times = section.get("time") or []
    first = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=unix_seconds(times[0], offset) + offset) if times \
        else dt.datetime(1970, 1, 1)
    variables_offset = _flatbuffers_variables(builder, False, section, units, offset)
    builder.StartObject(4)
    builder.PrependInt16Slot(0, first.year, 0)
    builder.PrependInt8Slot(1, first.month, 0)
    builder.PrependInt32Slot(2, len(times), 0)
    builder.PrependUOffsetTRelativeSlot(3, variables_offset, 0)
    return builder.EndObject()


def _flatbuffers_variables(builder, current: bool, section: dict, units: dict, offset: int) -> int:
    """The vector of `VariableWithValues`, one per column in the JSON's order (each ensemble member its own)."""
    variables = []
    for key, values in section.items():
        if key in ("time", "interval"):
            continue
        unit = units.get(key, "undefined")
        unit_value = OPEN_METEO_UNITS.get(unit, (0, 0))[0]
        column = sdk_column(key)
        values_offset = times_offset = None
        value = 0.0
        if current:
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
        builder.PrependUint8Slot(0, column["variable"], 0)
        builder.PrependUint8Slot(1, unit_value, 0)
        builder.PrependFloat32Slot(2, value, 0)
        if values_offset is not None:
            builder.PrependUOffsetTRelativeSlot(3, values_offset, 0)
        if times_offset is not None:
            builder.PrependUOffsetTRelativeSlot(4, times_offset, 0)
        builder.PrependInt16Slot(5, column["altitude"], 0)
        builder.PrependUint8Slot(6, column["aggregation"], 0)
        builder.PrependInt16Slot(7, column["pressure_level"], 0)
        # member 0 (the control run) is the default, so it reads as absent
        builder.PrependInt16Slot(10, column["ensemble_member"], 0)
        builder.PrependInt16Slot(11, column["previous_day"], 0)
        builder.PrependUint8Slot(12, column["probability"], 0)
        variables.append(builder.EndObject())
    builder.StartVector(4, len(variables), 4)
    for variable in reversed(variables):
        builder.PrependUOffsetTRelative(variable)
    return builder.EndVector()


def _float32_of(value) -> float:
    if isinstance(value, Model32):
        return value.value
    if value is None or isinstance(value, str):
        return math.nan
    return f32(float(value))
