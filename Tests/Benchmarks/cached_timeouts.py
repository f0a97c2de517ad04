#!/usr/bin/env python3
"""Counts `timeout` (1004) replies among identical, cached `fetchForecast` calls piped into one process while
other processes keep the CPUs busy: every one of them is answerable from the cache, so the right count is 0.

    python3 Tests/Benchmarks/cached_timeouts.py --binary .build/release/breeze-rpc [--calls 100000] [--burners 1]
        [--timeout 10]

The first call fills the cache (BREEZE_CACHE=memory); the rest are written in one go while `--burners` busy
loops compete for the CPUs. `--timeout` (BREEZE_TIMEOUT) shortens each call's budget, so that a run shows in
seconds what a loaded machine shows over hours. Uses the benchmark's fake upstream on 127.0.0.1. Standard
library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402  (the benchmark's fake upstream and process helpers)


# An error reply starts with its error object; a result never does.
CODE = re.compile(rb'^\{"error":\{"code":(-?\d+)')


def replies_by_code(breeze: bench.Breeze, data: bytes, expect: int, timeout: float) -> dict:
    """Writes `data` from a thread and reads `expect` replies; counts results and errors by code."""
    threading.Thread(target=breeze.send, args=(data,), daemon=True).start()
    counts: dict = {}
    deadline = time.monotonic() + timeout
    buffer = b""
    seen = 0
    while seen < expect:
        left = deadline - time.monotonic()
        if left <= 0:
            raise bench.BenchError(f"only {seen} of {expect} replies within {timeout:.0f} s")
        ready, _, _ = select.select([breeze.out], [], [], left)
        if not ready:
            continue
        chunk = os.read(breeze.out, 1 << 20)
        if not chunk:
            raise bench.BenchError(f"breeze-rpc closed its output after {seen} replies")
        lines = (buffer + chunk).split(b"\n")
        buffer = lines.pop()
        for line in lines:
            seen += 1
            # Only the kind of reply matters; a full JSON parse of each would make this reader the bottleneck.
            code = CODE.match(line)
            key = "result" if code is None else code.group(1).decode()
            counts[key] = counts.get(key, 0) + 1
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the breeze-rpc binary to measure")
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--burners", type=int, default=1, help="busy-looping processes to run meanwhile")
    parser.add_argument("--timeout", help="BREEZE_TIMEOUT for the run, in seconds (default: breeze-rpc's own)")
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="breeze-timeouts-")
    env = bench.clean_environment(os.path.join(tmp, "cache"))
    fake = bench.Fake()
    env.update(fake.environment())
    env["BREEZE_CACHE"] = "memory"
    if args.timeout:
        env["BREEZE_TIMEOUT"] = args.timeout
    burners = []
    breeze = bench.Breeze(Path(args.binary), env)
    try:
        place = {"latitude": 52.52, "longitude": 13.41}
        # The filling call has all the time it needs, whatever `--timeout` says.
        first, _, _ = breeze.call("fetchForecast", dict(place, timeoutMs=30_000), timeout=60)
        if "result" not in first:
            raise bench.BenchError(f"the first fetchForecast failed: {json.dumps(first)[:300]}")
        burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.burners)]
        data = bench.requests_bytes("fetchForecast", lambda i: place, args.calls, first_id=2)
        started = time.monotonic()
        counts = replies_by_code(breeze, data, args.calls, timeout=1800)
        elapsed = time.monotonic() - started
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
        breeze.finish(kill=True)
        fake.stop()
    print(f"{args.binary}: {args.calls:,} cached fetchForecast with {args.burners} busy loop(s), BREEZE_TIMEOUT {args.timeout or 'default'}, in {elapsed:.1f} s: "
          f"{counts.get('1004', 0)} timeout (1004); all replies by kind {json.dumps(counts, sort_keys=True)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
