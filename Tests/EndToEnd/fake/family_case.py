"""What the fake family suites share: the APIs' paths and names, a raw HTTP request, FlatBuffers messages
split, and the test case that serves them."""

import datetime as dt
import http.client
import json

from harness import FakeUpstreamTestCase

TODAY = dt.datetime.now(dt.timezone.utc).date()
BERLIN = "latitude=52.52&longitude=13.41"
NORTH_SEA = "latitude=54.0&longitude=4.0"
NEW_YORK = "latitude=40.71&longitude=-74.01"

#: Per API: path, default and most forecast days, first and last date (None: dates refused), sections it has.
APIS = {
    "archive": ("/v1/archive", 1, 1, dt.date(1940, 1, 1), TODAY, {"hourly", "daily"}),
    "historicalForecast": ("/historical-forecast/v1/forecast", 1, 16, dt.date(2016, 1, 1),
                           TODAY + dt.timedelta(days=16), {"current", "minutely_15", "hourly", "daily"}),
    "previousRuns": ("/previous-runs/v1/forecast", 7, 16, dt.date(2016, 1, 1), TODAY + dt.timedelta(days=16),
                     {"current", "minutely_15", "hourly", "daily"}),
    "singleRun": ("/single-run/v1/forecast", 7, 16, None, None, {"current", "minutely_15", "hourly", "daily"}),
    "ensemble": ("/ensemble/v1/ensemble", 7, 36, TODAY - dt.timedelta(days=93), TODAY + dt.timedelta(days=36),
                 {"current", "minutely_15", "hourly", "daily"}),
    "seasonal": ("/seasonal/v1/seasonal", 183, 217, dt.date(2025, 9, 1), TODAY + dt.timedelta(days=217),
                 {"hourly", "daily", "weekly", "monthly"}),
    "marine": ("/marine/v1/marine", 7, 16, dt.date(1940, 1, 1), TODAY + dt.timedelta(days=16),
               {"current", "minutely_15", "hourly", "daily"}),
    "flood": ("/flood/v1/flood", 92, 366, dt.date(1984, 1, 1), TODAY + dt.timedelta(days=366), {"daily"}),
    "climateProjection": ("/climate-projection/v1/climate", 7, 14, dt.date(1950, 1, 1), dt.date(2050, 12, 31),
                          {"daily"}),
    "satellite": ("/satellite/v1/archive", 1, 1, dt.date(1983, 1, 1), TODAY, {"hourly", "daily"}),
}
#: A variable each API has, per section.
NAMES = {
    "marine": {"current": "wave_height", "minutely_15": "wave_height", "hourly": "wave_height",
               "daily": "wave_height_max"},
    "flood": {"daily": "river_discharge"},
    "seasonal": {"hourly": "temperature_2m", "daily": "temperature_2m_max", "weekly": "temperature_2m_mean",
                 "monthly": "temperature_2m_mean"},
}
WEATHER_NAMES = {"current": "temperature_2m", "minutely_15": "temperature_2m", "hourly": "temperature_2m",
                 "daily": "temperature_2m_max"}
RUN = f"{TODAY - dt.timedelta(days=3)}T00:00"


def request(fake, path, method="GET", body=None, headers=None):
    """(status, content type, body bytes) of one request."""
    connection = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type"), response.read()
    finally:
        connection.close()


def flatbuffers_messages(body: bytes) -> list:
    """The size-prefixed messages of a FlatBuffers answer, as `flatbuffers.table.Table`s of `WeatherApiResponse`."""
    import flatbuffers

    messages, position = [], 0
    while position < len(body):
        size = int.from_bytes(body[position:position + 4], "little")
        root = position + 4 + int.from_bytes(body[position + 4:position + 8], "little")
        messages.append(flatbuffers.table.Table(body, root))
        position += 4 + size
    return messages


class FamilyTestCase(FakeUpstreamTestCase):
    def get(self, path):
        """(status, parsed JSON body) of a GET."""
        status, _, body = request(self.fake, path)
        return status, json.loads(body)

    def reason(self, path):
        status, body = self.get(path)
        self.assertEqual(status, 400, body)
        self.assertEqual(body["error"], True)
        return body["reason"]
