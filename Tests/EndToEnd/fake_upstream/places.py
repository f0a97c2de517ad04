"""Time zones as Open-Meteo reports them, and a requested point with its grid cell."""

from __future__ import annotations

import copy
import datetime as dt

from .floats import grid_centre, noise

try:
    import zoneinfo
except ImportError:  # pragma: no cover - Python 3.11 always has it
    zoneinfo = None

ZONE_BOXES = [  # (name, lat_min, lat_max, lon_min, lon_max)
    ("Europe/Berlin", 47.0, 55.5, 5.5, 15.5),
    ("Europe/Zurich", 45.5, 47.0, 5.5, 10.5),
    ("Europe/Amsterdam", 50.5, 53.7, 3.0, 5.5),
    ("Europe/London", 49.5, 61.0, -11.0, 2.0),
    ("Europe/Paris", 41.0, 51.0, -5.0, 8.0),
    ("Asia/Kolkata", 6.0, 36.0, 68.0, 98.0),
    ("Asia/Tokyo", 24.0, 46.0, 128.0, 146.0),
    ("Australia/Sydney", -38.0, -28.0, 141.0, 154.0),
    ("Australia/Brisbane", -29.0, -10.0, 138.0, 154.0),
    ("America/Sao_Paulo", -34.0, -5.0, -54.0, -34.0),
    ("America/New_York", 24.0, 48.0, -85.0, -66.0),
    ("America/Chicago", 25.0, 49.0, -100.0, -85.0),
    ("America/Los_Angeles", 32.0, 49.0, -125.0, -114.0),
]


class Zone:
    """A time zone as Open-Meteo reports it: name, abbreviation and one fixed offset at request time."""

    def __init__(self, name: str, offset_seconds: int, abbreviation: str):
        self.name, self.offset, self.abbreviation = name, offset_seconds, abbreviation


def zone_for(timezone_param: str | None, lat: float, lon: float, now_utc: dt.datetime) -> Zone | None:
    """The zone for a request, or None for an invalid name."""
    if timezone_param is None or timezone_param in ("GMT", "UTC"):
        return Zone("GMT", 0, "GMT")
    if timezone_param == "auto":
        for name, a, b, c, d in ZONE_BOXES:
            if a <= lat <= b and c <= lon <= d:
                return named_zone(name, now_utc)
        hours = int(round(lon / 15.0))
        if hours == 0:
            return Zone("GMT", 0, "GMT")
        # Etc/GMT+9 is nine hours *behind* UTC, abbreviated "-09".
        return Zone(f"Etc/GMT{'+' if hours < 0 else '-'}{abs(hours)}", hours * 3600,
                    f"{'+' if hours > 0 else '-'}{abs(hours):02d}")
    return named_zone(timezone_param, now_utc)


def named_zone(name: str, now_utc: dt.datetime) -> Zone | None:
    if zoneinfo is None:
        return None
    try:
        info = zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None
    offset = int(now_utc.astimezone(info).utcoffset().total_seconds())
    if offset == 0:
        return Zone(name, 0, "GMT")
    hours, rest = divmod(abs(offset), 3600)
    sign = "+" if offset > 0 else "-"
    abbreviation = f"GMT{sign}{hours}" + (f":{rest // 60:02d}" if rest else "")
    return Zone(name, offset, abbreviation)


class Place:
    """A requested point with its grid cell and zone."""

    def __init__(self, lat: float, lon: float, zone: Zone, grid_step: float, model: str | None = None):
        self.lat, self.lon, self.zone = lat, lon, zone
        self.grid_lat = grid_centre(lat, -90.0, grid_step)
        self.grid_lon = grid_centre(lon, -180.0, grid_step)
        # Each weather model computes its own numbers for its own grid cell.
        self.key = f"{self.grid_lat:.3f},{self.grid_lon:.3f}" + (f"|{model}" if model else "")
        self.elevation = float(round(5 + noise("elevation", self.key) * 480))

    def variant(self, tag: str) -> "Place":
        """The same point and cell computed by another run of its model (an ensemble member, an earlier run):
        every value differs, deterministically."""
        other = copy.copy(self)
        other.key = f"{self.key}{tag}"
        return other



#: Open sea (lat_min, lat_max, lon_min, lon_max), far from any coast: the North Sea off the Dutch coast, the middle of
#: the Atlantic and the south-east Pacific. Elevation is 0 there, and marine data exists there only.
SEA_BOXES = [(53.0, 58.0, 2.5, 6.5), (-40.0, 40.0, -38.0, -20.0), (-60.0, -10.0, -150.0, -90.0)]


def at_sea(lat: float, lon: float) -> bool:
    """Whether the point is open sea (`SEA_BOXES`)."""
    return any(a <= lat <= b and c <= lon <= d for a, b, c, d in SEA_BOXES)
