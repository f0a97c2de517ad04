"""A request's query, and the parsing of its values with the upstreams' own error texts."""

from __future__ import annotations

import datetime as dt
import re

from .replies import BadRequest


class Query:
    def __init__(self, pairs):
        self.pairs = pairs
        self.last = {}
        for k, v in pairs:
            self.last[k] = v

    def get(self, name, default=None):
        return self.last.get(name, default)

    def has(self, name):
        return name in self.last

    def list(self, name) -> list[str]:
        """A comma list that may also repeat, e.g. hourly=a,b&hourly=c."""
        out = []
        for k, v in self.pairs:
            if k == name:
                out.extend(x for x in v.split(",") if x != "")
        return out


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

