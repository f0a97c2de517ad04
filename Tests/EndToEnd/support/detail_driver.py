"""Large calls of every tool through the official MCP Python SDK, at each `detail`, for test_detail.py.

Runs under mcp 2.x or 1.x (see mcp_driver.py, whose connection it shares):

    python detail_driver.py '{"binary": "...", "env": {...}, "calls": {"key": ["tool", {arguments}], ...}}'

prints one JSON report on stdout: for each call key, the result without `detail` ("default") and, for tools that
take it, with `detail` "full" and "summary", each as the SDK received it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcp_driver import SDK_VERSION, call, connect, dump_result  # noqa: E402

#: Large answers take a while from a debug build on a loaded machine; the bound is only against a hang.
TIMEOUT = 300.0


async def scenario(binary: str, env: dict, calls: dict) -> dict:
    report: dict = {"sdk": SDK_VERSION, "calls": {}}
    async with connect(binary, env) as (session, _):
        # As on the wire: the SDKs name the attributes differently.
        tools = {tool.name: tool.model_dump(mode="json", by_alias=True, exclude_none=True)
                 for tool in (await session.list_tools()).tools}
        report["outputSchemas"] = {name: tool["outputSchema"] for name, tool in tools.items()}
        for key, (name, arguments) in calls.items():
            takes_detail = "detail" in tools[name]["inputSchema"].get("properties", {})
            answers = {"default": dump_result(await call(session, name, arguments, timeout=TIMEOUT))}
            if takes_detail:
                for detail in ("full", "summary"):
                    answers[detail] = dump_result(
                        await call(session, name, {**arguments, "detail": detail}, timeout=TIMEOUT))
            report["calls"][key] = answers
    return report


def main() -> None:
    config = json.loads(sys.argv[1])
    json.dump(anyio.run(scenario, config["binary"], config["env"], config["calls"]), sys.stdout)


if __name__ == "__main__":
    main()
