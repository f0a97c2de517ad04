"""clients/pypi/server.json, breeze-rpc's entry for the official MCP Registry, and the README line that proves
ownership of the PyPI package.

The document is validated with `jsonschema` against the registry's published schema (version 2025-12-11, kept in
clients/pypi/mcp-registry/ with its MIT licence). Its environment variables must be settings `--help` prints,
with the same defaults, and every API key must be marked secret.
"""

from __future__ import annotations

import json
import re
import subprocess
import unittest

from harness import REPO_ROOT, binary_path

SERVER_JSON = REPO_ROOT / "clients" / "pypi" / "server.json"
SCHEMA = REPO_ROOT / "clients" / "pypi" / "mcp-registry" / "server.schema.json"
SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"


def help_settings() -> dict[str, str]:
    """Every environment variable `breeze-rpc --help` names, with the description printed under it."""
    text = subprocess.run([binary_path(), "--help"], capture_output=True, text=True, timeout=30).stdout
    return dict(re.findall(r"^ {6}([A-Z][A-Z0-9_]+)\n {6}(.+)$", text, flags=re.MULTILINE))


class ServerJsonTests(unittest.TestCase):
    def setUp(self):
        self.server = json.loads(SERVER_JSON.read_text(encoding="utf-8"))
        [self.package] = self.server["packages"]

    def test_it_is_valid_against_the_registry_schema(self):
        if not SCHEMA.is_file():
            self.skipTest(f"{SCHEMA.relative_to(REPO_ROOT)} is missing: the registry's schema cannot be checked")
        import jsonschema

        schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
        self.assertEqual(self.server["$schema"], SCHEMA_URL, "the document names the schema it is checked against")
        validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
        errors = [f"{'/'.join(map(str, error.absolute_path))}: {error.message}" for error in
                  validator.iter_errors(self.server)]
        self.assertEqual(errors, [])
        # The check can fail: the registry's 100-character limit on the description, for one.
        too_long = dict(self.server, description="x" * 101)
        self.assertFalse(validator.is_valid(too_long))

    def test_it_is_the_pypi_package_run_over_stdio(self):
        self.assertEqual(self.package["registryType"], "pypi")
        self.assertEqual(self.package["identifier"], "breeze-rpc")
        self.assertEqual(self.package["transport"], {"type": "stdio"})
        self.assertEqual(self.package["runtimeHint"], "uvx")
        name = (REPO_ROOT / "clients" / "pypi" / "build_wheel.py").read_text()
        self.assertIn('NAME = "breeze-rpc"', name, "the wheel is the package server.json names")

    def test_the_readme_carries_the_ownership_line_for_this_name(self):
        readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
        lines = re.findall(r"mcp-name: (\S+)", readme)
        self.assertEqual(lines, [self.server["name"]], "the registry looks for `mcp-name: NAME` in the PyPI README")
        owner = re.fullmatch(r"io\.github\.([A-Za-z0-9-]+)/breeze-rpc", self.server["name"])
        self.assertIsNotNone(owner, self.server["name"])
        self.assertEqual(self.server["repository"]["url"], f"https://github.com/{owner.group(1)}/breeze-rpc",
                         "a GitHub namespace is proven by the repository's owner")

    def test_its_variables_are_settings_with_the_same_defaults_and_every_key_is_secret(self):
        settings = help_settings()
        self.assertIn("BREEZE_TIMEOUT", settings, "could not read --help")
        listed = {variable["name"]: variable for variable in self.package["environmentVariables"]}
        for name, variable in listed.items():
            with self.subTest(variable=name):
                self.assertIn(name, settings, "not a setting --help prints")
                self.assertTrue(variable["description"])
                self.assertEqual(variable.get("isSecret", False), name.endswith("_API_KEY"))
                self.assertFalse(variable.get("isRequired", False), "breeze-rpc needs no setting")
                if "default" in variable:
                    self.assertIn(f"(default {variable['default']})", settings[name])
                for choice in variable.get("choices", []):
                    self.assertRegex(settings[name], rf"\b{re.escape(choice)}\b")
        keys = {name for name in settings if name.endswith("_API_KEY")}
        self.assertLessEqual(keys, set(listed), "every API key is listed, so hosts ask for it as a secret")


if __name__ == "__main__":
    unittest.main()
