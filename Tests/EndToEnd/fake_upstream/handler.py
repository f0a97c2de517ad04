"""The HTTP side of the fake: one handler per connection that records each request, then answers it normally or
in the failure mode set for its path (MODES), hostile upstreams included; and the control endpoints (`/__*`)."""

from __future__ import annotations

import http.server
import json
import select
import socket
import struct
import time
import urllib.parse
import zlib
from typing import TYPE_CHECKING

from .flatbuffers_writer import wants_flatbuffers
from .query import Query
from .replies import STATUS_PHRASES, Reply, error_reply, html_page
from .upstreams import dialect_of

if TYPE_CHECKING:
    from .server import FakeUpstream

#: Failure and timing modes accepted by `set_mode`, with their options.
MODES = {
    "normal": "answer normally",
    "headers": "answer normally with extra response headers (e.g. a lifetime for a caching proxy); options: "
    "headers={}",
    "status": "failure status in the service's error dialect; options: status=400, reason=..., reason_first=False",
    "429": "rate limited in the service's dialect; options: retry_after=None (header value), reason",
    "rate_limited": "same as 429",
    "500": "500 in the service's dialect (Open-Meteo: 'Something went wrong.')",
    "502": "502 with an HTML body (a proxy in front of the upstream)",
    "503": "503 with an HTML body",
    "html": "an HTML body; options: status=502",
    "hang": "accept the request and never answer; options: seconds=30 (capped at 30); ends when the client "
    "goes away or the server stops",
    "delay": "answer normally after a pause; options: ms=100",
    "truncated": "200 with a Content-Length larger than the bytes sent, then close",
    "invalid_json": "200 with a body that is not JSON",
    "reset": "close the connection (TCP RST) without answering",
    "stream_error": "200 whose body breaks off with 'Unexpected error while streaming data: ...'",
    "body": "any answer; options: status=200, body (str or JSON value), content_type, headers={}",
    "empty": "200 with an empty body",
    # Hostile upstreams (what breeze-rpc must survive without leaking, wedging or ballooning):
    "echo_url": "a failure whose reason echoes the request URL, query (and key) included, in the service's "
    "dialect; options: status=400 (429, 500 ...), stream=False (a 200 whose streaming-error tail echoes it), "
    "key_prefix=None (echo only the first N characters of each key, in free text)",
    "gzip_bomb": "200 with Content-Encoding: gzip, a small body that inflates to `mib` MiB; options: mib=256",
    "endless": "200 without a length whose body never ends (until the client goes away, at most 60 s)",
    "big_body": "200 with a Content-Length body of `mib` MiB of JSON white space; options: mib=50",
    "redirect": "302 to `location` (default: the same URL again, a loop); options: location",
    "huge_header": "200 with one response header of `kib` KiB; options: kib=256",
}

_GZIP_BOMBS: dict[int, bytes] = {}


def gzip_bomb(mib: int) -> bytes:
    """A gzip body of `mib` MiB of zeros (about 1 KiB per MiB on the wire), made once per size."""
    if mib not in _GZIP_BOMBS:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        block = bytes(1 << 20)
        _GZIP_BOMBS[mib] = b"".join(compressor.compress(block) for _ in range(mib)) + compressor.flush()
    return _GZIP_BOMBS[mib]


def peer_closed(connection: socket.socket) -> bool:
    try:
        readable, _, _ = select.select([connection], [], [], 0)
        if not readable:
            return False
        return connection.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


class Handler(http.server.BaseHTTPRequestHandler):
    fake: FakeUpstream
    protocol_version = "HTTP/1.1"
    server_version = "fake-upstream/1.0"
    sys_version = ""
    timeout = 60  # an idle keep-alive connection is closed after a minute

    def setup(self):
        super().setup()
        # Headers and body go out in two writes; with Nagle on, the body waits for the client's delayed ACK
        # of the headers, which adds 40 ms to every request on a reused (keep-alive) connection.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self.fake._lock:
            self.fake._connections.add(self.connection)

    def finish(self):
        try:
            super().finish()
        finally:
            with self.fake._lock:
                self.fake._connections.discard(self.connection)

    def log_message(self, format, *args):  # quiet
        pass

    def do_GET(self):
        self._handle()

    def do_POST(self):
        self._handle()

    def do_OPTIONS(self):
        self._handle()

    def do_PUT(self):
        self._handle()

    def do_DELETE(self):
        self._handle()

    def _handle(self):
        split = urllib.parse.urlsplit(self.path)
        path = split.path
        length = int(self.headers.get("Content-Length") or 0)
        payload = self.rfile.read(min(length, 1 << 20)) if length else b""
        if path.startswith("/__"):
            return self._control(path, payload)
        text = split.query
        if (self.command == "POST" and payload
                and self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded")):
            # Open-Meteo answers POST with a form body as it answers GET with the same query.
            text = "&".join(part for part in (text, payload.decode("utf-8", "surrogateescape")) if part)
        try:
            pairs = urllib.parse.parse_qsl(text, keep_blank_values=True, strict_parsing=False,
                                           errors="surrogateescape")
        except ValueError:
            pairs = []
        gated = self.fake._record(self, path, pairs, split.query)
        self._counted = path  # in flight until its answer goes out (see `_uncount`)
        try:
            if gated:
                self._send(error_reply("openMeteo", 429, "Too many concurrent requests"))
            else:
                self._serve(path, Query(pairs, text, {k.lower(): v for k, v in self.headers.items()}, path))
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            self.close_connection = True
        finally:
            self._uncount()

    def _uncount(self) -> None:
        """Counts the request as done, once: just before its answer goes out (`_send`), or when its handling ends.
        A client that has read the whole answer may send its next request at once; counting the first one as
        done only after the write would show both in flight, which they never were (Open-Meteo stops counting a
        request once its answer is ready)."""
        path, self._counted = getattr(self, "_counted", None), None
        if path is not None:
            self.fake._finished(path)

    def _serve(self, path: str, query: Query):
        fake = self.fake
        mode = fake._take_mode(path)
        dialect = dialect_of(path)
        name = mode["mode"] if mode else "normal"
        if name == "delay":
            if not fake._pause(max(0.0, float(mode.get("ms", 100))) / 1000, self.connection):
                self.close_connection = True
                return
            name = "normal"
        if name == "hang":
            fake._pause(min(float(mode.get("seconds", fake.hang_max_seconds)), fake.hang_max_seconds),
                        self.connection)
            self.close_connection = True
            return
        if name == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return  # closing with SO_LINGER 0 sends RST
        if name == "normal":
            return self._send(fake.answer(path, query, self.command))
        if name == "headers":
            reply = fake.answer(path, query, self.command)
            reply.headers.update(mode.get("headers") or {})
            return self._send(reply)
        if name == "status":
            status = int(mode.get("status", 400))
            return self._send(error_reply(dialect, status, mode.get("reason", STATUS_PHRASES.get(status, "Error")),
                                          reason_first=mode.get("reason_first", False), headers=mode.get("headers")))
        if name in ("429", "rate_limited"):
            retry_after = mode.get("retry_after")
            headers = {"Retry-After": str(retry_after)} if retry_after is not None else {}
            reason = mode.get("reason") or {
                "openMeteo": "Minutely API request limit exceeded. Please try again in one minute.",
                "google": "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service "
                          "'pollen.googleapis.com'.",
                "proxy": "Too many requests. Please try again later.",
            }.get(dialect, "Too many requests.")
            extra = None
            body_retry = mode.get("body_retry_after")
            if dialect == "proxy" and body_retry is not None:
                extra = {"retryAfter": body_retry}
            return self._send(error_reply(dialect, 429, reason, headers=headers, extra=extra))
        if name == "500":
            reason = {"openMeteo": "Something went wrong.", "google": "Internal error encountered.",
                      "proxy": "Internal server error"}.get(dialect, "Internal server error")
            return self._send(error_reply(dialect, 500, mode.get("reason", reason)))
        if name in ("502", "503", "html"):
            status = int(mode.get("status", 502 if name == "html" else int(name)))
            return self._send(Reply(status, html_page(status), content_type="text/html"))
        if name == "body":
            body = mode.get("body", "")
            content_type = mode.get("content_type", "application/json; charset=utf-8")
            status = int(mode.get("status", 200))
            if status == 200 and dialect == "openMeteo" and wants_flatbuffers(query) and isinstance(body, (dict, list)):
                # The same answer in the format asked for (error bodies stay JSON, as Open-Meteo's do).
                body = fake.flatbuffers_of(body)
                content_type = "application/octet-stream"
            return self._send(Reply(int(mode.get("status", 200)), body, content_type, mode.get("headers")))
        if name == "empty":
            return self._send(Reply(200, b""))
        if name == "invalid_json":
            return self._send(Reply(200, b'{"latitude":52.52,"longitude":13.419998,"generationtime_ms":<html>oops'))
        if name in HOSTILE_MODES:
            return HOSTILE_MODES[name](self, mode, dialect)
        good = fake.answer(path, query, self.command)
        if name == "truncated":
            self.send_response(good.status)
            self.send_header("Content-Type", good.content_type)
            self.send_header("Content-Length", str(len(good.body) + 1000))
            self.end_headers()
            self.wfile.write(good.body[: max(1, len(good.body) // 2)])
            self.wfile.flush()
            self.close_connection = True
            return
        if name == "stream_error":
            error = mode.get("error", "Fatal error: the database file is corrupt")
            body = good.body[: max(1, len(good.body) // 2)] + f"Unexpected error while streaming data: {error}".encode()
            self.close_connection = True
            return self._send(Reply(200, body), close=True)
        raise AssertionError(f"unhandled mode {name}")

    # -- hostile modes ------------------------------------------------------------------------------

    def _echo_url(self, mode, dialect):
        echoed = f"http://{self.headers.get('Host', self.server.server_address[0])}{self.path}"
        if mode.get("key_prefix"):
            keys = [v for k, v in urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query) if k in ("key", "apikey")]
            echoed = "the key beginning " + " and ".join(key[: int(mode["key_prefix"])] for key in keys)
        if mode.get("stream"):
            body = b'{"latitude":52.52,"hourly":{"time":["2026' + f"Unexpected error while streaming data: {echoed}".encode()
            return self._send(Reply(200, body), close=True)
        status = int(mode.get("status", 400))
        return self._send(error_reply(dialect, status, f"Cannot process {echoed}: rejected"))

    def _gzip_bomb(self, mode, dialect):
        body = gzip_bomb(int(mode.get("mib", 256)))
        self._send(Reply(200, body, headers={"Content-Encoding": "gzip"}))

    def _endless(self, mode, dialect):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        chunk = b" " * (1 << 16)
        deadline = time.monotonic() + 60
        self.wfile.write(b"[")
        while time.monotonic() < deadline:
            self.wfile.write(chunk)  # raises once the client goes away

    def _big_body(self, mode, dialect):
        size = int(float(mode.get("mib", 50)) * (1 << 20))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        chunk = b" " * (1 << 16)
        sent = 0
        while sent < size:
            piece = chunk[: min(len(chunk), size - sent)]
            self.wfile.write(piece)
            sent += len(piece)

    def _redirect(self, mode, dialect):
        location = mode.get("location") or self.path
        self._send(Reply(302, b"", headers={"Location": location}))

    def _huge_header(self, mode, dialect):
        self._send(Reply(200, b"{}", headers={"X-Padding": "x" * (int(mode.get("kib", 256)) << 10)}))

    def _send(self, reply: Reply, close: bool = False):
        self.send_response(reply.status, STATUS_PHRASES.get(reply.status))
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.body)))
        for key, value in reply.headers.items():
            self.send_header(key, value)
        if close:
            self.send_header("Connection", "close")
        self._uncount()
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(reply.body)
        self.wfile.flush()

    def _control(self, path: str, payload: bytes):
        try:
            if path == "/__control" and self.command == "POST":
                result = self.fake.control(json.loads(payload or b"{}"))
            elif path == "/__requests":
                with self.fake._lock:
                    result = [{k: v for k, v in r.items()} for r in self.fake.requests]
                for r in result:
                    r["query_list"] = [list(p) for p in r["query_list"]]
            elif path == "/__stats":
                result = self.fake.stats()
            elif path == "/__modes":
                result = {"modes": MODES}
            else:
                return self._send(Reply(404, {"error": "unknown control path"}))
            self._send(Reply(200, result))
        except (ValueError, KeyError, TypeError) as problem:
            self._send(Reply(400, {"error": str(problem)}))


HOSTILE_MODES = {
    "echo_url": Handler._echo_url, "gzip_bomb": Handler._gzip_bomb, "endless": Handler._endless,
    "big_body": Handler._big_body, "redirect": Handler._redirect, "huge_header": Handler._huge_header,
}

