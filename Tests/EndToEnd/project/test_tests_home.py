"""The tests keep breeze-rpc out of the user's home: every way a suite starts the binary gives it a cache
directory of the test's own, so a test run leaves no ~/.cache/breeze-rpc behind.

Each test runs with HOME set to a fresh directory and XDG_CACHE_HOME unset, as on a fresh machine, starts the
binary as a suite does, and checks that the fresh home is still empty. (Tests/run.sh checks the same of a whole
run: its suites run in a home of their own.)
"""

import os
import shutil
import tempfile
import unittest
import unittest.mock
from pathlib import Path

from fake_upstream import FakeUpstream
from harness import BreezeProcess, result_of
from .test_schema import exchange

#: Opens the cache, and so creates its directory when it is on and has none.
CACHE_STATS = {"jsonrpc": "2.0", "id": 1, "method": "cacheStats"}


class TheTestsLeaveHomeAloneTests(unittest.TestCase):
    def setUp(self):
        self.home = Path(tempfile.mkdtemp(prefix="breeze-fresh-home-"))
        self.addCleanup(shutil.rmtree, self.home, True)
        environment = unittest.mock.patch.dict(os.environ, {"HOME": str(self.home)})
        environment.start()
        self.addCleanup(environment.stop)  # restores XDG_CACHE_HOME too
        os.environ.pop("XDG_CACHE_HOME", None)

    def assertHomeIsEmpty(self):
        left = sorted(str(path.relative_to(self.home)) for path in self.home.rglob("*"))
        self.assertEqual(left, [], "breeze-rpc wrote into the home of the user running the tests")

    def test_the_schema_suites_binary(self):
        replies = exchange([CACHE_STATS])
        self.assertIn("enabled", replies[1]["result"])
        self.assertHomeIsEmpty()

    def test_a_harness_process_with_the_persistent_cache_on(self):
        with FakeUpstream() as fake, BreezeProcess(fake, env={"BREEZE_CACHE": "on"}) as breeze:
            result = result_of(self, breeze.call("searchCities", {"name": "Berlin"}))
            self.assertEqual(result[0]["name"], "Berlin")
            self.assertEqual(result_of(self, breeze.call("cacheStats"))["enabled"], True)
        self.assertHomeIsEmpty()


if __name__ == "__main__":
    unittest.main()
