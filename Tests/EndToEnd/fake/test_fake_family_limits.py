"""The fake upstream's Open-Meteo family over real HTTP, its limits: the concurrency 429 and its gauge, several
date ranges in one call, lists split on literal commas only, and elevation."""

import json
import math
import threading
import unittest

from fake_upstream import OPEN_METEO_CONCURRENCY, elevation

from .family_case import FamilyTestCase, flatbuffers_messages, request


class ConcurrencyLimitTests(FamilyTestCase):
    fake_options = {"open_meteo_concurrency": OPEN_METEO_CONCURRENCY}

    def test_a_sixth_open_meteo_request_in_flight_is_refused_with_429(self):
        # Five slow requests to three Open-Meteo APIs (one address, one limit), then a sixth while they are open.
        for target in ("forecast", "archive", "elevation"):
            self.fake.set_mode(target, "delay", ms=2000)
        paths = ["/v1/forecast?latitude=1&longitude=2"] * 2 + [
            "/v1/archive?latitude=1&longitude=2&start_date=2000-01-01&end_date=2000-01-01"] * 2 + [
            "/elevation/v1/elevation?latitude=1&longitude=2"]
        replies = []
        threads = [threading.Thread(target=lambda p=p: replies.append(request(self.fake, p)[0])) for p in paths]
        for thread in threads:
            thread.start()
        self.assertTrue(self.fake.wait_for_requests(5, timeout=10))
        status, content_type, body = request(self.fake, "/v1/air-quality?latitude=1&longitude=2&hourly=pm10")
        self.assertEqual((status, json.loads(body)), (429, {"error": True, "reason": "Too many concurrent requests"}))
        for thread in threads:
            thread.join(timeout=10)
        self.assertEqual(sorted(replies), [200] * 5, "the five in flight are answered")
        self.assertTrue(self.fake.wait_until_idle())
        stats = self.fake.stats()
        self.assertEqual((stats["openMeteoPeakInFlight"], stats["openMeteoRefused"], stats["openMeteoInFlight"]),
                         (6, 1, 0), "the refused request counts in the peak")
        self.fake.reset_peaks()
        self.assertEqual(self.fake.stats()["openMeteoPeakInFlight"], 0)

    def test_geocoding_and_the_other_upstreams_do_not_count(self):
        self.fake.set_mode("geocoding", "delay", ms=2000)
        threads = [threading.Thread(target=request, args=(self.fake, "/v1/search?name=Berlin")) for _ in range(6)]
        for thread in threads:
            thread.start()
        self.assertTrue(self.fake.wait_for_requests(6, timeout=10))
        self.assertEqual(request(self.fake, "/v1/forecast?latitude=1&longitude=2")[0], 200)
        for thread in threads:
            thread.join(timeout=10)
        self.assertEqual(self.fake.stats()["openMeteoPeakInFlight"], 1)
        self.assertEqual(self.fake.stats()["maxInFlight"], 7)

    def test_six_in_a_row_are_all_answered(self):
        for _ in range(6):
            self.assertEqual(request(self.fake, "/v1/forecast?latitude=1&longitude=2")[0], 200)
            self.assertTrue(self.fake.wait_until_idle())
        self.assertEqual(self.fake.stats()["openMeteoPeakInFlight"], 1)


class ConcurrencyGaugeTests(FamilyTestCase):
    """The gauge on its own: a fake built without the limit measures and refuses nothing until told to."""
    fake_options = {"open_meteo_concurrency": None}

    def slow_requests(self, n):
        self.fake.set_mode("forecast", "delay", ms=1500)
        threads = [threading.Thread(target=request, args=(self.fake, "/v1/forecast?latitude=1&longitude=2"))
                   for _ in range(n)]
        for thread in threads:
            thread.start()
        self.assertTrue(self.fake.wait_for_requests(n, timeout=10))
        return threads

    def test_without_a_limit_it_measures_and_refuses_nothing(self):
        threads = self.slow_requests(6)
        self.assertEqual(request(self.fake, "/v1/archive?latitude=1&longitude=2")[0], 200)
        for thread in threads:
            thread.join(timeout=10)
        stats = self.fake.stats()
        self.assertEqual((stats["openMeteoPeakInFlight"], stats["openMeteoRefused"]), (7, 0))

    def test_the_control_endpoint_switches_the_limit_and_resets_the_peak(self):
        def control(command):
            status, _, body = request(self.fake, "/__control", "POST", json.dumps(command))
            self.assertEqual(status, 200, body)

        control({"action": "open_meteo_concurrency", "limit": 2})
        self.addCleanup(control, {"action": "open_meteo_concurrency", "limit": None})
        threads = self.slow_requests(2)
        self.assertEqual(request(self.fake, "/v1/archive?latitude=1&longitude=2")[0], 429)
        for thread in threads:
            thread.join(timeout=10)
        self.assertTrue(self.fake.wait_until_idle())
        status, _, body = request(self.fake, "/__stats")
        self.assertEqual(json.loads(body)["openMeteoPeakInFlight"], 3)
        control({"action": "reset_peaks"})
        self.assertEqual(json.loads(request(self.fake, "/__stats")[2])["openMeteoPeakInFlight"], 0)
        self.assertEqual(json.loads(request(self.fake, "/__stats")[2])["maxInFlight"], 0)


class DateRangeTests(FamilyTestCase):
    ARCHIVE = "/v1/archive?daily=temperature_2m_max&latitude="

    def test_one_coordinate_with_three_ranges_is_three_results_without_location_id(self):
        status, results = self.get(self.ARCHIVE + "52.52&longitude=13.41&start_date=2000-06-01,2001-06-01,2002-06-01"
                                   "&end_date=2000-06-02,2001-06-01,2002-06-03")
        self.assertEqual(status, 200)
        self.assertEqual([r["daily"]["time"] for r in results],
                         [["2000-06-01", "2000-06-02"], ["2001-06-01"], ["2002-06-01", "2002-06-02", "2002-06-03"]])
        self.assertTrue(all("location_id" not in r for r in results))
        # Each result is what the same range alone answers.
        for result, (start, end) in zip(results, [("2000-06-01", "2000-06-02"), ("2001-06-01", "2001-06-01"),
                                                  ("2002-06-01", "2002-06-03")]):
            self.assertEqual(self.get(f"{self.ARCHIVE}52.52&longitude=13.41&start_date={start}&end_date={end}")[1]
                             ["daily"], result["daily"])

    def test_two_coordinates_with_two_ranges_are_paired(self):
        _, results = self.get(self.ARCHIVE + "52.52,48.85&longitude=13.41,2.35&start_date=2000-06-01,2001-06-01"
                              "&end_date=2000-06-01,2001-06-01")
        self.assertEqual([(r.get("location_id", 0), r["daily"]["time"]) for r in results],
                         [(0, ["2000-06-01"]), (1, ["2001-06-01"])])

    def test_one_range_applies_to_every_coordinate(self):
        _, results = self.get(self.ARCHIVE + "52.52,48.85&longitude=13.41,2.35&start_date=2000-06-01"
                              "&end_date=2000-06-01")
        self.assertEqual([r["daily"]["time"] for r in results], [["2000-06-01"]] * 2)

    def test_mismatched_counts_are_open_meteo_texts(self):
        self.assertEqual(self.reason(self.ARCHIVE + "1,2,3&longitude=1,2,3&start_date=2000-06-01,2001-06-01"
                                     "&end_date=2000-06-01,2001-06-01"),
                         "Parameter 'start_date' and 'end_date' must have the same number of elements as coordinates")
        self.assertEqual(self.reason(self.ARCHIVE + "1&longitude=1&start_date=2000-06-01,2001-06-01"
                                     "&end_date=2000-06-01"),
                         "Parameter 'start_date' and 'end_date' must have the same number of elements")

    def test_an_encoded_comma_is_part_of_the_value(self):
        self.assertEqual(self.reason(self.ARCHIVE + "1&longitude=1&start_date=2000-06-01%2C2001-06-01"
                                     "&end_date=2000-06-01%2C2001-06-01"),
                         "Invalid date format. Make sure to use 'YYYY-MM-DD'")
        self.assertEqual(self.reason("/v1/forecast?latitude=1&longitude=1&models=gfs_seamless%2Cicon_seamless"),
                         "Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value "
                         "gfs_seamless,icon_seamless.")

    def test_flatbuffers_send_one_message_per_range(self):
        status, content_type, body = request(
            self.fake, self.ARCHIVE + "52.52&longitude=13.41&start_date=2000-06-01,2001-06-01"
            "&end_date=2000-06-02,2001-06-01&format=flatbuffers")
        self.assertEqual((status, content_type), (200, "application/octet-stream"))
        self.assertEqual(len(flatbuffers_messages(body)), 2)

    def test_a_post_form_is_answered_as_the_same_get(self):
        query = "latitude=52.52&longitude=13.41&start_date=2000-06-01,2001-06-01&end_date=2000-06-01,2001-06-01" \
                "&daily=temperature_2m_max"
        status, _, body = request(self.fake, "/v1/archive", "POST", query,
                                  {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual((status, json.loads(body)), self.get("/v1/archive?" + query))


class ElevationTests(FamilyTestCase):
    PATH = "/elevation/v1/elevation"

    def test_the_body_is_swift_printed_floats_with_nan_where_the_model_cannot_say(self):
        status, content_type, body = request(self.fake, self.PATH + "?latitude=52.52,90,54,10&longitude=13.41,0,4,180"
                                             "&format=flatbuffers")
        self.assertEqual((status, content_type), (200, "application/json"))
        land = elevation.elevation_at(52.52, 13.41)
        self.assertEqual(body.decode(), f'{{"elevation":[{land!r}, nan, 0.0, nan]}}')
        self.assertGreater(land, 0)
        # Deterministic: the same point, the same height, in any company.
        self.assertEqual(request(self.fake, self.PATH + "?latitude=52.52&longitude=13.41")[2].decode(),
                         f'{{"elevation":[{land!r}]}}')

    def test_one_hundred_points_and_no_more(self):
        points = ",".join(str(n / 10) for n in range(100))
        status, _, body = request(self.fake, f"{self.PATH}?latitude={points}&longitude={points}")
        self.assertEqual(status, 200)
        self.assertEqual(len(json.loads(body)["elevation"]), 100)
        self.assertEqual(self.reason(f"{self.PATH}?latitude={points},1&longitude={points},1"),
                         "Parameter 'latitude' and 'longitude' must not exceed 100 coordinates.")

    def test_error_texts(self):
        self.assertEqual(self.reason(self.PATH + "?latitude=1,2&longitude=1"),
                         "Parameter 'latitude' and 'longitude' must have the same amount of elements")
        self.assertEqual(self.reason(self.PATH), "Parameter 'latitude' and 'longitude' must not be empty")
        self.assertEqual(self.reason(self.PATH + "?latitude=522.52&longitude=1"),
                         "Latitude must be in range of -90 to 90°. Given: 522.52.")
        self.assertEqual(self.reason(self.PATH + "?latitude=1&longitude=-181"),
                         "Longitude must be in range of -180 to 180°. Given: -181.0.")

    def test_the_rule_for_nan_and_sea(self):
        self.assertTrue(math.isnan(elevation.elevation_at(90, 0)))
        self.assertTrue(math.isnan(elevation.elevation_at(0, 180)))
        self.assertEqual(elevation.elevation_at(55.0, 4.0), 0.0, "the North Sea")

    def test_only_its_own_path(self):
        status, _, body = request(self.fake, "/v1/elevation?latitude=1&longitude=1")
        self.assertEqual((status, json.loads(body)), (404, {"error": True, "reason": "Not Found"}))


if __name__ == "__main__":
    unittest.main()
