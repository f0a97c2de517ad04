"""The upstreams the fake serves: one table, in breeze-rpc's `Upstream` order, naming each one's path, the
breeze-rpc variable holding its base URL, its error dialect and the function that answers it.

Adding an upstream is one module answering it and one row here (the tests check the table against
breeze-rpc's own list of upstreams).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import TYPE_CHECKING, Callable

from . import alerts, breeze_proxy, elevation, geocoding, google_pollen, openmeteo
from .openmeteo_air_quality import AIR_QUALITY
from .openmeteo_archive import ARCHIVE
from .openmeteo_family import FAMILY
from .openmeteo_forecast import FORECAST
from .query import Query
from .replies import Reply

if TYPE_CHECKING:
    from .server import FakeUpstream


@dataclasses.dataclass(frozen=True)
class Upstream:
    #: breeze-rpc's `Upstream` raw value.
    name: str
    path: str
    #: The breeze-rpc environment variable holding its base URL.
    variable: str
    #: 'openMeteo', 'google' or 'proxy': how its failures read (the warning services' read as Open-Meteo's).
    dialect: str
    #: (fake, query, now, HTTP method) -> the answer; raises BadRequest for a failure in the dialect.
    answer: Callable[[FakeUpstream, Query, dt.datetime, str], Reply]
    #: Whether it counts towards Open-Meteo's limit of requests in flight from one address (`FakeUpstream`'s
    #: `open_meteo_concurrency`): every Open-Meteo API but geocoding, which runs on servers of its own.
    open_meteo_limited: bool = False
    #: Whether it also answers every path below its own (MeteoAlarm's `<path>/feeds-<country>`).
    prefix: bool = False


def _open_meteo(api: openmeteo.OpenMeteoApi, variable: str) -> Upstream:
    """The row of an Open-Meteo time-series API."""
    return Upstream(api.name, api.path, variable, "openMeteo",
                    lambda fake, query, now, method: openmeteo.answer(api, query, now, fake.values_for(api.name)),
                    open_meteo_limited=True)


UPSTREAMS = [
    Upstream("geocoding", geocoding.PATH, "BREEZE_GEOCODING_URL", "openMeteo",
             lambda fake, query, now, method: geocoding.answer(query)),
    _open_meteo(AIR_QUALITY, "BREEZE_AIR_QUALITY_URL"),
    _open_meteo(FORECAST, "BREEZE_FORECAST_URL"),
    _open_meteo(ARCHIVE, "BREEZE_ARCHIVE_URL"),
    Upstream("pollenProxy", breeze_proxy.PATH, "BREEZE_POLLEN_URL", "proxy",
             lambda fake, query, now, method: breeze_proxy.answer(query, now, method)),
    Upstream("googlePollen", google_pollen.PATH, "BREEZE_GOOGLE_POLLEN_URL", "google",
             lambda fake, query, now, method: google_pollen.answer(query, now, fake.google_keys)),
    *(_open_meteo(api, variable) for api, variable in FAMILY),
    Upstream("elevation", elevation.PATH, "BREEZE_ELEVATION_URL", "openMeteo",
             lambda fake, query, now, method: elevation.answer(query), open_meteo_limited=True),
    Upstream("nws", alerts.NWS_PATH, "BREEZE_NWS_URL", "nws",
             lambda fake, query, now, method: alerts.answer_nws(fake, query, now)),
    Upstream("eccc", alerts.ECCC_PATH, "BREEZE_ECCC_URL", "eccc",
             lambda fake, query, now, method: alerts.answer_eccc(query, now)),
    Upstream("meteoalarm", alerts.METEOALARM_PATH, "BREEZE_METEOALARM_URL", "meteoalarm",
             lambda fake, query, now, method: alerts.answer_meteoalarm(fake, query.path, now), prefix=True),
]

#: service name -> path. The names are breeze-rpc's `Upstream` raw values.
SERVICE_PATHS = {upstream.name: upstream.path for upstream in UPSTREAMS}
SERVICE_ALIASES = {"proxy": "pollenProxy", "google": "googlePollen", "air_quality": "airQuality"}

#: service name -> the breeze-rpc environment variable holding its base URL.
SERVICE_VARIABLES = {upstream.name: upstream.variable for upstream in UPSTREAMS}


_AT_PATH = {upstream.path: upstream for upstream in UPSTREAMS}


def upstream_at(path: str) -> Upstream | None:
    """The upstream answering `path`, or None (Open-Meteo's 404): a path only its own upstream serves, as the
    real hosts do (`/satellite/v1/forecast` is nobody's)."""
    upstream = _AT_PATH.get(path)
    if upstream is None:
        upstream = next((u for u in UPSTREAMS if u.prefix and path.startswith(u.path + "/")), None)
    return upstream


def counts_as_open_meteo(path: str) -> bool:
    """Whether a request to `path` counts towards Open-Meteo's limit of requests in flight."""
    upstream = upstream_at(path)
    return upstream is not None and upstream.open_meteo_limited


def dialect_of(path: str) -> str:
    """'google', 'proxy' or 'openMeteo': the error dialect the upstream at `path` speaks."""
    upstream = upstream_at(path)
    return upstream.dialect if upstream is not None else "openMeteo"
