"""What the method suites share: a test case that calls the binary against the fake upstream, and small
conversions the replies are checked with.

Each method's suite checks the reply field by field against the method's documented result and against what
the fake actually answered, checks the exact query breeze-rpc sent, and validates the reply against the
method's result schema in schema/openrpc.json.
"""

from harness import BinaryTestCase, result_of

BERLIN = (52.52, 13.41)


def unit(upstream_unit):
    """The unit as breeze-rpc reports it: Open-Meteo's "mp/h" becomes "mph" (a documented choice)."""
    return "mph" if upstream_unit == "mp/h" else upstream_unit


class MethodTestCase(BinaryTestCase):
    fake_options = {"google_keys": {"SECRET-KEY-123"}}

    def result(self, method, params=None):
        return result_of(self, self.call(method, params))

    def only_request(self, service):
        requests = self.fake.requests_to(service)
        self.assertEqual(len(requests), 1, f"expected one {service} request, got {len(requests)}: "
                                           f"{[r['raw_query'] for r in requests]}")
        return requests[0]

    def assertNumber(self, value, what):
        self.assertTrue(isinstance(value, (int, float)) and not isinstance(value, bool), f"{what}: {value!r}")
