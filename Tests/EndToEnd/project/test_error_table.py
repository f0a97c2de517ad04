"""Every copy of the error table agrees with its one source, the Swift `ErrorCode` constants (error_table.py).

The OpenRPC components are checked in test_schema.py; here: the Swift sites that build errors, the README
table and the Python client's errors.py.
"""

from __future__ import annotations

import re
import sys
import unittest

from error_table import ROOT, all_error_types, json_rpc_error_types


class ErrorTableTests(unittest.TestCase):
    def test_the_source_has_the_standard_and_the_service_codes(self):
        table = all_error_types()
        self.assertEqual(table[-32602], "invalidParams")
        self.assertEqual(table[1008], "dashboardUnavailable")
        self.assertEqual(table[-32022], "unsupportedProtocolVersion")
        self.assertNotIn(-32022, json_rpc_error_types())

    def test_every_error_built_in_swift_names_its_type_after_its_code(self):
        table = all_error_types()
        sites = []
        for source in sorted((ROOT / "Sources").rglob("*.swift")):
            text = source.read_text(encoding="utf-8")
            for constant, type_name in re.findall(r'code:\s*\.(\w+),\s*type:\s*"(\w+)"', text):
                sites.append((source.name, constant, type_name))
        self.assertGreater(len(sites), 10, "no error construction sites found; has the initializer changed?")
        for file, constant, type_name in sites:
            with self.subTest(file=file, code=constant):
                self.assertEqual(type_name, constant)
                self.assertIn(constant, table.values())

    def test_readme_table_lists_every_code_with_its_type(self):
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        section = readme.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
        rows = re.findall(r"^\| (-?\d+) \| `(\w+)` \|", section, flags=re.MULTILINE)
        self.assertEqual({int(code): name for code, name in rows}, all_error_types())
        self.assertEqual(len(rows), len(all_error_types()), "a code is listed twice")

    def test_python_client_has_one_class_per_json_rpc_error(self):
        sys.path.insert(0, str(ROOT / "clients" / "python"))
        try:
            from breeze_client.errors import ERROR_CODES, ERROR_TYPES
        finally:
            sys.path.remove(str(ROOT / "clients" / "python"))
        expected = json_rpc_error_types()
        self.assertEqual({code: cls.type_name for code, cls in ERROR_CODES.items()}, expected)
        self.assertEqual(set(ERROR_TYPES), set(expected.values()))
        for name, cls in ERROR_TYPES.items():
            self.assertEqual(cls.type_name, name)


if __name__ == "__main__":
    unittest.main()
