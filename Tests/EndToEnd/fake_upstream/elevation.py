"""Open-Meteo's elevation API (/v1/elevation on api.open-meteo.com; here /elevation/v1/elevation): up to 100
points in one call, answered `{"elevation":[29.0, 46.0]}`, an object holding an array printed as Swift prints a
`[Float]` (", " between values), always JSON (`format` is ignored), content type without a charset.

Where the digital elevation model cannot say, the value is the bare word `nan`, which is not JSON: Open-Meteo's
reader gives NaN for latitude 90 and longitude 180 although the checks allow them (so does this fake, and only
there). Open sea is 0. Elsewhere the height is a deterministic function of the point (`elevation_at`)."""

from __future__ import annotations

import math

from .floats import f32_text, noise
from .places import at_sea
from .query import Query, parse_float
from .replies import BadRequest, Reply

PATH = "/elevation/v1/elevation"
MAX_POINTS = 100


def elevation_at(lat: float, lon: float) -> float:
    """Metres above sea level at a point, to a tenth, as a Float32; NaN at latitude 90 or longitude 180."""
    if lat >= 90 or lon >= 180:
        return math.nan
    if at_sea(lat, lon):
        return 0.0
    return f32_text(round(2 + noise("dem", f"{lat:.4f},{lon:.4f}") * 9000) / 10)


def answer(query: Query) -> Reply:
    """The answer to a request: Open-Meteo's checks in its order (counts, empty, at most 100, ranges)."""
    lats = [parse_float(x) for x in query.list("latitude")]
    lons = [parse_float(x) for x in query.list("longitude")]
    if len(lats) != len(lons):
        raise BadRequest("Parameter 'latitude' and 'longitude' must have the same amount of elements")
    if not lats:
        raise BadRequest("Parameter 'latitude' and 'longitude' must not be empty")
    if len(lats) > MAX_POINTS:
        raise BadRequest(f"Parameter 'latitude' and 'longitude' must not exceed {MAX_POINTS} coordinates.")
    for lat, lon in zip(lats, lons):
        if not -90 <= lat <= 90:  # NaN fails both comparisons
            raise BadRequest(f"Latitude must be in range of -90 to 90°. Given: {lat!r}.")
        if not -180 <= lon <= 180:
            raise BadRequest(f"Longitude must be in range of -180 to 180°. Given: {lon!r}.")
    values = ", ".join(_swift_float(elevation_at(lat, lon)) for lat, lon in zip(lats, lons))
    return Reply(200, f'{{"elevation":[{values}]}}', content_type="application/json")


def _swift_float(value: float) -> str:
    """A Float as Swift's description prints it: `29.0`, `123.4`, `nan`."""
    return "nan" if math.isnan(value) else repr(value)
