#!/usr/bin/env python3
"""Builds the breeze-rpc wheel: the static, stripped binary plus the Python client, for `pip install` and `uvx`.

    python3 clients/wheel/build_wheel.py              # builds the static binary first (slow the first time)
    python3 clients/wheel/build_wheel.py --no-build   # packs the binary already in .build-static/release

The wheel is `breeze_rpc-<version>-py3-none-manylinux_<glibc>_<arch>.whl` (binary distribution format,
packaging.python.org/specifications/binary-distribution-format): the binary as a script under
`breeze_rpc-<version>.data/scripts/`, which installers copy to the environment's `bin` as it is (only scripts
starting with `#!python` are rewritten), so `breeze-rpc` is on PATH wherever the environment's scripts are; the
`breeze_client` package at the root; and `.dist-info` with METADATA (the README as the description: it carries
the `mcp-name:` line the MCP Registry checks), WHEEL and RECORD. This is how ruff and uv ship their binaries.

- The version is what the binary's `--version` prints (from Sources/Breeze/Service/BreezeVersion.swift).
- The platform tag is read from the binary: the highest glibc symbol version it needs (elf_needs.py), never
  guessed, so `pip` refuses the wheel on an older glibc instead of installing a binary that cannot start.
- Reproducible: entries in a fixed order with one fixed time (SOURCE_DATE_EPOCH, else 1980-01-01) and fixed
  modes, so the same binary and sources give the same bytes.

Standard library only. The binary is stripped with binutils' `strip` (the Swift toolchain on Linux needs binutils).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
import elf_needs  # noqa: E402  (beside this file)

ROOT = Path(__file__).resolve().parents[2]
SCRATCH = ".build-static"
#: The README's install build: the Swift runtime inside the binary, so it runs without the toolchain.
BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "breeze-rpc",
         "--scratch-path", SCRATCH]
NAME = "breeze-rpc"
CLIENT = ROOT / "clients" / "python" / "breeze_client"
SUMMARY = "Weather, air quality, pollen and forecasts over JSON-RPC 2.0 and MCP on stdio (needs libcurl4)"
EPOCH = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))  # 1980-01-01, the earliest a zip can hold


def build_binary() -> Path:
    """Runs the README's install build (incremental after the first time) and returns the binary."""
    subprocess.run(BUILD, cwd=ROOT, check=True)
    return ROOT / SCRATCH / "release" / NAME


def stripped(binary: Path, folder: Path) -> Path:
    """A copy of `binary` without its symbol tables and debug sections: what is shipped."""
    strip = shutil.which("strip") or shutil.which("llvm-strip")
    if strip is None:
        raise SystemExit("build_wheel: `strip` not found (Debian: apt-get install binutils)")
    target = folder / NAME
    subprocess.run([strip, "-o", str(target), str(binary)], check=True)
    return target


def version_of(binary: Path) -> str:
    """The version the binary reports: `breeze-rpc 0.1.0` -> `0.1.0`."""
    done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=30, check=True)
    match = re.fullmatch(rf"{NAME} ([0-9]+(?:\.[0-9]+)*(?:[-.+][0-9A-Za-z.]+)?)", done.stdout.strip())
    if not match:
        raise SystemExit(f"build_wheel: unexpected --version output: {done.stdout!r}")
    return match.group(1)


def metadata(version: str) -> bytes:
    """Core metadata 2.1: the fields pip, uv and PyPI read, then the README as the long description."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    fields = [
        ("Metadata-Version", "2.1"), ("Name", NAME), ("Version", version), ("Summary", SUMMARY),
        ("Home-page", "https://github.com/breeze-rpc/breeze-rpc"), ("License", "MIT"),
        ("Requires-Python", ">=3.9"),
        ("Classifier", "License :: OSI Approved :: MIT License"),
        ("Classifier", "Operating System :: POSIX :: Linux"),
        ("Classifier", "Programming Language :: Python :: 3"),
        ("Classifier", "Topic :: Scientific/Engineering :: Atmospheric Science"),
        ("Description-Content-Type", "text/markdown"),
    ]
    head = "".join(f"{key}: {value}\n" for key, value in fields)
    return (head + "\n" + readme).encode("utf-8")


def record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{path},sha256={digest},{len(data)}\n"


def wheel_files(binary: Path, version: str, tag: str) -> List[Tuple[str, bytes, int]]:
    """Every entry as (path, bytes, mode), in the order written: the client, the binary, then .dist-info
    with RECORD last (the spec asks installers to read it at the end)."""
    distribution = NAME.replace("-", "_")
    info = f"{distribution}-{version}.dist-info"
    entries: List[Tuple[str, bytes, int]] = []
    for source in sorted(CLIENT.glob("*.py")):
        entries.append((f"breeze_client/{source.name}", source.read_bytes(), 0o644))
    entries.append((f"{distribution}-{version}.data/scripts/{NAME}", binary.read_bytes(), 0o755))
    entries.append((f"{info}/METADATA", metadata(version), 0o644))
    wheel = f"Wheel-Version: 1.0\nGenerator: breeze-rpc build_wheel.py\nRoot-Is-Purelib: false\nTag: py3-none-{tag}\n"
    entries.append((f"{info}/WHEEL", wheel.encode("ascii"), 0o644))
    record = "".join(record_line(path, data) for path, data, _ in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode("utf-8"), 0o644))
    return entries


def write_wheel(binary: Path, out: Path) -> Path:
    """Packs `binary` (already stripped) and the client into a wheel in `out`; returns its path."""
    version = version_of(binary)
    tag = elf_needs.read(binary).manylinux_tag
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob(f"{NAME.replace('-', '_')}-*.whl"):
        old.unlink()  # one wheel in the folder, so `pip install DIR/breeze_rpc-*.whl` names one
    path = out / f"{NAME.replace('-', '_')}-{version}-py3-none-{tag}.whl"
    stamp = time.gmtime(max(EPOCH, 315532800))[:6]
    partial = path.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w") as wheel:
        for name, data, mode in wheel_files(binary, version, tag):
            entry = zipfile.ZipInfo(name, stamp)
            entry.external_attr = (0o100000 | mode) << 16  # a regular file; keeps the binary's x bit
            entry.create_system = 3  # Unix, so installers honour the mode
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, data, compresslevel=9)
    partial.replace(path)
    return path


def main(argv: List[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help=f"pack the binary already in {SCRATCH}/release")
    parser.add_argument("--binary", type=Path, help="pack this (unstripped) binary instead of building one")
    parser.add_argument("--out", type=Path, default=ROOT / SCRATCH / "dist",
                        help=f"where the wheel goes (default: {SCRATCH}/dist)")
    args = parser.parse_args(argv)
    if args.binary:
        binary = args.binary
    elif args.no_build:
        binary = ROOT / SCRATCH / "release" / NAME
    else:
        binary = build_binary()
    if not binary.is_file():
        parser.error(f"{binary} not found: build it first or leave out --no-build")
    with tempfile.TemporaryDirectory() as scratch:
        wheel = write_wheel(stripped(binary, Path(scratch)), args.out)
    print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
