"""The fleet's caching egress: nginx, configured by `clients/nginx/breeze-egress.conf`, between several
breeze-rpc processes (standing for hosts) and the fake upstream, which refuses a sixth Open-Meteo request in
flight as the free service does.

The test runs that very file, with only what differs per site replaced: its two listen addresses, its cache
directory and the Open-Meteo origins (each `https://<host>.open-meteo.com/` becomes the fake, which serves the
same paths). nginx is Debian's package; when it is missing and the test runs as root it is installed
(`apt-get install -y nginx-light`, its service kept from starting), else the test is skipped saying so.
"""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from fake_upstream import FakeUpstream
from harness import REPO_ROOT, BreezeProcess, result_of, scratch_directory, stop_process

CONFIG = REPO_ROOT / "clients" / "nginx" / "breeze-egress.conf"
FORECAST = {"longitude": 13.41, "daily": ["temperature_2m_max"], "forecastDays": 1}
GOOGLE_KEY = "gpk3Hs5Jf8Kd2Mn7Pq4Tv9Xb"


def nginx_binary() -> str | None:
    for candidate in (shutil.which("nginx"), "/usr/sbin/nginx"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def install_nginx() -> str | None:
    """Debian's nginx-light, installed without starting its service (a policy-rc.d that refuses), when root."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return None
    policy = Path("/usr/sbin/policy-rc.d")
    created = not policy.exists()
    if created:
        policy.write_text("#!/bin/sh\nexit 101\n")
        policy.chmod(0o755)
    try:
        environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "install", "-y", "-qq", "nginx-light"], env=environment, capture_output=True,
                       timeout=600, check=False)
    finally:
        if created:
            policy.unlink()
    return nginx_binary()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def site_config(text: str, front: int, inner: int, cache: str, log: str, origin: str) -> str:
    """The shipped configuration with this site's addresses, directories and origin, each replacement checked."""
    replacements = [
        (r"listen 8480;", f"listen 127.0.0.1:{front};", 1),
        (r"127\.0\.0\.1:8481", f"127.0.0.1:{inner}", 2),
        (r"/var/cache/nginx/breeze", cache, 1),
        (r"/var/log/nginx/breeze-egress\.log", log, 1),
        (r"https://[a-z-]+\.open-meteo\.com/", origin + "/", 13),
    ]
    for pattern, replacement, expected in replacements:
        text, count = re.subn(pattern, replacement, text)
        if count != expected:
            raise AssertionError(f"{CONFIG.name}: {pattern!r} found {count} times, expected {expected}")
    return text


class FleetEgressTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.nginx = nginx_binary() or install_nginx()
        if cls.nginx is None:
            raise unittest.SkipTest("nginx is not installed (Debian: apt-get install nginx-light) and the test "
                                    "cannot install it (not root, or no apt-get)")

    def setUp(self):
        self.fake = FakeUpstream().start()
        self.addCleanup(self.fake.stop)
        self.prefix = scratch_directory(self, "breeze-e2e-nginx-")
        self.front, inner = free_port(), free_port()
        self.log = os.path.join(self.prefix, "access.log")
        site = site_config(CONFIG.read_text(), self.front, inner, os.path.join(self.prefix, "cache"), self.log,
                           self.fake.base_url)
        Path(self.prefix, "breeze-egress.conf").write_text(site)
        Path(self.prefix, "nginx.conf").write_text(
            # As root, nginx's workers would run as nobody, who cannot enter this private directory.
            ("user root;\n" if os.geteuid() == 0 else "")
            + "worker_processes 1;\nerror_log stderr warn;\npid nginx.pid;\nevents { worker_connections 512; }\n"
            "http {\n    client_body_temp_path tmp/body;\n    proxy_temp_path tmp/proxy;\n"
            "    fastcgi_temp_path tmp/fastcgi;\n    uwsgi_temp_path tmp/uwsgi;\n    scgi_temp_path tmp/scgi;\n"
            "    access_log off;\n    include breeze-egress.conf;\n}\n")
        os.makedirs(os.path.join(self.prefix, "tmp"))
        os.makedirs(os.path.join(self.prefix, "logs"))
        self.errors = os.path.join(self.prefix, "error.log")
        with open(self.errors, "ab") as errors:
            self.server = subprocess.Popen(
                [self.nginx, "-p", self.prefix, "-c", os.path.join(self.prefix, "nginx.conf"), "-g", "daemon off;"],
                stdout=subprocess.DEVNULL, stderr=errors)
        self.addCleanup(stop_process, self.server)
        self.await_listening()

    def await_listening(self):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                self.fail(f"nginx exited: {Path(self.errors).read_text(errors='replace')}")
            try:
                socket.create_connection(("127.0.0.1", self.front), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)  # nginx binds its port a moment after it starts; no event to wait on
        self.fail("nginx did not start listening within 10 s")

    def hosts(self, count: int, **env) -> list[BreezeProcess]:
        """`count` processes, each its own host (its own cache directory), every Open-Meteo URL through nginx."""
        egress = f"http://127.0.0.1:{self.front}"
        settings = {
            "BREEZE_FORECAST_URL": egress + "/api/v1/forecast",
            "BREEZE_AIR_QUALITY_URL": egress + "/air-quality-api/v1/air-quality",
            "BREEZE_GEOCODING_URL": egress + "/geocoding-api/v1/search",
            "BREEZE_ARCHIVE_URL": egress + "/archive-api/v1/archive",
            "BREEZE_RETRIES": "4", "GOOGLE_POLLEN_API_KEY": GOOGLE_KEY, **env,
        }
        processes = []
        for _ in range(count):
            directory = tempfile.mkdtemp(prefix="host-", dir=self.prefix)
            process = BreezeProcess(self.fake, timeout_seconds=20,
                                    env={"BREEZE_CACHE": "memory", "BREEZE_CACHE_DIR": directory, **settings})
            self.addCleanup(process.__exit__, None, None, None)
            processes.append(process)
        return processes

    def logged(self) -> list[str]:
        with open(self.log, encoding="utf-8") as log:
            return log.read().splitlines()

    def test_fifty_identical_calls_from_five_hosts_make_one_upstream_fetch(self):
        hosts = self.hosts(5)
        self.fake.set_mode("forecast", "delay", ms=300)
        params = {**FORECAST, "latitude": 52.52}
        ids = [(host, host.request("fetchForecast", params)) for host in hosts for _ in range(10)]
        for host, id in ids:
            result_of(self, host.reply(id))
        self.assertEqual(self.fake.count("forecast"), 1)

    def test_misses_stay_within_the_budget_at_the_upstream(self):
        hosts = self.hosts(5)
        self.fake.set_mode("forecast", "delay", ms=40)
        ids = [(host, host.request("fetchForecast", {**FORECAST, "latitude": 30 + index * 0.5}))
               for index, host in enumerate(hosts * 6)]
        replies = [host.reply(id, timeout=30) for host, id in ids]
        stats = self.fake.stats()
        self.assertLessEqual(stats["openMeteoPeakInFlight"], 4, stats)
        self.assertEqual(stats["openMeteoRefused"], 0, stats)
        self.assertEqual(len(replies), 30)

    def test_a_stale_answer_is_served_while_the_upstream_answers_429(self):
        (host,) = self.hosts(1, BREEZE_CACHE="off")
        params = {**FORECAST, "latitude": 48.85}
        # An answer that lives one second: Open-Meteo sends no lifetime, but nginx honours one when sent.
        self.fake.set_mode("forecast", "headers", headers={"Cache-Control": "max-age=1"}, count=1)
        fresh = result_of(self, host.call("fetchForecast", params))
        time.sleep(2.1)  # the one-second lifetime (nginx counts whole seconds) must pass: what is under test
        self.fake.set_mode("forecast", "429")
        stale = result_of(self, host.call("fetchForecast", params))
        self.assertEqual(stale["daily"], fresh["daily"])
        self.assertTrue(self.fake.wait_for_requests(2, path_or_service="forecast"),
                        f"nginx did not ask again: {self.logged()}")
        # nginx logs a request once the update it started in the background has ended too.
        deadline = time.monotonic() + 10
        while len(self.logged()) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertIn(self.logged()[-1].split()[-2], ("STALE", "UPDATING"), self.logged())

    def test_google_pollen_goes_around_the_egress_and_is_never_cached_by_it(self):
        hosts = self.hosts(2)
        pollen = {"latitude": 52.52, "longitude": 13.41, "source": "google"}
        for host in hosts:
            result_of(self, host.call("fetchPollen", pollen))
        self.assertEqual(self.fake.count("googlePollen"), 2)
        self.assertFalse([line for line in self.logged() if "forecast:lookup" in line])
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{self.front}/v1/forecast:lookup?key=x")
        self.assertEqual(refused.exception.code, 404)


if __name__ == "__main__":
    unittest.main()
