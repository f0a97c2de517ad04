"""The README's methods and MCP tools tables are generated (support/readme_tables.py): from each method's params
and result `summary` in schema/openrpc.json, and from the built binary's `tools/list` (the catalog's order, each
tool's title). A method added, renamed or reordered without regenerating them fails here."""

import json
import unittest

import readme_tables
from harness import binary_path
from method_examples import NOT_TOOLS


class ReadmeTablesTests(unittest.TestCase):
    def test_the_tables_are_what_the_schema_and_the_binary_give(self):
        wanted = readme_tables.generated_readme(binary_path())
        current = readme_tables.README.read_text(encoding="utf-8")
        if current != wanted:
            changed = [line for line in wanted.splitlines() if line not in current.splitlines()]
            self.fail(f"README.md's tables are stale: run python3 Tests/EndToEnd/support/readme_tables.py\n"
                      + "\n".join(changed))

    def test_every_method_and_every_tool_has_a_row(self):
        text = readme_tables.README.read_text(encoding="utf-8")
        document = json.loads(readme_tables.SCHEMA.read_text(encoding="utf-8"))
        rows = readme_tables.methods_rows(document)
        self.assertEqual(len(rows), len(document["methods"]))
        tools = readme_tables.tools_rows(binary_path())
        self.assertEqual(len(tools), len(document["methods"]) - len(NOT_TOOLS), "every method but the protocol's")
        for row in rows + tools:
            self.assertIn(row, text)


if __name__ == "__main__":
    unittest.main()
