"""The wire layer (Sources/JSONRPC, a library product) knows only its protocols: JSON-RPC, and MCP's protocol
methods in Sources/JSONRPC/MCP. Product words, flags, discovery methods, thread names and log labels come from the
binding (Sources/BreezeRPC), which passes them in.
"""

from __future__ import annotations

import re
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIRE_LAYER = ROOT / "Sources" / "JSONRPC"

# Words only the product knows: its name, its upstreams and methods, its command-line flags, its discovery method.
PRODUCT_WORDS = re.compile(
    r"breeze|open-?meteo|pollen|forecast|weather|climate|rpc\.discover|--[a-z]+-[a-z-]+", re.IGNORECASE)


class LayeringTests(unittest.TestCase):
    def test_the_wire_layer_names_nothing_of_the_product(self):
        sources = sorted(WIRE_LAYER.rglob("*.swift"))
        self.assertGreater(len(sources), 10, "Sources/JSONRPC has moved")
        for source in sources:
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
                with self.subTest(file=source.relative_to(ROOT).as_posix(), line=number):
                    self.assertIsNone(PRODUCT_WORDS.search(line), line.strip())

    def test_the_wire_layer_never_imports_the_domain_or_the_binding(self):
        for source in sorted(WIRE_LAYER.rglob("*.swift")):
            imports = re.findall(r"^\s*(?:@testable\s+)?import\s+(\w+)", source.read_text(encoding="utf-8"), re.M)
            with self.subTest(file=source.name):
                self.assertFalse({"Breeze", "BreezeRPC"} & set(imports), imports)


if __name__ == "__main__":
    unittest.main()
