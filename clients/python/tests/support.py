"""What both clients' tests share: paths, and the environment that points breeze-rpc at the fake upstream.

The fake upstream (Tests/EndToEnd/fake_upstream) writes Open-Meteo's FlatBuffers answers with the
`flatbuffers` package, which the test environment has and a plain `python3` does not. Without it, breeze-rpc
is told to ask for JSON answers (BREEZE_UPSTREAM_FORMAT=json), which the fake serves from the standard
library, so every test still runs; this module says so once on stderr.
"""

import importlib.util
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
CLIENT_ROOT = REPO_ROOT / "clients" / "python"
for path in (CLIENT_ROOT, REPO_ROOT / "Tests" / "EndToEnd", REPO_ROOT / "Tests" / "EndToEnd" / "support"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from harness import clean_environment  # noqa: E402

#: True when the fake upstream can answer `format=flatbuffers` requests.
FAKE_WRITES_FLATBUFFERS = importlib.util.find_spec("flatbuffers") is not None
UPSTREAM_FORMAT = {} if FAKE_WRITES_FLATBUFFERS else {"BREEZE_UPSTREAM_FORMAT": "json"}
if not FAKE_WRITES_FLATBUFFERS:
    print("note: no `flatbuffers` package in this python, so breeze-rpc asks the fake upstream for JSON answers "
          "(BREEZE_UPSTREAM_FORMAT=json); the FlatBuffers path is covered by the test environment's run",
          file=sys.stderr)


def client_env(fake=None, **extra: str) -> dict:
    """The environment for a breeze-rpc under test: the fake's URLs, a 2 s upstream timeout, then `extra`."""
    settings = {**(fake.environment() if fake else {}), **UPSTREAM_FORMAT, "BREEZE_TIMEOUT": "2"}
    settings.update(extra)
    return clean_environment(settings)
