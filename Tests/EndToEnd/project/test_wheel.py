"""The breeze-rpc wheel (clients/pypi/build_wheel.py): what `pip install breeze-rpc` and `uvx breeze-rpc` give.

It packs the static release binary (the README's install build, into .build-static; built here when absent,
which takes minutes; `BREEZE_RPC_STATIC` names another one) stripped, with the Python client. Checked: the
layout and RECORD the wheel spec asks for, bytes that do not change between builds, a platform tag that is the
binary's real glibc floor (and what `auditwheel show` reads), one version everywhere, and, in a fresh virtual
environment with no Swift on PATH, `pip install` → `breeze-rpc --version`, a ping and a call; `uvx --from <wheel>
breeze-rpc` answering MCP; `import breeze_client` finding the installed binary by itself.
"""

from __future__ import annotations

import atexit
import base64
import csv
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile
from pathlib import Path

from harness import REPO_ROOT, FakeUpstreamTestCase, binary_path, clean_environment
from pinned_venv import pinned_environment
from .test_readme import code_blocks, section

sys.path.insert(0, str(REPO_ROOT / "clients" / "pypi"))
import build_wheel  # noqa: E402
import elf_needs  # noqa: E402

SERVER_JSON = REPO_ROOT / "clients" / "pypi" / "server.json"
README = REPO_ROOT / "README.md"
#: A PATH with the system's tools and no Swift toolchain (which lives under /opt or a user's folder, never here).
SYSTEM_PATH = "/usr/bin:/bin"


def install_blocks() -> list[list[str]]:
    return code_blocks(section(README.read_text(encoding="utf-8"), "## Install"))


def readme_wheel_build() -> str:
    """The README's command that makes the wheel in a clone (before its `&& pip install`)."""
    lines = [line for block in install_blocks() for line in block if "build_wheel.py" in line]
    if len(lines) != 1:
        raise AssertionError(f"expected one build_wheel.py command in the README's Install, found {lines}")
    return lines[0].split(" && ")[0]


class WheelTestCase(FakeUpstreamTestCase):
    """One wheel for the whole class. Made by the README's command (which builds the static binary into
    .build-static first: minutes when it is not there yet), or, when `BREEZE_RPC_STATIC` names a static binary
    built elsewhere, from that one."""

    #: (binary, wheel), made once for the module: the classes below share it.
    made: tuple[Path, Path] | None = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.scratch = Path(tempfile.mkdtemp(prefix="breeze-wheel-"))
        if WheelTestCase.made is None:
            WheelTestCase.made = cls.make()
        cls.binary, cls.wheel = WheelTestCase.made

    @classmethod
    def make(cls) -> tuple[Path, Path]:
        configured = os.environ.get("BREEZE_RPC_STATIC")
        if configured:
            cls.binary = Path(configured)
            out = Path(tempfile.mkdtemp(prefix="breeze-wheel-dist-"))
            atexit.register(shutil.rmtree, out, True)
            return cls.binary, cls.build(out)
        done = subprocess.run(readme_wheel_build(), shell=True, cwd=REPO_ROOT, capture_output=True, text=True,
                              timeout=3600)
        if done.returncode != 0:
            raise AssertionError(f"{readme_wheel_build()} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        binary = REPO_ROOT / build_wheel.SCRATCH / "release" / build_wheel.NAME
        return binary, Path(done.stdout.strip().splitlines()[-1])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch, ignore_errors=True)
        super().tearDownClass()

    @classmethod
    def build(cls, out: Path) -> Path:
        done = subprocess.run([sys.executable, str(REPO_ROOT / "clients" / "pypi" / "build_wheel.py"),
                               "--binary", str(cls.binary), "--out", str(out)],
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise AssertionError(f"build_wheel.py failed:\n{done.stderr}")
        return Path(done.stdout.strip())


class WheelLayoutTests(WheelTestCase):
    def test_the_name_the_record_and_the_metadata_follow_the_wheel_spec(self):
        version = build_wheel.version_of(self.binary)
        tag = elf_needs.read(self.binary).manylinux_tag
        self.assertEqual(self.wheel.name, f"breeze_rpc-{version}-py3-none-{tag}.whl")
        info = f"breeze_rpc-{version}.dist-info"
        with zipfile.ZipFile(self.wheel) as wheel:
            names = wheel.namelist()
            self.assertEqual(names[-1], f"{info}/RECORD", "RECORD comes last")
            rows = list(csv.reader(io.StringIO(wheel.read(f"{info}/RECORD").decode())))
            self.assertEqual(sorted(row[0] for row in rows), sorted(names), "RECORD lists every file")
            for path, digest, size in rows:
                if path == f"{info}/RECORD":
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = wheel.read(path)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                self.assertEqual((digest, int(size)), (f"sha256={expected}", len(data)), path)
            metadata = wheel.read(f"{info}/METADATA").decode()
            self.assertIn("Name: breeze-rpc\n", metadata)
            self.assertIn(f"Version: {version}\n", metadata)
            self.assertIn("mcp-name: " + json.loads(SERVER_JSON.read_text())["name"], metadata,
                          "the description PyPI shows must carry the line the MCP Registry checks")
            self.assertIn(f"Tag: py3-none-{tag}\n", wheel.read(f"{info}/WHEEL").decode())
            self.assertIn("Root-Is-Purelib: false\n", wheel.read(f"{info}/WHEEL").decode())
            script = wheel.getinfo(f"breeze_rpc-{version}.data/scripts/breeze-rpc")
            self.assertEqual(script.external_attr >> 16 & 0o777, 0o755, "the binary keeps its x bit")
            self.assertTrue(wheel.read(script).startswith(b"\x7fELF"))
            client = sorted(name for name in names if name.startswith("breeze_client/"))
            expected_client = sorted(f"breeze_client/{path.name}" for path in build_wheel.CLIENT.glob("*.py"))
            self.assertEqual(client, expected_client)

    def test_the_shipped_binary_is_stripped_and_needs_no_swift_library(self):
        with zipfile.ZipFile(self.wheel) as wheel:
            name = next(name for name in wheel.namelist() if name.endswith("/scripts/breeze-rpc"))
            shipped = self.scratch / "shipped"
            shipped.write_bytes(wheel.read(name))
        self.assertLess(shipped.stat().st_size, self.binary.stat().st_size)
        if shutil.which("readelf"):
            sections = subprocess.run(["readelf", "-S", "-W", str(shipped)], capture_output=True, text=True).stdout
            self.assertNotIn(".symtab", sections)
            self.assertNotIn(".debug_info", sections)
        needs = elf_needs.read(shipped)
        self.assertEqual([lib for lib in needs.libraries if "swift" in lib.lower() or "Foundation" in lib], [],
                         "a binary built without --static-swift-stdlib would need the toolchain's libraries")

    def test_the_same_binary_gives_the_same_bytes(self):
        again = self.build(self.scratch / "again")
        self.assertEqual(hashlib.sha256(again.read_bytes()).hexdigest(),
                         hashlib.sha256(self.wheel.read_bytes()).hexdigest())


class PlatformTagTests(WheelTestCase):
    def test_the_tag_is_the_highest_glibc_version_the_binary_needs(self):
        needs = elf_needs.read(self.binary)
        if shutil.which("objdump") is None:
            self.skipTest("objdump (binutils) is not installed: the ELF reader cannot be cross-checked")
        dump = subprocess.run(["objdump", "-T", str(self.binary)], capture_output=True, text=True,
                              check=True).stdout
        versions = {tuple(int(part) for part in found.split(".")) for found in re.findall(r"GLIBC_([0-9.]+)\b", dump)}
        self.assertEqual(needs.glibc, max(versions)[:2])
        self.assertIn(needs.manylinux_tag, self.wheel.name)

    def test_the_readme_states_the_floor_the_binary_has(self):
        major, minor = elf_needs.read(self.binary).glibc
        install = section(README.read_text(encoding="utf-8"), "## Install")
        self.assertIn(f"glibc {major}.{minor} or newer", " ".join(install.split()),
                      "the README's Install names the glibc the wheel's tag claims")

    def test_auditwheel_reads_the_same_tag(self):
        venv = pinned_environment(self, "packaging-venv", "requirements-packaging.txt")
        shown = subprocess.run([str(venv / "bin" / "auditwheel"), "show", str(self.wheel)],
                               capture_output=True, text=True, timeout=300)
        self.assertEqual(shown.returncode, 0, shown.stderr)
        text = " ".join(shown.stdout.split())
        found = re.search(r'consistent with the following platform tag: "([^"]+)"', text)
        self.assertIsNotNone(found, text)
        self.assertEqual(found.group(1), elf_needs.read(self.binary).manylinux_tag, text)


class OneVersionTests(unittest.TestCase):
    def test_binary_client_and_server_json_state_the_same_version(self):
        swift = (REPO_ROOT / "Sources" / "Breeze" / "Service" / "BreezeVersion.swift").read_text()
        version = re.search(r'static let current = "([^"]+)"', swift).group(1)
        self.assertEqual(build_wheel.version_of(Path(binary_path())), version, "--version prints BreezeVersion")
        client = (REPO_ROOT / "clients" / "python" / "breeze_client" / "__init__.py").read_text()
        self.assertEqual(re.search(r'__version__ = "([^"]+)"', client).group(1), version, "breeze_client")
        pyproject = (REPO_ROOT / "clients" / "python" / "pyproject.toml").read_text()
        self.assertEqual(re.search(r'^version = "([^"]+)"', pyproject, re.MULTILINE).group(1), version,
                         "clients/python/pyproject.toml")
        server = json.loads(SERVER_JSON.read_text())
        self.assertEqual(server["version"], version, "server.json")
        self.assertEqual([package["version"] for package in server["packages"]], [version], "server.json packages")


class InstalledWheelTests(WheelTestCase):
    """The acceptance: a fresh environment, no Swift on PATH, the wheel installed by pip and run by uvx."""

    def environment(self, path: str) -> dict:
        env = clean_environment(self.fake.environment())
        for name in ("BREEZE_RPC", "VIRTUAL_ENV", "LD_LIBRARY_PATH", "PYTHONPATH", "PYTHONHOME"):
            env.pop(name, None)
        env.update(PATH=path, HOME=str(self.scratch / "home"))
        (self.scratch / "home").mkdir(exist_ok=True)
        self.assertIsNone(shutil.which("swift", path=path), f"swift is on {path}")
        return env

    def test_pip_install_gives_breeze_rpc_on_path_and_the_client_finds_it(self):
        venv = self.scratch / "venv"
        subprocess.run([shutil.which("python3") or sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        env = self.environment(f"{venv / 'bin'}:{SYSTEM_PATH}")
        # The README's first commands, as written, but installing this wheel where they name the package on PyPI.
        block = install_blocks()[0]
        self.assertEqual(block[0], "pip install breeze-rpc")
        script = [f"pip install --no-index --disable-pip-version-check {shlex.quote(str(self.wheel))} >/dev/null",
                  *block[1:]]
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", "\n".join(script)], env=env, cwd=self.scratch,
                              capture_output=True, text=True, timeout=300)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(os.access(venv / "bin" / "breeze-rpc", os.X_OK))
        version, ping = done.stdout.splitlines()
        self.assertEqual(version, f"breeze-rpc {build_wheel.version_of(self.binary)}")
        self.assertEqual(json.loads(ping), {"jsonrpc": "2.0", "id": 1, "result": {}})

        asked = '{"jsonrpc":"2.0","id":2,"method":"searchCities","params":{"name":"Berlin","count":1}}\n'
        done = subprocess.run(["breeze-rpc"], input=asked, env=env, capture_output=True, text=True, timeout=30)
        self.assertEqual(json.loads(done.stdout)["result"][0]["name"], "Berlin", done.stdout + done.stderr)

        # Run by the environment's Python but not activated: no PATH entry, no BREEZE_RPC.
        script = ("import breeze_client\n"
                  "with breeze_client.BreezeClient() as breeze:\n"
                  "    print(breeze.binary)\n"
                  "    print(breeze.search_cities('Berlin', count=1)[0]['name'])\n")
        found = subprocess.run([str(venv / "bin" / "python"), "-c", script], env=self.environment(SYSTEM_PATH),
                               cwd=self.scratch, capture_output=True, text=True, timeout=60)
        self.assertEqual(found.stdout.splitlines(), [str(venv / "bin" / "breeze-rpc"), "Berlin"], found.stderr)

    def test_the_source_install_lines_run_as_written(self):
        # The class built the binary with the README's build (build_wheel.BUILD is that command, test_readme
        # checks); the rest of the source block is run here as written, in a home of its own.
        if os.environ.get("BREEZE_RPC_STATIC"):
            self.skipTest("BREEZE_RPC_STATIC is set: .build-static was not built here")
        block = next(block for block in install_blocks() if block[0].startswith("swift build"))
        script = [block[0].split(" && ", 1)[1], *block[1:]]
        env = self.environment(SYSTEM_PATH)
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", "\n".join(script)], env=env, cwd=REPO_ROOT,
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.strip(), f"breeze-rpc {build_wheel.version_of(self.binary)}")
        installed = Path(env["HOME"]) / ".local" / "bin" / "breeze-rpc"
        self.assertLess(installed.stat().st_size, self.binary.stat().st_size, "installed stripped")

    def test_uvx_runs_the_wheel_as_an_mcp_server(self):
        tools = pinned_environment(self, "packaging-venv", "requirements-packaging.txt")
        env = self.environment(SYSTEM_PATH)
        env.update(UV_CACHE_DIR=str(self.scratch / "uv-cache"), UV_TOOL_DIR=str(self.scratch / "uv-tools"),
                   UV_PYTHON_DOWNLOADS="never", UV_NO_CONFIG="1")
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "test", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
             "params": {"name": "searchCities", "arguments": {"name": "Berlin", "count": 1}}},
        ]
        uvx = [str(tools / "bin" / "uvx"), "--offline", "--from", str(self.wheel), "breeze-rpc"]
        process = subprocess.Popen(uvx, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=env, text=True)
        try:
            # initialize first, answered before anything else is sent, as a host does it
            process.stdin.write(json.dumps(messages[0]) + "\n")
            process.stdin.flush()
            initialized = json.loads(process.stdout.readline() or "null")
            process.stdin.write("".join(json.dumps(message) + "\n" for message in messages[1:]))
            out, err = process.communicate(timeout=120)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        self.assertIsNotNone(initialized, process.stderr.read() if process.stderr and not process.stderr.closed
                             else "")
        self.assertEqual(initialized["result"]["serverInfo"]["name"], "breeze-rpc", initialized)
        self.assertEqual(initialized["result"]["protocolVersion"], "2025-06-18")
        called = json.loads(out.splitlines()[0])
        self.assertEqual(called["id"], 2, out)
        self.assertFalse(called["result"]["isError"], called)
        self.assertEqual(called["result"]["structuredContent"]["cities"][0]["name"], "Berlin", called)


if __name__ == "__main__":
    unittest.main()
