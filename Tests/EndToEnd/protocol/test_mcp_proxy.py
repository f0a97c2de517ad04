"""The README's recipe for hosts that speak MCP only over HTTP: mcp-proxy serving breeze-rpc on loopback.

The command is taken from the README's "Remote hosts over HTTP" section and run as written, with only the port
(0: any free one) and the binary's path swapped for the ones under test. mcp-proxy (pinned in
Tests/requirements-proxy.txt, in its own environment since it needs the mcp 1.x SDK) spawns breeze-rpc; the
official MCP Python SDK's Streamable HTTP client (mcp 2.x, pinned in Tests/requirements.txt) lists the tools
and calls two of them through it, against the fake upstream. The limits the README states are checked too: the
proxy listens on 127.0.0.1 only and does not check Origin.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import threading
import unittest
import urllib.error
import urllib.request

import anyio

from harness import REPO_ROOT, FakeUpstreamTestCase, binary_path, clean_environment, stop_process
from pinned_venv import pinned_environment
from ..project.test_readme import code_blocks, section

README = REPO_ROOT / "README.md"
START_TIMEOUT = 60.0


def readme_recipe() -> list[str]:
    """The mcp-proxy command of the README's HTTP section, as words."""
    text = section(README.read_text(encoding="utf-8"), "### Remote hosts over HTTP")
    commands = [line for block in code_blocks(text) for line in block if line.startswith("mcp-proxy ")]
    if len(commands) != 1:
        raise AssertionError(f"expected one mcp-proxy command in the README's HTTP section, found {commands}")
    return shlex.split(commands[0].split("  #")[0])


class MCPProxyTests(FakeUpstreamTestCase):
    def setUp(self):
        super().setUp()
        venv = pinned_environment(self, "proxy-venv", "requirements-proxy.txt")
        words = readme_recipe()
        self.assertEqual(words[words.index("--host") + 1], "127.0.0.1", "the recipe binds to loopback")
        words[words.index("--port") + 1] = "0"
        self.assertEqual(words[-1], "breeze-rpc")
        words[-1] = binary_path()
        words[0] = str(venv / "bin" / "mcp-proxy")
        self.process = subprocess.Popen(words, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, cwd=REPO_ROOT,
                                        env=clean_environment(self.fake.environment()))
        self.addCleanup(self.stop)
        self.log: list[str] = []
        listening = threading.Event()
        self.url = None

        def read():
            for line in self.process.stdout:
                self.log.append(line)
                found = re.search(r"Uvicorn running on (http://[0-9.:]+)", line)
                if found and not self.url:
                    self.url = found.group(1)
                    listening.set()
            listening.set()

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        listening.wait(START_TIMEOUT)
        self.assertIsNotNone(self.url, "mcp-proxy did not start:\n" + "".join(self.log[-40:]))

    def stop(self):
        stop_process(self.process, timeout=20)
        self.reader.join(timeout=10)
        self.process.stdout.close()

    def test_the_official_sdk_lists_the_tools_and_calls_two_through_it(self):
        from mcp import Client

        async def session():
            # mcp-proxy speaks the handshake era (revisions up to 2025-11-25), so the client opens with initialize.
            async with Client(f"{self.url}/mcp", mode="legacy") as client:
                listed = await client.list_tools()
                cities = await client.call_tool("searchCities", {"name": "Berlin", "count": 1})
                place = cities.structured_content["cities"][0]
                air = await client.call_tool("fetchAirQuality",
                                             {"latitude": place["latitude"], "longitude": place["longitude"]})
                return client.protocol_version, listed, cities, air

        version, listed, cities, air = anyio.run(self._with_timeout, session)
        self.assertIn(version, ("2025-03-26", "2025-06-18", "2025-11-25"))
        names = {tool.name for tool in listed.tools}
        self.assertLessEqual({"searchCities", "fetchAirQuality", "fetchForecast"}, names)
        self.assertTrue(all(tool.annotations and tool.annotations.read_only_hint for tool in listed.tools),
                        "annotations survive the proxy")
        self.assertFalse(cities.is_error, cities)
        self.assertEqual(cities.structured_content["cities"][0]["name"], "Berlin")
        self.assertFalse(air.is_error, air)
        self.assertIn("usAQI", json.dumps(air.structured_content))

    @staticmethod
    async def _with_timeout(body):
        with anyio.fail_after(120):
            return await body()

    def test_it_listens_on_loopback_and_does_not_check_origin(self):
        self.assertTrue(self.url.startswith("http://127.0.0.1:"), self.url)
        initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                      "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                 "clientInfo": {"name": "page", "version": "1"}}}
        request = urllib.request.Request(
            f"{self.url}/mcp", data=json.dumps(initialize).encode(), method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                     "Origin": "http://attacker.example"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status = response.status
        except urllib.error.HTTPError as error:
            status = error.code
        # The README says so: a web page in a browser on this machine can reach the proxy; keep it on loopback
        # and put a front end that checks Origin (and TLS, auth) before it for anything more.
        self.assertEqual(status, 200, "mcp-proxy now refuses a foreign Origin: update the README's HTTP limits")


if __name__ == "__main__":
    unittest.main()
