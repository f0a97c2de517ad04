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
import sys
import sysconfig
import threading
from typing import Any, AsyncIterator, Dict, List, Mapping, Optional, Sequence, Union

from .errors import BreezeError, BreezeProcessError, BreezeTimeout, error_from_reply
from .generated import Methods

Params = Union[Mapping[str, Any], Sequence[Any], None]

CANCEL_METHOD = "$/cancelRequest"
STDERR_TAIL_LINES = 50
EXIT_WAIT_SECONDS = 10.0


def install_location() -> str:
    """Where the README's install command puts breeze-rpc: ~/.local/bin, which not every login puts on PATH."""
    return os.path.join(os.path.expanduser("~"), ".local", "bin", "breeze-rpc")


def wheel_locations() -> List[str]:
    """Where `pip install breeze-rpc` (or uv) put breeze-rpc beside this package: the environment's scripts
    directory, and the folder of the running Python (the same in a venv). A program run by that environment's
    Python without activating it has neither on PATH, so the client looks there itself."""
    found: List[str] = []
    for folder in (sysconfig.get_path("scripts"), os.path.dirname(sys.executable)):
        if folder and os.path.join(folder, "breeze-rpc") not in found:
            found.append(os.path.join(folder, "breeze-rpc"))
    return found


def find_binary(binary: Optional[str] = None) -> str:
    """The breeze-rpc to run: `binary`, else `$BREEZE_RPC`, else `breeze-rpc` on PATH, else the one the breeze-rpc
    wheel installed beside this Python, else the install location."""
    installed = install_location()
    beside = next((path for path in [*wheel_locations(), installed]
                   if os.path.isfile(path) and os.access(path, os.X_OK)), None)
    candidate = binary or os.environ.get("BREEZE_RPC") or shutil.which("breeze-rpc") or beside
    if not candidate:
        raise FileNotFoundError(f"breeze-rpc not found: `pip install breeze-rpc`, or install it (README, Install) "
                                f"to {installed}, put it on PATH, set BREEZE_RPC, or pass its path")
    if os.sep not in candidate:
        found = shutil.which(candidate)
        if found:
            candidate = found
    if not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
        origin = "BREEZE_RPC=" if not binary and candidate == os.environ.get("BREEZE_RPC") else ""
        raise FileNotFoundError(f"breeze-rpc not found or not executable at {origin}{candidate}")
    return candidate


def camel_case(name: str) -> str:
    """`country_code` -> `countryCode`."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def named_params(**params: Any) -> Dict[str, Any]:
    """Snake_case keyword arguments as camelCase params, leaving out the ones that are None (server defaults)."""
    return {camel_case(k): v for k, v in params.items() if v is not None}


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


async def _lines(stream: asyncio.StreamReader) -> AsyncIterator[bytes]:
    """Each line of the child's `stream`, until it ends or cannot be read further (a line over the reader's
    limit, a broken pipe): the readers of stdout and stderr both stop there."""
    try:
        while True:
            line = await stream.readline()
            if not line:
                return
            yield line
    except (OSError, ValueError, asyncio.LimitOverrunError):
        return


def _merge(params: Params, named: Dict[str, Any]) -> Params:
    if named:
        if params is None:
            return named
        if isinstance(params, Mapping):
            return {**params, **named}
        raise TypeError("pass params either by position (a list) or by name, not both")
    return params


class BreezeClient(Methods):
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


class AsyncBreezeClient(Methods):
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
        async for line in _lines(self.process.stdout):
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
        error = await self._death("breeze-rpc exited")
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(error)

    async def _read_stderr(self) -> None:
        async for line in _lines(self.process.stderr):
            self._stderr_tail.append(line.decode("utf-8", errors="replace").rstrip("\n"))

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
