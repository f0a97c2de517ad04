"""How the generated method calls turn Python arguments into params, checked before anything is sent.

Every method of `generated.py` passes its arguments here with the table of its params (built from the OpenRPC
document). A param's `kind` is the JSON type of one value and its `shape` says whether it takes one value, a
list, or either. The rules a caller sees:

- a string where a list is expected is ONE item (`hourly="temperature_2m"` is `["temperature_2m"]`), and so is
  a single number (`years=1990`); any other iterable becomes a list;
- a value of the wrong JSON type is refused with a `TypeError` naming the param (`"52.52"` for a latitude is
  text, not a number), and a number JSON cannot carry (NaN, infinity) with a `ValueError`, before anything is
  sent, so the mistake is reported where it was made and not as the server's reading of a different request;
- `None` leaves the param out, so the server's default applies.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, Dict, NamedTuple, Optional, Sequence, Tuple

ONE = "one"
LIST = "list"
ONE_OR_LIST = "one_or_list"

#: What each kind is called in an error message (one value, then several).
KIND_NAMES = {
    "number": ("a number", "numbers"),
    "integer": ("an integer", "integers"),
    "string": ("a string", "strings"),
    "boolean": ("true or false", "booleans"),
    "object": ("an object (a mapping)", "objects"),
    "any": ("any JSON value", "JSON values"),
}


class Param(NamedTuple):
    """One param of a method: its wire name, its Python name, the JSON type of one value, and its shape."""

    wire: str
    python: str
    kind: str
    shape: str = ONE


class Method(NamedTuple):
    """One RPC method: its wire name, its Python name, and its params in the server's positional order."""

    wire: str
    python: str
    params: Tuple[Param, ...]


def _fits(kind: str, value: Any) -> bool:
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) or (
            isinstance(value, float) and value.is_integer())
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "object":
        return isinstance(value, Mapping)
    return True


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    return f"{type(value).__name__} {value!r}"


def _is_many(value: Any) -> bool:
    """True for a list-like value: an iterable that is not text, bytes or a mapping."""
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes, bytearray, Mapping))


def _label(method: Method, param: Param) -> str:
    name = param.python if param.python == param.wire else f"{param.python} ({param.wire})"
    return f"{method.python}(): {name}"


def _wanted(param: Param) -> str:
    one, many = KIND_NAMES[param.kind]
    if param.shape == ONE:
        return one
    if param.shape == LIST:
        return f"{one} or a list of {many}"
    return f"{one} or a list of {many} (one per place)"


def _check(method: Method, param: Param, value: Any, where: str = "") -> Any:
    if not _fits(param.kind, value):
        wanted = KIND_NAMES[param.kind][0] if where else _wanted(param)
        raise TypeError(f"{_label(method, param)}{where} must be {wanted}, not {_describe(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{_label(method, param)}{where} must be a finite number, not {value!r}")
    return value


def convert(method: Method, param: Param, value: Any) -> Any:
    """`value` as the JSON the server expects for `param`, or a TypeError/ValueError naming the param."""
    if param.shape == ONE or (param.shape == ONE_OR_LIST and not _is_many(value)):
        return _check(method, param, value)
    if not _is_many(value):
        return [_check(method, param, value)]  # one item where a list is expected: a list of one
    return [_check(method, param, item, f"[{index}]") for index, item in enumerate(value)]


def method_params(method: Method, values: Sequence[Any]) -> Optional[Dict[str, Any]]:
    """The params by name for a call of `method` with `values` (in the order of `method.params`); None for none."""
    params = {param.wire: convert(method, param, value)
              for param, value in zip(method.params, values) if value is not None}
    return params or None


class MethodCalls:
    """The base of the generated `Methods`: each generated method ends in `_call_method`."""

    def call(self, method: str, params: Any = None, *, timeout: Optional[float] = None, **named: Any) -> Any:
        raise NotImplementedError

    def _call_method(self, method: Method, values: Sequence[Any], timeout: Optional[float]) -> Any:
        return self.call(method.wire, method_params(method, values), timeout=timeout)
