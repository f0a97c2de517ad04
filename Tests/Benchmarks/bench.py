#!/usr/bin/env python3
"""breeze-rpc benchmarks: builds release binaries and prints one table.

Run through `Tests/Benchmarks/run` (same flags). Sections, each selectable with `--only`:

  cold        spawn -> reply to one piped `ping` -> exit, dynamic and --static-swift-stdlib builds, interleaved
  throughput  100,000 pipelined `ping`s; 100,000 `fetchForecast` calls answered from the cache; an MCP `tools/call`
              of a 3-model forecast at `standard`, cached
  overhead    sequential `fetchForecast` through breeze-rpc vs the same upstream URL fetched directly
  concurrency 200 distinct calls against an upstream taking 200 ms each vs the ideal for the concurrency limit
  payload     a 16-day hourly forecast with 20 variables: request -> reply time and sizes
  memory      RSS idle, after 100,000 requests, after 1,000 vs 100,000 cached fetchForecast calls, and with
              256 distinct calls (the default --max-in-flight) and 10,000 requests in flight
  logging     pipelined cached `fetchForecast` at --log-level info (one stderr line per call) vs warn (silent)
  places      100,000 `findPlace` look-ups (offline): one point per call, and lists of 100 points per call;
              time per look-up and peak RSS
  outdoors    `findOutdoorWindows` for 96 hours and a full profile, upstream answers cached, at `detail` full,
              standard and summary: CPU per call against a cached `fetchForecast` of the same hours and variables

Compare mode: `--binary A --binary B` (two builds or more, no building) interleaves the cold-start runs of the
binaries, runs every other section for each binary in turn, `--rounds` times (the order reversed every other
round), and ends with the key figures per binary: median over the rounds, range, and ratio to the first.

Everything talks to the project's fake upstream (Tests/EndToEnd/fake_upstream) on 127.0.0.1 only; every
loop and wait is bounded. Results are medians, percentiles and ratios; nothing passes or fails. Python 3.9+
standard library only.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import math
import os
import platform
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "Tests" / "EndToEnd" / "fake_upstream"
STATIC_SCRATCH = ".build-static"
# breeze-rpc's default --max-in-flight: the requests in flight at once that the memory target is about.
DEFAULT_MAX_IN_FLIGHT = 256
SECTIONS = ["cold", "throughput", "overhead", "concurrency", "rounds", "fleet", "payload", "memory", "logging", "places",
            "outdoors", "alerts", "mcp"]
PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n'
# findOutdoorWindows' heaviest question: every sensitivity, every pollen taxon, 96 hours (in Europe: CAMS pollen).
OUTDOOR_PROFILE = {
    "conditions": ["asthma", "copd", "lungDisease", "heartDisease", "pregnancy", "diabetes"], "ageGroup": "olderAdult",
    "unusuallySensitive": True, "heatSensitive": True, "sunSensitive": True, "coldSensitive": True,
    "pollenAllergies": [{"taxon": taxon, "severity": "severe"}
                        for taxon in ("alder", "birch", "grass", "mugwort", "olive", "ragweed", "tree", "weed")],
}
# The forecast variables findOutdoorWindows asks for, for the fetchForecast it is measured against.
OUTDOOR_HOURLY = ["temperature_2m", "relative_humidity_2m", "precipitation_probability", "weather_code",
                  "wind_speed_10m", "wind_gusts_10m", "uv_index", "is_day"]
# The 20 hourly variables of the large-payload request (all modelled by the fake upstream).
HOURLY_20 = [
    "temperature_2m", "relative_humidity_2m", "dew_point_2m", "apparent_temperature", "precipitation_probability",
    "precipitation", "rain", "showers", "snowfall", "snow_depth", "weather_code", "pressure_msl",
    "surface_pressure", "cloud_cover", "cloud_cover_low", "cloud_cover_mid", "cloud_cover_high", "visibility",
    "wind_speed_10m", "wind_direction_10m",
]


class BenchError(Exception):
    pass


def log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------
# Numbers
# --------------------------------------------------------------------------------------------------


def percentile(values, p: float) -> float:
    """Linear interpolation between closest ranks (p in 0..100)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = (len(ordered) - 1) * p / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def median(values) -> float:
    return percentile(values, 50)


def ms(seconds: float) -> str:
    if seconds != seconds:
        return "n/a"
    value = seconds * 1000
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f} req/s" if seconds > 0 else "n/a"


def size(nbytes: int) -> str:
    if nbytes >= 1024 * 1024:
        return f"{nbytes / 1024 / 1024:.2f} MiB"
    if nbytes >= 1024:
        return f"{nbytes / 1024:.1f} KiB"
    return f"{nbytes} B"


# --------------------------------------------------------------------------------------------------
# Machine and builds
# --------------------------------------------------------------------------------------------------


def machine() -> dict:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    swift = "swift not found"
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60).stdout
        swift = next((line.strip() for line in out.splitlines() if "Swift version" in line), out.strip())
    except (OSError, subprocess.TimeoutExpired):
        pass
    commit = ""
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        if dirty:
            commit += "+changes"
    except (OSError, subprocess.TimeoutExpired):
        pass
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "?"
    return {"nproc": os.cpu_count(), "cpu": model, "swift": swift, "kernel": platform.release(), "commit": commit,
            "load": load, "date": dt.datetime.now().strftime("%Y-%m-%d %H:%M")}


def swift_build(extra: list[str], label: str) -> tuple[Path | None, str]:
    """Builds the release executable; returns (binary, '') or (None, why not)."""
    base = ["swift", "build", "-c", "release", "--product", "breeze-rpc"] + extra
    log(f"building {label}: {' '.join(base)}")
    started = time.monotonic()
    try:
        result = subprocess.run(base, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    except subprocess.TimeoutExpired:
        return None, "the build took over 30 minutes"
    if result.returncode != 0:
        output = result.stdout + result.stderr
        tail = "\n".join(output.strip().splitlines()[-15:])
        log(f"{label} build failed:\n{tail}")
        return None, "the build failed (output above)"
    path = subprocess.run(base + ["--show-bin-path"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    binary = Path(path.stdout.strip()) / "breeze-rpc"
    if not binary.exists():
        return None, f"no binary at {binary}"
    log(f"built {label} in {time.monotonic() - started:.1f} s: {binary}")
    return binary, ""


def builds(args) -> dict:
    """{'dynamic': (path|None, why), 'static': (path|None, why)}."""
    result = {}
    if args.no_build:
        for name, scratch in (("dynamic", ".build"), ("static", STATIC_SCRATCH)):
            binary = ROOT / scratch / "release" / "breeze-rpc"
            result[name] = (binary, "") if binary.exists() else (None, f"--no-build and no binary at {binary}")
        return result
    result["dynamic"] = swift_build([], "dynamic (default)")
    if args.no_static:
        result["static"] = (None, "skipped (--no-static)")
        return result
    result["static"] = swift_build(["--static-swift-stdlib", "--scratch-path", STATIC_SCRATCH],
                                   "static (--static-swift-stdlib)")
    return result


# --------------------------------------------------------------------------------------------------
# The fake upstream, as a separate process (so its GIL is not the client's)
# --------------------------------------------------------------------------------------------------

SERVICE_VARIABLES = {
    "BREEZE_GEOCODING_URL": "/v1/search", "BREEZE_AIR_QUALITY_URL": "/v1/air-quality",
    "BREEZE_FORECAST_URL": "/v1/forecast", "BREEZE_ARCHIVE_URL": "/v1/archive", "BREEZE_POLLEN_URL": "/api/pollen",
    "BREEZE_GOOGLE_POLLEN_URL": "/v1/forecast:lookup", "BREEZE_NWS_URL": "/nws/alerts/active",
    "BREEZE_ECCC_URL": "/eccc/collections/weather-alerts/items", "BREEZE_METEOALARM_URL": "/meteoalarm/api/v1/warnings",
}


def fake_python() -> str:
    """The test environment's python (Tests/run.sh makes it): the fake serves FlatBuffers with the pinned
    `flatbuffers` package, which the system python may not have."""
    venv = ROOT / ".build" / "test-venv" / "bin" / "python"
    python = str(venv) if venv.exists() else sys.executable
    if subprocess.run([python, "-c", "import flatbuffers"], capture_output=True).returncode != 0:
        raise BenchError("the fake upstream needs the pinned test packages: run `bash Tests/run.sh` once (it "
                         "installs Tests/requirements.txt into .build/test-venv)")
    return python


class Fake:
    def __init__(self):
        self.process = subprocess.Popen([fake_python(), str(FAKE), "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        ready, _, _ = select.select([self.process.stdout], [], [], 20)
        line = self.process.stdout.readline().decode().strip() if ready else ""
        if not line.startswith("http://127.0.0.1:"):
            self.stop()
            raise BenchError("the fake upstream did not start")
        self.base_url = line
        parsed = urllib.parse.urlsplit(line)
        self.host, self.port = parsed.hostname, parsed.port
        # Measure breeze-rpc, not Open-Meteo's 429 above 5 in flight: builds without the shared budget (the
        # baseline) would otherwise meet refusals the others never do. `rounds` reads the peak in flight instead.
        self.control(action="open_meteo_concurrency", limit=None)

    def environment(self) -> dict:
        return {name: self.base_url + path for name, path in SERVICE_VARIABLES.items()}

    def _call(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def control(self, **command):
        return self._call("POST", "/__control", command)

    def stats(self) -> dict:
        return self._call("GET", "/__stats")

    def requests(self) -> list:
        return self._call("GET", "/__requests")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def last_upstream_target(fake: Fake) -> str:
    """The path and query of the last request the fake saw."""
    entries = fake.requests()
    entry = (entries.get("requests") if isinstance(entries, dict) else entries)[-1]
    return entry["path"] + "?" + entry["raw_query"]


def can_forecast(fake: Fake, target: str) -> None:
    """Makes the fake answer every forecast request with the body it computes for `target`, at once.

    The fake computes forecasts in Python (milliseconds, and noisy on a busy machine); a canned body keeps
    that out of comparisons of breeze-rpc with a direct fetch, which both see the same fixed answer. The body
    is canned as a JSON value, which the fake sends as FlatBuffers to requests that ask for them.
    """
    with urllib.request.urlopen(fake.base_url + as_json(target), timeout=60) as response:
        body = json.loads(response.read())
    fake.control(target="forecast", mode="body", body=body)


def as_json(target: str) -> str:
    """The same upstream request asking for JSON (breeze-rpc asks Open-Meteo for FlatBuffers by default)."""
    path, _, query = target.partition("?")
    return path + "?" + "&".join(pair for pair in query.split("&") if pair != "format=flatbuffers")


def forecast_requests_seen(fake: Fake) -> int:
    return fake.stats().get("counts", {}).get("/v1/forecast", 0)


# --------------------------------------------------------------------------------------------------
# breeze-rpc as a child process
# --------------------------------------------------------------------------------------------------


def clean_environment(cache_dir: str) -> dict:
    """The caller's environment without breeze-rpc's own settings, so nothing outside skews a run."""
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("BREEZE_") or k in ("OPEN_METEO_API_KEY", "GOOGLE_POLLEN_API_KEY"))}
    env["BREEZE_CACHE_DIR"] = cache_dir
    return env


class Breeze:
    """One breeze-rpc process with pipes; every read has a deadline."""

    def __init__(self, binary: Path, env: dict, args: list[str] | None = None, stderr_path: str | None = None):
        self.stderr = open(stderr_path, "ab") if stderr_path else subprocess.DEVNULL
        self.process = subprocess.Popen([str(binary)] + (args or []), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr, env=env)
        self.pid = self.process.pid
        self.out = self.process.stdout.fileno()
        self.buffer = bytearray()
        self.next_id = 1000000

    # -- I/O --

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def readline(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while True:
            index = self.buffer.find(b"\n")
            if index >= 0:
                line = bytes(self.buffer[:index])
                del self.buffer[:index + 1]
                return line
            left = deadline - time.monotonic()
            if left <= 0:
                raise BenchError(f"no reply within {timeout:.0f} s")
            ready, _, _ = select.select([self.out], [], [], left)
            if ready:
                chunk = os.read(self.out, 1 << 20)
                if not chunk:
                    raise BenchError("breeze-rpc closed its output")
                self.buffer += chunk

    def call(self, method: str, params=None, timeout: float = 60) -> tuple[dict, int, float]:
        """One request, waiting for its reply: (reply, reply bytes, seconds)."""
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
        started = time.perf_counter()
        self.send(line)
        reply = self.readline(timeout)
        elapsed = time.perf_counter() - started
        return json.loads(reply), len(reply), elapsed

    def pipeline(self, data: bytes, expect: int, timeout: float, close_after: bool = False) -> dict:
        """Writes `data` from a thread while reading `expect` replies; returns counts and the wall time."""
        failure = []

        def write():
            view = memoryview(data)
            try:
                while view:
                    written = os.write(self.process.stdin.fileno(), view[:1 << 16])
                    view = view[written:]
                if close_after:
                    self.process.stdin.close()
            except (BrokenPipeError, OSError) as error:
                failure.append(error)

        writer = threading.Thread(target=write, daemon=True)
        deadline = time.monotonic() + timeout
        started = time.perf_counter()
        writer.start()
        count = errors = nbytes = 0
        leftover = bytes(self.buffer)
        self.buffer.clear()
        while count < expect:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BenchError(f"only {count} of {expect} replies within {timeout:.0f} s")
            ready, _, _ = select.select([self.out], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.out, 1 << 20)
            if not chunk:
                raise BenchError(f"breeze-rpc closed its output after {count} of {expect} replies")
            nbytes += len(chunk)
            lines = (leftover + chunk).split(b"\n")
            leftover = lines.pop()
            count += len(lines)
            errors += sum(1 for line in lines if line.startswith(b'{"error"'))
        elapsed = time.perf_counter() - started
        self.buffer += leftover
        writer.join(timeout=max(1.0, deadline - time.monotonic()))
        return {"count": count, "errors": errors, "seconds": elapsed, "bytes": nbytes, "write_failure": failure}

    # -- state --

    def status(self) -> dict:
        """VmRSS and VmHWM in KiB."""
        values = {}
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                name, _, rest = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    values[name] = int(rest.split()[0])
        except (OSError, ValueError):
            pass
        return values

    def finish(self, timeout: float = 30, kill: bool = False):
        """Closes stdin (or kills) and reaps the process; returns its rusage (ru_maxrss in KiB)."""
        if kill:
            self.process.kill()
        else:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        timer = threading.Timer(timeout, self._kill)
        timer.start()
        try:
            # Drain stdout so a blocked writer can finish.
            while True:
                try:
                    chunk = os.read(self.out, 1 << 20)
                except OSError:
                    break
                if not chunk:
                    break
            _, status, usage = os.wait4(self.pid, 0)
            self.process.returncode = os.waitstatus_to_exitcode(status)
        finally:
            timer.cancel()
            self.process.stdout.close()
            if self.stderr is not subprocess.DEVNULL:
                self.stderr.close()
        return usage

    def _kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def requests_bytes(method: str, params_for, count: int, first_id: int = 1) -> bytes:
    parts = []
    for index in range(count):
        params = params_for(index)
        request = {"jsonrpc": "2.0", "id": first_id + index, "method": method}
        if params is not None:
            request["params"] = params
        parts.append(json.dumps(request, separators=(",", ":")))
    return ("\n".join(parts) + "\n").encode()


def distinct_place(index: int) -> dict:
    """A different point for every index (no two share an upstream URL, so nothing is cached or coalesced)."""
    return {"latitude": round(-60 + (index // 400) * 0.05, 4), "longitude": round(-170 + (index % 400) * 0.05, 4)}


class Features:
    def __init__(self, binary: Path, env: dict):
        help_text = subprocess.run([str(binary), "--help"], capture_output=True, text=True, env=env,
                                   timeout=30).stdout
        self.cache_setting = "BREEZE_CACHE" in help_text
        self.limit_setting = "BREEZE_MAX_CONCURRENT_PER_UPSTREAM" in help_text
        breeze = Breeze(binary, env)
        try:
            reply, _, _ = breeze.call("cacheStats", timeout=30)
        finally:
            breeze.finish()
        self.cache_stats = "result" in reply
        self.cache = self.cache_stats and reply["result"].get("enabled", False)


# --------------------------------------------------------------------------------------------------
# Sections. Each returns rows: (measure, value, detail).
# --------------------------------------------------------------------------------------------------


def cold_start(bins: dict, env: dict, runs: int) -> tuple[list, dict]:
    candidates = [("/bin/true (spawn floor)", Path("/bin/true"))] if Path("/bin/true").exists() else []
    candidates += [(f"breeze-rpc {name}", path) for name, (path, _) in bins.items() if path]
    samples = {label: {"exit": [], "reply": [], "rss": []} for label, _ in candidates}

    def once(label: str, binary: Path) -> None:
        timer = None
        started = time.perf_counter()
        process = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, env=env)
        try:
            timer = threading.Timer(20, process.kill)
            timer.start()
            try:
                process.stdin.write(PING)
                process.stdin.close()
            except BrokenPipeError:
                pass
            first = process.stdout.readline()
            replied = time.perf_counter()
            process.stdout.read()
            _, status, usage = os.wait4(process.pid, 0)
            finished = time.perf_counter()
            process.returncode = os.waitstatus_to_exitcode(status)
        finally:
            if timer:
                timer.cancel()
            process.stdout.close()
        if binary.name == "breeze-rpc" and b'"result":{}' not in first:
            raise BenchError(f"{label}: unexpected ping reply {first[:200]!r}")
        samples[label]["exit"].append(finished - started)
        samples[label]["reply"].append(replied - started)
        samples[label]["rss"].append(usage.ru_maxrss)

    for _ in range(3):  # warm the page cache
        for label, binary in candidates:
            once(label, binary)
    for sample in samples.values():
        for values in sample.values():
            values.clear()
    for _ in range(runs):
        for label, binary in candidates:  # interleaved
            once(label, binary)

    # Peak RSS. A child forked from this Python process inherits its high-water mark across exec, so
    # wait4's ru_maxrss never reads below Python's own size; GNU time forks from a small process instead.
    rss_source = "wait4 ru_maxrss (includes this Python's RSS: see the /bin/true row)"
    gnu_time = shutil.which("time", path="/usr/bin:/bin") or ""
    if gnu_time:
        try:
            with tempfile.NamedTemporaryFile() as out:
                for label, binary in candidates:
                    peaks = []
                    for _ in range(5):
                        subprocess.run([gnu_time, "-f", "%M", "-o", out.name, str(binary)], input=PING,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=20)
                        peaks.append(int(Path(out.name).read_text().split()[-1]))
                    samples[label]["rss"] = peaks
            rss_source = "GNU time %M"
        except (OSError, ValueError, IndexError, subprocess.TimeoutExpired):
            pass

    rows = []
    for label, sample in samples.items():
        rows.append((f"cold start, {label}", f"{ms(median(sample['exit']))} median, {ms(percentile(sample['exit'], 90))} p90",
                     f"peak RSS {mib(median(sample['rss']))}; ping reply at {ms(median(sample['reply']))}; {runs} runs; "
                     f"RSS from {rss_source}"))
    for name, (path, why) in bins.items():
        if not path:
            rows.append((f"cold start, breeze-rpc {name}", "unavailable", why))
        else:  # what the install command puts in ~/.local/bin (static), or the quick start builds (dynamic)
            nbytes = path.stat().st_size
            rows.append((f"binary size, {name}", size(nbytes), f"{nbytes:,} bytes, {os.path.relpath(path, ROOT)}"))
            if name == "static":
                rows.extend(shipped_sizes(path))
    raw = {label: {k: median(v) for k, v in s.items()} | {"exit_p90": percentile(s["exit"], 90)}
           for label, s in samples.items()}
    if "breeze-rpc dynamic" in raw and "breeze-rpc static" in raw:
        ratio = raw["breeze-rpc static"]["exit"] / raw["breeze-rpc dynamic"]["exit"]
        rows.append(("cold start, static / dynamic", f"{ratio:.2f}×", "median spawn-to-exit ratio"))
    return rows, raw


def shipped_sizes(binary: Path) -> list:
    """The static binary as the wheel ships it (stripped, place table included), and the wheel's own size."""
    sys.path.insert(0, str(ROOT / "clients" / "pypi"))
    import build_wheel

    with tempfile.TemporaryDirectory() as scratch:
        try:
            stripped = build_wheel.stripped(binary, Path(scratch))
            wheel = build_wheel.write_wheel(stripped, Path(scratch) / "dist")
        except (SystemExit, OSError, subprocess.CalledProcessError) as error:
            return [("binary size, static, stripped", "unavailable", str(error))]
        nbytes, wbytes = stripped.stat().st_size, wheel.stat().st_size
        return [("binary size, static, stripped", size(nbytes), f"{nbytes:,} bytes, what the wheel ships"),
                ("wheel size", size(wbytes), f"{wbytes:,} bytes, {wheel.name} (clients/pypi/build_wheel.py)")]


INITIALIZE = (b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
              b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n')
TOOLS_LIST = b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'
#: The official MCP SDKs, in the environments Tests/run.sh makes (pip packages; not needed for anything else).
MCP_SDKS = [("mcp 2.x, default mode (modern)", ROOT / ".build" / "test-venv" / "bin" / "python"),
            ("mcp 1.x (legacy initialize)", ROOT / ".build" / "test-venv-mcp1" / "bin" / "python")]


def mcp(bins: dict, binary: Path, env: dict, runs: int) -> tuple[list, dict]:
    """MCP: spawn → `initialize` reply per build, the size of `tools/list`, and each official SDK's connect +
    `tools/list` + one `tools/call` wall time (a fake upstream answers the call)."""
    rows, raw = [], {}
    for name, (path, why) in bins.items():
        if not path:
            rows.append((f"MCP cold start to the initialize reply, {name}", "unavailable", why))
            continue
        times = []
        for index in range(runs + 3):  # the first three warm the page cache
            started = time.perf_counter()
            process = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, env=env)
            process.stdin.write(INITIALIZE)
            process.stdin.flush()
            line = process.stdout.readline()
            replied = time.perf_counter()
            process.stdin.close()
            process.stdout.read()
            process.wait(timeout=20)
            process.stdout.close()
            if b'"protocolVersion":"2025-11-25"' not in line:
                raise BenchError(f"unexpected initialize reply {line[:200]!r}")
            if index >= 3:
                times.append(replied - started)
        raw[f"initialize_{name}"] = median(times)
        rows.append((f"MCP cold start to the initialize reply, {name}",
                     f"{ms(median(times))} median, {ms(percentile(times, 90))} p90", f"{runs} runs"))
    listed = subprocess.run([str(binary)], input=TOOLS_LIST, capture_output=True, env=env, timeout=20).stdout
    tools = json.loads(listed)["result"]["tools"]
    raw["tools_list_bytes"] = len(listed.rstrip(b"\n"))
    rows.append(("MCP tools/list reply", size(raw["tools_list_bytes"]), f"{len(tools)} tools, compact JSON"))
    fake = Fake()
    try:
        config = json.dumps({"binary": str(binary), "env": {**env, **fake.environment()}})
        for label, python in MCP_SDKS:
            if not python.exists():
                rows.append((f"MCP connect + tools/list + tools/call, {label}", "unavailable",
                             f"no {python}: run `bash Tests/run.sh` once to make it"))
                continue
            done = subprocess.run([str(python), str(ROOT / "Tests" / "EndToEnd" / "support" / "mcp_driver.py"), "--time", "10",
                                   config], capture_output=True, text=True, timeout=300)
            if done.returncode != 0:
                raise BenchError(f"{label}: {done.stderr.strip()[-500:]}")
            sessions = json.loads(done.stdout)
            totals = [session["total"] for session in sessions]
            raw[label] = sessions
            parts = {part: median([session[part] for session in sessions]) for part in ("connect", "list", "call")}
            rows.append((f"MCP connect + tools/list + tools/call, {label}", f"{ms(median(totals))} median",
                         f"connect {ms(parts['connect'])}, tools/list {ms(parts['list'])}, searchCities "
                         f"{ms(parts['call'])}; 10 sessions, each spawning breeze-rpc"))
    finally:
        fake.stop()
    return rows, raw


def throughput(binary: Path, env: dict, fake: Fake, features: Features, pings: int, quick: bool, tmp: str) -> tuple[list, dict]:
    rows, raw = [], {}
    breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "throughput.log"))
    try:
        breeze.call("ping", timeout=30)
        result = breeze.pipeline(requests_bytes("ping", lambda i: None, pings), pings, timeout=300)
        peak = breeze.status().get("VmHWM", math.nan)
    finally:
        breeze.finish()
    raw["ping"] = result | {"peak_kib": peak}
    rows.append((f"throughput, {pings:,} pipelined ping", rate(pings, result["seconds"]),
                 f"{result['seconds']:.2f} s wall; {result['errors']} errors; peak RSS (VmHWM) {mib(peak)}"))

    # fetchForecast, the same request over and over.
    fake.control(action="reset")
    place = {"latitude": 52.52, "longitude": 13.41}
    if features.cache:
        count, label = pings, "served from the cache"
    else:
        # Without a cache every call is an upstream request: fewer of them, against a canned body so the
        # number is breeze-rpc's and not the fake's (which computes a forecast in Python in milliseconds).
        count = 500 if quick else 2000
        label = "NO cache in this build (cacheStats absent): every call went upstream, canned body"
    breeze = Breeze(binary, dict(env, BREEZE_TIMEOUT="120"), stderr_path=os.path.join(tmp, "throughput.log"))
    try:
        first, first_size, _ = breeze.call("fetchForecast", place, timeout=30)
        if "result" not in first:
            raise BenchError(f"fetchForecast failed: {json.dumps(first)[:300]}")
        if not features.cache:
            can_forecast(fake, last_upstream_target(fake))
        result = breeze.pipeline(requests_bytes("fetchForecast", lambda i: place, count), count, timeout=300)
        stats = breeze.call("cacheStats", timeout=30)[0] if features.cache_stats else None
    finally:
        breeze.finish()
    upstream = forecast_requests_seen(fake)
    fake.control(action="reset")
    raw["forecast"] = result | {"upstream": upstream, "reply_bytes": first_size, "cache": features.cache}
    detail = (f"{label}; {result['seconds']:.2f} s wall; upstream saw {upstream} request(s) for "
              f"{count + 1:,} calls; {result['errors']} errors; reply {size(first_size)}")
    if stats and "result" in stats:
        forecast_stats = stats["result"].get("upstreams", {}).get("forecast", {})
        detail += f"; cacheStats forecast {json.dumps(forecast_stats, separators=(',', ':'))}"
    rows.append((f"throughput, {count:,} fetchForecast (same request)", rate(count, result["seconds"]), detail))
    ping_rate = pings / raw["ping"]["seconds"]
    rows.append(("throughput, cached fetchForecast vs ping (same run)",
                 f"{100 * (count / result['seconds']) / ping_rate:.1f} % of ping", "requests per second, ratio"))
    rows.append(mcp_forecast(binary, env, fake, 100 if quick else 400, tmp, raw))
    return rows, raw


MCP_FORECAST = {"latitude": 52.52, "longitude": 13.41, "models": ["icon_seamless", "gfs_seamless", "ecmwf_ifs025"],
                "hourly": ["temperature_2m", "precipitation", "wind_speed_10m"], "forecastDays": 16}


def mcp_forecast(binary: Path, env: dict, fake: Fake, calls: int, tmp: str, raw: dict) -> tuple:
    """An MCP `tools/call` of `fetchForecast` for three models over 16 days at `standard` (a tool call's default),
    upstream cached: the wall time per call, sequential. Each call differs in `timeoutMs` only, so the reply is
    bounded and written every time, not served from the bytes kept for equal params."""
    fake.control(action="reset")
    breeze = Breeze(binary, dict(env, BREEZE_CACHE="memory"), stderr_path=os.path.join(tmp, "throughput.log"))
    try:
        breeze.call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                   "clientInfo": {"name": "bench", "version": "1"}}, timeout=30)
        breeze.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        times, reply_size = [], 0
        for index in range(-5, calls):  # 5 warm-up calls, the first filling the cache
            reply, reply_size, elapsed = breeze.call(
                "tools/call", {"name": "fetchForecast", "arguments": MCP_FORECAST | {"timeoutMs": 30_000 + index}},
                timeout=60)
            if "result" not in reply or reply["result"].get("isError"):
                raise BenchError(f"MCP fetchForecast failed: {json.dumps(reply)[:300]}")
            if index >= 0:
                times.append(elapsed)
    finally:
        breeze.finish()
        fake.control(action="reset")
    raw["mcp_forecast"] = {"median": median(times), "reply_bytes": reply_size}
    return ("throughput, MCP tools/call fetchForecast, 3 models × 16 days, standard, cached",
            f"{ms(median(times))} median per call",
            f"{calls} sequential calls after 5 warm-up; reply {size(reply_size)} (hourly temperature, precipitation "
            f"and wind for icon_seamless, gfs_seamless and ecmwf_ifs025)")


def logging_cost(binary: Path, env: dict, count: int, tmp: str) -> tuple[list, dict]:
    """What `--log-level info` costs: the same pipelined, cached `fetchForecast` at warn (nothing written) and at
    info (one `event=upstream` line per call, the worst case), interleaved twice; the faster run of each counts."""
    place = {"latitude": 52.52, "longitude": 13.41}
    runs: dict[str, list] = {"warn": [], "info": []}
    for level in ("warn", "info", "warn", "info"):
        path = os.path.join(tmp, f"logging-{level}-{len(runs[level])}.log")
        breeze = Breeze(binary, dict(env, BREEZE_TIMEOUT="120", BREEZE_CACHE="memory", BREEZE_LOG_LEVEL=level),
                        stderr_path=path)
        try:
            first = breeze.call("fetchForecast", place, timeout=30)[0]
            if "result" not in first:
                raise BenchError(f"fetchForecast failed: {json.dumps(first)[:300]}")
            result = breeze.pipeline(requests_bytes("fetchForecast", lambda i: place, count), count, timeout=300)
        finally:
            breeze.finish()
        with open(path, "rb") as log_file:
            written = log_file.read()
        runs[level].append(result | {"lines": written.count(b"\n"), "bytes": len(written)})
    best = {level: min(results, key=lambda r: r["seconds"]) for level, results in runs.items()}
    extra_us = (best["info"]["seconds"] - best["warn"]["seconds"]) / count * 1e6
    rows = [(f"logging, {count:,} cached fetchForecast at info vs warn",
             f"{rate(count, best['info']['seconds'])} vs {rate(count, best['warn']['seconds'])}",
             f"{extra_us:+.1f} µs per call; info wrote {best['info']['lines']:,} lines "
             f"({size(best['info']['bytes'])}), warn {best['warn']['lines']} lines")]
    return rows, {level: results for level, results in runs.items()}


def random_points(count: int, seed: int = 23) -> list[tuple[float, float]]:
    """`count` seeded points between 60 degrees south and 70 north (land and sea, as clients would ask)."""
    import random

    generator = random.Random(seed)
    return [(round(generator.uniform(-60, 70), 5), round(generator.uniform(-180, 180), 5)) for _ in range(count)]


def places(binary: Path, env: dict, lookups: int, tmp: str) -> tuple[list, dict]:
    """`findPlace` over the embedded table: `lookups` pipelined one-point calls (each a whole request), then the
    same points as lists of 100 (the look-up with less per-call overhead), each in a fresh process; the same
    number of pipelined `ping`s first, as the floor of a call."""
    points = random_points(lookups)
    rows, raw = [], {}
    runs = [
        ("ping", requests_bytes("ping", lambda i: None, lookups), lookups),
        ("one point per call", requests_bytes(
            "findPlace", lambda i: {"latitude": points[i][0], "longitude": points[i][1]}, lookups), lookups),
        ("100 points per call", requests_bytes(
            "findPlace", lambda i: {"latitude": [p[0] for p in points[i * 100:(i + 1) * 100]],
                                    "longitude": [p[1] for p in points[i * 100:(i + 1) * 100]]}, lookups // 100),
         lookups // 100),
    ]
    for label, data, calls in runs:
        breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "places.log"))
        try:
            breeze.call("ping", timeout=30)
            result = breeze.pipeline(data, calls, timeout=600)
            peak = breeze.status().get("VmHWM", math.nan)
        finally:
            breeze.finish()
        raw[label] = result | {"peak_kib": peak}
        per = result["seconds"] / lookups * 1e6
        rows.append((f"places, {lookups:,} findPlace look-ups, {label}" if label != "ping" else
                     f"places, {lookups:,} pipelined ping (the floor)",
                     f"{per:.1f} µs per {'call' if label == 'ping' else 'look-up'}",
                     f"{result['seconds']:.2f} s wall; {calls:,} calls; {result['errors']} error replies; "
                     f"peak RSS (VmHWM) {mib(peak)}"))
    return rows, raw


def alerts(binary: Path, env: dict, fake: Fake, runs: int, tmp: str) -> tuple[list, dict]:
    """`fetchAlerts` over the fake's MeteoAlarm feed for Germany (about 3 MB, mostly expired warnings, as the real
    one): CPU and peak-RSS growth of the first call in a fresh process (fetch, parse, filter, match), median of
    `runs` processes; then, the feed cached, calls of 100 points each near Berlin against as many pipelined pings."""
    berlin = {"latitude": 52.52, "longitude": 13.405}
    fake.control(action="meteoalarm_filler", count=540)
    # The fake writes the feed in Python: fetched once first (its warnings are then made), and a long deadline, so
    # that what is measured is breeze-rpc's work, not the fake's on a loaded machine.
    env = dict(env, BREEZE_TIMEOUT="120")
    connection = http.client.HTTPConnection(fake.host, fake.port, timeout=120)
    try:
        connection.request("GET", SERVICE_VARIABLES["BREEZE_METEOALARM_URL"] + "/feeds-germany")
        feed_bytes = len(connection.getresponse().read())
    finally:
        connection.close()
    cpu, growth = [], []
    for _ in range(runs):
        breeze = Breeze(binary, dict(env, BREEZE_CACHE="memory"), stderr_path=os.path.join(tmp, "alerts.log"))
        try:
            breeze.call("ping", timeout=30)
            before_cpu, before_peak = cpu_seconds(breeze.pid), breeze.status().get("VmHWM", math.nan)
            reply, _, _ = breeze.call("fetchAlerts", berlin, timeout=180)
            if "result" not in reply:
                raise BenchError(f"fetchAlerts failed: {json.dumps(reply)[:300]}")
            cpu.append(cpu_seconds(breeze.pid) - before_cpu)
            growth.append(breeze.status().get("VmHWM", math.nan) - before_peak)
        finally:
            breeze.finish()
    import random

    generator = random.Random(30)
    calls, per_call = 50, 100
    lists = [[(52.52 + generator.uniform(-0.1, 0.1), 13.405 + generator.uniform(-0.1, 0.1)) for _ in range(per_call)]
             for _ in range(calls)]
    timings = {}
    for label, data in [("ping", requests_bytes("ping", lambda i: None, calls * per_call)),
                        ("fetchAlerts", requests_bytes("fetchAlerts", lambda i: {
                            "latitude": [p[0] for p in lists[i]], "longitude": [p[1] for p in lists[i]]}, calls))]:
        breeze = Breeze(binary, dict(env, BREEZE_CACHE="memory"), stderr_path=os.path.join(tmp, "alerts.log"))
        try:
            breeze.call("fetchAlerts", berlin, timeout=180)  # the feed fetched and parsed once
            expect = calls * per_call if label == "ping" else calls
            timings[label] = breeze.pipeline(data, expect, timeout=600)
        finally:
            breeze.finish()
    per_point = timings["fetchAlerts"]["seconds"] / (calls * per_call) * 1e6
    per_ping = timings["ping"]["seconds"] / (calls * per_call) * 1e6
    rows = [
        ("alerts, 3 MB MeteoAlarm feed fetched, parsed, filtered, matched",
         f"{ms(median(cpu))} CPU, peak RSS +{mib(median(growth))}",
         f"median of {runs} fresh processes, first fetchAlerts at Berlin; feed {size(feed_bytes)}; "
         f"ranges {ms(min(cpu))}–{ms(max(cpu))}, +{mib(min(growth))}–{mib(max(growth))}"),
        ("alerts, cached feed answering 100 points per call",
         f"{per_point:.1f} µs per point vs {per_ping:.1f} µs per ping",
         f"{calls} pipelined calls of 100 points near Berlin against {calls * per_call:,} pipelined pings; "
         f"{timings['fetchAlerts']['errors']} error replies"),
    ]
    return rows, {"cpu": cpu, "growth_kib": growth, "feed_bytes": feed_bytes, "timings": timings}


def overhead(binary: Path, env: dict, fake: Fake, calls: int, tmp: str) -> tuple[list, dict]:
    env = dict(env, BREEZE_CACHE="off")
    fake.control(action="reset")
    breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "overhead.log"))
    connection = http.client.HTTPConnection(fake.host, fake.port, timeout=30)
    through, direct, urllib_times, pairs = [], [], [], []
    try:
        reply, reply_size, _ = breeze.call("fetchForecast", distinct_place(0), timeout=30)
        if "result" not in reply:
            raise BenchError(f"fetchForecast failed: {json.dumps(reply)[:300]}")
        can_forecast(fake, last_upstream_target(fake))
        for index in range(-5, calls):  # 5 warm-up calls, not counted
            place = distinct_place(index + 6)
            fake.control(action="clear_requests")
            reply, _, elapsed = breeze.call("fetchForecast", place, timeout=30)
            if "result" not in reply:
                raise BenchError(f"fetchForecast failed: {json.dumps(reply)[:300]}")
            target = last_upstream_target(fake)
            # The same URL, straight from Python: a keep-alive connection, as breeze-rpc keeps one.
            started = time.perf_counter()
            connection.request("GET", target, headers={"Accept": "application/json"})
            response = connection.getresponse()
            body = response.read()
            direct_elapsed = time.perf_counter() - started
            if response.status != 200 or not body:
                raise BenchError(f"direct fetch failed: {response.status}")
            # And with urllib.request, which opens a new connection every time.
            started = time.perf_counter()
            with urllib.request.urlopen(fake.base_url + target, timeout=30) as answer:
                answer.read()
            urllib_elapsed = time.perf_counter() - started
            if index >= 0:
                through.append(elapsed)
                direct.append(direct_elapsed)
                urllib_times.append(urllib_elapsed)
                pairs.append(elapsed - direct_elapsed)
    finally:
        connection.close()
        breeze.finish()
        fake.control(action="reset")
    raw = {"breeze_p50": median(through), "breeze_p99": percentile(through, 99), "direct_p50": median(direct),
           "direct_p99": percentile(direct, 99), "added_p50": median(pairs), "added_p99": percentile(pairs, 99),
           "urllib_p50": median(urllib_times), "reply_bytes": reply_size, "upstream_bytes": len(body)}
    rows = [
        (f"overhead, fetchForecast via breeze-rpc ({calls} sequential, cache off)",
         f"{ms(raw['breeze_p50'])} p50, {ms(raw['breeze_p99'])} p99",
         f"write request → read reply, in the client; fake answers a canned {size(len(body))} forecast body; "
         f"reply {size(reply_size)}"),
        ("overhead, same URL fetched directly (http.client, keep-alive)",
         f"{ms(raw['direct_p50'])} p50, {ms(raw['direct_p99'])} p99",
         f"urllib.request (new connection each time): {ms(raw['urllib_p50'])} p50"),
        ("overhead, added by breeze-rpc", f"{ms(raw['added_p50'])} p50, {ms(raw['added_p99'])} p99",
         f"per-call difference; ratio of p50s {raw['breeze_p50'] / raw['direct_p50']:.2f}×"),
    ]
    return rows, raw


def concurrency(binary: Path, env: dict, fake: Fake, features: Features, limit_arg: int | None, tmp: str) -> tuple[list, dict]:
    calls, delay = 200, 0.2
    env = dict(env, BREEZE_CACHE="off", BREEZE_TIMEOUT="120")
    if features.limit_setting:
        limit = limit_arg or 4
        if limit_arg:
            env["BREEZE_MAX_CONCURRENT_PER_UPSTREAM"] = str(limit_arg)
        limit_text = f"per-upstream limit {limit}" + ("" if limit_arg else " (default)")
    else:
        limit = 6
        limit_text = "no per-upstream limit in this build: URLSession's 6 connections per host"
    fake.control(action="reset")
    fake.control(target="forecast", mode="delay", ms=int(delay * 1000))
    breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "concurrency.log"))
    try:
        breeze.call("ping", timeout=30)
        result = breeze.pipeline(requests_bytes("fetchForecast", distinct_place, calls), calls, timeout=120)
    finally:
        breeze.finish()
        stats = fake.stats()
        fake.control(action="reset")
    ideal = math.ceil(calls / limit) * delay
    raw = result | {"limit": limit, "ideal": ideal, "max_concurrency": stats.get("maxInFlight"),
                    "upstream": stats.get("counts", {}).get("/v1/forecast", 0)}
    rows = [(f"concurrency, {calls} distinct calls, upstream 200 ms each",
             f"{result['seconds']:.2f} s wall, ideal {ideal:.2f} s ({result['seconds'] / ideal:.2f}×)",
             f"{limit_text}; fake saw at most {raw['max_concurrency']} at once, {raw['upstream']} requests; "
             f"{result['count'] - result['errors']} of {calls} replies ok")]
    return rows, raw


def fleet_question(index: int) -> dict:
    """The burst's questions: every fourth call one of 5 that all processes ask, the others spread over 30."""
    number = index % 5 if index % 4 == 0 else 10 + index % 40
    return {"latitude": round(40 + number * 0.37, 2), "longitude": 13.41}


def fleet(binary: Path, env: dict, fake: Fake, second_calls: int, tmp: str) -> tuple[list, dict]:
    """Eight processes sharing one cache directory: a burst of 200 calls over 35 questions against an upstream
    that answers in 50 ms (upstream requests, peak in flight at the upstream); then a question another process
    fetched, asked by a fresh process (a disk-cache hit there)."""
    processes, calls = 8, 200
    directory = os.path.join(tmp, "fleet-cache")
    shutil.rmtree(directory, ignore_errors=True)
    shared = dict(env, BREEZE_CACHE="on", BREEZE_CACHE_DIR=directory, BREEZE_TIMEOUT="60")
    fake.control(action="reset")
    fake.control(target="forecast", mode="delay", ms=50)
    fleet = [Breeze(binary, shared, stderr_path=os.path.join(tmp, "fleet.log")) for _ in range(processes)]
    results: list = [None] * processes
    try:
        for breeze in fleet:
            breeze.call("ping", timeout=30)
        fake.control(action="reset_peaks")

        def burst(number: int) -> None:
            mine = [index for index in range(calls) if index % processes == number]
            data = requests_bytes("fetchForecast", lambda i: fleet_question(mine[i]), len(mine))
            results[number] = fleet[number].pipeline(data, len(mine), timeout=120)

        threads = [threading.Thread(target=burst, args=(number,)) for number in range(processes)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(130)
        wall = time.perf_counter() - started
    finally:
        for breeze in fleet:
            breeze.finish()
        stats = fake.stats()
    if any(result is None for result in results):
        raise BenchError("a process of the burst did not answer")
    errors = sum(result["errors"] for result in results)
    upstream = stats.get("counts", {}).get("/v1/forecast", 0)
    raw = {"upstream": upstream, "peak": stats.get("openMeteoPeakInFlight"), "errors": errors, "seconds": wall}
    # A cached call from a second process: one process fetches, a fresh one asks the same questions.
    fake.control(action="reset")
    directory = os.path.join(tmp, "fleet-second")
    shutil.rmtree(directory, ignore_errors=True)
    own = dict(env, BREEZE_CACHE="on", BREEZE_CACHE_DIR=directory)
    first = Breeze(binary, own, stderr_path=os.path.join(tmp, "fleet.log"))
    try:
        for index in range(second_calls):
            first.call("fetchForecast", distinct_place(index), timeout=30)
    finally:
        first.finish()
    fetched = forecast_requests_seen(fake)
    second = Breeze(binary, own, stderr_path=os.path.join(tmp, "fleet.log"))
    times = []
    try:
        second.call("ping", timeout=30)
        for index in range(second_calls):
            reply, _, elapsed = second.call("fetchForecast", distinct_place(index), timeout=30)
            if "result" not in reply:
                raise BenchError(f"fetchForecast failed: {json.dumps(reply)[:300]}")
            times.append(elapsed)
    finally:
        second.finish()
        if forecast_requests_seen(fake) != fetched:
            raise BenchError("the second process fetched again instead of reading the disk cache")
        fake.control(action="reset")
    raw |= {"second_p50": median(times), "second_p99": percentile(times, 99)}
    rows = [
        (f"fleet, burst of {calls} calls from {processes} processes, one cache dir (35 questions)",
         f"{upstream} upstream requests, peak {raw['peak']} in flight",
         f"upstream 50 ms each; {wall:.2f} s wall; {calls - errors} of {calls} replies ok"),
        (f"fleet, cached call from a second process ({second_calls} sequential)",
         f"{ms(raw['second_p50'])} p50, {ms(raw['second_p99'])} p99",
         "another process fetched and stored each answer; this one reads it from disk"),
    ]
    return rows, raw


def rounds(binary: Path, env: dict, fake: Fake, calls: int, tmp: str) -> tuple[list, dict]:
    """Upstream requests and round trips of one `fetchDashboard` and one `fetchClimate` against an upstream that
    answers every request in 100 ms.

    Round trips two ways: the time the 100 ms answers add to the call, over those 100 ms (1 when every request
    goes out at once, 2 when some wait for a slot or for another answer): each place is asked once without the
    delay, then again with it, so the fake's own time to compute its answers (large on a loaded machine) cancels
    out; and the waves of requests the fake saw arrive (a request arriving more than half the delay after the one
    before it starts a new wave)."""
    delay = 0.1
    env = dict(env, BREEZE_CACHE="off", BREEZE_TIMEOUT="60")
    rows, raw = [], {}
    fake.control(action="reset")
    fake.control(target="*", mode="delay", ms=int(delay * 1000))
    breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "rounds.log"))
    try:
        breeze.call("ping", timeout=30)
        for method in ("fetchDashboard", "fetchClimate", "findOutdoorWindows"):
            counts, times, added, peaks, waves, errors = [], [], [], [], [], 0
            for index in range(calls):
                # A place of its own each time, so nothing is coalesced with an earlier call.
                place = {"latitude": round(48 + index * 0.1, 4), "longitude": round(10 + index * 0.1, 4)}
                if method == "findOutdoorWindows":
                    place |= {"hours": 96, "activity": {"intensity": "vigorous"}, "profile": OUTDOOR_PROFILE}
                fake.control(action="reset")
                _, _, undelayed = breeze.call(method, place, timeout=60)
                fake.control(action="reset")
                fake.control(target="*", mode="delay", ms=int(delay * 1000))
                reply, _, seconds = breeze.call(method, place, timeout=60)
                added.append(seconds - undelayed)
                errors += "error" in reply or bool((reply.get("result") or {}).get("errors"))
                stats = fake.stats()
                counts.append(stats.get("total", 0))
                entries = fake.requests()
                arrivals = sorted(entry["time"] for entry in (entries.get("requests") if isinstance(entries, dict)
                                                              else entries))
                waves.append(1 + sum(later - earlier > delay / 2 for earlier, later in zip(arrivals, arrivals[1:])))
                peaks.append(stats.get("openMeteoPeakInFlight", stats.get("maxInFlight")))
                times.append(seconds)
            raw[method] = {"requests": counts, "seconds": times, "added": added, "open_meteo_peak": peaks, "waves": waves,
                           "errors": errors}
            rows.append((f"rounds, one {method}, upstream 100 ms each",
                         f"{median(counts):.0f} upstream requests, {median(added) / delay:.2f} round trips",
                         f"median of {calls} calls at distinct places: {ms(median(times))} wall, "
                         f"{ms(median(added))} more than without the delay; waves of requests at "
                         f"the fake {min(waves)}–{max(waves)}; Open-Meteo requests in flight at most {max(peaks)}; "
                         f"{calls - errors} of {calls} replies without errors; cache off"))
    finally:
        breeze.finish()
        fake.control(action="reset")
    # The same place asked again for another person and activity, with the cache on: the upstream requests of
    # findOutdoorWindows do not depend on them, so the second call is answered from the cache.
    breeze = Breeze(binary, dict(env, BREEZE_CACHE="memory", BREEZE_TIMEOUT="60"),
                    stderr_path=os.path.join(tmp, "rounds.log"))
    try:
        place = {"latitude": 47.5, "longitude": 9.5}
        breeze.call("findOutdoorWindows", place | {"hours": 96, "profile": OUTDOOR_PROFILE}, timeout=60)
        first = fake.stats().get("total", 0)
        reply, _, _ = breeze.call("findOutdoorWindows", place | {"hours": 24, "activity": {"intensity": "light"},
                                                                 "aqiScale": "eu"}, timeout=60)
        second = fake.stats().get("total", 0) - first
    finally:
        breeze.finish()
        fake.control(action="reset")
    raw["findOutdoorWindows again"] = {"first": first, "second": second, "error": "error" in reply}
    rows.append(("rounds, findOutdoorWindows again for another profile and activity",
                 f"{second} upstream requests", f"the first call made {first}; cache on (memory)"))
    return rows, raw


def outdoors(binary: Path, env: dict, fake: Fake, calls: int, tmp: str) -> tuple[list, dict]:
    """CPU per `findOutdoorWindows` call (96 hours, every sensitivity and pollen taxon) with its two upstream answers
    cached, at each `detail` (`full`, what a plain JSON-RPC call gets; `standard`, an MCP tool call's; `summary`),
    against a cached `fetchForecast` of the same 96 hours and forecast variables.

    Each call differs from the one before in `timeoutMs` only, so both ask the same (cached) upstream requests
    and neither reply is served from the bytes kept for equal params: every call evaluates and writes its answer.
    The three details share one process and one filled cache. The kernel counts CPU in clock ticks (10 ms), so the
    much cheaper fetchForecast gets five times the calls, or its few ticks would make the ratio jump."""
    env = dict(env, BREEZE_CACHE="memory", BREEZE_TIMEOUT="60")
    place = {"latitude": 52.52, "longitude": 13.41}
    outdoor = place | {"hours": 96, "activity": {"intensity": "vigorous", "durationMinutes": 90},
                       "profile": OUTDOOR_PROFILE}
    questions = {
        "findOutdoorWindows": {detail: outdoor | {"detail": detail} for detail in ("full", "standard", "summary")},
        "fetchForecast": {"default": place | {"hourly": OUTDOOR_HOURLY, "forecastDays": 4}},
    }
    counts = {"findOutdoorWindows": calls, "fetchForecast": 5 * calls}
    measured, upstream = {}, {}
    for method, variants in questions.items():
        calls = counts[method]
        fake.control(action="reset")
        breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "outdoors.log"))
        try:
            for name, params in variants.items():
                reply, reply_size, _ = breeze.call(method, params, timeout=60)  # fills the cache
                if "result" not in reply:
                    raise BenchError(f"{method} failed: {json.dumps(reply)[:300]}")
                for index in range(20):  # warm-up
                    breeze.call(method, params | {"timeoutMs": 30_000 + index}, timeout=60)
                before = cpu_seconds(breeze.pid)
                for index in range(calls):
                    breeze.call(method, params | {"timeoutMs": 40_000 + index}, timeout=60)
                measured[method, name] = {"cpu_per_call": (cpu_seconds(breeze.pid) - before) / calls,
                                          "reply_bytes": reply_size}
            upstream[method] = fake.stats().get("total", 0)
        finally:
            breeze.finish()
            fake.control(action="reset")
    forecast = measured["fetchForecast", "default"]
    raw = {"fetchForecast": forecast | {"upstream": upstream["fetchForecast"]},
           "findOutdoorWindows": {"upstream": upstream["findOutdoorWindows"]}}
    for detail in questions["findOutdoorWindows"]:
        answer = measured["findOutdoorWindows", detail]
        raw["findOutdoorWindows"][detail] = answer | {"ratio": answer["cpu_per_call"] / forecast["cpu_per_call"]}
    raw["ratio"] = raw["findOutdoorWindows"]["full"]["ratio"]
    details = raw["findOutdoorWindows"]
    rows = []
    rows.append(("outdoors, findOutdoorWindows 96 h, full profile, cached",
                 "; ".join(f"{detail} {ms(details[detail]['cpu_per_call'])} CPU per call, "
                           f"{details[detail]['ratio']:.2f}× a cached fetchForecast"
                           for detail in questions["findOutdoorWindows"]),
                 f"fetchForecast of the same 96 hours and 8 variables {ms(forecast['cpu_per_call'])}; replies "
                 + ", ".join(f"{size(details[detail]['reply_bytes'])} ({detail})"
                             for detail in questions["findOutdoorWindows"])
                 + f" vs {size(forecast['reply_bytes'])}; {counts['findOutdoorWindows']} sequential calls per "
                 f"detail, {counts['fetchForecast']} of fetchForecast; upstream requests "
                 f"{details['upstream']} and {raw['fetchForecast']['upstream']} (the first call's)"))
    return rows, raw


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (all threads), from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def payload(binary: Path, env: dict, fake: Fake, repeats: int, cpu_calls: int, tmp: str) -> tuple[list, dict]:
    """The large forecast with each upstream format: wall time, breeze-rpc's CPU per call, body sizes."""
    params = {"latitude": 52.52, "longitude": 13.41, "hourly": HOURLY_20, "forecastDays": 16}
    rows, raw = [], {}
    for format in ("flatbuffers", "json"):
        fake.control(action="reset")
        breeze = Breeze(binary, dict(env, BREEZE_CACHE="off", BREEZE_UPSTREAM_FORMAT=format),
                        stderr_path=os.path.join(tmp, "payload.log"))
        connection = http.client.HTTPConnection(fake.host, fake.port, timeout=60)
        times, direct = [], []
        try:
            reply, reply_size, _ = breeze.call("fetchForecast", params, timeout=60)  # warm-up
            if "result" not in reply:
                raise BenchError(f"large fetchForecast failed: {json.dumps(reply)[:300]}")
            hours = len(reply["result"]["hourly"]["time"])
            variables = len(reply["result"]["hourly"]["values"])
            target = last_upstream_target(fake)
            can_forecast(fake, target)
            breeze.call("fetchForecast", params, timeout=60)  # the canned body converted once by the fake
            for index in range(repeats):
                _, reply_size, elapsed = breeze.call("fetchForecast", dict(params, latitude=40 + index / 1000),
                                                     timeout=60)
                times.append(elapsed)
                started = time.perf_counter()
                connection.request("GET", target)
                body = connection.getresponse().read()
                direct.append(time.perf_counter() - started)
            # CPU: many sequential calls, since the kernel counts in clock ticks (10 ms). Each asks for a point
            # of its own, so none is served from the replies kept beside earlier bodies: every call decodes
            # the (canned) upstream body and encodes its reply.
            before = cpu_seconds(breeze.pid)
            for index in range(cpu_calls):
                breeze.call("fetchForecast", dict(params, latitude=50 + index / 1000), timeout=60)
            cpu = (cpu_seconds(breeze.pid) - before) / cpu_calls
        finally:
            connection.close()
            breeze.finish()
            fake.control(action="reset")
        raw[format] = {"median": median(times), "direct_median": median(direct), "reply_bytes": reply_size,
                       "upstream_bytes": len(body), "hours": hours, "variables": variables, "cpu_per_call": cpu}
        rows.append((f"large payload, 16-day hourly forecast, 20 variables, upstream {format}",
                     f"{ms(cpu)} CPU per call; {ms(raw[format]['median'])} median request → reply",
                     f"reply {size(reply_size)} ({hours} hours × {variables} series); upstream body "
                     f"{size(len(body))}, fetched directly in {ms(raw[format]['direct_median'])}; CPU over "
                     f"{cpu_calls} sequential calls for distinct points (each decoded and encoded); {repeats} "
                     f"timed runs; cache off, canned upstream body"))
    rows.append(("large payload, FlatBuffers vs JSON upstream",
                 f"{raw['json']['cpu_per_call'] / raw['flatbuffers']['cpu_per_call']:.1f}× less CPU per call",
                 f"upstream bodies {size(raw['flatbuffers']['upstream_bytes'])} vs "
                 f"{size(raw['json']['upstream_bytes'])}; the replies are the same bytes, so the CPU difference "
                 f"is the upstream decoding ({ms(raw['json']['cpu_per_call'] - raw['flatbuffers']['cpu_per_call'])} "
                 f"per call saved)"))
    return rows, raw


def waiting_rss(binary: Path, env: dict, fake: Fake, calls: int, max_in_flight: int | None, tmp: str):
    """Peak VmRSS (KiB) while `calls` distinct fetchForecast wait on a hanging upstream, the time a ping then
    takes (None when `max_in_flight` leaves no room for one), and how many requests the upstream saw at once."""
    env = dict(env, BREEZE_CACHE="off", BREEZE_TIMEOUT="120")
    fake.control(action="reset")
    fake.control(target="forecast", mode="hang", seconds=30)
    args = ["--max-in-flight", str(max_in_flight)] if max_in_flight else []
    breeze = Breeze(binary, env, args=args, stderr_path=os.path.join(tmp, "memory.log"))
    samples = []
    ping_time = None
    try:
        breeze.call("ping", timeout=30)
        data = requests_bytes("fetchForecast", distinct_place, calls)
        writer_done = threading.Event()

        def write():
            try:
                breeze.send(data)
            except OSError:
                pass
            writer_done.set()

        threading.Thread(target=write, daemon=True).start()
        deadline = time.monotonic() + 25
        # Sample until every request has been read (the writer finished) and RSS stopped growing for 1 s.
        stable_since = None
        while time.monotonic() < deadline:
            time.sleep(0.2)
            status = breeze.status()
            if "VmRSS" not in status:
                break
            samples.append(status["VmRSS"])
            if writer_done.is_set() and len(samples) > 2 and samples[-1] <= max(samples[:-1]):
                stable_since = stable_since or time.monotonic()
                if time.monotonic() - stable_since >= 1.0:
                    break
            else:
                stable_since = None
        if max_in_flight and max_in_flight > calls:
            # Ping still answers while they wait?
            _, _, ping_time = breeze.call("ping", timeout=30)
    finally:
        breeze.finish(kill=True)
        stats = fake.stats()
        fake.control(action="reset")
    return (max(samples) if samples else math.nan), ping_time, stats.get("maxInFlight")


def memory(binary: Path, env: dict, fake: Fake, pings: int, in_flight: int, tmp: str) -> tuple[list, dict]:
    raw = {}
    breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "memory.log"))
    try:
        breeze.call("ping", timeout=30)
        time.sleep(0.5)
        raw["idle"] = breeze.status()
        result = breeze.pipeline(requests_bytes("ping", lambda i: None, pings), pings, timeout=300)
        time.sleep(0.5)
        raw["after"] = breeze.status()
        raw["after_errors"] = result["errors"]
    finally:
        breeze.finish()

    # One batch of 100,000 pings on one line (about 4.3 MiB): peak RSS while it is answered as one reply.
    batch_size = 100_000
    batch = ("[" + ",".join(f'{{"jsonrpc":"2.0","id":{i},"method":"ping"}}' for i in range(1, batch_size + 1))
             + "]\n").encode()
    breeze = Breeze(binary, env, stderr_path=os.path.join(tmp, "memory.log"))
    try:
        breeze.call("ping", timeout=30)
        breeze.send(batch)
        line = breeze.readline(timeout=300)
        raw["batch_replies"] = line.count(b'"result"')
        raw["batch_line_bytes"] = len(batch)
        raw["batch"] = breeze.status()
    finally:
        breeze.finish()

    # Cached calls leave nothing behind: RSS after 1,000 and after 100,000 of the same fetchForecast, same process.
    place = {"latitude": 52.52, "longitude": 13.41}
    breeze = Breeze(binary, dict(env, BREEZE_CACHE="memory"), stderr_path=os.path.join(tmp, "memory.log"))
    try:
        breeze.call("fetchForecast", place, timeout=30)
        breeze.pipeline(requests_bytes("fetchForecast", lambda i: place, 999, first_id=2), 999, timeout=300)
        time.sleep(0.5)
        raw["cached_1k"] = breeze.status()
        result = breeze.pipeline(requests_bytes("fetchForecast", lambda i: place, 99_000, first_id=1001), 99_000,
                                 timeout=300)
        time.sleep(0.5)
        raw["cached_100k"] = breeze.status()
        raw["cached_errors"] = result["errors"]
    finally:
        breeze.finish()

    # Many calls waiting on an upstream that does not answer (the fake holds each request up to 30 s): as many as
    # the default --max-in-flight lets in (the target), and 10,000 (a report).
    raw["default_rss"], _, raw["default_upstream"] = waiting_rss(binary, env, fake, DEFAULT_MAX_IN_FLIGHT, None, tmp)
    # A little headroom above the calls, so the ping sent while they wait is read at once.
    raw["in_flight_rss"], ping_time, raw["in_flight_upstream"] = waiting_rss(binary, env, fake, in_flight,
                                                                             in_flight + 16, tmp)
    raw["in_flight_ping"] = ping_time
    idle, after = raw["idle"].get("VmRSS", math.nan), raw["after"].get("VmRSS", math.nan)
    rows = [
        ("memory, idle (after one ping)", mib(idle), "VmRSS"),
        (f"memory, after {pings:,} ping", mib(after),
         f"VmRSS; peak (VmHWM) {mib(raw['after'].get('VmHWM', math.nan))}"),
        (f"memory, one batch of {batch_size:,} ping", mib(raw["batch"].get("VmHWM", math.nan)),
         f"peak RSS (VmHWM) answering one {size(raw['batch_line_bytes'])} line; "
         f"{raw['batch_replies']:,} results in the reply"),
        ("memory, after 1,000 cached fetchForecast", mib(raw["cached_1k"].get("VmRSS", math.nan)),
         "VmRSS, the same request again and again (BREEZE_CACHE=memory)"),
        ("memory, after 100,000 cached fetchForecast", mib(raw["cached_100k"].get("VmRSS", math.nan)),
         f"VmRSS, same process; {mib(raw['cached_100k'].get('VmRSS', math.nan) - raw['cached_1k'].get('VmRSS', math.nan))} "
         f"more than after 1,000; {raw['cached_errors']} errors"),
        (f"memory, {DEFAULT_MAX_IN_FLIGHT} distinct calls waiting on a hanging upstream, peak RSS",
         mib(raw["default_rss"]),
         f"max VmRSS at the default --max-in-flight ({DEFAULT_MAX_IN_FLIGHT}, cache off); "
         f"{(raw['default_rss'] - idle) / DEFAULT_MAX_IN_FLIGHT:.1f} KiB per call above idle; "
         f"upstream saw {raw['default_upstream']} at once"),
        (f"memory, {in_flight:,} requests in flight", mib(raw["in_flight_rss"]),
         f"max VmRSS while waiting on a hanging upstream (--max-in-flight {in_flight + 16}, cache off); "
         f"{(raw['in_flight_rss'] - idle) / in_flight:.1f} KiB per request above idle; "
         f"ping meanwhile {ms(ping_time)}; upstream saw {raw['in_flight_upstream']} at once"),
    ]
    return rows, raw


# --------------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------------


def table(rows: list) -> str:
    lines = ["| measure | result | detail |", "|---|---|---|"]
    for measure, value, detail in rows:
        lines.append(f"| {measure} | {value} | {detail} |")
    return "\n".join(lines)


def clean_up(fake: Fake | None, tmp: str) -> None:
    """Stops the fake upstream, if one was started, and removes the run's temporary directory."""
    if fake:
        fake.stop()
    shutil.rmtree(tmp, ignore_errors=True)


def run_sections(binary: Path, env: dict, fake: Fake, wanted: list, args, tmp: str) -> tuple[list, dict]:
    """The sections that talk to the fake upstream (all but cold and mcp), for one binary."""
    pings, in_flight = 100_000, 10_000
    overhead_calls = 60 if args.quick else 200
    payload_repeats, payload_cpu_calls = (5, 100) if args.quick else (11, 400)
    features = Features(binary, env)
    rows, raw = [], {"features": vars(features)}
    log("features: cache " + ("on" if features.cache else "absent") + ", per-upstream limit setting "
        + ("present" if features.limit_setting else "absent"))
    steps = [
        ("throughput", lambda: throughput(binary, env, fake, features, pings, args.quick, tmp)),
        ("overhead", lambda: overhead(binary, env, fake, overhead_calls, tmp)),
        ("concurrency", lambda: concurrency(binary, env, fake, features, args.limit, tmp)),
        ("rounds", lambda: rounds(binary, env, fake, 5 if args.quick else 15, tmp)),
        ("fleet", lambda: fleet(binary, env, fake, 30 if args.quick else 100, tmp)),
        ("payload", lambda: payload(binary, env, fake, payload_repeats, payload_cpu_calls, tmp)),
        ("memory", lambda: memory(binary, env, fake, pings, in_flight, tmp)),
        ("logging", lambda: logging_cost(binary, env, 5_000 if args.quick else 20_000, tmp)),
        ("places", lambda: places(binary, env, pings, tmp)),
        ("outdoors", lambda: outdoors(binary, env, fake, 100 if args.quick else 400, tmp)),
        ("alerts", lambda: alerts(binary, env, fake, 3 if args.quick else 7, tmp)),
    ]
    for name, step in steps:
        if name not in wanted:
            continue
        log(f"{name} ...")
        started = time.monotonic()
        try:
            section_rows, raw[name] = step()
            rows += section_rows
        except BenchError as error:
            rows.append((name, "failed", str(error)))
            log(f"{name} failed: {error}")
        log(f"{name} took {time.monotonic() - started:.1f} s")
    return rows, raw


#: The figures compare mode sums up: (label, section, how to read it from that section's raw numbers, unit).
KEY_FIGURES = [
    ("ping throughput", "throughput", lambda r: r["ping"]["count"] / r["ping"]["seconds"], "req/s"),
    ("cached fetchForecast throughput", "throughput",
     lambda r: r["forecast"]["count"] / r["forecast"]["seconds"], "req/s"),
    ("cached fetchForecast share of ping", "throughput",
     lambda r: 100 * (r["forecast"]["count"] / r["forecast"]["seconds"]) / (r["ping"]["count"] / r["ping"]["seconds"]),
     "%"),
    ("MCP standard 3-model fetchForecast per tools/call", "throughput", lambda r: r["mcp_forecast"]["median"] * 1000,
     "ms"),
    ("overhead over a direct fetch, p50", "overhead", lambda r: r["added_p50"] * 1000, "ms"),
    ("fleet burst, upstream requests", "fleet", lambda r: r["upstream"], "requests"),
    ("fleet burst, peak in flight at the upstream", "fleet", lambda r: r["peak"], "requests"),
    ("cached call from a second process, p50", "fleet", lambda r: r["second_p50"] * 1000, "ms"),
    ("16-day × 20-variable forecast CPU (FlatBuffers)", "payload",
     lambda r: r["flatbuffers"]["cpu_per_call"] * 1000, "ms"),
    ("findOutdoorWindows CPU per call (full)", "outdoors",
     lambda r: r["findOutdoorWindows"]["full"]["cpu_per_call"] * 1000, "ms"),
    ("findOutdoorWindows CPU per call (standard)", "outdoors",
     lambda r: r["findOutdoorWindows"]["standard"]["cpu_per_call"] * 1000, "ms"),
    ("findOutdoorWindows CPU per call (summary)", "outdoors",
     lambda r: r["findOutdoorWindows"]["summary"]["cpu_per_call"] * 1000, "ms"),
    ("cached fetchForecast CPU per call (96 h, 8 variables)", "outdoors",
     lambda r: r["fetchForecast"]["cpu_per_call"] * 1000, "ms"),
    ("findOutdoorWindows CPU over a cached fetchForecast (full)", "outdoors", lambda r: r["ratio"], "×"),
    ("findOutdoorWindows CPU over a cached fetchForecast (standard)", "outdoors",
     lambda r: r["findOutdoorWindows"]["standard"]["ratio"], "×"),
    ("findOutdoorWindows CPU over a cached fetchForecast (summary)", "outdoors",
     lambda r: r["findOutdoorWindows"]["summary"]["ratio"], "×"),
    ("256 waiting, peak RSS", "memory", lambda r: r["default_rss"] / 1024, "MiB"),
    ("one batch of 100,000 ping, peak RSS", "memory", lambda r: r["batch"].get("VmHWM", math.nan) / 1024, "MiB"),
    ("10,000 in flight, peak RSS", "memory", lambda r: r["in_flight_rss"] / 1024, "MiB"),
]


def compare(binaries: list[Path], args, wanted: list, info: dict) -> int:
    """Compare mode (`--binary` twice or more): cold start interleaves the binaries run by run; every other
    section runs for each binary in turn, in `--rounds` rounds, the order reversed every other round so that
    neither binary always goes first while the machine's load drifts. Prints each round's table, then the key
    figures per binary: the median over the rounds, the range, and the ratio to the first binary's median."""
    labels = [f"#{index + 1}" for index in range(len(binaries))]
    rounds = max(1, args.rounds)
    runs = max(20, args.runs or (20 if args.quick else 30))
    tmp = tempfile.mkdtemp(prefix="breeze-bench-")
    env = clean_environment(os.path.join(tmp, "cache"))
    raw = {"machine": info, "binaries": {label: str(path) for label, path in zip(labels, binaries)}, "rounds": []}
    tables = []
    fake = None
    try:
        if "cold" in wanted:
            log(f"cold start: {runs} runs per binary, interleaved")
            bins = {label: (path, "") for label, path in zip(labels, binaries)}
            cold_rows, raw["cold"] = cold_start(bins, env, runs)
            tables.append(("cold start, interleaved", cold_rows))
        if any(name in wanted for name in SECTIONS[1:] if name != "mcp"):
            fake = Fake()
            env.update(fake.environment())
            for round_index in range(rounds):
                order = list(zip(labels, binaries))
                if round_index % 2:
                    order.reverse()
                results = {}
                for label, binary in order:
                    log(f"round {round_index + 1} of {rounds}, binary {label} ({binary})")
                    # A disk cache of its own: builds may differ in what they write there.
                    own = dict(env, BREEZE_CACHE_DIR=os.path.join(tmp, f"cache-{label[1:]}"))
                    rows, results[label] = run_sections(binary, own, fake, wanted, args, tmp)
                    tables.append((f"round {round_index + 1}, binary {label}", rows))
                raw["rounds"].append(results)
    finally:
        clean_up(fake, tmp)

    print()
    print(f"breeze-rpc compare · {info['date']} · {info['nproc']} cores ({info['cpu']}) · {info['swift']} · "
          f"Linux {info['kernel']} · load {info['load']} at start · {rounds} rounds")
    for label, path in zip(labels, binaries):
        print(f"- {label}: {path}")
    for title, rows in tables:
        print(f"\n### {title}\n")
        print(table(rows))
    summary = []
    for name, section, read, unit in KEY_FIGURES:
        if section not in wanted:
            continue
        medians = {}
        for label in labels:
            values = []
            for results in raw["rounds"]:
                try:
                    values.append(read(results[label][section]))
                except (KeyError, TypeError, ZeroDivisionError):
                    pass
            if values:
                medians[label] = median(values)
                ratio = f"{medians[label] / medians[labels[0]]:.2f}×" if labels[0] in medians else ""
                summary.append((f"{name}, {label}", f"{medians[label]:,.2f} {unit} median",
                                f"{min(values):,.2f}–{max(values):,.2f} over {len(values)} rounds; "
                                f"{ratio} of {labels[0]}"))
    if summary:
        print("\n### key figures\n")
        print(table(summary))
    if args.json:
        Path(args.json).write_text(json.dumps(raw, indent=2, default=str) + "\n")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (about a minute, plus builds)")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help=f"run only these sections (repeatable or comma-separated): {', '.join(SECTIONS)}")
    parser.add_argument("--no-build", action="store_true", help="use the binaries already in .build and .build-static")
    parser.add_argument("--no-static", action="store_true", help="skip the --static-swift-stdlib build")
    parser.add_argument("--binary", metavar="PATH", action="append", default=[],
                        help="measure this breeze-rpc binary instead of building one; given twice or more, compare "
                             "them: the sections run for each in turn, --rounds times (see compare mode below)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="with several --binary: rounds of alternated runs (default 3)")
    parser.add_argument("--build", choices=["dynamic", "static"], default="dynamic",
                        help="which build the sections other than cold start measure (default dynamic)")
    parser.add_argument("--runs", type=int, help="cold-start runs per build (default 30, --quick 20; at least 20)")
    parser.add_argument("--limit", type=int, help="set BREEZE_MAX_CONCURRENT_PER_UPSTREAM for the concurrency run")
    parser.add_argument("--json", metavar="FILE", help="also write the raw numbers as JSON")
    args = parser.parse_args(argv)

    only = [name.strip() for item in args.only for name in item.split(",") if name.strip()]
    unknown = [name for name in only if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; sections: {', '.join(SECTIONS)}")
    wanted = only or SECTIONS
    runs = max(20, args.runs or (20 if args.quick else 30))

    info = machine()
    log(f"{info['nproc']} cores, {info['cpu']}, {info['swift']}")
    if len(args.binary) > 1:
        return compare([Path(path).resolve() for path in args.binary], args, wanted, info)
    if args.binary:
        bins = {"dynamic": (Path(args.binary[0]).resolve(), ""), "static": (None, "skipped (--binary)")}
    else:
        bins = builds(args)
    binary, why = bins[args.build]
    if binary is None:
        if bins["dynamic"][0] is None:
            log(f"no usable binary: {why}")
            return 1
        log(f"the {args.build} build is unavailable ({why}); measuring the dynamic build")
        args.build, binary = "dynamic", bins["dynamic"][0]

    rows, raw = [], {"machine": info}
    tmp = tempfile.mkdtemp(prefix="breeze-bench-")
    env = clean_environment(os.path.join(tmp, "cache"))
    fake = None
    try:
        if "cold" in wanted:
            log(f"cold start: {runs} interleaved runs per build")
            section_rows, raw["cold"] = cold_start(bins, env, runs)
            rows += section_rows
        if "mcp" in wanted:
            log("mcp ...")
            section_rows, raw["mcp"] = mcp(bins, binary, env, runs)
            rows += section_rows
        if any(name in wanted for name in SECTIONS[1:] if name != "mcp"):
            fake = Fake()
            env.update(fake.environment())
            section_rows, section_raw = run_sections(binary, env, fake, wanted, args, tmp)
            rows += section_rows
            raw.update(section_raw)
    finally:
        clean_up(fake, tmp)

    print()
    print(f"breeze-rpc {info['commit']} · {info['date']} · {info['nproc']} cores ({info['cpu']}) · "
          f"{info['swift']} · Linux {info['kernel']} · load {info['load']} at start · "
          f"sections other than cold start measure the {args.build} build"
          + (f" ({binary}, given with --binary)" if args.binary else ""))
    print()
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps(raw, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
