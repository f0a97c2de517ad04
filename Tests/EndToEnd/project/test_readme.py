"""The README, read as a new user follows it: the commands it gives fit together and work as written.

The install command must not overwrite the quick start's binary, the offline try-out must use the binary the
quick start built and say what the fake's `--env` sets (it is run here, literally, with only the binary's path
swapped for the one under test), and figures measured by the benchmark live in its notes, not in the README.
The methods, errors, configuration and tool tables are checked elsewhere (CatalogTests, OptionsTests,
MCPToolsTests, test_error_table.py, test_upstream_list.py).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import signal
import subprocess
import tempfile
import unittest
from pathlib import Path

import readme_tables

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
BENCHMARK_NOTES = ROOT / "Tests" / "Benchmarks" / "README.md"

# The manual without the rows of its methods and tools tables, and any line of a table in it (rendered tables do
# not wrap). Those rows are generated, one each per method (support/readme_tables.py), so a new method costs no
# prose; the rest of the manual keeps its budget.
MAX_LINES = 410
MAX_TABLE_LINE = 160


def section(markdown: str, heading: str) -> str:
    """The text under `heading` (a whole heading line, e.g. `## Install`) up to the next heading of its level or
    above."""
    lines = markdown.splitlines()
    level = len(heading) - len(heading.lstrip("#"))
    try:
        start = lines.index(heading) + 1
    except ValueError:
        raise AssertionError(f"README.md has no heading {heading!r}") from None
    end = next((index for index in range(start, len(lines))
                if re.match(rf"#{{1,{level}}} ", lines[index])), len(lines))
    return "\n".join(lines[start:end])


def code_blocks(text: str, language: str = "sh") -> list[list[str]]:
    """The fenced code blocks of `language` in `text`, each as its lines."""
    return [block.strip("\n").splitlines()
            for block in re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)]


def quick_start_binary(readme: str) -> str:
    """The binary the quick start's first command builds and runs."""
    build = code_blocks(section(readme, "## Quick start"))[0][0]
    if "swift build -c release" not in build or "--scratch-path" in build:
        raise AssertionError(f"the quick start no longer builds into the default .build: {build}")
    return re.search(r"\| (\S+breeze-rpc)$", build).group(1)


def source_install_command(install: str) -> str:
    """The Install section's source build: the one line that runs `swift build`."""
    lines = [line for block in code_blocks(install) for line in block if line.startswith("swift build")]
    if len(lines) != 1:
        raise AssertionError(f"expected one `swift build` line in Install, found {lines}")
    return lines[0]


def first_heading_after(markdown: str, heading: str) -> str:
    lines = markdown.splitlines()
    start = lines.index(heading) + 1
    return next(line for line in lines[start:] if line.startswith("#"))


class ReadmeShapeTests(unittest.TestCase):
    def setUp(self):
        self.readme = README.read_text(encoding="utf-8")

    def test_the_manual_is_short_and_its_tables_are_narrow(self):
        lines = self.readme.splitlines()
        self.assertLessEqual(len(lines) - readme_tables.generated_rows(self.readme), MAX_LINES,
                             "README.md is the user's manual: move contributor material to Sources/README.md, "
                             "Tests/README.md or Tests/Benchmarks")
        wide = [(number, len(line)) for number, line in enumerate(lines, 1)
                if line.startswith("|") and len(line) > MAX_TABLE_LINE]
        self.assertEqual(wide, [], f"table lines over {MAX_TABLE_LINE} characters (line, length)")

    def test_it_states_the_true_number_of_methods(self):
        methods = section(self.readme, "## Methods")
        rows = [line for line in methods.splitlines() if re.match(r"\| `[\w.]+` \|", line)]
        words = ["Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen"]
        stated = re.match(r"(\w+) methods\.", methods.strip())
        self.assertIsNotNone(stated, "the Methods section opens with how many methods there are")
        self.assertEqual(stated.group(1), words[len(rows) - 10], f"the table lists {len(rows)} methods")

    def test_it_links_the_contributor_docs_and_they_exist(self):
        links = set(re.findall(r"\]\(((?:Sources|Tests|schema|clients)/[^)#]+)\)", self.readme))
        self.assertLessEqual({"Sources/README.md", "Tests/README.md", "Tests/Benchmarks/README.md"}, links)
        for target in sorted(links):
            with self.subTest(link=target):
                self.assertTrue((ROOT / target).exists(), f"README.md links {target}, which does not exist")


class InstallTests(unittest.TestCase):
    """Issue 24 item 8: the install build and the quick start's build do not clobber each other."""

    def setUp(self):
        self.readme = README.read_text(encoding="utf-8")
        self.install = section(self.readme, "## Install")

    def test_the_install_command_builds_apart_from_the_quick_start(self):
        command = shlex.split(source_install_command(self.install))
        self.assertIn("--static-swift-stdlib", command)
        self.assertIn("--scratch-path", command, "without it the install build overwrites the quick start's binary")
        scratch = command[command.index("--scratch-path") + 1]
        self.assertNotEqual(Path(scratch), Path(".build"))
        ignored = [line.strip() for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()]
        self.assertTrue(any(fnmatch.fnmatch(scratch + "/", pattern) for pattern in ignored),
                        f"{scratch}/ is not ignored by .gitignore: a build would show up in `git status`")
        install = command[command.index("install"):]
        self.assertEqual(install[:5], ["install", "-D", "-s", "-m", "755"], "installed stripped, as the wheel ships it")
        installed = install[5]  # install -D -s -m 755 SOURCE DESTINATION
        self.assertEqual(installed, f"{scratch}/release/breeze-rpc", "it installs what it just built")
        self.assertEqual(command[-1], "~/.local/bin/breeze-rpc")
        self.assertNotEqual(Path(installed), Path(quick_start_binary(self.readme)))

    def test_the_wheel_packs_what_the_install_command_builds(self):
        import sys

        sys.path.insert(0, str(ROOT / "clients" / "pypi"))
        import build_wheel

        build = source_install_command(self.install).split(" && ")[0]
        self.assertEqual(shlex.split(build), build_wheel.BUILD)

    def test_it_states_the_shipped_size_the_benchmark_measured(self):
        # Issue 32: the size of what a user downloads is said where they install it, and is the benchmark's figure.
        latest = section(BENCHMARK_NOTES.read_text(encoding="utf-8"), "## Latest results")
        row = re.search(r"^\| binary size, static, stripped \| ([\d.]+ MiB) \|", latest, flags=re.MULTILINE)
        self.assertIsNotNone(row, "no `binary size, static, stripped` row in the benchmark's latest results")
        stated = re.findall(r"[\d.]+ MiB", self.install.split("```")[0])
        self.assertEqual(stated, [row.group(1)], "the Install section's size of the stripped binary")

    def test_it_leads_with_the_no_toolchain_path(self):
        blocks = code_blocks(self.install)
        self.assertEqual(blocks[0][0], "pip install breeze-rpc", "the first command needs no Swift toolchain")
        self.assertIn("`uvx breeze-rpc`", self.install.split("```")[0])
        self.assertLess(self.install.index("pip install"), self.install.index("swift build"))

    def test_the_install_section_says_how_to_put_the_binary_on_path(self):
        self.assertIn('export PATH="$HOME/.local/bin:$PATH"', self.install)


class TryItOfflineTests(unittest.TestCase):
    """Issue 24 item 9: the offline try-out sits beside the quick start and works as written."""

    def setUp(self):
        self.readme = README.read_text(encoding="utf-8")
        self.offline = section(self.readme, "### Try it offline")
        self.block = code_blocks(self.offline)[0]

    def test_it_is_the_quick_start_s_next_section(self):
        self.assertEqual(first_heading_after(self.readme, "## Quick start"), "### Try it offline")

    def test_it_uses_the_binary_the_quick_start_built(self):
        quick_start = quick_start_binary(self.readme)
        self.assertTrue(any(line.endswith(f"| {quick_start}") for line in self.block), self.block)
        self.assertFalse(any(".build/debug" in line for line in self.block), "no command in the README builds it")

    def test_its_fake_upstream_is_where_it_says(self):
        started = re.fullmatch(r'eval "\$\(python3 (\S+) --env\)"', self.block[0])
        self.assertIsNotNone(started, self.block[0])
        self.assertTrue((ROOT / started.group(1)).exists(), f"{started.group(1)} does not exist")
        self.assertEqual(self.block[-1], 'kill "$BREEZE_FAKE_UPSTREAM_PID"')

    def test_it_works_as_written_and_names_what_env_sets(self):
        binary = Path(os.environ.get("BREEZE_RPC") or ROOT / ".build" / "debug" / "breeze-rpc")
        if not binary.is_file():
            self.fail(f"{binary} not found: run `swift build` first, or set BREEZE_RPC")
        quick_start = quick_start_binary(self.readme)
        with tempfile.TemporaryDirectory() as scratch:
            exported = Path(scratch) / "env"
            script = [self.block[0], f"env > {shlex.quote(str(exported))}"]
            script += [line.replace(f"| {quick_start}", f"| {shlex.quote(str(binary))}") for line in self.block[1:]]
            environment = {name: value for name, value in os.environ.items()
                           if not name.startswith("BREEZE_") and name not in ("GOOGLE_POLLEN_API_KEY",
                                                                              "OPEN_METEO_API_KEY")}
            environment["HOME"] = scratch  # nothing may land in the user's home
            try:
                run = subprocess.run(["bash", "-c", "\n".join(script)], cwd=ROOT, env=environment,
                                     capture_output=True, text=True, timeout=60)
            finally:
                variables = dict(line.split("=", 1) for line in exported.read_text().splitlines() if "=" in line) \
                    if exported.exists() else {}
                stop_fake(variables.get("BREEZE_FAKE_UPSTREAM_PID"))
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(os.listdir(scratch), ["env"], "the try-out left something in HOME")
        replies = [json.loads(line) for line in run.stdout.splitlines()]
        self.assertEqual(len(replies), 1, run.stdout)
        self.assertIn("result", replies[0], replies[0])
        self.assertFalse(replies[0]["result"].get("errors"), "every part of the dashboard answered from the fake")

        set_by_env = sorted(name for name in variables if name.startswith("BREEZE_"))
        self.assertIn("BREEZE_CACHE", set_by_env)
        for name in set_by_env:
            with self.subTest(variable=name):
                named = f"`{name}" in self.offline or (name.endswith("_URL") and "`BREEZE_*_URL`" in self.offline)
                self.assertTrue(named, f"--env sets {name}, which the README's offline try-out does not mention")
        # The two that change what breeze-rpc does (the format only without the flatbuffers package): their values.
        for name in ("BREEZE_UPSTREAM_FORMAT", "BREEZE_CACHE"):
            self.assertIn(f"`{name}=", self.offline, f"say what --env sets {name} to")


def stop_fake(pid: str | None) -> None:
    if not pid:
        return
    try:
        os.kill(int(pid), signal.SIGTERM)
    except (ProcessLookupError, ValueError):
        pass


class BenchmarkFiguresTests(unittest.TestCase):
    """Issue 24 item 12: measured figures come from the benchmark's latest run, dated, in one place."""

    # A measured quantity: a size, a rate or a latency statistic.
    FIGURE = re.compile(r"\d[\d.,]*\s?(KiB|kB|MB|GB|req/s)\b|\d[\d.,]*\s?ms (median|p50|p90|p99)\b")

    def test_the_readme_quotes_no_figure_the_benchmark_does_not_give(self):
        # The one figure a user needs before installing, the size of what is downloaded, may be quoted, as long as
        # it is the benchmark's latest result (issue 32); every other measurement lives in the notes.
        readme = README.read_text(encoding="utf-8")
        latest = section(BENCHMARK_NOTES.read_text(encoding="utf-8"), "## Latest results")
        figures = [match.group(0) for match in self.FIGURE.finditer(readme)]
        self.assertEqual([figure for figure in figures if figure not in latest], [],
                         "measured figures belong in Tests/Benchmarks/README.md; link there")
        self.assertLessEqual(len(figures), 1, figures)
        self.assertIn("(Tests/Benchmarks/README.md)", readme)

    def test_the_benchmark_notes_give_the_latest_run_with_its_date(self):
        self.assertTrue(BENCHMARK_NOTES.is_file(), f"{BENCHMARK_NOTES.relative_to(ROOT)} is missing")
        latest = section(BENCHMARK_NOTES.read_text(encoding="utf-8"), "## Latest results")
        self.assertRegex(latest, r"\b20\d\d-\d\d-\d\d\b", "the date of the run")
        for row in ("binary", "cold start", "tools/list"):
            with self.subTest(row=row):
                self.assertRegex(latest, rf"(?im)^\|[^|\n]*{re.escape(row)}", f"no '{row}' row in the latest results")


if __name__ == "__main__":
    unittest.main()
