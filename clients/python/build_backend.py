"""The build backend of breeze-client (PEP 517, with PEP 660 editable installs): standard library only.

`pip install ./clients/python` builds the wheel here, straight into pip's own temporary directory, so the
clone is left as it was: no `build/`, no `*.egg-info` (setuptools writes both into the source tree). It needs
nothing from PyPI, so the same command works offline. The package is pure Python and its generated module is
committed, so a wheel is just the files of `breeze_client/` and the metadata read from pyproject.toml.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Dict, List, Optional, Tuple

try:
    import tomllib
except ImportError:  # Python 3.9 and 3.10: read_simple_toml below
    tomllib = None

ROOT = Path(__file__).resolve().parent
PACKAGE = "breeze_client"


def _forget_own_bytecode() -> None:
    """Removes the bytecode Python wrote for this module when pip imported it from the clone.

    A build must leave the clone as it found it, and pip imports this file in place (backend-path), which
    writes __pycache__/build_backend.*.pyc beside it unless bytecode writing is off. Without the cache the
    next build compiles these few lines again.
    """
    cached = globals().get("__cached__")
    if not cached:
        return
    try:
        os.remove(cached)
        os.rmdir(os.path.dirname(cached))  # only when nothing else is cached there
    except OSError:
        pass


_forget_own_bytecode()
#: Zip and tar entries get one fixed time, so the same tree builds the same bytes.
EPOCH = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))  # 1980-01-01, the earliest a zip can hold


def read_simple_toml(text: str) -> Dict:
    """The TOML this pyproject.toml uses, for Pythons without tomllib: [tables], and `key = value` where the
    value is a string, a list of strings (over several lines too) or an inline table of strings."""
    document: Dict = {}
    table = document
    pending = ""
    for line in text.splitlines():
        line = pending + line.split(" #", 1)[0].strip() if not line.lstrip().startswith("#") else pending
        header = re.fullmatch(r"\[([A-Za-z0-9_.-]+)\]", line)
        if header:
            table = document
            for part in header.group(1).split("."):
                table = table.setdefault(part, {})
            continue
        if not line:
            continue
        key, _, value = (part.strip() for part in line.partition("="))
        if value.startswith("[") and not value.endswith("]"):
            pending = line + " "  # a list that goes on over the next lines
            continue
        pending = ""
        if value.startswith("{"):
            items = (item.split("=", 1) for item in value[1:-1].split(",") if item.strip())
            table[key.strip('"')] = {k.strip(): ast.literal_eval(v.strip()) for k, v in items}
        else:
            table[key.strip('"')] = ast.literal_eval(value)
    return document


def _project() -> Dict:
    data = (ROOT / "pyproject.toml").read_bytes()
    document = tomllib.loads(data.decode("utf-8")) if tomllib else read_simple_toml(data.decode("utf-8"))
    return document["project"]


def _names() -> Tuple[str, str]:
    """(the distribution's file-name form, its version): `breeze_client`, `0.1.0`."""
    project = _project()
    return project["name"].replace("-", "_").lower(), project["version"]


def _metadata() -> str:
    project = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}",
             f"Summary: {project['description']}"]
    licence = project.get("license", {})
    if isinstance(licence, dict) and "text" in licence:
        lines.append(f"License: {licence['text']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Classifier: {classifier}" for classifier in project.get("classifiers", [])]
    readme = project.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + (ROOT / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n"


def _entry_points() -> str:
    scripts = _project().get("scripts", {})
    return "[console_scripts]\n" + "".join(f"{name} = {target}\n" for name, target in scripts.items())


def _package_files() -> List[Path]:
    return sorted(path for path in (ROOT / PACKAGE).rglob("*.py") if "__pycache__" not in path.parts)


def _dist_info(files: Dict[str, bytes]) -> Dict[str, bytes]:
    """The .dist-info files for a wheel holding `files`, RECORD last."""
    name, version = _names()
    info = f"{name}-{version}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = _metadata().encode("utf-8")
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: breeze-client build_backend\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/entry_points.txt"] = _entry_points().encode("utf-8")
    record = io.StringIO()
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        record.write(f"{path},sha256={digest},{len(data)}\n")
    record.write(f"{info}/RECORD,,\n")
    files[f"{info}/RECORD"] = record.getvalue().encode("utf-8")
    return files


def _write_wheel(directory: str, files: Dict[str, bytes]) -> str:
    name, version = _names()
    filename = f"{name}-{version}-py3-none-any.whl"
    stamp = time.gmtime(max(EPOCH, 315532800))[:6]
    with zipfile.ZipFile(os.path.join(directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in _dist_info(files).items():
            entry = zipfile.ZipInfo(path, stamp)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, data)
    return filename


# -- PEP 517 ---------------------------------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> List[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Optional[dict] = None) -> str:
    name, version = _names()
    info = f"{name}-{version}.dist-info"
    for path, data in _dist_info({}).items():
        if path.endswith("/RECORD"):
            continue  # the wheel's own RECORD lists its files; pip does not read this one
        target = Path(metadata_directory) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return info


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: Optional[dict] = None) -> str:
    return prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None,
                metadata_directory: Optional[str] = None) -> str:
    files = {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in _package_files()}
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None,
                   metadata_directory: Optional[str] = None) -> str:
    """A wheel whose one .pth file puts this directory on sys.path, so edits here take effect at once."""
    return _write_wheel(wheel_directory, {f"{PACKAGE}.pth": f"{ROOT}\n".encode("utf-8")})


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    name, version = _names()
    base = f"{name}-{version}"
    files = {"PKG-INFO": _metadata().encode("utf-8")}
    for path in [ROOT / "pyproject.toml", ROOT / "README.md", Path(__file__).resolve(), *_package_files()]:
        files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    filename = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for path, data in sorted(files.items()):
            entry = tarfile.TarInfo(f"{base}/{path}")
            entry.size, entry.mtime, entry.mode = len(data), EPOCH, 0o644
            sdist.addfile(entry, io.BytesIO(data))
    return filename
