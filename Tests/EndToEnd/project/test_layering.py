"""The wire layer (Sources/JSONRPC, a library product) knows only its protocols: JSON-RPC, and MCP's protocol
methods in Sources/JSONRPC/MCP. Product words, flags, discovery methods, thread names and log labels come from the
binding (Sources/BreezeRPC), which passes them in.

The regular targets kept under Tests (shared test support) import nothing `@testable`: `swift build -c release`, the
README's quick start, compiles them too, and a release module is not built for testing.

No target linked into the binary imports full Foundation: FoundationEssentials is enough, and one `import Foundation`
anywhere links libFoundation and ICU's data (tens of megabytes) into the static binary.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unittest
from pathlib import Path

from harness import binary_path

ROOT = Path(__file__).resolve().parents[3]
WIRE_LAYER = ROOT / "Sources" / "JSONRPC"
SOURCES = ROOT / "Sources"

# The Foundation modules that bring libFoundation (and with it ICU) into the binary.
FULL_FOUNDATION = {"Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|var|let)\s+)?(\w+)", re.M)

# Words only the product knows: its name, its upstreams and methods, its command-line flags, its discovery method.
PRODUCT_WORDS = re.compile(
    r"breeze|open-?meteo|pollen|forecast|weather|climate|rpc\.discover|--[a-z]+-[a-z-]+", re.IGNORECASE)


class LayeringTests(unittest.TestCase):
    def test_the_test_support_targets_build_in_a_release_build(self):
        package = (ROOT / "Package.swift").read_text(encoding="utf-8")
        paths = re.findall(r'\.target\(\s*name: "\w+",[^)]*?path: "(Tests/[^"]+)"', package)
        self.assertIn("Tests/BreezeTestSupport", paths, "Package.swift has moved the test support")
        for path in paths:
            for source in sorted((ROOT / path).rglob("*.swift")):
                with self.subTest(file=source.relative_to(ROOT).as_posix()):
                    self.assertNotRegex(source.read_text(encoding="utf-8"), r"(?m)^\s*@testable\s+import")

    def test_the_wire_layer_names_nothing_of_the_product(self):
        sources = sorted(WIRE_LAYER.rglob("*.swift"))
        self.assertGreater(len(sources), 10, "Sources/JSONRPC has moved")
        for source in sources:
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
                with self.subTest(file=source.relative_to(ROOT).as_posix(), line=number):
                    self.assertIsNone(PRODUCT_WORDS.search(line), line.strip())

    def test_the_wire_layer_never_imports_the_domain_or_the_binding(self):
        for source in sorted(WIRE_LAYER.rglob("*.swift")):
            imports = IMPORT.findall(source.read_text(encoding="utf-8"))
            with self.subTest(file=source.name):
                self.assertFalse({"Breeze", "BreezeRPC"} & set(imports), imports)


    def test_no_source_imports_full_foundation(self):
        sources = sorted(SOURCES.rglob("*.swift"))
        self.assertGreater(len(sources), 50, "Sources has moved")
        for source in sources:
            imports = IMPORT.findall(source.read_text(encoding="utf-8"))
            with self.subTest(file=source.relative_to(ROOT).as_posix()):
                self.assertFalse(FULL_FOUNDATION & set(imports), f"import FoundationEssentials instead: {imports}")

    def test_the_binary_links_neither_foundation_nor_icu(self):
        ldd = shutil.which("ldd")
        if ldd is None:
            self.skipTest("ldd is not installed")
        libraries = subprocess.run(
            [ldd, binary_path()], capture_output=True, text=True, check=False, timeout=30).stdout
        # A static binary has no dynamic libraries to list; the size check in the benchmark covers it.
        linked = re.findall(r"(lib(?:Foundation(?:Internationalization|Networking|XML)?|_FoundationICU|icu\w*)\.so)",
                            libraries)
        self.assertEqual(linked, [], libraries)


if __name__ == "__main__":
    unittest.main()
