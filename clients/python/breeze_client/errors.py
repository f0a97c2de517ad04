"""Exceptions raised by the Breeze clients.

`BreezeError` is an error reply from breeze-rpc: it carries the JSON-RPC `code`, `message` and `data`, and
its class is picked by `data.type`. The subclasses, one per row of the schema's error table, are generated
(breeze_client/generated.py); each registers itself here as it is defined. `BreezeClientError` covers
problems on this side: the process is gone (`BreezeProcessError`) or a call ran past its timeout
(`BreezeTimeout`, after sending `$/cancelRequest`).
"""

from __future__ import annotations

from typing import Any, Dict, Generic, Optional, Type, TypeVar, overload

T = TypeVar("T")


class DataField(Generic[T]):
    """One member of an error reply's `data`, read as an attribute: None when the reply has no such member.

    A descriptor rather than a `@property` per member, so that each error class names its members in one line
    each while editors still see the member's type (`DataField[int]` reads as `Optional[int]`) and its doc.
    """

    def __init__(self, key: str, doc: str):
        self.key = key
        self.__doc__ = doc

    @overload
    def __get__(self, instance: None, owner: Any) -> "DataField[T]": ...

    @overload
    def __get__(self, instance: "BreezeError", owner: Any) -> Optional[T]: ...

    def __get__(self, instance: Any, owner: Any) -> Any:
        if instance is None:
            return self
        return instance._field(self.key)


class BreezeError(Exception):
    """An error reply from breeze-rpc."""

    #: `data.type` of the replies this class stands for.
    type_name: Optional[str] = None
    #: The JSON-RPC `code` of the replies this class stands for.
    wire_code: Optional[int] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Registered by both keys so error_from_reply needs no list of classes (they come from the schema).
        super().__init_subclass__(**kwargs)
        if cls.type_name is not None:
            ERROR_TYPES[cls.type_name] = cls
        if cls.wire_code is not None:
            ERROR_CODES[cls.wire_code] = cls

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(f"{message} (code {code})")
        self.code = code
        self.message = message
        self.data = data

    def _field(self, name: str):
        return self.data.get(name) if isinstance(self.data, dict) else None

    type: DataField[str] = DataField("type", '`data.type`, e.g. "badServerResponse".')
    service: DataField[str] = DataField(
        "service", "The upstream involved (`forecast`, `googlePollen`, ...), when the error names one."
    )
    reason: DataField[str] = DataField("reason", "The upstream's own reason, when there is one.")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, data={self.data!r})"


#: The error reply classes by `data.type` and by `code`, filled as the generated classes are defined.
ERROR_TYPES: Dict[str, Type[BreezeError]] = {}
ERROR_CODES: Dict[int, Type[BreezeError]] = {}


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
