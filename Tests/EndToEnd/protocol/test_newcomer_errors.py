"""Messages a newcomer meets, from the real binary: numbers beyond Swift's types, a misspelt method, a bad
environment variable, a modern MCP request missing its client capabilities. Each names what to fix."""

import unittest

from harness import BreezeProcess, error_of

MODERN_VERSION_ONLY = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}


class NewcomerErrorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # No upstream is needed: every request here is refused before any call goes out.
        cls.process = BreezeProcess()

    @classmethod
    def tearDownClass(cls):
        code, _, _ = cls.process.finish()
        assert code == 0, code

    def test_a_number_a_double_cannot_hold_names_the_field_in_every_method(self):
        cases = [
            ("fetchForecast", {"latitude": "1e999", "longitude": "13.41"}, "latitude"),
            ("fetchClimate", {"latitude": "-1e999", "longitude": "13.41"}, "latitude"),
            ("fetchDashboard", {"latitude": "52.52", "longitude": "1e400"}, "longitude"),
            ("fetchForecast", {"latitude": "52.52", "longitude": "13.41", "forecastDays": "1e999"}, "forecastDays"),
            ("fetchForecast", {"latitude": "[1e999]", "longitude": "[13.41]"}, "latitude[0]"),
        ]
        for method, members, field in cases:
            with self.subTest(method=method, field=field):
                # Written by hand: Python's json module cannot write 1e999.
                params = "{" + ",".join(f'"{key}":{value}' for key, value in members.items()) + "}"
                id = self.process.new_id()
                self.process.send_line(f'{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{params}}}')
                error = error_of(self, self.process.reply(id), -32602, "invalidParams")
                self.assertEqual(error["data"]["field"], field)
                self.assertIn(f"Parameter '{field}' must be a finite number", error["message"])

    def test_a_number_a_double_cannot_hold_by_position_names_the_param(self):
        id = self.process.new_id()
        self.process.send_line(f'{{"jsonrpc":"2.0","id":{id},"method":"fetchForecast","params":[1e400, 13.41]}}')
        error = error_of(self, self.process.reply(id), -32602)
        self.assertEqual(error["data"]["field"], "latitude")
        self.assertEqual(error["message"], "Parameter 'latitude' must be a finite number, not 1e400.")

    def test_an_integer_beyond_64_bits_says_the_range(self):
        id = self.process.new_id()
        self.process.send_line(
            f'{{"jsonrpc":"2.0","id":{id},"method":"searchCities",'
            '"params":{"name":"Berlin","count":99999999999999999999}}')
        error = error_of(self, self.process.reply(id), -32602)
        self.assertEqual(error["data"]["field"], "count")
        self.assertIn("must be from 1 to 100, not 99999999999999999999.", error["message"])

    def test_an_id_beyond_64_bits_is_out_of_range(self):
        with BreezeProcess() as process:
            process.send_line('{"jsonrpc":"2.0","id":99999999999999999999,"method":"ping"}')
            code, replies, _ = process.finish()
        self.assertEqual(code, 0)
        self.assertEqual(len(replies), 1, replies)
        self.assertIsNone(replies[0]["id"])
        self.assertEqual(replies[0]["error"]["code"], -32600)
        self.assertIn("out of range", replies[0]["error"]["data"]["detail"])
        self.assertIn("9223372036854775807", replies[0]["error"]["data"]["detail"])

    def test_a_misspelt_method_is_offered_the_nearest(self):
        for wrong, right in [("searchcities", "searchCities"), ("fetchForcast", "fetchForecast")]:
            with self.subTest(method=wrong):
                error = error_of(self, self.process.call(wrong), -32601)
                self.assertEqual(error["data"]["suggestions"], [right])
                self.assertIn(f"did you mean {right}?", error["data"]["detail"])

    def test_a_modern_request_without_client_capabilities_is_told_what_to_add(self):
        error = error_of(self, self.process.call("tools/list", {"_meta": MODERN_VERSION_ONLY}), -32602)
        self.assertIn('Add "io.modelcontextprotocol/clientCapabilities": {} to params._meta', error["message"])
        complete = {**MODERN_VERSION_ONLY, "io.modelcontextprotocol/clientCapabilities": {}}
        self.assertEqual(self.process.call("tools/list", {"_meta": complete})["result"]["resultType"], "complete")


class BadSettingTests(unittest.TestCase):
    def run_with(self, env=None, args=None) -> tuple[int, str]:
        process = BreezeProcess(env=env, args=args, timeout_seconds=None)
        with process:
            code, _, stderr = process.finish()
        return code, stderr

    def test_a_bad_environment_variable_is_named(self):
        for variable, value in [("BREEZE_TIMEOUT", "-1"), ("BREEZE_RETRIES", "99"), ("BREEZE_CACHE", "sometimes")]:
            with self.subTest(variable=variable):
                code, stderr = self.run_with(env={variable: value})
                self.assertEqual(code, 2)
                self.assertIn(f"breeze-rpc: {variable}", stderr)

    def test_a_bad_flag_is_named_not_its_variable(self):
        code, stderr = self.run_with(args=["--timeout", "-1"])
        self.assertEqual(code, 2)
        self.assertIn("breeze-rpc: --timeout", stderr)
        self.assertNotIn("BREEZE_TIMEOUT", stderr)


if __name__ == "__main__":
    unittest.main()
