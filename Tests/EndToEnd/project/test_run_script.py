"""Tests/run.sh's counting: the closing line `total: N passed, M failed, K skipped` (CI reads its `N passed, M
failed`), and above it each distinct skip reason once, with its count, from the outputs of Swift Testing,
XCTest and unittest.

The functions are sourced from Tests/run.sh itself, which returns before running anything when sourced.
"""

import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RUN_SH = ROOT / "Tests" / "run.sh"

#: What `swift test` (Swift 6.3.1 on Linux) printed for a package of one XCTest case that passes and one that
#: skips, and Swift Testing tests: one that passes, one that fails, two disabled for the same reason, one disabled
#: for another, one cancelled while it ran.
SWIFT_OUTPUT = textwrap.dedent("""\
    Building for debugging...
    Build complete! (10.21s)
    Test Suite 'All tests' started at 2026-11-27 21:55:16.254
    Test Suite 'debug.xctest' started at 2026-11-27 21:55:16.259
    Test Suite 'XT' started at 2026-11-27 21:55:16.259
    Test Case 'XT.testPass' started at 2026-11-27 21:55:16.259
    Test Case 'XT.testPass' passed (0.016 seconds)
    Test Case 'XT.testSkip' started at 2026-11-27 21:55:16.275
    /tmp/skips/Tests/LibTests/T.swift:10: XT.testSkip : Test skipped - xctest skip reason
    Test Case 'XT.testSkip' skipped (0.0 seconds)
    Test Suite 'XT' passed at 2026-11-27 21:55:16.275
    \t Executed 2 tests, with 1 test skipped and 0 failures (0 unexpected) in 0.017 (0.017) seconds
    Test Suite 'debug.xctest' passed at 2026-11-27 21:55:16.275
    \t Executed 2 tests, with 1 test skipped and 0 failures (0 unexpected) in 0.017 (0.017) seconds
    Test Suite 'All tests' passed at 2026-11-27 21:55:16.275
    \t Executed 2 tests, with 1 test skipped and 0 failures (0 unexpected) in 0.017 (0.017) seconds
    ◇ Test run started.
    ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
    ↳ Target Platform: x86_64-unknown-linux-gnu
    ◇ Test skipsAtRuntime() started.
    ➜ Test disabledTwo() skipped: "runs only as root"
    ◇ Test passes() started.
    ◇ Test fails() started.
    ➜ Test disabledThree() skipped: "no meta-schema here"
    ➜ Test disabledOne() skipped: "no meta-schema here"
    ✘ Test fails() recorded an issue at T.swift:13:22: Expectation failed: 1 == 2
    ➜ Test skipsAtRuntime() was cancelled after 0.001 seconds: "cancelled at run time"
    ✔ Test passes() passed after 0.001 seconds.
    ✘ Test fails() failed after 0.001 seconds with 1 issue.
    ✘ Test run with 6 tests in 0 suites failed after 0.002 seconds with 1 issue.
    """)

#: A unittest module run for real below: two pass, two skip for one reason, one for another (at run time, with a
#: docstring, which verbose mode prints on a line of its own), one fails and one errs.
UNITTEST_MODULE = textwrap.dedent('''\
    import unittest


    class Sample(unittest.TestCase):
        def test_passes(self):
            pass

        def test_passes_too(self):
            pass

        @unittest.skip("needs prlimit (util-linux)")
        def test_skipped(self):
            pass

        @unittest.skip("needs prlimit (util-linux)")
        def test_skipped_for_the_same_reason(self):
            pass

        def test_skipped_while_running(self):
            """A docstring line."""
            self.skipTest("root's permissions differ")

        def test_fails(self):
            self.fail("on purpose")

        def test_errs(self):
            raise RuntimeError("on purpose")
    ''')


class RunScriptCountingTests(unittest.TestCase):
    def setUp(self):
        text = RUN_SH.read_text(encoding="utf-8")
        for function in ("count_swift", "count_unittest", "summary"):
            # Checked before sourcing: a run.sh without them would run every test when sourced.
            self.assertIn(f"\n{function}() {{", text, f"Tests/run.sh has no {function} function")
        self.directory = Path(tempfile.mkdtemp(prefix="breeze-run-sh-"))
        self.addCleanup(shutil.rmtree, self.directory, True)

    def summary(self, outputs: list[tuple[str, Path]]) -> list[str]:
        """The lines `summary` prints after counting `outputs`, (kind, file) pairs in order."""
        script = ('reasons="$1"; source "$2"; shift 2; while [ $# -gt 0 ]; do "count_$1" "$2"; shift 2; done; '
                  "summary")
        arguments = [str(self.directory / "reasons.txt"), str(RUN_SH)]
        for kind, path in outputs:
            arguments += [kind, str(path)]
        (self.directory / "reasons.txt").write_text("")
        done = subprocess.run(["bash", "-c", script, "bash", *arguments], capture_output=True, text=True,
                              timeout=30, cwd=self.directory)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout.strip("\n").splitlines()

    def unittest_output(self) -> Path:
        (self.directory / "sample_tests.py").write_text(UNITTEST_MODULE)
        output = self.directory / "unittest.txt"
        with output.open("w") as file:
            subprocess.run([sys.executable, "-m", "unittest", "-v", "sample_tests"], stdout=file,
                           stderr=subprocess.STDOUT, cwd=self.directory, timeout=60, check=False)
        return output

    def test_swift_testing_and_xctest(self):
        output = self.directory / "swift.txt"
        output.write_text(SWIFT_OUTPUT)
        lines = self.summary([("swift", output)])
        self.assertEqual(lines[-1], "total: 2 passed, 1 failed, 5 skipped")
        self.assertEqual(lines[0], "skipped, by reason:")
        self.assertEqual(lines[1:-1], ["  2 × no meta-schema here", "  1 × cancelled at run time",
                                       "  1 × runs only as root", "  1 × xctest skip reason"])

    def test_a_swift_run_that_ended_before_its_summary_counts_what_passed(self):
        output = self.directory / "swift.txt"
        output.write_text("".join(line + "\n" for line in SWIFT_OUTPUT.splitlines()
                                  if "Test run with" not in line and "Executed" not in line))
        self.assertEqual(self.summary([("swift", output)])[-1], "total: 1 passed, 1 failed, 4 skipped")

    def test_unittest_run_verbosely(self):
        lines = self.summary([("unittest", self.unittest_output())])
        self.assertEqual(lines[-1], "total: 2 passed, 2 failed, 3 skipped")
        self.assertEqual(lines[1:-1], ["  2 × needs prlimit (util-linux)", "  1 × root's permissions differ"])

    def test_suites_add_up_and_each_reason_is_listed_once(self):
        swift, python = self.directory / "swift.txt", self.unittest_output()
        swift.write_text(SWIFT_OUTPUT)
        lines = self.summary([("swift", swift), ("unittest", python), ("unittest", python)])
        self.assertEqual(lines[-1], "total: 6 passed, 5 failed, 11 skipped")
        reasons = [re.sub(r"^  \d+ × ", "", line) for line in lines[1:-1]]
        self.assertEqual(len(reasons), len(set(reasons)), lines)
        self.assertIn("  4 × needs prlimit (util-linux)", lines)
        # The shape CI reads stays a prefix of the closing line.
        self.assertRegex(lines[-1], r"^total: \d+ passed, \d+ failed, \d+ skipped$")

    def test_nothing_skipped_lists_no_reasons(self):
        output = self.directory / "unittest.txt"
        output.write_text("test_a (m.C.test_a) ... ok\n\n" + "-" * 70 + "\nRan 1 test in 0.001s\n\nOK\n")
        self.assertEqual(self.summary([("unittest", output)]), ["total: 1 passed, 0 failed, 0 skipped"])


if __name__ == "__main__":
    unittest.main()
