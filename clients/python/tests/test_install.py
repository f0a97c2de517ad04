"""The README's install line for the client, run as written into a fresh virtual environment.

It must work offline (the build backend is in the tree and needs nothing from PyPI) and leave the clone as
it found it: no build/, no *.egg-info, no bytecode.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from .support import CLIENT_ROOT, REPO_ROOT

import build_backend  # noqa: E402  (clients/python/build_backend.py; support puts clients/python on sys.path)

#: The README's install line, run from the root of the clone.
INSTALL_LINE = ["pip", "install", "./clients/python"]


def git_status(*paths):
    done = subprocess.run(["git", "status", "--porcelain", "--ignored", "--", *paths], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


class InstallTests(unittest.TestCase):
    def setUp(self):
        if shutil.which("git") is None or git_status("clients")[0] != 0:
            self.skipTest("not a git checkout, so there is no status to compare")
        self.directory = Path(tempfile.mkdtemp(prefix="breeze-client-install-"))
        self.addCleanup(shutil.rmtree, self.directory)
        venv = subprocess.run([sys.executable, "-m", "venv", str(self.directory / "venv")], capture_output=True,
                              text=True, timeout=300)
        if venv.returncode != 0:
            self.skipTest(f"this python cannot make a virtual environment with pip: {venv.stderr.strip()}")
        self.bin = self.directory / "venv" / "bin"
        # As a user's shell would be, but offline, with pip's cache kept out of the home directory, and with
        # bytecode writing on (the test environment may turn it off, which would hide .pyc debris).
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith("PIP_") and key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
        self.env.update(PATH=f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}", PIP_NO_INDEX="1",
                        PIP_CACHE_DIR=str(self.directory / "pip-cache"), PIP_DISABLE_PIP_VERSION_CHECK="1")

    def test_the_install_line_works_offline_and_leaves_nothing_in_the_clone(self):
        before = git_status("clients")[1]
        done = subprocess.run(INSTALL_LINE, cwd=REPO_ROOT, env=self.env, capture_output=True, text=True,
                              timeout=300)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertEqual(git_status("clients")[1], before, "the install left files in the clone")

        # The installed copy is complete on its own: the command, the generated methods and their docs.
        done = subprocess.run([str(self.bin / "breeze-client"), "--help"], env=self.env, capture_output=True,
                              text=True, timeout=60, cwd=self.directory)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("usage: breeze-client", done.stdout)
        probe = ("import breeze_client, inspect; print(breeze_client.__file__); "
                 "print(breeze_client.BreezeClient.fetch_forecast.__doc__.splitlines()[0]); "
                 "print(breeze_client.error_from_reply({'code': 1005, 'message': 'm'}).__class__.__name__)")
        done = subprocess.run([str(self.bin / "python"), "-c", probe], env=self.env, capture_output=True, text=True,
                              timeout=60, cwd=self.directory)
        self.assertEqual(done.returncode, 0, done.stderr)
        location, summary, error = done.stdout.splitlines()
        self.assertTrue(location.startswith(str(self.directory / "venv")), location)
        self.assertIn("(`fetchForecast`)", summary)
        self.assertEqual(error, "RateLimited")



class BuildBackendTests(unittest.TestCase):
    def test_the_fallback_toml_reader_reads_pyproject_as_tomllib_does(self):
        try:
            import tomllib
        except ImportError:
            self.skipTest("no tomllib (Python 3.10 or earlier) to compare with; the install test covers this reader")
        text = (CLIENT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
        self.assertEqual(build_backend.read_simple_toml(text), tomllib.loads(text))


if __name__ == "__main__":
    unittest.main()
