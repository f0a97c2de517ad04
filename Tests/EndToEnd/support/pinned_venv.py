"""A virtual environment of pinned PyPI packages for a test that runs tools from PyPI (auditwheel, uv, mcp-proxy).

`pinned_environment(testcase, "packaging-venv", "requirements-packaging.txt")` returns `.build/packaging-venv`
with exactly the versions `Tests/requirements-packaging.txt` pins, made the way Tests/run.sh makes the others
(reinstalled only when the file changes, the file's sha256 kept as the stamp). Where PyPI cannot be reached the
test is skipped saying so, except under CI=true, where the environment must be made: there it fails instead.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
PYPI = "https://pypi.org/simple/pip/"


def pypi_unreachable() -> str | None:
    """Why PyPI cannot be reached from here, or None when it answers (through pip's own proxy settings)."""
    try:
        with urllib.request.urlopen(PYPI, timeout=10) as response:
            response.read(1)
        return None
    except (urllib.error.URLError, OSError) as error:
        return f"{PYPI}: {getattr(error, 'reason', error)}"


def pinned_environment(testcase, name: str, requirements: str) -> Path:
    """`.build/NAME` holding `Tests/REQUIREMENTS`, made or refreshed when needed; `testcase` is skipped only when
    PyPI cannot be reached and CI is not set."""
    file = REPO_ROOT / "Tests" / requirements
    folder = REPO_ROOT / ".build" / name
    stamp = folder / ".requirements.sha256"
    wanted = hashlib.sha256(file.read_bytes()).hexdigest()
    if stamp.is_file() and stamp.read_text().strip() == wanted:
        return folder
    unreachable = pypi_unreachable()
    if unreachable:
        if os.environ.get("CI") == "true":
            testcase.fail(f"CI=true and PyPI cannot be reached for Tests/{requirements}: {unreachable}")
        testcase.skipTest(f"PyPI cannot be reached for Tests/{requirements} ({unreachable})")
    shutil.rmtree(folder, ignore_errors=True)
    base = shutil.which("python3") or sys.executable
    subprocess.run([base, "-m", "venv", str(folder)], check=True, timeout=300)
    installed = subprocess.run(
        [str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-cache-dir", "-r", str(file)], capture_output=True, text=True, timeout=900)
    if installed.returncode != 0:
        testcase.fail(f"pip could not install Tests/{requirements}:\n{installed.stderr[-3000:]}")
    stamp.write_text(wanted + "\n")
    return folder
