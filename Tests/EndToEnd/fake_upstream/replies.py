"""Answers as the fake sends them, and failures in each upstream's own error dialect."""

from __future__ import annotations

import json

from .floats import Model32

STATUS_PHRASES = {
    200: "OK", 303: "See Other", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
}


class Reply:
    def __init__(self, status=200, body=b"", content_type="application/json; charset=utf-8", headers=None):
        self.status, self.content_type, self.headers = status, content_type, dict(headers or {})
        self.body = body if isinstance(body, bytes) else dump(body) if not isinstance(body, str) else body.encode()


def dump(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_json_default).encode("utf-8")


def _json_default(value):
    if isinstance(value, Model32):
        return value.json_number()
    raise TypeError(f"{type(value).__name__} is not JSON")


GOOGLE_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}


def error_reply(dialect: str, status: int, reason: str, reason_first=False, headers=None, extra=None) -> Reply:
    if dialect == "google":
        body = {"error": {"code": status, "message": reason, "status": GOOGLE_STATUS.get(status, "UNKNOWN")}}
        if extra:
            body["error"].update(extra)
    elif dialect == "proxy":
        body = {"error": reason, **(extra or {})}
    else:
        body = {"reason": reason, "error": True} if reason_first else {"error": True, "reason": reason}
    return Reply(status, body, headers=headers)


class BadRequest(Exception):
    """A 400 in the route's own dialect."""

    def __init__(self, reason: str, status: int = 400, extra=None):
        super().__init__(reason)
        self.reason, self.status, self.extra = reason, status, extra


def html_page(status: int) -> bytes:
    phrase = STATUS_PHRASES.get(status, "Error")
    return (f"<html>\r\n<head><title>{status} {phrase}</title></head>\r\n<body>\r\n<center><h1>{status} {phrase}"
            f"</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n").encode()
