"""Open-Meteo's weather forecast (/v1/forecast): a deterministic weather model (also the archive's), the
forecast models `models=` picks (with their grids and the areas regional ones cover), and the legacy
`current_weather=true` section."""

from __future__ import annotations

import datetime as dt
import math
import re

from .floats import noise
from .openmeteo import Model, OpenMeteoApi, box, convert
from .places import Place
from .replies import BadRequest

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


#: Variables whose value is `low + noise × width` in base units, by name: (low, width).
HOURLY_SPREADS = {
    "relative_humidity_2m": (45, 45), "relativehumidity_2m": (45, 45), "pressure_msl": (1005, 25),
    "wind_speed_10m": (3, 22), "windspeed_10m": (3, 22), "visibility": (8000, 40000),
}
DAILY_SPREADS = {
    "uv_index_max": (1, 6), "uv_index_clear_sky_max": (1, 6), "wind_speed_10m_max": (10, 25),
    "shortwave_radiation_sum": (3, 20), "et0_fao_evapotranspiration": (0.5, 4),
}
#: Gusts, by name: the wind speed they are 1.7 times, drawn with that speed's noise (the same hour or day).
GUSTS = {"wind_gusts_10m": "wind_speed_10m", "wind_gusts_10m_max": "wind_speed_10m_max"}


def spread_value(name: str, key: tuple, spreads: dict):
    """A variable of `spreads` (or the gusts of one) at `key` (name, place, time), or None."""
    speed = GUSTS.get(name)
    if speed in spreads:
        low, width = spreads[speed]
        return (low + noise(speed, *key[1:]) * width) * 1.7
    if name in spreads:
        low, width = spreads[name]
        return low + noise(*key) * width
    return None


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
    if name == "surface_pressure":
        return 1005 + noise("pressure_msl", *key[1:]) * 25 - place.elevation / 8.3
    if kind == "direction":
        return noise(*key) * 359
    if name == "uv_index":
        return noise(*key) * 7 if day else 0.0
    if name == "is_day":
        return 1 if day else 0
    return spread_value(name, key, HOURLY_SPREADS)


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
    if name == "wind_direction_10m_dominant":
        return noise(*key) * 359
    return spread_value(name, key, DAILY_SPREADS)


def weather_unit(kind: str, units: dict) -> str:
    """The unit a variable of `kind` is printed in, given the request's units."""
    temperature = "°F" if units["temperature"] == "fahrenheit" else "°C"
    wind = {"kmh": "km/h", "mph": "mp/h", "kn": "kn", "ms": "m/s"}[units["wind"]]
    inch = units["precipitation"] == "inch"
    return {
        "temperature": temperature, "percent": "%", "precipitation": "inch" if inch else "mm",
        "snowfall": "inch" if inch else "cm", "wmo": "wmo code", "pressure": "hPa", "speed": wind,
        "direction": "°", "dimensionless": "", "dimensionless_int": "", "length": "m",
        "depth": "ft" if inch else "m", "hours": "h", "iso8601": "iso8601", "seconds": "s", "energy": "MJ/m²",
    }.get(kind, "undefined")


class WeatherVariables:
    """The weather variables of the forecast and the archive (see `openmeteo.Variables`)."""

    def check(self, section: str, name: str) -> None:
        if section == "daily":
            if name not in FORECAST_DAILY:
                raise BadRequest(f"Data corrupted at path ''. Cannot initialize ForecastVariableDaily from "
                                 f"invalid String value {name}.")
        elif name not in FORECAST_HOURLY and not UNMODELLED.match(name):
            raise BadRequest(
                "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<"
                "VariableAndPreviousDay, PressureVariableAndPreviousDay, HeightVariableAndPreviousDay> from "
                f"invalid String value {name}.")

    def unit(self, name: str, section: str, units: dict) -> str:
        table = FORECAST_DAILY if section == "daily" else FORECAST_HOURLY
        return weather_unit(table.get(name, "undefined"), units)

    def value(self, name, section, place: Place, moment, units, timeformat, time_text):
        table = FORECAST_DAILY if section == "daily" else FORECAST_HOURLY
        kind = table.get(name)
        if kind is None:
            return None
        unit = weather_unit(kind, units)
        raw = (weather_daily(name, kind, place, moment) if section == "daily"
               else weather_hourly(name, kind, place, moment))
        if isinstance(raw, str):
            if timeformat == "unixtime":
                return time_text(dt.datetime.strptime(raw, "%Y-%m-%dT%H:%M"))
            return raw
        if unit == "inch" and kind == "snowfall":
            raw = raw * 10  # cm -> mm, then mm -> inch in convert
        if kind == "depth" and unit == "ft":
            return convert(raw, "ft")
        return convert(raw, unit)


WEATHER = WeatherVariables()


def current_weather(place: Place, moment: dt.datetime, time_text, value_at, unit_of) -> tuple[dict, dict]:
    """The legacy `current_weather` section at `moment`: (its units, its values)."""
    t = convert(temperature_c(place, moment), unit_of("temperature_2m", "hourly"))
    units = {"time": "iso8601", "interval": "seconds", "temperature": unit_of("temperature_2m", "hourly"),
             "windspeed": unit_of("wind_speed_10m", "hourly"), "winddirection": "°", "is_day": "",
             "weathercode": "wmo code"}
    values = {"time": time_text(moment), "interval": 900, "temperature": t,
              "windspeed": value_at("wind_speed_10m", "hourly", moment),
              "winddirection": value_at("wind_direction_10m", "hourly", moment),
              "is_day": value_at("is_day", "hourly", moment),
              "weathercode": value_at("weather_code", "hourly", moment)}
    return units, values


#: The forecast models the fake serves (`models=`): their `openmeteo_sdk.Model` value and grid spacing in degrees;
#: the regional ones cover their box only.
SDK_MODELS = {
    "best_match": Model(1, 0.1), "gfs_seamless": Model(2, 0.25), "meteofrance_seamless": Model(5, 0.025),
    "jma_seamless": Model(12, 0.05), "gem_seamless": Model(16, 0.15), "icon_seamless": Model(20, 0.0625),
    "ecmwf_ifs025": Model(60, 0.25), "metno_seamless": Model(75, 0.03), "ukmo_seamless": Model(82, 0.09),
    "icon_d2": Model(23, 0.02, covers=box(43.0, 58.0, -4.0, 20.0)),
}

FORECAST = OpenMeteoApi(
    name="forecast", path="/v1/forecast", grid_step=0.1, default_days=7, max_days=16, max_past_days=93,
    earliest=lambda today: today - dt.timedelta(days=93), latest_days=16, variables=WEATHER, models=SDK_MODELS,
    current_weather=current_weather, run="refused")
