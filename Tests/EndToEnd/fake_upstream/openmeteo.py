"""What every Open-Meteo time-series API shares: the request (places, days and dates, units, sections, time
format, time zones, models), the body of one place, several models merged into one object per place, and the
answer in JSON or FlatBuffers.

Each API is one `OpenMeteoApi` value in its own module (`openmeteo_forecast`, `openmeteo_air_quality`,
`openmeteo_archive`): its path, grid, day limits and history, and the variables it knows. Adding an API is one
such module and one line in `server.ROUTES`; what differs between APIs is a field of `OpenMeteoApi`, never a
test of the API's name here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from typing import Callable, Protocol

from .flatbuffers_writer import flatbuffers_body, wants_flatbuffers
from .floats import UNIT_DECIMALS, noise, rounded
from .places import Place, zone_for
from .query import Query, parse_date, parse_float, parse_int
from .replies import BadRequest, Reply

#: The sections several models are merged in, variable by variable (`current` comes from the first model).
MODEL_SECTIONS = ("minutely_15", "hourly", "daily")


class Variables(Protocol):
    """The variables an API knows: which names each section accepts, their units and their values."""

    def check(self, section: str, name: str) -> None:
        """Raises the API's own BadRequest for a name `section` does not accept."""

    def unit(self, name: str, section: str, units: dict) -> str:
        """The unit `name` is printed in, given the request's `units` (temperature, wind, precipitation)."""

    def value(self, name: str, section: str, place: Place, moment, units: dict, timeformat: str,
              time_text: Callable):
        """The value at `moment` (a datetime, or a date in `daily`): a Model32, a local time text, or None."""


@dataclasses.dataclass(frozen=True)
class OpenMeteoApi:
    """One Open-Meteo time-series API: the facts its answers follow."""

    #: breeze-rpc's `Upstream` raw value (also a seed of the answer's `generationtime_ms`).
    name: str
    path: str
    #: Grid spacing in degrees, when no model with its own grid was asked for.
    grid_step: float
    default_days: int
    max_days: int
    #: The most `past_days` accepted; None: not checked.
    max_past_days: int | None
    #: The first and last dates `start_date`/`end_date` accept, given today's date (UTC).
    earliest: Callable[[dt.date], dt.date]
    latest_days: int
    variables: Variables
    #: Whether `current=` is answered (an API without it ignores the section, without a word).
    has_current: bool = True
    #: Seconds between two `current` values.
    current_step: int = 900
    #: Days before today (UTC) from which every value is null (the archive's lag); None: no lag.
    lag_days: int | None = None
    #: `models=` names -> (`openmeteo_sdk.Model` value, grid spacing in degrees); None: `models` is ignored.
    models: dict[str, tuple[int, float]] | None = None
    #: Whether a model covers a point (regional models); every model covers every point when None.
    model_covers: Callable[[str, float, float], bool] | None = None
    #: Refuses the request's places before any is answered (e.g. a domain that does not cover them).
    check_places: Callable[[Query, list[tuple[float, float]]], None] | None = None
    #: The legacy `current_weather=true` section: (place, moment, time_text, value_at, unit_of) -> (units,
    #: values); None: the API ignores `current_weather`.
    current_weather: Callable | None = None


def coordinates(query: Query) -> list[tuple[float, float]] | None:
    if not query.get("latitude") or not query.get("longitude"):
        return None
    lats = [parse_float(x) for x in query.items("latitude")]
    lons = [parse_float(x) for x in query.items("longitude")]
    if len(lats) != len(lons):
        raise BadRequest("Parameter 'latitude' and 'longitude' must have the same number of elements")
    for lat, lon in zip(lats, lons):
        if not (-90 <= lat <= 90) or math.isnan(lat):
            raise BadRequest(f"Latitude must be in range of -90 to 90°. Given: {lat!r}.")
        if not (-180 <= lon <= 180) or math.isnan(lon):
            raise BadRequest(f"Longitude must be in range of -180 to 180°. Given: {lon!r}.")
    return list(zip(lats, lons))


def answer(api: OpenMeteoApi, query: Query, now: dt.datetime) -> Reply:
    """The answer of `api` to `query` at `now`: checks in the order Open-Meteo makes them, then one body per
    place (per place and model in FlatBuffers)."""
    points = coordinates(query)
    if points is None:
        return Reply(200, b"")  # the real server: zero locations, an empty 200
    default_days, max_days, max_past = api.default_days, api.max_days, api.max_past_days
    places = _places_and_dates(api, query, points, now)
    forecast_days = parse_int(query.get("forecast_days", str(default_days)), "forecast_days")
    if not 0 <= forecast_days <= max_days:
        raise BadRequest(f"Forecast days is invalid. Allowed range 0 to {max_days}. Given {max_days}.")
    past_days = parse_int(query.get("past_days", "0"), "past_days")
    if max_past is not None and not 0 <= past_days <= max_past:
        raise BadRequest(f"Past days is invalid. Allowed range 0 to {max_past}. Given {past_days}.")
    units = _units(query)
    sections = _sections(query, api)
    timeformat = query.get("timeformat", "iso8601")
    if timeformat not in ("iso8601", "unixtime"):
        raise BadRequest(f"Data corrupted at path 'timeformat'. Cannot initialize Timeformat from invalid String "
                         f"value {timeformat}.")
    timezones = (query.get("timezone") or "").split(",") if query.get("timezone") else [None]
    if len(timezones) not in (1, len(points)):
        raise BadRequest("Parameter 'timezone' and coordinates must have the same number of elements")
    timezones = timezones * len(points) if len(timezones) == 1 else timezones
    models = query.list("models") if api.models is not None else []
    for model in models:
        if model not in api.models:
            raise BadRequest(f"Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value "
                             f"{model}.")
    if api.check_places is not None:
        api.check_places(query, points)
    bodies, messages = [], []
    for i, (lat, lon), dates in places:
        zone = zone_for(timezones[i], lat, lon, now)
        if zone is None:
            raise BadRequest("Invalid timezone")
        if not models:
            bodies.append(_location(api, Place(lat, lon, zone, api.grid_step), now, sections, units, timeformat, i,
                                    dates, forecast_days, past_days, query))
            messages.append(bodies[-1])
            continue
        # A model that does not cover the place is left out, without a word (as Open-Meteo does).
        covering = [model for model in models if api.model_covers is None or api.model_covers(model, lat, lon)]
        if not covering:
            raise BadRequest("No data is available for this location")
        per_model = [_location(api, Place(lat, lon, zone, api.models[model][1], model), now, sections, units,
                               timeformat, i, dates, forecast_days, past_days, query) for model in covering]
        bodies.append(merged_models(per_model, covering))
        # FlatBuffers: one message per place and model, each with its own grid cell and `current`.
        messages.extend(dict(body, _sdk_model=api.models[model][0]) for model, body in zip(covering, per_model))
    if wants_flatbuffers(query):
        return Reply(200, flatbuffers_body(messages), content_type="application/octet-stream")
    body = bodies[0] if len(bodies) == 1 else bodies
    return Reply(200, body)


def _places_and_dates(api: OpenMeteoApi, query: Query, points: list[tuple[float, float]], now: dt.datetime) -> list:
    """What to answer, in order: (index of the coordinate, the coordinate, (start, end) or None) per result.

    `start_date`/`end_date` may be comma lists of N ranges (undocumented, but Open-Meteo's own query parser):
    one range applies to every coordinate, N ranges to one coordinate give N results (all location 0, so without
    `location_id`), and N ranges with N coordinates are paired."""
    if not (query.has("start_date") or query.has("end_date")):
        return [(i, point, None) for i, point in enumerate(points)]
    starts, ends = query.list("start_date"), query.list("end_date")
    if not starts or len(starts) != len(ends):
        raise BadRequest("Parameter 'start_date' and 'end_date' must have the same number of elements")
    for name in ("forecast_days", "past_days"):
        if query.has(name):
            raise BadRequest(f"Parameter '{name}' is mutually exclusive with 'start_date' and 'end_date'")
    earliest = api.earliest(now.date())
    latest = now.date() + dt.timedelta(days=api.latest_days)
    ranges = []
    for start_text, end_text in zip(starts, ends):
        start, end = parse_date(start_text), parse_date(end_text)
        for name, value in (("start_date", start), ("end_date", end)):
            if not earliest <= value <= latest:
                raise BadRequest(f"Parameter '{name}' is out of allowed range from {earliest} to {latest}")
        if end < start:
            raise BadRequest("End-date must be larger or equals than start-date")
        ranges.append((start, end))
    if len(ranges) == 1:
        return [(i, point, ranges[0]) for i, point in enumerate(points)]
    if len(points) == 1:
        return [(0, points[0], dates) for dates in ranges]
    if len(ranges) != len(points):
        raise BadRequest("Parameter 'start_date' and 'end_date' must have the same number of elements as coordinates")
    return [(i, point, dates) for i, (point, dates) in enumerate(zip(points, ranges))]


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


def _sections(query: Query, api: OpenMeteoApi) -> dict:
    sections = {}
    for section in ("current", "hourly", "daily", "minutely_15"):
        names = query.list(section)
        if not query.has(section):
            continue
        for name in names:
            api.variables.check(section, name)
        if section == "current" and not api.has_current:
            continue  # ignored, without a word
        sections[section] = names
    if api.current_weather is not None and query.get("current_weather", "false").lower() == "true":
        sections["current_weather"] = ["temperature", "windspeed", "winddirection", "is_day", "weathercode"]
    return sections


def convert(value, unit: str):
    """A value in base units (°C, km/h, mm, cm, m) in `unit`, as the model prints it."""
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


def _location(api: OpenMeteoApi, place: Place, now, sections, units, timeformat, index, dates, forecast_days,
              past_days, query: Query) -> dict:
    zone = place.zone
    local_now = (now + dt.timedelta(seconds=zone.offset)).replace(tzinfo=None)
    today = local_now.date()
    body = {"latitude": place.grid_lat, "longitude": place.grid_lon,
            "generationtime_ms": round(0.02 + noise("gen", place.key, api.name) * 0.5, 15),
            "utc_offset_seconds": zone.offset, "timezone": zone.name, "timezone_abbreviation": zone.abbreviation,
            "elevation": place.elevation}
    if index:
        body["location_id"] = index
    lag_start = now.date() - dt.timedelta(days=api.lag_days) if api.lag_days is not None else None

    def time_text(moment):
        if timeformat == "unixtime":
            if isinstance(moment, dt.datetime):
                return int((moment - dt.datetime(1970, 1, 1)).total_seconds()) - zone.offset
            return int((dt.datetime(moment.year, moment.month, moment.day) - dt.datetime(1970, 1, 1))
                       .total_seconds()) - zone.offset
        return moment.strftime("%Y-%m-%dT%H:%M") if isinstance(moment, dt.datetime) else moment.isoformat()

    def value_at(name, section, moment):
        if lag_start is not None and (moment.date() if isinstance(moment, dt.datetime) else moment) >= lag_start:
            return None
        return api.variables.value(name, section, place, moment, units, timeformat, time_text)

    def unit_of(name, section):
        return api.variables.unit(name, section, units)

    def series(key, section, moments):
        """`body[key]` and `body[key + "_units"]`: each variable of `sections[key]` at every moment."""
        series_units = {"time": "unixtime" if timeformat == "unixtime" else "iso8601"}
        values = {"time": [time_text(m) for m in moments]}
        for name in sections[key]:
            series_units[name] = unit_of(name, section)
            values[name] = [value_at(name, section, m) for m in moments]
        body[f"{key}_units"], body[key] = series_units, values

    # current
    if "current" in sections:
        step = api.current_step
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
        body["current_weather_units"], body["current_weather"] = api.current_weather(
            place, moment, time_text, value_at, unit_of)
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
        series("hourly", "hourly", [start + dt.timedelta(hours=h) for h in range(hours)])
    if "minutely_15" in sections:  # the hourly variables in 15-minute steps, over the same days
        start = dt.datetime(first_day.year, first_day.month, first_day.day)
        series("minutely_15", "hourly", [start + dt.timedelta(minutes=15 * q) for q in range(96 * n_days)])
    if "daily" in sections:
        series("daily", "daily", [first_day + dt.timedelta(days=d) for d in range(n_days)])
    return body
