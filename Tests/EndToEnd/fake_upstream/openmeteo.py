"""What every Open-Meteo time-series API shares: the request (places, days and dates, units, sections, time
format, time zones, models), the body of one place, several models merged into one object per place, and the
answer in JSON or FlatBuffers.

Each API is one `OpenMeteoApi` value (`openmeteo_forecast`, `openmeteo_air_quality`, `openmeteo_archive`, and
the rest of the family in `openmeteo_family`): its path, grid, day limits and history, sections, `run`, its
models (`Model`: members, area, what a point outside gets) and the variables it knows. Adding an API is one such
value and one row in `upstreams.UPSTREAMS`; what differs between APIs is a field of `OpenMeteoApi` or `Model`,
never a test of the API's name here.
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
from .replies import BadRequest, Reply, dump

#: Every section an Open-Meteo time-series API may have, in the order its JSON writer prints them.
SECTIONS = ("current", "minutely_15", "hourly", "daily", "weekly", "monthly")
#: The sections several models are merged in, variable by variable (`current` comes from the first model).
MODEL_SECTIONS = ("minutely_15", "hourly", "daily", "weekly", "monthly")
#: What is refused when `run` is set (single runs), in the order Open-Meteo checks them.
RUN_EXCLUDES = ("start_date", "end_date", "start_hour", "end_hour", "start_minutely_15", "end_minutely_15")


class Variables(Protocol):
    """The variables an API knows: which names each section accepts, their units and their values."""

    def check(self, section: str, name: str) -> None:
        """Raises the API's own BadRequest for a name `section` does not accept."""

    def unit(self, name: str, section: str, units: dict) -> str:
        """The unit `name` is printed in, given the request's `units` (temperature, wind, precipitation, length)."""

    def value(self, name: str, section: str, place: Place, moment, units: dict, timeformat: str,
              time_text: Callable):
        """The value at `moment` (a datetime, or a date in `daily`, `weekly`, `monthly`): a Model32, a local time
        text, or None."""


@dataclasses.dataclass(frozen=True)
class Model:
    """One weather model an API answers with (`models=`, or its default)."""

    #: The `openmeteo_sdk.Model` value its FlatBuffers messages carry (lossy, as upstream's: `archive_best_match`
    #: is `best_match`, ensembles are their deterministic twins).
    sdk: int
    #: Grid spacing in degrees.
    grid: float
    #: Ensemble members, the control run included: `var`, `var_member01` … in JSON, one column each in FlatBuffers.
    members: int = 1
    #: Whether it covers a point (lat, lon); None: the globe.
    covers: Callable[[float, float], bool] | None = None
    #: What a point it does not cover gets: "nodata" (it is left out; with none left, 400 "No data is available for
    #: this location") or "nan" (it answers nothing: with no other model, 200 with `nan` coordinates).
    outside: str = "nodata"
    #: Of `weekly` and `monthly`, the sections it has (a model without one is left out of it, without a word).
    statistics: tuple[str, ...] = ("weekly", "monthly")
    #: Its own variables (satellite radiation), else the API's.
    variables: Variables | None = None
    #: Whether it serves `_spread` variables (ensemble means); elsewhere they are "undefined" and null.
    spread: bool = False
    #: Names its API knows that it lacks: "undefined" and null (marine's default has no `wave_peak_period`).
    lacks: tuple[str, ...] = ()
    #: Minutes between two `hourly` values with `temporal_resolution=native`, given the point.
    native_minutes: Callable[[float, float], int] | None = None


def box(lat_min: float, lat_max: float, lon_min: float, lon_max: float) -> Callable[[float, float], bool]:
    """A model area: the points inside the box."""
    return lambda lat, lon: lat_min <= lat <= lat_max and lon_min <= lon <= lon_max


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
    #: The most `past_days` accepted; None: the whole history (from `earliest`).
    max_past_days: int | None
    #: The first and last dates `start_date`/`end_date` accept, given today's date (UTC).
    earliest: Callable[[dt.date], dt.date]
    latest_days: int
    variables: Variables
    #: The sections it answers; the others are left out without a word (after their names are checked).
    sections: tuple[str, ...] = ("current", "minutely_15", "hourly", "daily")
    #: Seconds between two `current` values.
    current_step: int = 900
    #: Days before today (UTC) from which every value is null (the archive's lag); None: no lag.
    lag_days: int | None = None
    #: `models=` names and their facts; None: `models` is ignored. `best_match` is always accepted: the default.
    models: dict[str, Model] | None = None
    #: Refuses the request's places before any is answered (e.g. a domain that does not cover them).
    check_places: Callable[[Query, list[tuple[float, float]]], None] | None = None
    #: The legacy `current_weather=true` section: (place, moment, time_text, value_at, unit_of) -> (units,
    #: values); None: the API ignores `current_weather`.
    current_weather: Callable | None = None
    #: The last date accepted, when it is fixed rather than `latest_days` after today (climate: 2050-12-31).
    latest: Callable[[dt.date], dt.date] | None = None
    #: The default model's facts, and the name `best_match` takes in multi-model keys.
    default_model: Model = Model(1, 0.1)
    best_match: str = "best_match"
    #: "required" (single runs), "refused" (the rest of the family) or None (not checked): the `run` parameter.
    run: str | None = None
    #: `models=` names answered as another model (the ensemble API's deterministic names -> ensemble twins).
    renames: dict[str, str] = dataclasses.field(default_factory=dict)
    #: Minutes between two `hourly` values by default (seasonal: 6-hourly).
    hourly_minutes: int = 60
    #: Members of one variable, when not the model's own count: (section, name, model, query) -> count.
    members: Callable[[str, str, Model, Query], int] | None = None
    #: Metres above sea level the answer reports for a place (marine: 0 at sea), else the place's own.
    elevation: Callable[[Place], float] | None = None
    #: Adds request options its variables read (flood's `ensemble`, climate's bias correction, tilt) to `units`.
    options: Callable[[Query], dict] | None = None


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


def answer(api: OpenMeteoApi, query: Query, now: dt.datetime, overrides: tuple = ()) -> Reply:
    """The answer of `api` to `query` at `now`: checks in the order Open-Meteo makes them, then one body per
    place (per place and model in FlatBuffers). `overrides` are the values a test chose for some hours
    (`FakeUpstream.set_values`), replacing the computed ones."""
    points = coordinates(query)
    if points is None:
        return Reply(200, b"")  # the real server: zero locations, an empty 200
    run = _run(api, query, now)
    places = _places_and_dates(api, query, points, now)
    default_days, max_days = api.default_days, api.max_days
    max_past = api.max_past_days
    if max_past is None:
        max_past = (now.date() - api.earliest(now.date())).days
    forecast_days = parse_int(query.get("forecast_days", str(default_days)), "forecast_days")
    if not 0 <= forecast_days <= max_days:
        raise BadRequest(f"Forecast days is invalid. Allowed range 0 to {max_days}. Given {max_days}.")
    past_days = parse_int(query.get("past_days", "0"), "past_days")
    if not 0 <= past_days <= max_past:
        raise BadRequest(f"Past days is invalid. Allowed range 0 to {max_past}. Given {past_days}.")
    hours = _hours(api, query, max_days, max_past)
    units = _units(query)
    if api.options is not None:
        units.update(api.options(query))
    sections = _sections(query, api)
    timeformat = query.get("timeformat", "iso8601")
    if timeformat not in ("iso8601", "unixtime"):
        raise BadRequest(f"Data corrupted at path 'timeformat'. Cannot initialize Timeformat from invalid String "
                         f"value {timeformat}.")
    resolution = query.get("temporal_resolution")
    if resolution is not None and resolution not in ("native", "hourly_1", "hourly_3", "hourly_6"):
        raise BadRequest(f"Data corrupted at path 'temporal_resolution'. Cannot initialize ApiTemporalResolution "
                         f"from invalid String value {resolution}.")
    timezones = (query.get("timezone") or "").split(",") if query.get("timezone") else [None]
    if len(timezones) not in (1, len(points)):
        raise BadRequest("Parameter 'timezone' and coordinates must have the same number of elements")
    timezones = timezones * len(points) if len(timezones) == 1 else timezones
    models = query.list("models") if api.models is not None else []
    for model in models:
        if model not in api.models and model not in api.renames and model != "best_match":
            raise BadRequest(f"Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value "
                             f"{model}.")
    models = [api.renames.get(model, model) for model in models]
    if api.check_places is not None:
        api.check_places(query, points)
    window = _Window(forecast_days, past_days, hours, run, resolution, tuple(overrides))
    bodies, messages, not_covered = [], [], False
    for i, (lat, lon), dates in places:
        zone = zone_for(timezones[i], lat, lon, now)
        if zone is None:
            raise BadRequest("Invalid timezone")
        if run is not None and "daily" in sections and (run + dt.timedelta(seconds=zone.offset)).time() != dt.time():
            raise BadRequest("Parameter 'daily' is only supported for single-runs-api if 'run' starts at 00:00 in "
                             "the requested timezone")
        asked = models or [None]
        # A model that does not cover the place is left out, without a word (as Open-Meteo does): one whose reader
        # is missing there ("nodata") entirely, one whose reader finds nothing ("nan") answers nothing.
        covering = [m for m in asked if _facts(api, m).covers is None or _facts(api, m).covers(lat, lon)]
        if not covering:
            if all(_facts(api, m).outside == "nodata" for m in asked):
                raise BadRequest("No data is available for this location")
            body = {"latitude": math.nan, "longitude": math.nan,
                    "generationtime_ms": round(0.01 + noise("gen", lat, lon, api.name) * 0.05, 15),
                    "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT"}
            if i:
                body["location_id"] = i
            bodies.append(body)
            messages.append(dict(body, _sdk_model=_facts(api, asked[0]).sdk))
            not_covered = True
            continue
        per_model = []
        for model in covering:
            facts = _facts(api, model)
            place = Place(lat, lon, zone, facts.grid, model)
            if run is not None:
                place = place.variant(f"@{run:%Y-%m-%dT%H:%M}")  # each run forecasts its own numbers
            per_model.append(_location(api, facts, place, now, sections, units, timeformat, i, dates, window, query))
        bodies.append(merged_models(per_model, [_key_name(api, m) for m in covering]))
        # FlatBuffers: one message per place and model, each with its own grid cell and `current`.
        messages.extend(dict(body, _sdk_model=_facts(api, m).sdk) for m, body in zip(covering, per_model))
    if wants_flatbuffers(query):
        return Reply(200, flatbuffers_body(messages), content_type="application/octet-stream")
    body = bodies[0] if len(bodies) == 1 else bodies
    if not_covered:
        # Open-Meteo prints a NaN coordinate with Swift's description: the bare word `nan`, which is not JSON.
        return Reply(200, dump(body).replace(b":NaN", b":nan"))
    return Reply(200, body)


def overrides_hour(rule: dict, moment: dt.datetime, local_now: dt.datetime) -> bool:
    """Whether a chosen value (`FakeUpstream.set_values`) applies at the local `moment`: every hour, the hours
    counted from the current one (`hours`, negative for the past), or hours of the local day (`localHours`)."""
    if rule.get("hours") is not None:
        current = local_now.replace(minute=0, second=0, microsecond=0)
        return round((moment - current).total_seconds() / 3600) in rule["hours"]
    if rule.get("localHours") is not None:
        return moment.hour in rule["localHours"]
    return True


@dataclasses.dataclass(frozen=True)
class _Window:
    """The time a request asks for, apart from dates: days, hours (forecast, past; None when not asked), the
    single run it starts at, and `temporal_resolution`."""

    forecast_days: int
    past_days: int
    hours: tuple[int, int] | None
    run: dt.datetime | None
    resolution: str | None
    #: Values chosen by a test (`FakeUpstream.set_values`): the last matching rule wins.
    overrides: tuple = ()


def _facts(api: OpenMeteoApi, model: str | None) -> Model:
    """The facts of a model asked for (None: no `models=`; `best_match`: the API's default)."""
    if model is not None and api.models and model in api.models:
        return api.models[model]
    return dataclasses.replace(api.default_model, grid=api.grid_step)


def _key_name(api: OpenMeteoApi, model: str | None) -> str | None:
    """The suffix of a model's keys in a multi-model answer: `best_match` is the API's default model's name."""
    return api.best_match if model == "best_match" else model


def _run(api: OpenMeteoApi, query: Query, now: dt.datetime) -> dt.datetime | None:
    """The single run asked for (`run=YYYY-MM-DDTHH:MM`, UTC): required on the single-runs API, refused elsewhere,
    and when set, dates and hours are refused."""
    if api.run is None:
        return None
    if not query.has("run"):
        if api.run == "required":
            raise BadRequest("Parameter 'run' is required")
        return None
    if api.run == "refused":
        raise BadRequest("Parameter 'run' must not be set")
    for name in RUN_EXCLUDES:
        if query.has(name):
            raise BadRequest(f"Parameter '{name}' must not be set")
    text = query.get("run")
    try:
        run = dt.datetime.strptime(text, "%Y-%m-%dT%H:%M")
    except ValueError:
        raise BadRequest("Invalid date format. Make sure to use 'YYYY-MM-DDTHH:MM'")
    if not api.earliest(now.date()) <= run.date() or run > now.replace(tzinfo=None):
        model = (query.list("models") or ["best_match"])[0]
        raise BadRequest(f"The requested model run is not available. Model: {model}, run: {text}Z")
    return run


def _hours(api: OpenMeteoApi, query: Query, max_days: int, max_past: int) -> tuple[int, int] | None:
    """(forecast hours, past hours) when either is asked for: `past_hours` alone means every forecast hour
    the API has, and an out-of-range count is reported with the days text and the maximum as "Given"."""
    if not (query.has("forecast_hours") or query.has("past_hours")):
        return None
    forecast_hours = parse_int(query.get("forecast_hours", str(max_days * 24)), "forecast_hours")
    past_hours = parse_int(query.get("past_hours", "0"), "past_hours")
    if not 0 <= forecast_hours <= max_days * 24:
        raise BadRequest(f"Forecast days is invalid. Allowed range 0 to {max_days * 24}. Given {max_days * 24}.")
    if not 0 <= past_hours <= max_past * 24:
        raise BadRequest(f"Past days is invalid. Allowed range 0 to {max_past * 24}. Given {past_hours}.")
    return forecast_hours, past_hours


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
    latest = api.latest(now.date()) if api.latest else now.date() + dt.timedelta(days=api.latest_days)
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


def merged_models(bodies: list[dict], models: list[str | None]) -> dict:
    """One place's JSON answer for several models, as Open-Meteo's JSON writer merges them: the place fields and
    `current` once, from the first model (unsuffixed), and every section variable as `NAME_MODEL`, model after
    model (a model without the section is left out of it). With one model nothing is renamed."""
    if len(models) == 1:
        return bodies[0]
    first = bodies[0]
    merged = {key: value for key, value in first.items()
              if key not in MODEL_SECTIONS and key.removesuffix("_units") not in MODEL_SECTIONS}
    for section in MODEL_SECTIONS:
        having = [(model, body) for model, body in zip(models, bodies) if section in body]
        if not having:
            continue
        units = {"time": having[0][1][f"{section}_units"]["time"]}
        values = {"time": having[0][1][section]["time"]}
        for model, body in having:
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
    length = query.get("length_unit", "metric")
    if length == "imperial":
        precipitation = "inch"
    for name, value, allowed, type_ in (
            ("temperature_unit", temperature, ("celsius", "fahrenheit"), "TemperatureUnit"),
            ("wind_speed_unit", wind, ("kmh", "mph", "kn", "ms"), "WindspeedUnit"),
            ("precipitation_unit", precipitation, ("mm", "inch"), "PrecipitationUnit"),
            ("length_unit", length, ("metric", "imperial"), "LengthUnit")):
        if value not in allowed:
            raise BadRequest(f"Data corrupted at path '{name}'. Cannot initialize {type_} from invalid String "
                             f"value {value}.")
    return {"temperature": temperature, "wind": wind, "precipitation": precipitation, "length": length}


def _sections(query: Query, api: OpenMeteoApi) -> dict:
    sections = {}
    for section in SECTIONS:
        names = query.list(section)
        if not query.has(section):
            continue
        for name in names:
            api.variables.check(section, name)
        if section not in api.sections:
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


def _location(api: OpenMeteoApi, facts: Model, place: Place, now, sections, units, timeformat, index, dates,
              window: _Window, query: Query) -> dict:
    zone = place.zone
    local_now = (now + dt.timedelta(seconds=zone.offset)).replace(tzinfo=None)
    today = local_now.date()
    body = {"latitude": place.grid_lat, "longitude": place.grid_lon,
            "generationtime_ms": round(0.02 + noise("gen", place.key, api.name) * 0.5, 15),
            "utc_offset_seconds": zone.offset, "timezone": zone.name, "timezone_abbreviation": zone.abbreviation,
            "elevation": api.elevation(place) if api.elevation else place.elevation}
    if index:
        body["location_id"] = index
    lag_start = now.date() - dt.timedelta(days=api.lag_days) if api.lag_days is not None else None
    variables = facts.variables or api.variables

    def time_text(moment):
        if timeformat == "unixtime":
            if isinstance(moment, dt.datetime):
                return int((moment - dt.datetime(1970, 1, 1)).total_seconds()) - zone.offset
            return int((dt.datetime(moment.year, moment.month, moment.day) - dt.datetime(1970, 1, 1))
                       .total_seconds()) - zone.offset
        return moment.strftime("%Y-%m-%dT%H:%M") if isinstance(moment, dt.datetime) else moment.isoformat()

    def lacks(name):
        """Whether the model lacks `name` although the API knows it (a spread without an ensemble mean)."""
        return name in facts.lacks or (name.endswith("_spread") and not facts.spread)

    def value_at(name, section, moment, at=place):
        if window.overrides and isinstance(moment, dt.datetime):
            for rule in reversed(window.overrides):
                if rule["variable"] == name and overrides_hour(rule, moment, local_now):
                    return rule["value"]
        if lag_start is not None and (moment.date() if isinstance(moment, dt.datetime) else moment) >= lag_start:
            return None
        if lacks(name):
            return None
        return variables.value(name, section, at, moment, units, timeformat, time_text)

    def unit_of(name, section):
        return "undefined" if lacks(name) else variables.unit(name, section, units)

    def members(section, name):
        if section not in ("minutely_15", "hourly", "daily"):
            return 1
        return api.members(section, name, facts, query) if api.members else facts.members

    def series(key, section, moments):
        """`body[key]` and `body[key + "_units"]`: each variable of `sections[key]` at every moment, and each
        member after the control run (`NAME_memberNN`; each member is the model at a place of its own)."""
        series_units = {"time": "unixtime" if timeformat == "unixtime" else "iso8601"}
        values = {"time": [time_text(m) for m in moments]}
        for name in sections[key]:
            for member in range(members(key, name)):
                column = f"{name}_member{member:02d}" if member else name
                at = place.variant(f"#{member}") if member else place
                series_units[column] = unit_of(name, section)
                values[column] = [value_at(name, section, m, at) for m in moments]
        body[f"{key}_units"], body[key] = series_units, values

    # current (the control run only)
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
    # the time range: dates, a single run's days from the run, or days around today
    start = None
    if dates is not None:
        first_day, n_days = dates[0], (dates[1] - dates[0]).days + 1
    elif window.run is not None:
        start = window.run + dt.timedelta(seconds=zone.offset)
        first_day, n_days = start.date(), window.forecast_days
    else:
        first_day, n_days = today - dt.timedelta(days=window.past_days), window.past_days + window.forecast_days
    midnight = dt.datetime(first_day.year, first_day.month, first_day.day)
    if "hourly" in sections:
        minutes = api.hourly_minutes
        if window.resolution == "native" and facts.native_minutes is not None:
            minutes = facts.native_minutes(place.lat, place.lon)
        elif window.resolution is not None and window.resolution.startswith("hourly_"):
            minutes = 60 * int(window.resolution.removeprefix("hourly_"))
        if dates is None and window.hours is not None:
            forecast_hours, past_hours = window.hours
            first = start or local_now.replace(minute=0, second=0, microsecond=0)
            first -= dt.timedelta(hours=past_hours)
            count = (forecast_hours + past_hours) * 60 // minutes
        else:
            first, count = start or midnight, 24 * 60 * n_days // minutes
        series("hourly", "hourly", [first + dt.timedelta(minutes=minutes * q) for q in range(count)])
    if "minutely_15" in sections:  # the hourly variables in 15-minute steps, over the same days
        first = start or midnight
        series("minutely_15", "hourly", [first + dt.timedelta(minutes=15 * q) for q in range(96 * n_days)])
    if "daily" in sections:
        series("daily", "daily", [first_day + dt.timedelta(days=d) for d in range(n_days)])
    end = first_day + dt.timedelta(days=n_days)
    if "weekly" in sections and "weekly" in facts.statistics:
        # Weeks start on Monday (the one on or before the first day); the weekly model runs 6 weeks ahead.
        monday = first_day - dt.timedelta(days=first_day.weekday())
        weeks = [monday + dt.timedelta(weeks=w) for w in range(6) if monday + dt.timedelta(weeks=w) < end]
        series("weekly", "weekly", weeks)
    if "monthly" in sections and "monthly" in facts.statistics:
        # Months start on the 1st (of the first day's month); the monthly model runs 7 months ahead.
        months = []
        month = first_day.replace(day=1)
        while month < end and len(months) < 7:
            months.append(month)
            month = (month + dt.timedelta(days=32)).replace(day=1)
        series("monthly", "monthly", months)
    return body
