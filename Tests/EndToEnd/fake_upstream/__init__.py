"""A fake of every upstream breeze-rpc calls, for end-to-end tests and benchmarks.

Answers like Open-Meteo geocoding (/v1/search), air quality (/v1/air-quality), forecast (/v1/forecast),
archive (/v1/archive), the rest of its time-series family (historical forecast, previous runs, single runs,
ensemble, seasonal, marine, flood, climate projections, satellite radiation: `openmeteo_family`, each under its
breeze-rpc setting's name plus the real path, e.g. /ensemble/v1/ensemble) and elevation
(/elevation/v1/elevation), the Breeze pollen proxy (/api/pollen) and Google Pollen (/v1/forecast:lookup), with
bodies shaped like the real services' recorded answers, quirks included:
proto3-style omitted fields in geocoding and Google answers, a missing `results` key when nothing matches,
Float32-looking grid centres, `null` for missing values, unit "undefined" for variables the model lacks, "mp/h",
all-null pollen outside Europe, nulls within the archive's five-day lag, Google's error envelope and the proxy's
flat `{"error": "..."}`, several places (comma lists) as a JSON array, several forecast `models` merged into one
object per place with `NAME_MODEL` keys (and in FlatBuffers one message per place and model), several
`start_date`/`end_date` ranges in one call (one result per range), lists split on literal commas only (`%2C`
stays part of a value, as upstream), POST form bodies answered as the same GET, and elevation's
`{"elevation":[29.0, nan]}` (a bare `nan` where its model cannot say; JSON whatever `format` asks). Every answer
is computed from the query and the current date; nothing is random.

The family follows Open-Meteo's own rules, one table of facts per API (`OpenMeteoApi`, `Model`): a path another
host serves is a 404; forecast days up to each API's maximum ("Given" prints the maximum), dates from its
history start; `run` required on single runs and refused elsewhere; sections an API lacks left out without a
word; keys `var[_level][_previous_dayN][_memberNN][_MODEL]` with each model's member count (GEFS 31, ECMWF 51,
GEM 21, SEAS5 51, flood's `ensemble=true` 51) and `best_match` named after the API's default model; `current`
with the control run only; seasonal 6-hourly with Monday weeks (EC46) and monthly statistics (SEAS5); marine
nulls on land and elevation 0 at sea; a model that covers nothing answers `{"latitude":nan,"longitude":nan,…}`
(satellite west of 60° W, flood at sea, regional ensembles), or 400 "No data is available for this location"
(MeteoSwiss); a name another API knows is "undefined" with nulls. FlatBuffers carry each member as its own
column (`ensemble_member`, absent for the control run), `previous_day`, `probability`, and `weekly` written as
`VariablesWithMonth` like `monthly`, as upstream's writer does. Members, earlier runs and single runs are the
same weather model computed for another key of the place (`Place.variant`), so every value is reproducible.

Open-Meteo refuses a request with 429 "Too many concurrent requests" when 5 from the same address are already
in flight (any of its APIs but geocoding). The fake always counts them (`stats()`: `openMeteoInFlight`,
`openMeteoPeakInFlight`, the refused ones included, and `openMeteoRefused`; `reset()` or `reset_peaks()`
start the peak again) and refuses like upstream, unless built with `open_meteo_concurrency=None` or told
`{"action":"open_meteo_concurrency","limit":null}` on `/__control` (another number sets another limit).

Any route can be switched into a failure mode, per service or path prefix, optionally for the next N
requests only (see `FakeUpstream.set_mode` and MODES). Every request is recorded. Scenario tests choose the
values of Open-Meteo variables for chosen hours (`FakeUpstream.set_values`; `{"action":"set_values",
"service":…,"variable":…,"value":…,"hours":[…]}` or `"localHours"` on `/__control`), and the moment every upstream
answers as of, to put a DST change inside the horizon (`FakeUpstream.set_clock`; `{"action":"set_clock",
"utc":"2026-03-28T18:30+00:00"}`, `null` for the real clock; `reset` restores it).

One module per upstream behind one server:

    server.py                 FakeUpstream: the HTTP server, routing, modes, the request log, control
    handler.py                one request: the log, failure and hostile modes, the control endpoints
    upstreams.py              the table of upstreams (name, path, breeze-rpc variable, dialect, answer)
    geocoding.py              Open-Meteo geocoding
    openmeteo.py              what every Open-Meteo time-series API shares (one `OpenMeteoApi` per API)
    openmeteo_forecast.py     the forecast, its models and the weather model the archive shares
    openmeteo_air_quality.py  air quality
    openmeteo_archive.py      the archive (historical weather) and its models
    openmeteo_family.py       the rest of the family, one table entry per API
    family_variables.py       the family's variables: marine, flood, radiation, seasonal statistics, name rules
    elevation.py              Open-Meteo elevation
    google_pollen.py          Google Pollen
    breeze_proxy.py           the Breeze pollen proxy
    flatbuffers_writer.py     Open-Meteo's FlatBuffers format
    floats.py, places.py, query.py, replies.py   Float32 numbers, zones and grid cells, queries, replies
    cli.py, __main__.py       the script form

As a module (with Tests/EndToEnd on the path)::

    with FakeUpstream() as fake:
        env = fake.environment()            # the BREEZE_*_URL variables pointing here
        fake.set_mode("forecast", "status", reason="Invalid timezone")
        fake.set_mode("airQuality", "hang", count=1)
        ...
        fake.requests                       # [{method, path, query, query_list, raw_query, headers, time}]

As a script (the base URL is printed on the first line of stdout; serves until killed)::

    python3 Tests/EndToEnd/fake_upstream --port 0
    curl -s -X POST http://127.0.0.1:PORT/__control -d '{"target":"forecast","mode":"delay","ms":50}'
    curl -s -X POST http://127.0.0.1:PORT/__control -d '{"action":"reset"}'
    curl -s http://127.0.0.1:PORT/__requests        # the request log, as JSON
    curl -s -X POST http://127.0.0.1:PORT/__control -d '{"action":"reset_peaks"}'
    curl -s http://127.0.0.1:PORT/__stats           # counters and the in-flight gauges

To point a shell at it, `--env` starts it in the background, prints the exports to `eval` and says on stderr
what they set (every BREEZE_*_URL, an in-memory cache, and JSON answers when FlatBuffers cannot be written)::

    eval "$(python3 Tests/EndToEnd/fake_upstream --env)"
    echo '{"jsonrpc":"2.0","id":1,"method":"searchCities","params":{"name":"Berlin"}}' | breeze-rpc
    kill "$BREEZE_FAKE_UPSTREAM_PID"

Python 3.11 standard library, plus Google's `flatbuffers` package (pinned in Tests/requirements.txt) for
`format=flatbuffers` answers only: Open-Meteo's binary format, one size-prefixed `WeatherApiResponse` per
location, unrounded Float32 values and NaN where JSON has null. JSON numbers are what Open-Meteo's JSON writer
prints for the same Float32 values (rounded in Float32, half away from zero, to the unit's decimals), so the
two formats carry the same numbers. Without the package the fake answers JSON to every request, says so on
stderr when it starts, and `environment()` asks breeze-rpc for JSON.
"""

from .flatbuffers_writer import flatbuffers_body
from .handler import MODES, gzip_bomb
from .query import Query
from .replies import BadRequest, Reply
from .server import HANG_MAX_SECONDS, HOST, OPEN_METEO_CONCURRENCY, FakeUpstream
from .upstreams import SERVICE_ALIASES, SERVICE_PATHS, SERVICE_VARIABLES, UPSTREAMS

__all__ = [
    "BadRequest", "FakeUpstream", "HANG_MAX_SECONDS", "HOST", "MODES", "OPEN_METEO_CONCURRENCY", "Query", "Reply",
    "SERVICE_ALIASES",
    "SERVICE_PATHS", "SERVICE_VARIABLES", "UPSTREAMS", "flatbuffers_body", "gzip_bomb",
]
