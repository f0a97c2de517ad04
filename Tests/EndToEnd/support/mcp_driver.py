"""One MCP session with breeze-rpc through the official Python SDK, whichever major version is installed.

Runs under mcp 2.x (default mode: probes `server/discover`, then stateless modern requests) or mcp 1.x
(the legacy `initialize` handshake), so one scenario covers both eras. test_mcp.py runs it under each SDK's
interpreter and checks the report; the benchmarks reuse `connect_list_call` for wall times.

    python mcp_driver.py '{"binary": "...", "env": {...}, "fake": "http://127.0.0.1:PORT"}'
    python mcp_driver.py --time 10 '{"binary": "...", "env": {...}}'    # wall times, for the benchmarks

prints one JSON report on stdout: the negotiated version, the tools as listed, every tool's result and the other
shapes results take, the prompts, an upstream failure, a cancelled call and the progress received. Waits are
bounded.
"""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from contextlib import asynccontextmanager
from datetime import timedelta

import anyio
from mcp import StdioServerParameters

from method_examples import example_params

try:
    from importlib.metadata import version as _package_version

    SDK_VERSION = _package_version("mcp")
except Exception:  # pragma: no cover
    SDK_VERSION = "unknown"
SDK_MAJOR = int(SDK_VERSION.split(".")[0]) if SDK_VERSION[:1].isdigit() else 0

PLACE = "Berlin"
CALL_TIMEOUT = 20.0


@asynccontextmanager
async def connect(binary: str, env: dict):
    """(session, negotiated protocol version), connected the SDK's default way."""
    params = StdioServerParameters(command=binary, args=[], env=env)
    if SDK_MAJOR >= 2:
        from mcp import Client

        async with Client(params) as client:
            yield client, client.protocol_version
    else:
        from mcp import ClientSession
        from mcp.client.stdio import stdio_client

        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                initialized = await session.initialize()
                yield session, initialized.protocolVersion


def timeout_argument(seconds: float):
    return seconds if SDK_MAJOR >= 2 else timedelta(seconds=seconds)


async def call(session, name: str, arguments: dict, progress=None, timeout: float = CALL_TIMEOUT):
    return await session.call_tool(
        name, arguments, read_timeout_seconds=timeout_argument(timeout), progress_callback=progress)


def dump_result(result) -> dict:
    """The result as it was on the wire (the SDKs name attributes differently)."""
    wire = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    return {
        "isError": bool(wire.get("isError")),
        "structuredContent": wire.get("structuredContent"),
        "texts": [block["text"] for block in wire.get("content", []) if block.get("type") == "text"],
    }


def fake_control(fake: str, command: dict) -> None:
    request = urllib.request.Request(f"{fake}/__control", data=json.dumps(command).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=5) as response:
        response.read()


def fake_stats(fake: str) -> dict:
    with urllib.request.urlopen(f"{fake}/__stats", timeout=5) as response:
        return json.loads(response.read())


async def wait_for_fake(fake: str, condition, timeout: float = 10.0) -> bool:
    """Polls the fake's counters (it cannot be awaited from another process); bounded."""
    deadline = time.monotonic() + timeout
    while not condition(fake_stats(fake)):
        if time.monotonic() > deadline:
            return False
        await anyio.sleep(0.02)
    return True


async def connect_list_call(binary: str, env: dict) -> dict:
    """Wall times of connect, tools/list and one tools/call (searchCities), in seconds."""
    started = time.perf_counter()
    async with connect(binary, env) as (session, _):
        connected = time.perf_counter()
        await session.list_tools()
        listed = time.perf_counter()
        await call(session, "searchCities", {"name": PLACE})
        called = time.perf_counter()
    return {"connect": connected - started, "list": listed - connected, "call": called - listed,
            "total": called - started}


async def scenario(binary: str, env: dict, fake: str) -> dict:
    report: dict = {"sdk": SDK_VERSION}
    async with connect(binary, env) as (session, version):
        report["protocolVersion"] = version
        tools = (await session.list_tools()).tools
        report["tools"] = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools]

        # Every tool with its method's example from the schema; then coordinates from searchCities, as a model
        # would get them.
        report["calls"] = {}
        for tool in tools:
            report["calls"][tool.name] = dump_result(await call(session, tool.name, example_params(tool.name)))
        cities = dump_result(await call(session, "searchCities", {"name": PLACE}))
        first = cities["structuredContent"]["cities"][0]
        place = {"latitude": first["latitude"], "longitude": first["longitude"]}
        forecast = {**place, "daily": ["temperature_2m_max"], "forecastDays": 2}

        # The other shapes a result takes: several places (a list), several models. The SDK checks each against
        # the tool's outputSchema too.
        places = {"latitude": [place["latitude"], 48.85], "longitude": [place["longitude"], 2.35]}
        shapes = {
            "fetchForecast places": ("fetchForecast", {**forecast, **places}),
            "fetchForecast models": ("fetchForecast", {**forecast, "models": ["icon_seamless", "gfs_seamless"]}),
            "fetchAirQuality places": ("fetchAirQuality", places),
            "findPlace places": ("findPlace", places),
            "findOutdoorWindows places": ("findOutdoorWindows", {**places, "hours": 48}),
            "findOutdoorWindows summary": ("findOutdoorWindows", {**place, "detail": "summary"}),
        }
        report["shapes"] = {label: {"tool": name, **dump_result(await call(session, name, shape_arguments))}
                            for label, (name, shape_arguments) in shapes.items()}

        # Prompts: listed, each filled in for a place, and one asked for without its place.
        prompts = (await session.list_prompts()).prompts
        report["prompts"] = [prompt.model_dump(mode="json", by_alias=True, exclude_none=True) for prompt in prompts]
        report["promptTexts"] = {}
        for prompt in prompts:
            got = await session.get_prompt(prompt.name, {"place": PLACE})
            report["promptTexts"][prompt.name] = [message.content.text for message in got.messages]
        # What hosts really send (issue 32): Claude Code's `/mcp` menu sends "" for a required argument, and its
        # slash commands pass a multi-word argument's first word only ("New" for "New York").
        for label, sent in (("promptTextsEmptyPlace", ""), ("promptTextsCutPlace", "New")):
            report[label] = {}
            for prompt in prompts:
                got = await session.get_prompt(prompt.name, {"place": sent})
                report[label][prompt.name] = [message.content.text for message in got.messages]
        try:
            await session.get_prompt(prompts[0].name, {})
            report["promptWithoutPlace"] = None
        except Exception as error:  # the SDKs raise their own error type for a JSON-RPC error
            report["promptWithoutPlace"] = str(error)

        # An upstream failure is a tool error the model can read, with the typed error kept.
        fake_control(fake, {"target": "forecast", "mode": "429", "retry_after": "30", "count": 1})
        report["rateLimited"] = dump_result(await call(session, "fetchForecast", forecast))
        report["badArguments"] = dump_result(await call(session, "fetchForecast", {"latitude": 123}))

        # Progress: the years of a climate comparison, the parts of a dashboard.
        for name in ("fetchClimate", "fetchDashboard"):
            received = []

            async def progress(value, total, message, received=received):
                received.append([value, total, message])

            await call(session, name, place, progress=progress)
            report.setdefault("progress", {})[name] = received

        report["cancel"] = await cancel_a_slow_call(session, fake, forecast)
    return report


async def cancel_a_slow_call(session, fake: str, arguments: dict) -> dict:
    """Starts a call the upstream never answers, cancels it, and reports what the server did."""
    fake_control(fake, {"target": "forecast", "mode": "delay", "ms": 500, "count": 1})
    before = fake_stats(fake)["counts"].get("/v1/forecast", 0)
    outcome: dict = {"answered": False}
    abandon = anyio.CancelScope()

    async def slow_call():
        with abandon:
            try:
                await call(session, "fetchForecast", {**arguments, "forecastDays": 3}, timeout=60)
                outcome["answered"] = True
            except Exception as error:  # an error reply is an answer too
                outcome["answered"] = True
                outcome["error"] = repr(error)

    async with anyio.create_task_group() as group:
        group.start_soon(slow_call)
        outcome["upstreamReached"] = await wait_for_fake(
            fake, lambda stats: stats["counts"].get("/v1/forecast", 0) > before)
        if SDK_MAJOR >= 2:
            # 2.x sends notifications/cancelled itself when a call is abandoned.
            abandon.cancel()
        else:
            # 1.x never sends it; send it for the request in flight, the newest id this session used.
            from mcp import types

            await session.send_notification(types.ClientNotification(types.CancelledNotification(
                params=types.CancelledNotificationParams(requestId=session._request_id - 1, reason="test"))))
        # The request already sent runs to its answer (the upstream counts it until then), then ends.
        outcome["upstreamDone"] = await wait_for_fake(fake, lambda stats: stats["inFlight"] == 0)
        # A later call still works, and by then nothing has come back for the cancelled one.
        outcome["next"] = dump_result(await call(session, "cacheStats", {}))["isError"] is False
        abandon.cancel()
    return outcome


def main() -> None:
    if sys.argv[1] == "--time":  # for the benchmarks: `--time RUNS CONFIG` prints a list of wall times
        config = json.loads(sys.argv[3])
        times = [anyio.run(connect_list_call, config["binary"], config["env"]) for _ in range(int(sys.argv[2]))]
        json.dump(times, sys.stdout)
        return
    config = json.loads(sys.argv[1])
    report = anyio.run(scenario, config["binary"], config["env"], config["fake"])
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
