"""Clients for breeze-rpc: `BreezeClient` (threads) and `AsyncBreezeClient` (asyncio).

Both start the `breeze-rpc` binary and speak line-delimited JSON-RPC 2.0 to it over stdio. Many calls can
be in flight at once; replies are matched by id. A call with `timeout=` that gets no reply in time sends
`$/cancelRequest` and raises `BreezeTimeout`. If the process dies, every pending call fails with
`BreezeProcessError` (exit status and stderr tail), never hangs.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import itertools
import json
import os
import shutil
import subprocess
import threading
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Union

from .errors import BreezeError, BreezeProcessError, BreezeTimeout, error_from_reply

Params = Union[Mapping[str, Any], Sequence[Any], None]
#: A latitude or longitude: one number for one place, or a sequence (one per place) for several in one call.
Coordinate = Union[float, Sequence[float]]

CANCEL_METHOD = "$/cancelRequest"
STDERR_TAIL_LINES = 50
EXIT_WAIT_SECONDS = 10.0


def install_location() -> str:
    """Where the README's install command puts breeze-rpc: ~/.local/bin, which not every login puts on PATH."""
    return os.path.join(os.path.expanduser("~"), ".local", "bin", "breeze-rpc")


def find_binary(binary: Optional[str] = None) -> str:
    """The breeze-rpc to run: `binary`, else `$BREEZE_RPC`, else `breeze-rpc` on PATH, else the install location."""
    installed = install_location()
    candidate = (binary or os.environ.get("BREEZE_RPC") or shutil.which("breeze-rpc")
                 or (installed if os.access(installed, os.X_OK) else None))
    if not candidate:
        raise FileNotFoundError(f"breeze-rpc not found: install it (README, Install) to {installed}, put it on "
                                "PATH, set BREEZE_RPC, or pass its path")
    if os.sep not in candidate:
        found = shutil.which(candidate)
        if found:
            candidate = found
    if not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
        raise FileNotFoundError(f"breeze-rpc not found or not executable at {candidate}")
    return candidate


def camel_case(name: str) -> str:
    """`country_code` -> `countryCode`."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def named_params(**params: Any) -> Dict[str, Any]:
    """Snake_case keyword arguments as camelCase params, leaving out the ones that are None (server defaults)."""
    return {camel_case(k): v for k, v in params.items() if v is not None}


def _coordinate(value: Coordinate) -> Any:
    """One number as is; a sequence of numbers as a list (several places, answered with a list of results)."""
    return value if isinstance(value, (int, float)) else list(value)


def _environment(env: Optional[Mapping[str, str]], inherit_env: bool) -> Dict[str, str]:
    merged = dict(os.environ) if inherit_env else {}
    merged.update(env or {})
    return merged


def _encode(message: Dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")


def _request(request_id: int, method: str, params: Params) -> Dict[str, Any]:
    message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params if isinstance(params, (dict, list)) else (
            dict(params) if isinstance(params, Mapping) else list(params))
    return message


def _merge(params: Params, named: Dict[str, Any]) -> Params:
    if named:
        if params is None:
            return named
        if isinstance(params, Mapping):
            return {**params, **named}
        raise TypeError("pass params either by position (a list) or by name, not both")
    return params


class _Methods:
    """One Python method per RPC method; keyword arguments in snake_case become camelCase params."""

    def call(self, method: str, params: Params = None, *, timeout: Optional[float] = None, **named: Any):
        raise NotImplementedError

    def ping(self, *, timeout: Optional[float] = None):
        """`ping` -> `{}`."""
        return self.call("ping", timeout=timeout)

    def discover(self, *, timeout: Optional[float] = None):
        """`rpc.discover` -> the OpenRPC document."""
        return self.call("rpc.discover", timeout=timeout)

    def cache_stats(self, *, timeout: Optional[float] = None):
        """`cacheStats` -> what the response cache has done."""
        return self.call("cacheStats", timeout=timeout)

    def search_cities(self, name: str, count: Optional[int] = None, language: Optional[str] = None,
                      country_code: Optional[str] = None, *, timeout: Optional[float] = None):
        """`searchCities` -> a list of cities."""
        return self.call("searchCities", named_params(name=name, count=count, language=language,
                                                      country_code=country_code), timeout=timeout)

    def fetch_air_quality(self, latitude: Coordinate, longitude: Coordinate, forecast_hours: Optional[int] = None,
                          *, timeout: Optional[float] = None):
        """`fetchAirQuality` -> current air quality (and `hourly` when forecast_hours > 0). Sequences of latitudes
        and longitudes ask about several places in one upstream call and return a list in the same order, where a
        place that failed on its own is `{"error": {...}}`."""
        return self.call("fetchAirQuality", named_params(latitude=_coordinate(latitude),
                                                         longitude=_coordinate(longitude),
                                                         forecast_hours=forecast_hours), timeout=timeout)

    def fetch_pollen(self, latitude: float, longitude: float, days: Optional[int] = None,
                     source: Optional[str] = None, language_code: Optional[str] = None, *,
                     timeout: Optional[float] = None):
        """`fetchPollen` -> pollen types and plants per day; source is auto, proxy, google or openMeteo."""
        return self.call("fetchPollen", named_params(latitude=latitude, longitude=longitude, days=days, source=source,
                                                     language_code=language_code), timeout=timeout)

    def fetch_forecast(self, latitude: Coordinate, longitude: Coordinate, *, current: Optional[Iterable[str]] = None,
                       hourly: Optional[Iterable[str]] = None, daily: Optional[Iterable[str]] = None,
                       minutely15: Optional[Iterable[str]] = None, forecast_days: Optional[int] = None, past_days: Optional[int] = None,
                       temperature_unit: Optional[str] = None, wind_speed_unit: Optional[str] = None,
                       precipitation_unit: Optional[str] = None, timezone: Optional[str] = None,
                       models: Optional[Iterable[str]] = None, timeout: Optional[float] = None):
        """`fetchForecast` -> current/hourly/daily/minutely15 Open-Meteo variables by name (`raw:NAME` for names
        breeze-rpc does not know). `models` (e.g. ["icon_seamless", "gfs_seamless"]) returns
        `{"models": [{"model", "forecast"}, ...]}`; sequences of latitudes and longitudes ask about several places
        in one upstream call and return a list in the same order (a failed place is `{"error": {...}}`)."""
        as_list = (lambda names: None if names is None else list(names))
        return self.call("fetchForecast", named_params(
            latitude=_coordinate(latitude), longitude=_coordinate(longitude), current=as_list(current),
            hourly=as_list(hourly), daily=as_list(daily), minutely15=as_list(minutely15), forecast_days=forecast_days,
            past_days=past_days, temperature_unit=temperature_unit, wind_speed_unit=wind_speed_unit,
            precipitation_unit=precipitation_unit, timezone=timezone, models=as_list(models)), timeout=timeout)

    def fetch_climate(self, latitude: float, longitude: float, date: Optional[str] = None,
                      years: Optional[Iterable[int]] = None, temperature_unit: Optional[str] = None, *,
                      timeout: Optional[float] = None):
        """`fetchClimate` -> the day's maximum temperature over the years ("MM-DD", default today)."""
        return self.call("fetchClimate", named_params(
            latitude=latitude, longitude=longitude, date=date, years=None if years is None else list(years),
            temperature_unit=temperature_unit), timeout=timeout)

    def fetch_dashboard(self, latitude: float, longitude: float, temperature_unit: Optional[str] = None, *,
                        timeout: Optional[float] = None):
        """`fetchDashboard` -> air quality, pollen, climate and forecast at once, with per-part errors."""
        return self.call("fetchDashboard", named_params(latitude=latitude, longitude=longitude,
                                                        temperature_unit=temperature_unit), timeout=timeout)


    def find_place(self, latitude: Coordinate, longitude: Coordinate, radius_km: Optional[float] = None, *,
                   timeout: Optional[float] = None):
        """`findPlace` -> the nearest place with at least 1,000 people within radius_km (default 100), offline, from
        GeoNames data (CC BY 4.0; `attribution` says so). The nearest place, not the area containing the point.
        Sequences of latitudes and longitudes return `{"places": [...], "attribution": ...}`, where a point with
        nothing near is `{"error": {...}}`."""
        return self.call("findPlace", named_params(latitude=_coordinate(latitude), longitude=_coordinate(longitude),
                                                   radius_km=radius_km), timeout=timeout)

class BreezeClient(_Methods):
    """A breeze-rpc process and a thread-safe client for it.

        with BreezeClient() as breeze:
            cities = breeze.search_cities("Berlin", count=3)

    `binary`: path to breeze-rpc (else `$BREEZE_RPC`, else PATH). `env`: extra environment variables
    (e.g. `{"GOOGLE_POLLEN_API_KEY": ...}`), on top of this process's environment unless
    `inherit_env=False`. `args`: extra command-line flags. `timeout`: the default per-call timeout.
    """

    def __init__(self, binary: Optional[str] = None, *, env: Optional[Mapping[str, str]] = None,
                 args: Sequence[str] = (), inherit_env: bool = True, timeout: Optional[float] = None):
        self.binary = find_binary(binary)
        self.default_timeout = timeout
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._pending: Dict[Any, concurrent.futures.Future] = {}
        self._stderr_tail: collections.deque = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._dead: Optional[BreezeProcessError] = None
        self._closed = False
        self.process = subprocess.Popen([self.binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=_environment(env, inherit_env), bufsize=0)
        self._reader = threading.Thread(target=self._read_replies, name="breeze-client-reader", daemon=True)
        self._stderr_reader = threading.Thread(target=self._read_stderr, name="breeze-client-stderr", daemon=True)
        self._stderr_reader.start()
        self._reader.start()

    # -- calls ------------------------------------------------------------------------------------

    def call(self, method: str, params: Params = None, *, timeout: Optional[float] = None, **named: Any):
        """Calls `method` with `params` (a dict or a list) or keyword params; returns the result.

        Raises a `BreezeError` subclass for an error reply, `BreezeTimeout` after `timeout` seconds (having
        sent `$/cancelRequest`), `BreezeProcessError` when the process is gone.
        """
        future, request_id = self.submit(method, _merge(params, named))
        timeout = self.default_timeout if timeout is None else timeout
        try:
            return future.result(timeout=timeout)
        except concurrent.futures.TimeoutError:
            with self._lock:
                self._pending.pop(request_id, None)
            try:
                self.notify(CANCEL_METHOD, {"id": request_id})
            except BreezeProcessError:
                pass
            raise BreezeTimeout(method, request_id, timeout) from None

    def submit(self, method: str, params: Params = None):
        """Sends a request without waiting: returns (a `concurrent.futures.Future` of the result, the id)."""
        request_id = next(self._ids)
        future: concurrent.futures.Future = concurrent.futures.Future()
        with self._lock:
            if self._dead is not None:
                raise self._dead
            if self._closed:
                raise BreezeProcessError("the client is closed")
            self._pending[request_id] = future
        try:
            self._write(_encode(_request(request_id, method, params)))
        except BreezeProcessError:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        return future, request_id

    def cancel(self, request_id: Any) -> None:
        """Asks the server to cancel a request sent with `submit`; its future then fails with RequestCancelled."""
        self.notify(CANCEL_METHOD, {"id": request_id})

    def notify(self, method: str, params: Params = None, **named: Any) -> None:
        """Sends a notification (no reply)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        params = _merge(params, named)
        if params is not None:
            message["params"] = params
        self._write(_encode(message))

    def _write(self, data: bytes) -> None:
        with self._write_lock:
            try:
                self.process.stdin.write(data)
                self.process.stdin.flush()
            except (BrokenPipeError, OSError, ValueError):
                raise self._death("breeze-rpc is not accepting requests") from None

    # -- reading ------------------------------------------------------------------------------------

    def _read_replies(self) -> None:
        try:
            for line in self.process.stdout:
                try:
                    value = json.loads(line)
                except ValueError:
                    continue  # stdout should only ever hold JSON lines; tolerate anything else
                for reply in value if isinstance(value, list) else [value]:
                    self._dispatch(reply)
        except (OSError, ValueError):
            pass
        self._fail_pending(self._death("breeze-rpc exited"))

    def _dispatch(self, reply: Any) -> None:
        if not isinstance(reply, dict) or "id" not in reply:
            return
        with self._lock:
            future = self._pending.pop(reply["id"], None)
        if future is None or future.done():
            return  # a reply to a call that timed out, or an id:null error for a line we never sent
        if "error" in reply:
            future.set_exception(error_from_reply(reply["error"]))
        else:
            future.set_result(reply.get("result"))

    def _read_stderr(self) -> None:
        try:
            for line in self.process.stderr:
                self._stderr_tail.append(line.decode("utf-8", errors="replace").rstrip("\n"))
        except (OSError, ValueError):
            pass

    def _death(self, message: str) -> BreezeProcessError:
        with self._lock:
            if self._dead is not None:
                return self._dead
        try:
            returncode = self.process.wait(timeout=EXIT_WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            returncode = None
        self._stderr_reader.join(timeout=2)
        error = BreezeProcessError(message, returncode, self.stderr_tail)
        with self._lock:
            if self._dead is None:
                self._dead = error
            return self._dead

    def _fail_pending(self, error: BreezeProcessError) -> None:
        with self._lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(error)

    @property
    def stderr_tail(self) -> str:
        """The last lines breeze-rpc wrote to stderr."""
        return "\n".join(self._stderr_tail)

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._pending)

    # -- life cycle -------------------------------------------------------------------------------

    def close(self, timeout: float = EXIT_WAIT_SECONDS) -> int:
        """Ends input; breeze-rpc answers what is in flight and exits. Returns its exit status."""
        with self._lock:
            self._closed = True
        with self._write_lock:
            try:
                self.process.stdin.close()
            except (BrokenPipeError, OSError):
                pass
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=EXIT_WAIT_SECONDS)
        self._reader.join(timeout=EXIT_WAIT_SECONDS)
        self._stderr_reader.join(timeout=EXIT_WAIT_SECONDS)
        for stream in (self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass
        return self.process.returncode

    def __enter__(self) -> "BreezeClient":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncBreezeClient(_Methods):
    """The asyncio form: every method is a coroutine, and calls can be gathered.

        async with AsyncBreezeClient() as breeze:
            berlin, paris = await asyncio.gather(breeze.fetch_forecast(52.52, 13.41),
                                                 breeze.fetch_forecast(48.85, 2.35))
    """

    def __init__(self, binary: Optional[str] = None, *, env: Optional[Mapping[str, str]] = None,
                 args: Sequence[str] = (), inherit_env: bool = True, timeout: Optional[float] = None):
        self.binary = find_binary(binary)
        self.default_timeout = timeout
        self._env = _environment(env, inherit_env)
        self._args = list(args)
        self._ids = itertools.count(1)
        self._pending: Dict[Any, asyncio.Future] = {}
        self._stderr_tail: collections.deque = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._dead: Optional[BreezeProcessError] = None
        self.process: Optional[asyncio.subprocess.Process] = None
        self._tasks: List[asyncio.Task] = []

    async def start(self) -> "AsyncBreezeClient":
        if self.process is None:
            self.process = await asyncio.create_subprocess_exec(
                self.binary, *self._args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, env=self._env, limit=64 * 1024 * 1024)
            self._tasks = [asyncio.create_task(self._read_replies()), asyncio.create_task(self._read_stderr())]
        return self

    async def call(self, method: str, params: Params = None, *, timeout: Optional[float] = None, **named: Any):
        """As `BreezeClient.call`, awaited."""
        if self.process is None:
            await self.start()
        if self._dead is not None:
            raise self._dead
        request_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self._write(_encode(_request(request_id, method, _merge(params, named))))
        except BreezeProcessError:
            self._pending.pop(request_id, None)
            raise
        timeout = self.default_timeout if timeout is None else timeout
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except asyncio.TimeoutError:
            self._pending.pop(request_id, None)
            future.cancel()
            try:
                await self.notify(CANCEL_METHOD, {"id": request_id})
            except BreezeProcessError:
                pass
            raise BreezeTimeout(method, request_id, timeout) from None

    async def notify(self, method: str, params: Params = None, **named: Any) -> None:
        if self.process is None:
            await self.start()
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        params = _merge(params, named)
        if params is not None:
            message["params"] = params
        await self._write(_encode(message))

    async def _write(self, data: bytes) -> None:
        try:
            self.process.stdin.write(data)
            await self.process.stdin.drain()
        except (BrokenPipeError, ConnectionResetError, OSError):
            raise await self._death("breeze-rpc is not accepting requests") from None

    async def _read_replies(self) -> None:
        try:
            while True:
                line = await self.process.stdout.readline()
                if not line:
                    break
                try:
                    value = json.loads(line)
                except ValueError:
                    continue
                for reply in value if isinstance(value, list) else [value]:
                    if not isinstance(reply, dict) or "id" not in reply:
                        continue
                    future = self._pending.pop(reply["id"], None)
                    if future is None or future.done():
                        continue
                    if "error" in reply:
                        future.set_exception(error_from_reply(reply["error"]))
                    else:
                        future.set_result(reply.get("result"))
        except (OSError, ValueError, asyncio.LimitOverrunError):
            pass
        error = await self._death("breeze-rpc exited")
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(error)

    async def _read_stderr(self) -> None:
        try:
            while True:
                line = await self.process.stderr.readline()
                if not line:
                    return
                self._stderr_tail.append(line.decode("utf-8", errors="replace").rstrip("\n"))
        except (OSError, ValueError, asyncio.LimitOverrunError):
            pass

    async def _death(self, message: str) -> BreezeProcessError:
        if self._dead is None:
            try:
                returncode = await asyncio.wait_for(self.process.wait(), EXIT_WAIT_SECONDS)
            except asyncio.TimeoutError:
                returncode = None
            if self._dead is None:
                self._dead = BreezeProcessError(message, returncode, self.stderr_tail)
        return self._dead

    @property
    def stderr_tail(self) -> str:
        return "\n".join(self._stderr_tail)

    async def aclose(self, timeout: float = EXIT_WAIT_SECONDS) -> Optional[int]:
        """Ends input, waits for breeze-rpc to answer what is in flight and exit; returns its exit status."""
        if self.process is None:
            return None
        try:
            self.process.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            await asyncio.wait_for(self.process.wait(), timeout)
        except asyncio.TimeoutError:
            self.process.kill()
            await asyncio.wait_for(self.process.wait(), EXIT_WAIT_SECONDS)
        try:
            await asyncio.wait_for(asyncio.gather(*self._tasks, return_exceptions=True), EXIT_WAIT_SECONDS)
        except asyncio.TimeoutError:
            for task in self._tasks:
                task.cancel()
        return self.process.returncode

    async def __aenter__(self) -> "AsyncBreezeClient":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()


__all__ = ["AsyncBreezeClient", "BreezeClient", "BreezeError", "camel_case", "find_binary", "named_params"]
