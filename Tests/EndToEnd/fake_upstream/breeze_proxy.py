"""The Breeze pollen proxy (/api/pollen): one day of Google's answer for a point, behind the proxy's own flat
`{"error": "..."}` dialect (Google's own messages stay on the proxy's side)."""

from __future__ import annotations

import datetime as dt

from .google_pollen import google_covers, google_pollen_body
from .query import Query
from .replies import BadRequest, Reply

PATH = "/api/pollen"


def answer(query: Query, now: dt.datetime, method: str) -> Reply:
    """The answer to a request with HTTP `method`."""
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
