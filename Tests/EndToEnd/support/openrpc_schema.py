"""Schema checks for the end-to-end tests, done by the `jsonschema` package (pinned in Tests/requirements.txt).

- `validate(instance, schema, document)`: JSON Schema draft 7 validation of a reply against a schema taken from
  schema/openrpc.json; `#/components/...` references resolve against that document.
- `check_schema(schema, document)`: the schema itself is valid draft 7 and every reference in it resolves.
- `check_openrpc(document)`: the document against the official OpenRPC meta-schema, plus the rules the OpenRPC
  specification states in prose that the meta-schema cannot express (unique method, param and error names,
  required params before optional ones, local references that resolve).

The official meta-schema (open-rpc/meta-schema, Apache-2.0) is not part of this repository. CI keeps a copy in
`shared/reference/openrpc-metaschema/` beside the clone; `OPENRPC_METASCHEMA_DIR` points elsewhere. Without it,
`check_openrpc` raises `unittest.SkipTest` saying so (the prose rules alone are checked by `check_openrpc_rules`).
"""

from __future__ import annotations

import json
import os
import re
import unittest
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT7

REPO_ROOT = Path(__file__).resolve().parents[3]
METASCHEMA_DIR = Path(
    os.environ.get("OPENRPC_METASCHEMA_DIR") or REPO_ROOT.parent / "shared" / "reference" / "openrpc-metaschema"
)
# The meta-schema's `openrpc` enum is filled in by its release build from the list of OpenRPC releases, which
# cannot be downloaded here: any OpenRPC 1.x version stands in for it.
OPENRPC_VERSION = {"type": "string", "pattern": r"^1\.[0-9]+\.[0-9]+(-rc[0-9]+)?$"}


# The specification: component maps "MUST use keys that match the regular expression".
COMPONENT_KEY = re.compile(r"^[a-zA-Z0-9\.\-_]+$")


# MARK: - Schemas inside the document


def _rooted(schema: Any, document: dict) -> dict:
    """`schema` with the document's components beside it, so `#/components/...` resolves as in the document."""
    return {"components": document.get("components", {}), "allOf": [schema]}


def _describe(error: jsonschema.ValidationError) -> str:
    path = "".join(f"/{part}" for part in error.absolute_path)
    return f"{path or '/'}: {error.message}"


def validate(instance: Any, schema: Any, document: dict) -> list[str]:
    """The problems of `instance` against `schema`, one line each naming the offending path; empty when valid."""
    validator = jsonschema.Draft7Validator(_rooted(schema, document))
    errors = sorted(validator.iter_errors(instance), key=lambda error: list(error.absolute_path))
    return [_describe(error) for error in errors]


def check_schema(schema: Any, document: dict) -> list[str]:
    """The problems of `schema` itself: not valid draft 7, or a reference that does not resolve within `document`."""
    try:
        jsonschema.Draft7Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        return [f"invalid schema: {error.message}"]
    resolver = Registry().with_resource("", Resource.from_contents(_rooted(schema, document), DRAFT7)).resolver()
    problems = []
    for ref in _refs(schema):
        if not ref.startswith("#/"):
            problems.append(f"$ref {ref!r} is not a local reference")
            continue
        try:
            resolver.lookup(ref)
        except Unresolvable:
            problems.append(f"$ref {ref!r} does not resolve")
    return problems


def _refs(value: Any):
    if isinstance(value, dict):
        if isinstance(value.get("$ref"), str):
            yield value["$ref"]
        for child in value.values():
            yield from _refs(child)
    elif isinstance(value, list):
        for child in value:
            yield from _refs(child)


# MARK: - The document


@lru_cache(maxsize=1)
def _metaschema_validator() -> jsonschema.Draft7Validator:
    openrpc_file = METASCHEMA_DIR / "openrpc-meta-schema.json"
    tools_file = METASCHEMA_DIR / "json-schema-tools-meta-schema.json"
    if not (openrpc_file.is_file() and tools_file.is_file()):
        raise unittest.SkipTest(
            f"the official OpenRPC meta-schema is not at {METASCHEMA_DIR} (CI has it beside the clone; "
            "set OPENRPC_METASCHEMA_DIR): validation against it skipped"
        )
    openrpc = json.loads(openrpc_file.read_text(encoding="utf-8"))
    openrpc["properties"]["openrpc"] = OPENRPC_VERSION
    tools = json.loads(tools_file.read_text(encoding="utf-8"))
    # The OpenRPC meta-schema refers to the other one both with and without the trailing slash of its $id.
    uris = [(openrpc, openrpc["$id"]), (tools, tools["$id"]), (tools, tools["$id"].rstrip("/"))]
    registry = Registry().with_resources([(uri, Resource.from_contents(schema, DRAFT7)) for schema, uri in uris])
    return jsonschema.Draft7Validator(openrpc, registry=registry)


def check_openrpc(document: Any) -> list[str]:
    """The problems of `document` as an OpenRPC 1.x document; empty when it passes. Skips without the meta-schema."""
    errors = sorted(_metaschema_validator().iter_errors(document), key=lambda error: list(error.absolute_path))
    return [_describe(error) for error in errors] + check_openrpc_rules(document)


def check_openrpc_rules(document: Any) -> list[str]:
    """The specification's rules that its meta-schema cannot express."""
    if not isinstance(document, dict) or not isinstance(document.get("methods"), list):
        return []
    problems: list[str] = []
    for kind, entries in (document.get("components") or {}).items():
        for key in entries if isinstance(entries, dict) else ():
            if not COMPONENT_KEY.match(key):
                problems.append(f"/components/{kind}: key {key!r} does not match {COMPONENT_KEY.pattern}")
    names: set[str] = set()
    for index, method in enumerate(document["methods"]):
        if not isinstance(method, dict):
            continue
        path = f"/methods/{index}"
        name = method.get("name")
        if name in names:
            problems.append(f"{path}/name: {name!r} is not unique within methods")
        names.add(name)
        problems += _check_params(method, document, path)
        codes: set[int] = set()
        for error_index, error in enumerate(method.get("errors") or []):
            error = _dereference(error, document)
            code = error.get("code") if isinstance(error, dict) else None
            if code in codes:
                problems.append(f"{path}/errors/{error_index}: error code {code} is not unique within the method")
            codes.add(code)
    problems += [f"{ref}: {problem}" for ref in set(_refs(document)) for problem in _check_ref(ref, document)]
    return problems


def _check_params(method: dict, document: dict, path: str) -> list[str]:
    problems = []
    seen: set[str] = set()
    optional_seen = False
    for index, param in enumerate(method.get("params") or []):
        param = _dereference(param, document)
        if not isinstance(param, dict):
            continue
        name = param.get("name")
        if name in seen:
            problems.append(f"{path}/params/{index}: param name {name!r} is not unique within the method")
        seen.add(name)
        if param.get("required") is True and optional_seen:
            problems.append(f"{path}/params/{index}: required param {name!r} comes after an optional one")
        optional_seen = optional_seen or param.get("required") is not True
    return problems


def _dereference(value: Any, document: dict) -> Any:
    if isinstance(value, dict) and isinstance(value.get("$ref"), str) and not _check_ref(value["$ref"], document):
        return _pointer(document, value["$ref"])
    return value


def _check_ref(ref: str, document: dict) -> list[str]:
    if not ref.startswith("#/"):
        return ["not a reference into this document"]
    try:
        _pointer(document, ref)
    except (KeyError, IndexError, TypeError, ValueError):
        return ["does not resolve"]
    return []


def _pointer(document: Any, ref: str) -> Any:
    target = document
    for token in ref[2:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        target = target[int(token)] if isinstance(target, list) else target[token]
    return target
