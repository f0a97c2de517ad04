#!/usr/bin/env bash
# Runs every test in the project, in order of speed: the format check, the Swift unit and in-process
# tests, then the end-to-end tests of the built binary against the fake upstream, then both clients'
# tests. Stops at the first failing suite. Needs the Swift toolchain, python3 and bash; the pinned test-only
# Python packages (Tests/requirements*.txt) are installed into virtual environments under .build/.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
passed=0

step() { printf '\n==> %s\n' "$*"; }

# One virtual environment per requirements file, reinstalled only when the file changes.
make_venv() {
    local dir=$1 requirements=$2
    local stamp="$dir/.requirements.sha256" wanted
    wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then return; fi
    rm -rf "$dir"
    python3 -m venv "$dir"
    "$dir/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$wanted" >"$stamp"
}

step "test environments"
make_venv .build/test-venv Tests/requirements.txt
make_venv .build/test-venv-mcp1 Tests/requirements-mcp1.txt
make_venv .build/places-venv Tests/requirements-places.txt
# The place table's Debian inputs (see Tests/requirements-places.txt), installed when missing and possible.
if ! { dpkg -s libgeonames0 && command -v gresource; } >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgeonames0 libglib2.0-bin >/dev/null
    else
        echo "libgeonames0 or gresource missing and not root: the place-table check needs them (apt-get install libgeonames0 libglib2.0-bin)"
    fi
fi
export BREEZE_TEST_PYTHON="$PWD/.build/test-venv/bin/python"
export BREEZE_TEST_PYTHON_MCP1="$PWD/.build/test-venv-mcp1/bin/python"
echo "ok"

step "swift format lint"
swift format lint --strict --recursive Package.swift Sources Tests

step "swift build"
swift build 2>&1 | tail -n 3
export BREEZE_RPC="$PWD/.build/debug/breeze-rpc"

step "swift test"
status=0
swift test >"$log/swift.txt" 2>&1 || status=$?
grep -E '^(✘|✔ Test run with|Executed)' "$log/swift.txt" || true
[ "$status" -eq 0 ] || { tail -n 80 "$log/swift.txt"; exit 1; }
swift_count=$(sed -nE 's/.*Test run with ([0-9]+) tests? .*passed.*/\1/p' "$log/swift.txt" | tail -n 1)
passed=$((passed + ${swift_count:-0}))

# Python suites (unittest, run by the test environment's python). Each prints "Ran N tests" on stderr.
python_suite() {
    local name=$1
    shift
    step "$name"
    local status=0
    "$BREEZE_TEST_PYTHON" -m unittest "$@" >"$log/$name.txt" 2>&1 || status=$?
    grep -E '^(Ran |OK|FAILED)' "$log/$name.txt" || true
    [ "$status" -eq 0 ] || { tail -n 80 "$log/$name.txt"; exit 1; }
    local count
    count=$(sed -nE 's/^Ran ([0-9]+) tests?.*/\1/p' "$log/$name.txt" | tail -n 1)
    passed=$((passed + ${count:-0}))
}

python_suite end-to-end discover -s Tests/EndToEnd -t .
BREEZE_TEST_PYTHON="$PWD/.build/places-venv/bin/python" python_suite place-table discover -s Tests/Places -t .
python_suite python-client discover -s clients/python/tests -t clients/python
python_suite shell-client discover -s clients/shell -p 'test_*.py'

echo
echo "total: $passed passed, 0 failed"
