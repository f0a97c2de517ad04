"""The script form: serve in the foreground (the base URL on stdout's first line), or with `--env` in the
background, printing the shell exports that point breeze-rpc here and saying on stderr what each one sets."""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import threading

from .server import FakeUpstream

#: How the script is run from the repository root.
PROG = "python3 Tests/EndToEnd/fake_upstream"


def shell_exports(fake: FakeUpstream) -> str:
    """The `export` lines pointing breeze-rpc at `fake`, for `eval`: every BREEZE_*_URL, an in-memory cache
    (so fake answers never land in the real disk cache), JSON answers when the fake cannot write FlatBuffers, and
    the fake's process id, to stop it with `kill`. Then the lines that say so on stderr."""
    variables = {**fake.environment(), "BREEZE_CACHE": "memory", "BREEZE_FAKE_UPSTREAM_PID": str(os.getpid())}
    lines = [f"export {name}={shlex.quote(value)}" for name, value in variables.items()]
    urls = [name for name in variables if name.endswith("_URL")]
    if variables.get("BREEZE_UPSTREAM_FORMAT") == "json":
        format_line = ("set BREEZE_UPSTREAM_FORMAT=json: the flatbuffers package is not installed, so the fake "
                       "answers JSON only")
    else:
        format_line = "left BREEZE_UPSTREAM_FORMAT unset: the fake answers in both formats"
    said = [
        f"set BREEZE_*_URL: all {len(urls)} upstreams are the fake",
        "set BREEZE_CACHE=memory: answers are cached in memory only, never in the disk cache",
        format_line,
    ]
    lines.append('echo "fake upstream at ' + fake.base_url + '; stop it with: kill $BREEZE_FAKE_UPSTREAM_PID" >&2')
    lines.extend(f"echo {shlex.quote('  ' + line)} >&2" for line in said)
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog=PROG,
                                     description="Fake Open-Meteo, Google Pollen and Breeze proxy upstream.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: a free one)")
    parser.add_argument("--google-key", action="append", help="a valid Google key (default: any non-empty key "
                        "not starting with 'invalid')")
    parser.add_argument("--env", action="store_true", help="serve in the background and print shell exports "
                        "pointing breeze-rpc here (use: eval \"$(%(prog)s --env)\")")
    args = parser.parse_args(argv)
    fake = FakeUpstream(port=args.port, google_keys=set(args.google_key) if args.google_key else None)
    if args.env and os.fork() > 0:
        return 0  # the parent leaves at once; the child prints the exports and serves
    done = threading.Event()

    def stop(*_):
        done.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    fake.start()
    if args.env:
        print(shell_exports(fake), flush=True)
        # Detached from the shell that evals the exports: $(...) returns once stdout closes.
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for stream in (0, 1, 2):
            os.dup2(null, stream)
    else:
        print(fake.base_url, flush=True)
    while not done.wait(0.5):
        pass
    fake.stop()
    return 0
