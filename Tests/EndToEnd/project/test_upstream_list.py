"""Every list of upstreams outside Swift agrees with its one source, the cases of `Upstream` (Upstream.swift).

Inside Swift the compiler walks a new upstream through every exhaustive switch; these are the copies it cannot
see: the OpenRPC document (the `Upstream` enum and the per-upstream `cacheStats` counters), the README, the fake
upstream's routes and variables, and the settings the binary's `--help` lists.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

import fake_upstream

SOURCE = ROOT / "Sources" / "Breeze" / "Service" / "Upstream.swift"


def swift_upstreams() -> list[str]:
    """The cases of `enum Upstream`, in declaration order."""
    text = SOURCE.read_text(encoding="utf-8")
    body = text[text.index("public enum Upstream") :]
    body = body[: body.index("\n    /// ")]  # the cases come before the first documented member
    cases = re.findall(r"^    case (\w+)\s*$", body, flags=re.MULTILINE)
    if not cases:
        raise AssertionError(f"no cases found in {SOURCE}; has `Upstream` moved?")
    return cases


class UpstreamListTests(unittest.TestCase):
    def setUp(self):
        self.upstreams = swift_upstreams()
        self.document = json.loads((ROOT / "schema" / "openrpc.json").read_text(encoding="utf-8"))

    def test_the_source_lists_the_upstreams(self):
        self.assertEqual(
            self.upstreams, ["geocoding", "airQuality", "forecast", "archive", "pollenProxy", "googlePollen",
                             "historicalForecast", "previousRuns", "singleRun", "ensemble", "seasonal", "marine",
                             "flood", "climateProjection", "satellite", "elevation"]
        )

    def test_the_schema_names_every_upstream(self):
        schemas = self.document["components"]["schemas"]
        self.assertEqual(schemas["Upstream"]["enum"], self.upstreams)
        counters = schemas["CacheUpstreams"]
        self.assertEqual(list(counters["properties"]), self.upstreams)
        self.assertEqual(counters["required"], self.upstreams)

    def test_the_readme_names_every_upstream(self):
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        line = next(line for line in readme.splitlines() if line.startswith("`service` is one of"))
        self.assertEqual(re.findall(r"`(\w+)`", line)[1:], self.upstreams)

    def test_the_fake_upstream_serves_every_upstream(self):
        self.assertEqual(list(fake_upstream.SERVICE_PATHS), self.upstreams)
        self.assertEqual(list(fake_upstream.SERVICE_VARIABLES), self.upstreams)

    def test_the_binary_takes_a_url_setting_for_every_upstream(self):
        binary = Path(os.environ.get("BREEZE_RPC") or ROOT / ".build" / "debug" / "breeze-rpc")
        if not binary.is_file():
            self.fail(f"{binary} not found: run `swift build` first, or set BREEZE_RPC")
        help_text = subprocess.run(
            [str(binary), "--help"], capture_output=True, text=True, timeout=30, check=True
        ).stdout
        for upstream, variable in fake_upstream.SERVICE_VARIABLES.items():
            with self.subTest(upstream=upstream):
                self.assertIn(variable, help_text)


if __name__ == "__main__":
    unittest.main()
