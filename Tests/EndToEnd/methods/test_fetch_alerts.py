"""`fetchAlerts` through the real binary against the fake's NWS, ECCC and MeteoAlarm, quirks included: points on
both sides of the Detroit River and around Basel get exactly the warnings whose area contains them; expired,
cancelled and superseded messages never appear; a failing source fails only its part."""

import unittest

from fake_upstream.query import Query
from harness import assert_matches_schema, error_of

from .method_case import MethodTestCase

DETROIT, WINDSOR = (42.36, -83.10), (42.28, -82.98)
BASEL, LOERRACH, SAINT_LOUIS = (47.5596, 7.5886), (47.6156, 7.6614), (47.60, 7.50)


class FetchAlertsTests(MethodTestCase):
    def alerts(self, point, **params):
        result = self.result("fetchAlerts", {"latitude": point[0], "longitude": point[1], **params})
        assert_matches_schema(self, "fetchAlerts", result)
        return result

    def test_detroit_and_windsor_each_get_their_own_side(self):
        detroit = self.alerts(DETROIT)
        self.assertEqual(detroit["country"], "US")
        self.assertEqual([a["event"] for a in detroit["alerts"]], ["Severe Thunderstorm Warning", "Dense Fog Advisory"])
        self.assertEqual([a["matchedBy"] for a in detroit["alerts"]], ["polygon", "zone"])
        windsor = self.alerts(WINDSOR)
        self.assertEqual(windsor["country"], "CA")
        self.assertEqual([(a["source"], a["event"]) for a in windsor["alerts"]], [("eccc", "rainfall warning")])
        self.assertEqual({s["source"] for s in windsor["sources"]}, {"eccc", "nws"}, "both sides of the border")
        agent = self.fake.requests_to("nws")[0]["headers"]["user-agent"]
        self.assertTrue(agent.startswith("breeze-rpc/") and "(+https://" in agent, agent)

    def test_expired_cancelled_superseded_and_test_messages_never_appear(self):
        detroit = self.alerts(DETROIT)
        ids = [a["id"] for a in detroit["alerts"]]
        for gone in ("fog1", "torn1", "torn2", "torn3", "wind1", "test1"):
            self.assertFalse(any(gone in i for i in ids), f"{gone} must not appear: {ids}")
        self.assertTrue(any("fog2" in i for i in ids))
        windsor = self.alerts(WINDSOR)
        self.assertEqual([a["id"] for a in windsor["alerts"]], ["rain-1"], "ended and expired ECCC items are dropped")
        loerrach = self.alerts(LOERRACH)
        self.assertEqual([a["id"] for a in loerrach["alerts"]], ["2.49.0.0.de.lo2"])
        berlin = self.alerts((52.52, 13.405))
        self.assertEqual(berlin["alerts"], [], "cancelled, expired and exercise warnings only")

    def test_around_basel_each_country_gets_exactly_its_areas_warnings(self):
        basel, loerrach, saint_louis = self.alerts(BASEL), self.alerts(LOERRACH), self.alerts(SAINT_LOUIS)
        self.assertEqual([(a["id"], a["matchedBy"]) for a in basel["alerts"]], [("2.49.0.0.ch.bs1", "polygon")])
        self.assertEqual([(a["id"], a["matchedBy"]) for a in loerrach["alerts"]], [("2.49.0.0.de.lo2", "area")])
        self.assertEqual([(a["id"], a["matchedBy"]) for a in saint_louis["alerts"]], [("2.49.0.0.fr.hr1", "area")])
        self.assertEqual({s["country"] for s in basel["sources"]}, {"CH", "DE", "FR"})
        self.assertEqual(basel["alerts"][0]["attribution"], "EUMETNET – MeteoAlarm; MeteoSwiss")

    def test_the_german_feed_of_megabytes_is_read_once_for_many_points(self):
        self.fake.meteoalarm_filler = 540  # expired warnings, as the real feed carries: about 3 MB
        # Made once here, so that the fake's own work on a loaded machine does not count against the call's deadline.
        body = self.fake.answer("/meteoalarm/api/v1/warnings/feeds-germany", Query([]), "GET").body
        self.assertGreater(len(body), 2_500_000)
        points = [(47.6156 + i * 0.001, 7.6614) for i in range(20)]
        result = self.result("fetchAlerts", {"latitude": [p[0] for p in points], "longitude": [p[1] for p in points]})
        self.assertEqual(len(result), 20)
        self.assertTrue(all(r["alerts"] and r["alerts"][0]["id"] == "2.49.0.0.de.lo2" for r in result))
        self.assertEqual(len([r for r in self.fake.requests if r["path"].endswith("/feeds-germany")]), 1)

    def test_language_picks_the_block_verbatim_else_english_else_the_first(self):
        german = self.alerts(LOERRACH, language="de")["alerts"][0]
        self.assertEqual((german["language"], german["headline"]), ("de-DE", "Amtliche WARNUNG vor STURMBÖEN"))
        italian = self.alerts(LOERRACH, language="it")["alerts"][0]
        self.assertEqual(italian["language"], "en-GB")
        freiburg = self.alerts((47.999, 7.842), language="fr")["alerts"][0]
        self.assertEqual(freiburg["language"], "de-DE", "the only block")

    def test_no_source_is_coverage_none_said_plainly_and_the_sea_near_the_us_gets_the_marine_warning(self):
        for point in [(35.68, 139.69), (45.0, -30.0), (90.0, 0.0), (-90.0, 0.0)]:
            result = self.alerts(point)
            self.assertEqual((result["coverage"], result["alerts"]), ("none", []), point)
            self.assertTrue(result["reason"], point)
        marine = self.alerts((40.3, -73.3))
        self.assertEqual([(a["event"], a["matchedBy"]) for a in marine["alerts"]], [("Gale Warning", "zone")])

    def test_the_nws_firewall_fails_only_its_part(self):
        self.fake.nws_firewall = "breeze-rpc"
        windsor = self.alerts(WINDSOR)
        self.assertEqual(windsor["coverage"], "partial")
        self.assertEqual(windsor["errors"]["nws"]["data"]["status"], 403)
        self.assertIn("firewall", windsor["errors"]["nws"]["message"])
        self.assertEqual([a["id"] for a in windsor["alerts"]], ["rain-1"])
        # Off New Jersey only NWS covers the point: its failure is the call's.
        error = error_of(self, self.call("fetchAlerts", [40.3, -73.3]), 1002, "badServerResponse")
        self.assertEqual((error["data"]["service"], error["data"]["status"]), ("nws", 403))

    def test_bad_coordinates_and_language_are_invalid_params_before_any_request(self):
        error_of(self, self.call("fetchAlerts", [91, 0]), -32602, "invalidParams")
        error = error_of(self, self.call("fetchAlerts", {"latitude": 0, "longitude": 0, "language": "klingon!"}),
                         -32602, "invalidParams")
        self.assertEqual(error["data"]["field"], "language")
        self.assertEqual(len(self.fake.requests), 0)


if __name__ == "__main__":
    unittest.main()
