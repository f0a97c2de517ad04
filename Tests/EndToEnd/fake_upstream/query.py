"""A request's query, and the parsing of its values with the upstreams' own error texts."""

from __future__ import annotations

import datetime as dt
import re
import urllib.parse

from .replies import BadRequest


class Query:
    """A request's parameters: `pairs` decoded, and with `raw` (the query text as sent) the lists split where the
    sender wrote a literal comma only, as Open-Meteo splits them: `%2C` stays part of a value, so a client that
    encodes its commas gets the real server's error text, not a silently working list."""

    def __init__(self, pairs, raw: str | None = None, headers: dict | None = None, path: str = ""):
        self.pairs = pairs
        #: The request's headers, names in lower case, and its path: what the warning services look at.
        self.headers = dict(headers or {})
        self.path = path
        self.last = {}
        for k, v in pairs:
            self.last[k] = v
        self._raw = None
        if raw is not None:
            self._raw = []
            for part in raw.split("&"):
                if part:
                    key, _, value = part.partition("=")
                    self._raw.append((_unquote(key), value))

    def get(self, name, default=None):
        return self.last.get(name, default)

    def has(self, name):
        return name in self.last

    def list(self, name) -> list[str]:
        """A comma list that may also repeat, e.g. hourly=a,b&hourly=c; empty items are left out."""
        return [item for item in self.items(name) if item != ""]

    def items(self, name) -> list[str]:
        """Every item of a comma list, empty ones included (`1,,2` is three), split on literal commas only."""
        if self._raw is None:
            return [item for k, v in self.pairs if k == name for item in v.split(",")]
        return [_unquote(item) for k, v in self._raw if k == name for item in v.split(",")]


def _unquote(text: str) -> str:
    return urllib.parse.unquote_plus(text, errors="surrogateescape")


def parse_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise BadRequest(f"Data corrupted at path ''. Cannot initialize Float from invalid String value {text}.")
    return value


def parse_int(text: str, path: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BadRequest(f"Data corrupted at path '{path}'. Cannot initialize Int from invalid String value {text}.")


def parse_date(text: str) -> dt.date:
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text)
    if not match:
        raise BadRequest("Invalid date format. Make sure to use 'YYYY-MM-DD'")
    year, month, day = (int(g) for g in match.groups())
    if not (1900 <= year <= 2050 and 1 <= month <= 12 and 1 <= day <= 31):
        raise BadRequest("Invalid date")
    # timegm normalises: 1990-02-29 is 1990-03-01
    return dt.date(year, month, 1) + dt.timedelta(days=day - 1)

