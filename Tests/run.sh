#!/usr/bin/env bash
# Runs every test in the project, in order of speed: the format check, the Swift unit and in-process
# tests, then the end-to-end tests of the built binary against the fake upstream, then both clients'
# tests. Stops at the first failing suite. Needs the Swift toolchain, python3 and bash; the pinned test-only
# Python packages (Tests/requirements*.txt) are installed into virtual environments under .build/.
#
# The closing line is `total: N passed, M failed, K skipped`; above it, each distinct reason a test was
# skipped for, once, with its count. The tests run with a home of their own (HOME in a temporary directory,
# XDG_CACHE_HOME unset), so nothing they do lands in the user's home; the run fails if they leave anything of
# breeze-rpc's there, as a binary that fell back to its default cache directory would.
set -euo pipefail

# -- Counting: how many passed, failed and were skipped, and why (Tests/EndToEnd/project/test_run_script.py sources
# -- these functions to check them against real outputs).

passed=0
failed=0
skipped=0
reasons=${reasons:-/dev/null} # one skip reason a line

# Adds the counts of a `swift test` output. Swift Testing prints `✔ Test run with N tests ... passed` (N counts
# skipped tests too), one `➜ Test NAME skipped: "REASON"` (or `was cancelled after ...: "REASON"`) per skipped
# test and one `✘ Test NAME failed after ...` per failed one; XCTest prints `Executed N tests, with K tests
# skipped and F failures` (the last one covers all) and `...: Test skipped - REASON`.
count_swift() {
    local file=$1 total tests_skipped tests_failed xctest count
    total=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' "$file" | tail -n 1)
    tests_skipped=$(grep -cE '^➜ Test .* (skipped|was cancelled)' "$file" || true)
    tests_failed=$(grep -E '^✘ Test .* failed after' "$file" | grep -cvE '^✘ Test run with' || true)
    sed -nE 's/^➜ Test .* (skipped|was cancelled)[^:]*: "(.*)"\.?$/\2/p' "$file" >>"$reasons"
    sed -nE 's/^➜ Test .* (skipped|was cancelled)[^:"]*$/(no reason given)/p' "$file" >>"$reasons"
    if [ -z "$total" ]; then # the run ended before its summary: what passed until then
        total=$(($(grep -cE '^✔ Test .* passed after' "$file" || true) + tests_skipped + tests_failed))
    fi
    passed=$((passed + total - tests_skipped - tests_failed))
    skipped=$((skipped + tests_skipped))
    failed=$((failed + tests_failed))
    xctest=$(grep -E 'Executed [0-9]+ tests?' "$file" | tail -n 1 || true)
    [ -n "$xctest" ] || return 0
    total=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$xctest")
    count=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$xctest")
    tests_skipped=${count:-0}
    count=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$xctest")
    tests_failed=${count:-0}
    sed -nE 's/.*: Test skipped - (.*)$/\1/p; s/.*: Test skipped$/(no reason given)/p' "$file" >>"$reasons"
    passed=$((passed + total - tests_skipped - tests_failed))
    skipped=$((skipped + tests_skipped))
    failed=$((failed + tests_failed))
}

# Adds the counts of a verbose unittest output: "Ran N tests", then "OK (skipped=K)" or "FAILED (failures=F,
# errors=E, skipped=K)"; a skipped test's line ends in "skipped 'REASON'".
count_unittest() {
    local file=$1 ran outcome count kind tests_skipped tests_failed=0
    ran=$(sed -nE 's/^Ran ([0-9]+) tests?.*/\1/p' "$file" | tail -n 1)
    outcome=$(grep -E '^(OK|FAILED)' "$file" | tail -n 1 || true)
    count=$(sed -nE 's/.*skipped=([0-9]+).*/\1/p' <<<"$outcome")
    tests_skipped=${count:-0}
    for kind in failures errors "unexpected successes"; do
        count=$(sed -nE "s/.*[(, ]$kind=([0-9]+).*/\\1/p" <<<"$outcome")
        tests_failed=$((tests_failed + ${count:-0}))
    done
    sed -nE -e "s/^(.*\\.\\.\\. )?skipped '(.*)'\$/\\2/p" -e "s/^(.*\\.\\.\\. )?skipped \"(.*)\"\$/\\2/p" \
        "$file" >>"$reasons"
    passed=$((passed + ${ran:-0} - tests_skipped - tests_failed))
    skipped=$((skipped + tests_skipped))
    failed=$((failed + tests_failed))
}

# The skip reasons (each once, with its count, most frequent first), then the closing line.
summary() {
    echo
    if [ -s "$reasons" ]; then
        echo "skipped, by reason:"
        sort "$reasons" | uniq -c | sort -k1,1nr -k2 | sed -E 's/^ *([0-9]+) /  \1 × /'
    fi
    echo "total: $passed passed, $failed failed, $skipped skipped"
}

# Sourced: the functions only.
[ "${BASH_SOURCE[0]}" = "$0" ] || return 0

cd "$(dirname "$0")/.."
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
sandbox="$log/home"
mkdir "$sandbox"
reasons="$log/skip-reasons.txt"
: >"$reasons"

step() { printf '\n==> %s\n' "$*"; }

# Runs a command as the tests run: in the temporary home, with no cache directory of the user's.
in_sandbox() { env -u XDG_CACHE_HOME HOME="$sandbox" "$@"; }

# One virtual environment per requirements file, reinstalled only when the file changes. pip runs in the
# temporary home too: installing the requirements writes under the home (~/.rustup/settings.toml).
make_venv() {
    local dir=$1 requirements=$2
    local stamp="$dir/.requirements.sha256" wanted
    wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then return; fi
    rm -rf "$dir"
    in_sandbox python3 -m venv "$dir"
    in_sandbox "$dir/bin/python" -m pip install --quiet --disable-pip-version-check --no-cache-dir -r "$requirements"
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
# The last lines when it builds; every error and warning when it does not.
swift build --build-tests >"$log/build.txt" 2>&1 || { grep -E 'error|warning' "$log/build.txt" | sort -u | head -n 40; tail -n 5 "$log/build.txt"; exit 1; }
tail -n 3 "$log/build.txt"
export BREEZE_RPC="$PWD/.build/debug/breeze-rpc"

# Runs one suite in the sandbox, its output kept in $log/NAME.txt: shows the lines SHOWN matches and counts them
# with COUNTER; a failing suite counts as at least one failure, shows its tail and stops the run.
run_suite() {
    local name=$1 shown=$2 counter=$3
    shift 3
    local status=0 failed_before=$failed
    in_sandbox "$@" >"$log/$name.txt" 2>&1 || status=$?
    grep -E "$shown" "$log/$name.txt" || true
    "$counter" "$log/$name.txt"
    if [ "$status" -ne 0 ]; then
        [ "$failed" -gt "$failed_before" ] || failed=$((failed + 1))
        tail -n 80 "$log/$name.txt"
        summary
        exit 1
    fi
}

step "swift test"
run_suite swift '^(✘|✔ Test run with|Executed)' count_swift swift test --skip-build

# Python suites, by the test environment's python; verbosely (-v), so that each skip says why.
python_suite() {
    local name=$1
    shift
    step "$name"
    run_suite "$name" '^(Ran |OK|FAILED)' count_unittest "$BREEZE_TEST_PYTHON" -m unittest "$@"
}

python_suite end-to-end discover -v -s Tests/EndToEnd -t .
BREEZE_TEST_PYTHON="$PWD/.build/places-venv/bin/python" python_suite place-table discover -v -s Tests/Places -t .
python_suite python-client discover -v -s clients/python/tests -t clients/python
python_suite shell-client discover -v -s clients/shell -p 'test_*.py'

# Whatever breeze-rpc wrote under the tests' home (its default cache directory, a URL cache named after it)
# would have landed in the user's home.
step "the tests' home"
left=$(find "$sandbox" -path '*breeze-rpc*' | sed "s|^$sandbox|~|" | sort)
if [ -n "$left" ]; then
    echo "the tests left breeze-rpc files in their home (in a user's \$HOME, that is); give the binary a"
    echo "cache directory of the test's own (harness.clean_environment does):"
    sed 's/^/  /' <<<"$left"
    failed=$((failed + 1))
    summary
    exit 1
fi
echo "ok: nothing of breeze-rpc's in it"

summary
