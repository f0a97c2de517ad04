"""The one HTTP server behind every fake upstream: `FakeUpstream` routes each request to the upstream at its path
(`upstreams.UPSTREAMS`), switches routes into failure modes, keeps the request log and serves the control
endpoints of the script form."""

from __future__ import annotations

import datetime as dt
import http.server
import socket
import sys
import threading
import time

from . import flatbuffers_writer
from .handler import MODES, Handler, peer_closed
from .query import Query
from .replies import BadRequest, Reply, error_reply
from .upstreams import SERVICE_ALIASES, SERVICE_PATHS, SERVICE_VARIABLES, counts_as_open_meteo, dialect_of, upstream_at

HOST = "127.0.0.1"
HANG_MAX_SECONDS = 30.0
#: Open-Meteo's free service answers 429 "Too many concurrent requests" to a request that arrives while this
#: many requests from the same address are in flight on its node, whichever of its APIs they ask. The fake does so
#: too, unless built with `open_meteo_concurrency=None` (or told so on `/__control`), so every test runs against
#: the limit the real service has; `openMeteoPeakInFlight` measures how close a run came.
OPEN_METEO_CONCURRENCY = 5

_said_json_only = threading.Event()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # A client that resets its connection (a cancelled call, a rejected header) is expected, not news.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class FakeUpstream:
    """The fake upstream server. Start with `start()` or use as a context manager."""

    def __init__(self, port: int = 0, google_keys: set[str] | None = None, hang_max_seconds: float = HANG_MAX_SECONDS,
                 open_meteo_concurrency: int | None = OPEN_METEO_CONCURRENCY):
        #: When set, only these Google keys are valid; otherwise any non-empty key not starting with "invalid".
        self.google_keys = google_keys
        #: The most Open-Meteo requests in flight before the next one is refused with 429; None: no limit.
        self.open_meteo_concurrency = open_meteo_concurrency
        self.hang_max_seconds = hang_max_seconds
        #: NWS answers 403 (Akamai's page) to a request without a User-Agent, or whose User-Agent contains this.
        self.nws_firewall: str | None = None
        #: Expired warnings padding MeteoAlarm's German feed: 540 make it about 3 MB, as the real one is. Off by
        #: default, so that every Berlin dashboard does not carry megabytes; the tests of the large feed set it.
        self.meteoalarm_filler = 0
        #: MeteoAlarm warnings tests added (`add_meteoalarm_warning`), each with its times relative to the request.
        self._meteoalarm_chosen: list[dict] = []
        self._lock = threading.Lock()
        self._flatbuffers: dict = {}  # id(canned body) -> (body, its FlatBuffers), the last one only
        self._changed = threading.Condition(self._lock)
        self._stopping = threading.Event()
        self._modes: dict[str, dict] = {}
        #: Values tests chose for some hours, per Open-Meteo service name (`set_values`).
        self._values: dict[str, list[dict]] = {}
        #: The moment the upstreams answer as of (`set_clock`); None: the real clock.
        self._clock: dt.datetime | None = None
        self._connections: set[socket.socket] = set()
        self.requests: list[dict] = []
        self.counts: dict[str, int] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        #: Open-Meteo requests (every Open-Meteo upstream but geocoding) open now, and the most open at once since
        #: the last reset, the refused ones included: what a shared in-flight budget must keep at or below 5.
        self.open_meteo_in_flight = 0
        self.open_meteo_peak_in_flight = 0
        #: Requests refused with the concurrency 429.
        self.open_meteo_refused = 0
        handler = type("Handler", (Handler,), {"fake": self})
        self._server = _Server((HOST, port), handler)
        self.port = self._server.server_address[1]
        self.base_url = f"http://{HOST}:{self.port}"
        self._thread: threading.Thread | None = None

    # -- life cycle -------------------------------------------------------------------------------

    def start(self) -> "FakeUpstream":
        """Serves in a background thread. Without the `flatbuffers` package, says once per process (on stderr)
        that every answer is JSON."""
        if not flatbuffers_writer.available() and not _said_json_only.is_set():
            _said_json_only.set()
            print("fake upstream: the flatbuffers package is not installed, so every answer is JSON "
                  "(format=flatbuffers included); environment() and --env set BREEZE_UPSTREAM_FORMAT=json",
                  file=sys.stderr, flush=True)
        if self._thread is None:
            self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                            name=f"fake-upstream-{self.port}", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        """Stops serving, wakes every hanging or delayed handler, and closes every open connection."""
        self._stopping.set()
        with self._lock:
            self._changed.notify_all()
            connections = list(self._connections)
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=5)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._server.server_close()

    def __enter__(self) -> "FakeUpstream":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- addresses --------------------------------------------------------------------------------

    def url(self, path_or_service: str) -> str:
        """The full URL of a path (`/v1/search`) or a service (`geocoding`)."""
        path = SERVICE_PATHS.get(SERVICE_ALIASES.get(path_or_service, path_or_service), path_or_service)
        return self.base_url + path

    def environment(self) -> dict[str, str]:
        """The BREEZE_*_URL variables pointing every service at this fake, and BREEZE_UPSTREAM_FORMAT=json when
        the fake can only answer JSON."""
        variables = {variable: self.url(service) for service, variable in SERVICE_VARIABLES.items()}
        if not flatbuffers_writer.available():
            variables["BREEZE_UPSTREAM_FORMAT"] = "json"  # the only format the fake can write here
        return variables

    # -- modes ------------------------------------------------------------------------------------

    def set_mode(self, target: str, mode: str, count: int | None = None, **options) -> None:
        """Switches `target` (a service name, a path prefix, or "*") into `mode` (see MODES).

        With `count`, only the next `count` matching requests get the mode; then the target answers
        normally again. Options are the mode's (e.g. reason=, status=, retry_after=, seconds=, ms=).
        """
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
        target = self._target(target)
        with self._lock:
            if mode == "normal":
                self._modes.pop(target, None)
            else:
                self._modes[target] = {"mode": mode, "remaining": count, "options": options}

    def clear_mode(self, target: str | None = None) -> None:
        with self._lock:
            if target is None:
                self._modes.clear()
            else:
                self._modes.pop(self._target(target), None)

    def set_values(self, service: str, variable: str, value, hours=None, local_hours=None) -> None:
        """Makes an Open-Meteo `service` (e.g. "forecast", "airQuality") answer `value` for `variable` in its
        hourly and current sections, in the units of the request: at every hour, at the `hours` counted from the
        current one (0 is the current hour, negative the past), or at the `local_hours` of every day. A later
        rule wins over an earlier one; `value` None answers null. Scenario tests build their hours with it."""
        rule = {"variable": variable, "value": value,
                "hours": None if hours is None else list(hours),
                "localHours": None if local_hours is None else list(local_hours)}
        with self._lock:
            self._values.setdefault(SERVICE_ALIASES.get(service, service), []).append(rule)

    def add_meteoalarm_warning(self, country: str, area: str, area_desc: str, *, event: str, severity: str,
                               onset: float, expires: float) -> None:
        """Adds a warning to `country`'s MeteoAlarm feed for the EMMA_ID `area`, from `onset` to `expires` hours
        after each request (English only). Scenario tests put official warnings over chosen hours with it."""
        with self._lock:
            self._meteoalarm_chosen.append({"country": country, "area": area, "areaDesc": area_desc, "event": event,
                                            "severity": severity, "onset": onset, "expires": expires})

    def meteoalarm_chosen(self) -> tuple:
        with self._lock:
            return tuple(self._meteoalarm_chosen)

    def clear_values(self) -> None:
        with self._lock:
            self._values.clear()

    def set_clock(self, utc: dt.datetime | None) -> None:
        """Makes every upstream answer as of `utc` (an aware datetime; None: the real clock again): the current
        hour, the zone's offset at request time, the days ahead. A test puts a DST change inside the horizon
        with it."""
        with self._lock:
            self._clock = utc

    def values_for(self, service: str) -> tuple:
        with self._lock:
            return tuple(self._values.get(service, ()))

    def reset(self) -> None:
        """Normal answers everywhere, the real clock, no chosen values, an empty request log and zeroed counters."""
        with self._lock:
            self._values.clear()
            self._meteoalarm_chosen.clear()
            self._clock = None
            self._modes.clear()
            self.requests.clear()
            self.counts.clear()
            self.max_in_flight = self.in_flight
            self.open_meteo_peak_in_flight = self.open_meteo_in_flight
            self.open_meteo_refused = 0

    def reset_peaks(self) -> None:
        """Starts both in-flight gauges (all requests, Open-Meteo's) again from what is in flight now."""
        with self._lock:
            self.max_in_flight = self.in_flight
            self.open_meteo_peak_in_flight = self.open_meteo_in_flight
    @staticmethod
    def _target(target: str) -> str:
        service = SERVICE_ALIASES.get(target, target)
        if service in SERVICE_PATHS:
            return SERVICE_PATHS[service]
        if target in ("*", "/"):
            return "*"
        if not target.startswith("/"):
            raise ValueError(f"unknown target {target!r}: use a service ({', '.join(SERVICE_PATHS)}), a path, or *")
        return target.rstrip("/") or "*"

    def _take_mode(self, path: str) -> dict | None:
        """The mode for `path` (longest matching prefix wins), consuming one use of a counted mode."""
        with self._lock:
            best = None
            for target in self._modes:
                if target == "*" or path == target or path.startswith(target + "/"):
                    if best is None or (target != "*" and (best == "*" or len(target) > len(best))):
                        best = target
            if best is None:
                return None
            entry = self._modes[best]
            if entry["remaining"] is not None:
                entry["remaining"] -= 1
                if entry["remaining"] <= 0:
                    del self._modes[best]
            return {"mode": entry["mode"], **entry["options"]}

    # -- the log ----------------------------------------------------------------------------------

    def flatbuffers_of(self, body) -> bytes:
        """A canned JSON answer as FlatBuffers, converted once per canned value (benchmarks can it)."""
        with self._lock:
            kept = self._flatbuffers.get(id(body))
            if kept is None or kept[0] is not body:
                kept = (body, flatbuffers_writer.flatbuffers_body(body if isinstance(body, list) else [body]))
                self._flatbuffers = {id(body): kept}
            return kept[1]

    def requests_to(self, path_or_service: str) -> list[dict]:
        path = self.url(path_or_service)[len(self.base_url):]
        with self._lock:
            return [r for r in self.requests if r["path"] == path]

    def count(self, path_or_service: str | None = None) -> int:
        with self._lock:
            if path_or_service is None:
                return sum(self.counts.values())
            path = self.url(path_or_service)[len(self.base_url):]
            return self.counts.get(path, 0)

    def wait_for_requests(self, n: int, timeout: float = 10.0, path_or_service: str | None = None) -> bool:
        """Waits until at least `n` requests (to a path or service) arrived; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                if path_or_service is None:
                    seen = len(self.requests)
                else:
                    path = self.url(path_or_service)[len(self.base_url):]
                    seen = sum(1 for r in self.requests if r["path"] == path)
                if seen >= n:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(min(left, 0.1))

    def stats(self) -> dict:
        with self._lock:
            return {"total": sum(self.counts.values()), "counts": dict(self.counts), "inFlight": self.in_flight,
                    "maxInFlight": self.max_in_flight, "openMeteoInFlight": self.open_meteo_in_flight,
                    "openMeteoPeakInFlight": self.open_meteo_peak_in_flight,
                    "openMeteoRefused": self.open_meteo_refused}

    def _record(self, handler: Handler, path: str, pairs, raw_query: str) -> bool:
        """Logs a request as it arrives; True when Open-Meteo's concurrency limit refuses it."""
        entry = {"method": handler.command, "path": path, "query": dict(pairs), "query_list": list(pairs),
                 "raw_query": raw_query, "headers": {k.lower(): v for k, v in handler.headers.items()},
                 "time": time.monotonic()}
        with self._lock:
            self.requests.append(entry)
            self.counts[path] = self.counts.get(path, 0) + 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            refused = False
            if counts_as_open_meteo(path):
                limit = self.open_meteo_concurrency
                refused = limit is not None and self.open_meteo_in_flight >= limit
                self.open_meteo_refused += refused
                self.open_meteo_in_flight += 1
                self.open_meteo_peak_in_flight = max(self.open_meteo_peak_in_flight, self.open_meteo_in_flight)
            self._changed.notify_all()
            return refused

    def _finished(self, path: str) -> None:
        with self._lock:
            self.in_flight -= 1
            if counts_as_open_meteo(path):
                self.open_meteo_in_flight -= 1
            self._changed.notify_all()

    def wait_until_idle(self, timeout: float = 10.0) -> bool:
        """Waits until no request is in flight (a client can read its answer just before the fake counts the
        request as done); False on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self.in_flight:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(min(left, 0.1))
            return True

    # -- control (for the script form) ------------------------------------------------------------

    def control(self, command: dict) -> dict:
        action = command.get("action", "set_mode")
        if action == "reset":
            self.reset()
        elif action == "clear_requests":
            with self._lock:
                self.requests.clear()
                self.counts.clear()
        elif action == "reset_peaks":
            self.reset_peaks()
        elif action == "open_meteo_concurrency":
            limit = command.get("limit")
            self.open_meteo_concurrency = None if limit is None else int(limit)
        elif action == "set_values":
            self.set_values(command["service"], command["variable"], command.get("value"), command.get("hours"),
                            command.get("localHours"))
        elif action == "clear_values":
            self.clear_values()
        elif action == "meteoalarm_filler":
            self.meteoalarm_filler = int(command.get("count", 0))
        elif action == "set_clock":
            utc = command.get("utc")
            self.set_clock(None if utc is None else dt.datetime.fromisoformat(utc).astimezone(dt.timezone.utc))
        elif action == "clear_mode":
            self.clear_mode(command.get("target"))
        elif action == "set_mode":
            options = dict(command.get("options") or {})
            options.update({k: v for k, v in command.items() if k not in ("action", "target", "mode", "count",
                                                                            "options")})
            self.set_mode(command.get("target", "*"), command["mode"], command.get("count"), **options)
        else:
            raise ValueError(f"unknown action {action!r}")
        return {"ok": True}

    # -- waiting that ends --------------------------------------------------------------------------

    def _pause(self, seconds: float, connection: socket.socket | None) -> bool:
        """Waits `seconds`, ending early when the server stops or the client hangs up. True if it waited it out."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            if self._stopping.wait(min(left, 0.05)):
                return False
            if connection is not None and peer_closed(connection):
                return False

    # -- routes -------------------------------------------------------------------------------------

    def answer(self, path: str, query: Query, method: str) -> Reply:
        """The normal answer to a request: the upstream at `path`, or Open-Meteo's 404."""
        with self._lock:
            now = self._clock or dt.datetime.now(dt.timezone.utc)
        query.path = path
        dialect = dialect_of(path)
        try:
            upstream = upstream_at(path)
            if upstream is None:
                return error_reply("openMeteo", 404, "Not Found")
            return upstream.answer(self, query, now, method)
        except BadRequest as problem:
            return error_reply(dialect, problem.status, problem.reason, extra=problem.extra)
