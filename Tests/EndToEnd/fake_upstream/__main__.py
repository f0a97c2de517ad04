"""Runs the fake upstream as a script: `python3 Tests/EndToEnd/fake_upstream [--port N] [--env]` from the
repository root, or `python3 -m fake_upstream` with Tests/EndToEnd on the path."""

import sys
from pathlib import Path

if not __package__:
    # Run as a directory: its parent goes on the path in its place, so the package imports as itself.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)
    from fake_upstream.cli import main
else:
    from .cli import main

sys.exit(main())
