"""End-to-end tests of the built breeze-rpc binary (run by Tests/run.sh), in folders by role (Tests/README.md).

Importing this package puts `support/` (the harness, the MCP drivers, the schema and error-table readers) and this
folder (the fake upstream) on `sys.path`, so every test imports its helpers by their plain names
(`from harness import BreezeProcess`, `from fake_upstream import FakeUpstream`), as the benchmark and the clients'
tests do with the same two folders.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for _folder in (HERE, HERE / "support"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))
