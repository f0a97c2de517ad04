"""The README's methods table and MCP tools table, generated: `python3 Tests/EndToEnd/support/readme_tables.py`
rewrites them (after `swift build`), `--check` says whether they are current (project/test_readme_tables.py
runs it).

The methods table comes from schema/openrpc.json: each method's params (`?` when optional; `timeoutMs`, which
every method takes, is said above the table) and its result's `summary`; so does the count the Methods section
opens with ("Twelve methods."). The tools table comes from the built
binary's `tools/list`: the catalog's order and each tool's title, as a host sees them. Standard library only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
SCHEMA = ROOT / "schema" / "openrpc.json"
METHODS_HEADER = "| method | params (`?` optional) | result |\n|---|---|---|\n"
TOOLS_HEADER = "| tool | title |\n|---|---|\n"
#: Params every method takes, said once above the table rather than on every row.
COMMON_PARAMS = {"timeoutMs"}
#: A longer param list shows this many and says how many more `rpc.discover` describes.
SHOWN_PARAMS = 6
NUMBER_WORDS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
                "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen", "Twenty"]


def methods_rows(document: dict) -> list[str]:
    descriptors = document["components"]["contentDescriptors"]
    rows = []
    for method in document["methods"]:
        params = [descriptors[p["$ref"].rsplit("/", 1)[1]] if "$ref" in p else p for p in method["params"]]
        names = [f"`{p['name']}{'' if p.get('required') else '?'}`" for p in params if p["name"] not in COMMON_PARAMS]
        if len(names) > SHOWN_PARAMS + 1:
            names = names[:SHOWN_PARAMS] + [f"… ({len(names) - SHOWN_PARAMS} more, see below)"]
        summary = method["result"].get("summary")
        if not summary:
            raise SystemExit(f"schema/openrpc.json: {method['name']}'s result has no `summary` (the README's "
                             "result column)")
        rows.append(f"| `{method['name']}` | {', '.join(names) or '—'} | {summary} |\n")
    return rows


def tools_rows(binary: str) -> list[str]:
    """The tools as the binary lists them to an MCP host."""
    requests = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "readme", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
    ]
    env = {key: value for key, value in os.environ.items() if not key.startswith("BREEZE_")}
    env.update(BREEZE_CACHE="off", BREEZE_LOG_LEVEL="error")
    done = subprocess.run([binary], input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True,
                          text=True, timeout=30, env=env, check=True)
    replies = {reply.get("id"): reply for reply in map(json.loads, done.stdout.splitlines())}
    return [f"| `{tool['name']}` | {tool['title']} |\n" for tool in replies[1]["result"]["tools"]]


def table_span(text: str, header: str) -> tuple[int, int]:
    """Where the rows of the table under `header` start and end in `text`."""
    start = text.index(header) + len(header)
    end = start
    while text.startswith("|", end):
        end = text.index("\n", end) + 1
    return start, end


def replace_table(text: str, header: str, rows: list[str]) -> str:
    """`text` with the rows of the table under `header` replaced by `rows`."""
    start, end = table_span(text, header)
    return text[:start] + "".join(rows) + text[end:]


def generated_rows(text: str) -> int:
    """How many lines of `text` (the README) the two tables' rows take."""
    return sum(text.count("\n", *table_span(text, header)) for header in (METHODS_HEADER, TOOLS_HEADER))


def stated_count(text: str, count: int) -> str:
    """`text` with the Methods section's opening word, how many methods there are, saying `count`."""
    heading = "## Methods\n\n"
    start = text.index(heading) + len(heading)
    end = text.index(" methods.", start)
    return text[:start] + NUMBER_WORDS[count] + text[end:]


def generated_readme(binary: str) -> str:
    document = json.loads(SCHEMA.read_text(encoding="utf-8"))
    text = README.read_text(encoding="utf-8")
    text = replace_table(text, METHODS_HEADER, methods_rows(document))
    text = stated_count(text, len(document["methods"]))
    return replace_table(text, TOOLS_HEADER, tools_rows(binary))


def default_binary() -> str:
    return os.environ.get("BREEZE_RPC") or str(ROOT / ".build" / "debug" / "breeze-rpc")


def main(argv: list[str]) -> int:
    wanted = generated_readme(default_binary())
    if "--check" in argv:
        current = README.read_text(encoding="utf-8") == wanted
        print("README.md's tables are current" if current else
              "README.md's tables are stale: run python3 Tests/EndToEnd/support/readme_tables.py")
        return 0 if current else 1
    README.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
