"""What the two table generators (generate_places.py, generate_areas.py) share: how a pinned input is checked, and
how a table is written where the build embeds it."""

import hashlib
import importlib.metadata
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
#: The exit status when a pinned input is missing or not the pinned one (the tests skip on it outside CI).
MISSING_INPUTS = 2


class InputError(Exception):
    """A pinned input is missing or not the pinned one; the message says how to install it."""


def require_package(name, version):
    """Raises `InputError` unless the PyPI package `name` is installed at the pinned `version`."""
    try:
        installed = importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        raise InputError(f"{name} is not installed: pip install {name}=={version}")
    if installed != version:
        raise InputError(f"{name} {installed} is installed, not {version}.")


def checked(data, sha256, what):
    """`data`, when its SHA-256 is the pinned `sha256`; `what` names it in the error otherwise."""
    digest = hashlib.sha256(data).hexdigest()
    if digest != sha256:
        raise InputError(f"{what} has SHA-256 {digest}, not the pinned {sha256}.")
    return data


def generate(argv, name, make):
    """The generator's command: writes the table `make()` returns, with a line saying what it holds, to the path in
    `argv` (default: `name` beside the generators) and returns the exit status.

    `make` reads the pinned inputs (raising `InputError` when one is missing) and returns (table bytes, summary).
    """
    output = argv[1] if len(argv) > 1 else os.path.join(HERE, name)
    try:
        table, summary = make()
    except InputError as error:
        print(f"{os.path.basename(argv[0])}: {error}", file=sys.stderr)
        return MISSING_INPUTS
    with open(output, "wb") as file:
        file.write(table)
    if os.path.abspath(output) == os.path.join(HERE, name):
        # The build's dependency scan sees tables.S, not the files it includes: touch it so the table is re-embedded.
        os.utime(os.path.join(HERE, "tables.S"))
    print(f"{output}: {summary}", file=sys.stderr)
    return 0
