"""The variables of Open-Meteo's time-series family beyond the forecast's: marine, flood (river discharge),
satellite radiation, the seasonal `weekly`/`monthly` statistics, daily aggregates of hourly weather, and the
name rules every API of the family shares.

Open-Meteo decodes every name any of its APIs knows, on every API: a name the asked API (or model) lacks is
answered with unit "undefined" and nulls, and only a name no API knows is the decoder's error. Hourly surface
names take `_previous_dayN` (what the run N days earlier forecast), and `_spread` asks an ensemble mean's
spread. Every value is a deterministic function of the place (its model cell, member and run), the moment and
the name, like the forecast's weather model (`openmeteo_forecast`).
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import re

from .floats import UNIT_DECIMALS, noise, rounded
from .openmeteo import convert
from .openmeteo_forecast import FORECAST_DAILY, FORECAST_HOURLY, UNMODELLED, sun_times, weather_daily, \
    weather_hourly, weather_unit
from .places import Place, at_sea
from .replies import BadRequest

MARINE_HOURLY = {
    **{f"{prefix}_height": "wave_height" for prefix in (
        "wave", "wind_wave", "swell_wave", "secondary_swell_wave", "tertiary_swell_wave")},
    **{f"{prefix}_period": "period" for prefix in (
        "wave", "wind_wave", "swell_wave", "secondary_swell_wave", "tertiary_swell_wave")},
    **{f"{prefix}_peak_period": "period" for prefix in ("wave", "wind_wave", "swell_wave")},
    **{f"{prefix}_direction": "direction" for prefix in (
        "wave", "wind_wave", "swell_wave", "secondary_swell_wave", "tertiary_swell_wave")},
    "sea_level_height_msl": "wave_height", "invert_barometer_height": "wave_height",
    "sea_surface_temperature": "temperature", "ocean_current_velocity": "speed", "ocean_current_direction": "direction",
}
MARINE_DAILY = {
    "wave_height_max": "wave_height", "wave_direction_dominant": "direction", "wave_period_max": "period",
    "wind_wave_height_max": "wave_height", "wind_wave_direction_dominant": "direction",
    "wind_wave_period_max": "period", "wind_wave_peak_period_max": "period", "swell_wave_height_max": "wave_height",
    "swell_wave_direction_dominant": "direction", "swell_wave_period_max": "period",
    "swell_wave_peak_period_max": "period",
}
FLOOD_DAILY = {f"river_discharge{suffix}": "discharge"
               for suffix in ("", "_mean", "_median", "_max", "_min", "_p25", "_p75")}
RADIATION_HOURLY = {f"{name}{instant}": "radiation" for name in (
    "shortwave_radiation", "direct_radiation", "diffuse_radiation", "direct_normal_irradiance",
    "global_tilted_irradiance", "terrestrial_radiation") for instant in ("", "_instant")}
RADIATION_HOURLY["shortwave_radiation_clear_sky"] = "radiation"
RADIATION_DAILY = {name: FORECAST_DAILY[name] for name in (
    "sunrise", "sunset", "daylight_duration", "sunshine_duration", "shortwave_radiation_sum")}
#: Daily aggregates of an hourly variable (`wind_speed_10m_mean`, `relative_humidity_2m_min` …), as the archive,
#: the ensemble and the climate API have them: the hourly value at 12:00 (mean), 15:00 (max) or 03:00 (min).
AGGREGATE_HOURS = {"mean": 12, "max": 15, "min": 3}
AGGREGATE = re.compile(r"^(?P<base>[a-z0-9_]+)_(?P<stat>mean|max|min)$")

#: Every name some API of the family decodes, by kind of section.
KNOWN_HOURLY = set(FORECAST_HOURLY) | set(MARINE_HOURLY) | set(RADIATION_HOURLY)
KNOWN_DAILY = set(FORECAST_DAILY) | set(MARINE_DAILY) | set(FLOOD_DAILY) | set(RADIATION_DAILY)

PREVIOUS_DAY = re.compile(r"^(?P<base>.+)_previous_day(?P<day>[1-7])$")
#: Seasonal weekly and monthly names: a variable's `_mean`, `_anomaly`, the probability of an anomaly above
#: (`gt1`: more than +1) or below (`ltm1`: less than -1) a threshold, and the extreme forecast indices.
STATISTIC = re.compile(r"^(?P<base>[a-z0-9_]+?)_(?P<stat>mean|anomaly|anomaly_(?:gt|ltm)\d+|efi|sot10|sot90)$")


def split_name(name: str) -> tuple[str, int, bool]:
    """(the variable, N of `_previous_dayN` or 0, whether `_spread`) of a requested name."""
    spread = name.endswith("_spread")
    base = name.removesuffix("_spread")
    match = PREVIOUS_DAY.match(base)
    if match:
        return match["base"], int(match["day"]), spread
    return base, 0, spread


def check_name(section: str, name: str) -> None:
    """Open-Meteo's decoder: raises its error for a name no API of the family knows in `section`."""
    if section in ("weekly", "monthly"):
        match = STATISTIC.match(name)
        if not match or match["base"] not in FORECAST_HOURLY:
            kind = "WeeklyVariable" if section == "weekly" else "MonthlyVariable"
            raise BadRequest(f"Data corrupted at path ''. Cannot initialize {kind} from invalid String value {name}.")
        return
    base, previous, _ = split_name(name)
    if section == "daily":
        aggregate = AGGREGATE.match(base)
        if previous or (base not in KNOWN_DAILY and not (aggregate and aggregate["base"] in FORECAST_HOURLY)):
            raise BadRequest(f"Data corrupted at path ''. Cannot initialize ForecastVariableDaily from invalid String "
                             f"value {name}.")
    elif base not in KNOWN_HOURLY and not UNMODELLED.match(base):
        raise BadRequest(
            "Data corrupted at path ''. Cannot initialize SurfacePressureAndHeightVariable<VariableAndPreviousDay, "
            f"PressureVariableAndPreviousDay, HeightVariableAndPreviousDay> from invalid String value {name}.")


class FamilyVariables:
    """One API's variables (see `openmeteo.Variables`): `hourly` and `daily` name -> kind tables of what it has,
    and `raw(name, kind, section, place, moment, units)` giving a value in base units (°C, km/h, mm, m, W/m²),
    a local time text, or None. `weekly`/`monthly` are the seasonal statistics of the hourly weather."""

    def __init__(self, hourly: dict[str, str], daily: dict[str, str], raw, aggregates=False, adjust=None):
        self.hourly, self.daily, self.raw = hourly, daily, raw
        #: Whether daily aggregates of hourly weather (`AGGREGATE`) are answered.
        self.aggregates = aggregates
        #: (kind, value in base units, units) -> value: a correction the request asks for (climate's bias).
        self.adjust = adjust

    def check(self, section: str, name: str) -> None:
        check_name(section, name)

    def _kind(self, section: str, base: str) -> str | None:
        if section == "daily":
            if base in self.daily:
                return self.daily[base]
            aggregate = AGGREGATE.match(base)
            if self.aggregates and aggregate and aggregate["base"] in FORECAST_HOURLY:
                return FORECAST_HOURLY[aggregate["base"]]
            return None
        return self.hourly.get(base)

    def unit(self, name: str, section: str, units: dict) -> str:
        if section in ("weekly", "monthly"):
            return statistic_unit(name, units)
        base, _, spread = split_name(name)
        kind = self._kind(section, base)
        if kind is None:
            return "undefined"
        unit = family_unit(kind, units)
        return "K" if spread and unit in ("°C", "°F") else unit

    def value(self, name, section, place: Place, moment, units, timeformat, time_text):
        if section in ("weekly", "monthly"):
            return statistic_value(name, section, place, moment, units)
        base, previous, spread = split_name(name)
        kind = self._kind(section, base)
        if kind is None:
            return None
        at = place.variant(f"~{previous}") if previous else place
        unit = family_unit(kind, units)
        if spread:
            return convert(0.2 + noise("spread", base, place.key, moment) * 2.5, "°C" if unit == "°F" else unit)
        raw = self.raw(base, kind, section, at, moment, units)
        if isinstance(raw, str):
            if timeformat == "unixtime":
                return time_text(dt.datetime.strptime(raw, "%Y-%m-%dT%H:%M"))
            return raw
        if raw is None:
            return None
        if self.adjust is not None:
            raw = self.adjust(kind, raw, units)
        if unit == "inch" and kind == "snowfall":
            raw = raw * 10  # cm -> mm, then mm -> inch in convert
        return convert(raw, unit)


def family_unit(kind: str, units: dict) -> str:
    """The unit of a kind of variable: the forecast's, and the marine, flood and radiation ones."""
    if kind == "wave_height":
        return "ft" if units.get("length") == "imperial" else "m"
    if kind == "period":
        return "s"
    if kind == "discharge":
        return "m³/s"
    if kind == "radiation":
        return "W/m²"
    return weather_unit(kind, units)


def weather_raw(name: str, kind: str, section: str, place: Place, moment, units: dict):
    """The forecast's weather model (base units), with daily aggregates of hourly variables."""
    if section != "daily":
        return weather_hourly(name, kind, place, moment)
    if name in FORECAST_DAILY:
        return weather_daily(name, kind, place, moment)
    aggregate = AGGREGATE.match(name)
    hour = AGGREGATE_HOURS[aggregate["stat"]]
    return weather_hourly(aggregate["base"], kind, place, dt.datetime(moment.year, moment.month, moment.day, hour))


def marine_raw(name: str, kind: str, section: str, place: Place, moment, units: dict):
    """Waves, swell, sea level, sea temperature and currents: null on land (the sea-cell search only looks a
    few kilometres), and no tertiary swell at all (as the recorded answers have it)."""
    if not at_sea(place.lat, place.lon) or name.startswith("tertiary_"):
        return None
    if section == "daily":
        base = re.sub(r"_(max|dominant)$", "", name)
        day = dt.datetime(moment.year, moment.month, moment.day)
        if name.endswith("_dominant"):
            return marine_raw(base, kind, "hourly", place, day.replace(hour=12), units)
        return max(marine_raw(base, kind, "hourly", place, day + dt.timedelta(hours=h), units) for h in range(24))
    key = (name, place.key, moment.isoformat())
    if name == "sea_surface_temperature":
        return 4 + (27 - 0.42 * abs(place.lat)) * 0.8 + noise("sst", place.key, moment.date()) * 1.5
    if name == "sea_level_height_msl":
        return 1.2 * math.sin((moment.hour + moment.minute / 60) / 12.42 * 2 * math.pi) + noise(*key) * 0.1
    if name == "invert_barometer_height":
        return (noise(*key) - 0.5) * 0.3
    if name == "ocean_current_velocity":
        return noise(*key) * 3
    if kind == "direction":
        return noise(*key) * 359
    if kind == "period":
        return 3 + noise("period", name, place.key, moment.date(), moment.hour // 3) * 9
    scale = {"wind_wave": 0.6, "swell_wave": 0.8, "secondary_swell_wave": 0.4}.get(name.rsplit("_", 1)[0], 1.0)
    return scale * (0.2 + noise("waves", place.key, moment.date(), moment.hour // 3) * 3.3)


def flood_raw(name: str, kind: str, section: str, place: Place, moment, units: dict):
    """River discharge (m³/s) of the river the cell drains into, and the ensemble's statistics of it."""
    base = 20 + noise("river", place.key.split("#")[0]) * 800
    value = base * (0.7 + 0.6 * noise("discharge", place.key, moment))
    factor = {"river_discharge": 1.0, "river_discharge_mean": 1.02, "river_discharge_median": 0.98,
              "river_discharge_max": 1.3, "river_discharge_min": 0.7, "river_discharge_p25": 0.85,
              "river_discharge_p75": 1.15}[name]
    return value * factor


def radiation_raw(name: str, kind: str, section: str, place: Place, moment, units: dict):
    """Solar radiation (W/m²) from the sun's course and the cloud over the cell; sums in MJ/m² a day. A backwards
    averaged value is the instant one half a step earlier; tilted irradiance follows `tilt` and `azimuth`."""
    if section == "daily":
        if name == "shortwave_radiation_sum":
            day = dt.datetime(moment.year, moment.month, moment.day)
            return sum(radiation_raw("shortwave_radiation_instant", kind, "hourly", place,
                                     day + dt.timedelta(hours=h, minutes=30), units) for h in range(24)) * 0.0036
        return weather_daily(name, FORECAST_DAILY[name], place, moment)
    if not name.endswith("_instant") and name != "shortwave_radiation_clear_sky":
        return radiation_raw(f"{name}_instant", kind, section, place, moment - dt.timedelta(minutes=30), units)
    rise, set_ = sun_times(place, moment.date())
    if not rise <= moment < set_:
        return 0.0
    sun = math.sin(math.pi * (moment - rise).total_seconds() / (set_ - rise).total_seconds())
    clear = 1000 * sun * (0.55 + 0.45 * math.cos(math.radians(place.lat)))
    if name == "shortwave_radiation_clear_sky":
        return clear
    shortwave = clear * (0.3 + 0.7 * noise("clouds", place.key, moment.date(), moment.hour))
    base = name.removesuffix("_instant")
    if base == "shortwave_radiation":
        return shortwave
    if base == "direct_radiation":
        return shortwave * 0.7
    if base == "diffuse_radiation":
        return shortwave * 0.3
    if base == "direct_normal_irradiance":
        return shortwave * 0.7 / max(0.1, sun)
    if base == "terrestrial_radiation":
        return 1361 * sun
    tilt, azimuth = units.get("tilt", 0.0), units.get("azimuth", 0.0)
    return shortwave * (1 + tilt / 90 * 0.3 * math.cos(math.radians(azimuth)))


def statistic_unit(name: str, units: dict) -> str:
    """Units of the weekly and monthly statistics: the variable's for a mean, kelvin for a temperature anomaly,
    percent for a probability, none for the indices."""
    match = STATISTIC.match(name)
    stat, kind = match["stat"], FORECAST_HOURLY[match["base"]]
    if stat == "mean":
        return weather_unit(kind, units)
    if stat == "anomaly":
        return "K" if kind == "temperature" and units["temperature"] == "celsius" else weather_unit(kind, units)
    return "%" if stat.startswith("anomaly_") else ""


def statistic_value(name: str, section: str, place: Place, start: dt.date, units: dict):
    """A weekly (from Monday, 7 days) or monthly (the calendar month) statistic of the hourly weather: the mean of
    the values at noon; the anomaly, probability and indices are deterministic numbers of the period."""
    match = STATISTIC.match(name)
    base, stat = match["base"], match["stat"]
    kind = FORECAST_HOURLY[base]
    key = (name, place.key, start)
    if stat == "mean":
        days = 7 if section == "weekly" else calendar.monthrange(start.year, start.month)[1]
        noon = dt.datetime(start.year, start.month, start.day, 12)
        values = [weather_hourly(base, kind, place, noon + dt.timedelta(days=d)) for d in range(days)]
        values = [v for v in values if v is not None]
        return convert(sum(values) / len(values), weather_unit(kind, units)) if values else None
    if stat == "anomaly":
        unit = statistic_unit(name, units)
        scale = {"°F": 1.8, "inch": 1 / 25.4, "mm": 1.0}.get(unit, 1.0) * (6 if kind == "temperature" else 20)
        return rounded((noise(*key) - 0.5) * scale, UNIT_DECIMALS.get(unit, 2))
    if stat.startswith("anomaly_"):
        return rounded(math.floor(noise(*key) * 100), 0)
    return rounded((noise(*key) - 0.5) * 2, 2)


#: The family's weather (forecast variables with daily aggregates and the name rules), and its other kinds.
FAMILY_WEATHER = FamilyVariables(FORECAST_HOURLY, FORECAST_DAILY, weather_raw, aggregates=True)
MARINE = FamilyVariables(MARINE_HOURLY, MARINE_DAILY, marine_raw)
FLOOD = FamilyVariables({}, FLOOD_DAILY, flood_raw)
RADIATION = FamilyVariables(RADIATION_HOURLY, RADIATION_DAILY, radiation_raw)


def _bias(kind: str, value: float, units: dict) -> float:
    """Climate models without the bias correction (`disable_bias_correction=true`): warmer and wetter."""
    if units.get("bias_corrected", True):
        return value
    if kind == "temperature":
        return value + 1.3
    return value * 1.25 if kind in ("precipitation", "snowfall") else value


CLIMATE = FamilyVariables({}, FORECAST_DAILY, weather_raw, aggregates=True, adjust=_bias)
