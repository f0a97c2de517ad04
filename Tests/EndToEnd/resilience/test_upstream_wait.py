"""Waiting for a slow upstream costs no CPU: the HTTP leg sleeps until the answer arrives.

FoundationNetworking, used before, left a write-readiness source armed while the first request on a new connection
waited, and its threads spun (about 2 s of CPU for a 2 s wait). This checks the behaviour, not a speed: the bound is
generous, a spin would blow it several times over.
"""

import os
import unittest
from pathlib import Path

from fake_upstream import FakeUpstream
from harness import BreezeProcess, result_of

FORECAST = {"latitude": 52.52, "longitude": 13.41, "daily": ["temperature_2m_max"], "forecastDays": 1}


def cpu_seconds(pid: int) -> float:
    """User plus system time of every thread of the process so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        # The fields after the command name, which is in parentheses and may hold spaces.
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@unittest.skipUnless(Path("/proc/self/stat").exists(), "needs /proc to read a process's CPU time")
class UpstreamWaitTests(unittest.TestCase):
    def test_a_two_second_wait_on_a_new_connection_and_on_a_kept_alive_one_costs_almost_no_cpu(self):
        with FakeUpstream() as fake, BreezeProcess(fake, timeout_seconds=10) as breeze:
            fake.set_mode("forecast", "delay", ms=2000)
            result_of(self, breeze.call("ping"))  # started: what follows is the call alone
            for connection in ("new", "kept-alive"):
                before = cpu_seconds(breeze.process.pid)
                result_of(self, breeze.call("fetchForecast", {**FORECAST, "latitude": 50 + len(connection)}))
                spent = cpu_seconds(breeze.process.pid) - before
                self.assertLess(spent, 0.3, f"CPU seconds spent during a 2 s wait on a {connection} connection")


if __name__ == "__main__":
    unittest.main()
