"""The error table's one source: the Swift `ErrorCode` constants.

Each constant's name is the `data.type` every error with that code carries (`ErrorCode.badURL` = 1001 →
`"badURL"`); the constants under `// MARK: - MCP` are answered only to MCP requests, so the OpenRPC document and
the Python client (which speak plain JSON-RPC) leave them out. Everything else that lists the errors (the
OpenRPC components, the README table, the Python client's errors.py) is checked against this by
test_error_table.py and test_schema.py.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Where the constants are declared: the wire layer's standard codes, and the binding's own.
SOURCES = [ROOT / "Sources" / "JSONRPC" / "Routing" / "ErrorCode.swift", ROOT / "Sources" / "BreezeRPC" / "BreezeError+RPC.swift"]

_CONSTANT = re.compile(r"public static let (\w+) = ErrorCode\(rawValue: (-?\d+)\)")
_SECTION = re.compile(r"//\s*MARK: - (.+)")


def swift_error_table() -> dict[int, tuple[str, str]]:
    """Every named code: code → (data.type, the MARK section it is declared under, or "" for none)."""
    table: dict[int, tuple[str, str]] = {}
    for source in SOURCES:
        section = ""
        for line in source.read_text(encoding="utf-8").splitlines():
            if match := _SECTION.search(line):
                section = match.group(1).strip()
            elif match := _CONSTANT.search(line):
                name, code = match.group(1), int(match.group(2))
                if code in table:
                    raise ValueError(f"{source.name}: code {code} is declared twice")
                table[code] = (name, section)
    if not table:
        raise ValueError("no ErrorCode constants found; has ErrorCode.swift moved?")
    return table


def json_rpc_error_types() -> dict[int, str]:
    """code → data.type for every error a plain JSON-RPC client can receive (the MCP-only codes left out)."""
    return {code: name for code, (name, section) in swift_error_table().items() if section != "MCP"}


def all_error_types() -> dict[int, str]:
    """code → data.type for every named code."""
    return {code: name for code, (name, _) in swift_error_table().items()}
