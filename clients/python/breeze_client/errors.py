"""Exceptions raised by the Breeze clients.

`BreezeError` is an error reply from breeze-rpc: it carries the JSON-RPC `code`, `message` and `data`, and
its class is picked by `data.type` (one subclass per row of the error table). `BreezeClientError` covers
problems on this side: the process is gone (`BreezeProcessError`) or a call ran past its timeout
(`BreezeTimeout`, after sending `$/cancelRequest`).
"""

from __future__ import annotations

from typing import Any, Optional


class BreezeError(Exception):
    """An error reply from breeze-rpc."""

    type_name: Optional[str] = None

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(f"{message} (code {code})")
        self.code = code
        self.message = message
        self.data = data

    def _field(self, name: str):
        return self.data.get(name) if isinstance(self.data, dict) else None

    @property
    def type(self) -> Optional[str]:
        """`data.type`, e.g. "badServerResponse"."""
        return self._field("type")

    @property
    def service(self) -> Optional[str]:
        """The upstream involved (`forecast`, `googlePollen`, ...), when the error names one."""
        return self._field("service")

    @property
    def reason(self) -> Optional[str]:
        """The upstream's own reason, when there is one."""
        return self._field("reason")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class ParseError(BreezeError):
    type_name = "parseError"


class InvalidRequest(BreezeError):
    type_name = "invalidRequest"


class MethodNotFound(BreezeError):
    type_name = "methodNotFound"


class InvalidParams(BreezeError):
    type_name = "invalidParams"

    @property
    def field(self) -> Optional[str]:
        """The offending parameter."""
        return self._field("field")


class InternalError(BreezeError):
    type_name = "internalError"


class RequestCancelled(BreezeError):
    type_name = "requestCancelled"


class BadURL(BreezeError):
    type_name = "badURL"


class BadServerResponse(BreezeError):
    type_name = "badServerResponse"

    @property
    def status(self) -> Optional[int]:
        """The upstream's HTTP status."""
        return self._field("status")


class NetworkError(BreezeError):
    type_name = "networkError"


class Timeout(BreezeError):
    """The *upstream* did not answer in time (breeze-rpc's BREEZE_TIMEOUT). See also `BreezeTimeout`."""

    type_name = "timeout"


class RateLimited(BreezeError):
    type_name = "rateLimited"

    @property
    def retry_after_seconds(self) -> Optional[float]:
        """Seconds to wait before trying again, when the upstream said so."""
        return self._field("retryAfterSeconds")


class NoData(BreezeError):
    type_name = "noData"


class NotConfigured(BreezeError):
    type_name = "notConfigured"

    @property
    def setting(self) -> Optional[str]:
        return self._field("setting")


class DashboardUnavailable(BreezeError):
    """Every part of fetchDashboard failed; `errors` holds each part's own error object by part name."""
    type_name = "dashboardUnavailable"

    @property
    def errors(self) -> Optional[dict]:
        return self._field("errors")


ERROR_TYPES = {cls.type_name: cls for cls in (
    ParseError, InvalidRequest, MethodNotFound, InvalidParams, InternalError, RequestCancelled, BadURL,
    BadServerResponse, NetworkError, Timeout, RateLimited, NoData, NotConfigured, DashboardUnavailable)}
ERROR_CODES = {-32700: ParseError, -32600: InvalidRequest, -32601: MethodNotFound, -32602: InvalidParams,
               -32603: InternalError, -32800: RequestCancelled, 1001: BadURL, 1002: BadServerResponse,
               1003: NetworkError, 1004: Timeout, 1005: RateLimited, 1006: NoData, 1007: NotConfigured,
               1008: DashboardUnavailable}


def error_from_reply(error: Any) -> BreezeError:
    """The exception for a reply's `error` member: by `data.type`, else by `code`, else `BreezeError`."""
    if not isinstance(error, dict):
        return BreezeError(-32603, f"malformed error member: {error!r}")
    code = error.get("code")
    message = error.get("message") or ""
    data = error.get("data")
    type_name = data.get("type") if isinstance(data, dict) else None
    cls = ERROR_TYPES.get(type_name) or ERROR_CODES.get(code) or BreezeError
    return cls(code, message, data)


class BreezeClientError(Exception):
    """A problem on the client side, not an error reply."""


class BreezeProcessError(BreezeClientError):
    """breeze-rpc exited (or could not be talked to) while calls were pending."""

    def __init__(self, message: str, returncode: Optional[int] = None, stderr_tail: str = ""):
        detail = message
        if returncode is not None:
            detail += f" (exit status {returncode})"
        if stderr_tail:
            detail += f"; stderr tail:\n{stderr_tail}"
        super().__init__(detail)
        self.returncode = returncode
        self.stderr_tail = stderr_tail


class BreezeTimeout(BreezeClientError, TimeoutError):
    """A call ran past its `timeout=`; the client sent `$/cancelRequest` for it."""

    def __init__(self, method: str, request_id: Any, timeout: float):
        super().__init__(f"{method} (id {request_id}) got no reply within {timeout} s; cancelled")
        self.method = method
        self.request_id = request_id
        self.timeout = timeout
