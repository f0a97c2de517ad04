"""Each method's example call, read from schema/openrpc.json: the `examples` of its method entry (OpenRPC 1.3
Example Pairing: a name, the params by name and value, the result).

The one sample call per method every suite uses (the end-to-end tests, the MCP drivers, both clients' tests), so a
new method brings its own example with its schema entry and no test keeps a list of methods. Standard library
only: the MCP drivers run it under either SDK's interpreter.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

SCHEMA_PATH = Path(__file__).resolve().parents[3] / "schema" / "openrpc.json"
#: The methods of the protocol itself, which are not MCP tools.
NOT_TOOLS = ("ping", "rpc.discover")


@lru_cache(maxsize=1)
def document() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def method_names() -> list[str]:
    """Every method, in the document's order."""
    return [method["name"] for method in document()["methods"]]


def pairing(method: str) -> dict:
    """The method's first example pairing; a method without one fails here, naming what to add."""
    entry = next(item for item in document()["methods"] if item["name"] == method)
    examples = entry.get("examples") or []
    if not examples:
        raise LookupError(f"schema/openrpc.json: {method} has no `examples` (one Example Pairing: name, params, "
                          "result)")
    return examples[0]


def example_params(method: str) -> dict:
    """The example's params, by name."""
    return {param["name"]: param["value"] for param in pairing(method)["params"]}


def example_result(method: str):
    return pairing(method)["result"]["value"]


def example_calls() -> dict[str, dict]:
    """Every method's example params, by method name, in the document's order."""
    return {name: example_params(name) for name in method_names()}
