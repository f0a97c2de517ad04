"""A validator for the small JSON Schema subset that schema/openrpc.json uses, and offline OpenRPC checks.

Python standard library only. Two entry points:

- ``validate(instance, schema, document) -> list[str]``: the errors of ``instance`` against ``schema`` (empty when
  it is valid), each prefixed with the JSON pointer of the offending value. ``$ref``s of the form ``#/...`` are
  resolved against ``document`` (the whole OpenRPC document).
- ``check_openrpc(document) -> list[str]``: structural checks of an OpenRPC 1.x document.

The subset is exactly the draft-7 keywords below. A schema using any other keyword raises ``UnsupportedSchema``
instead of being silently half-checked, so the subset cannot grow without this file growing with it.

Why our own checks instead of the official meta-schema: the OpenRPC meta-schema (https://meta.open-rpc.org/)
references further remote schemas, cannot be fetched in an offline build, and is not ours to copy into the
repository. ``check_openrpc`` is the offline stand-in: it is written from the rules of the OpenRPC 1.3
specification (required members and their types, unique method names, unique param names, required params before
optional ones, content descriptors with name and schema, error objects with an integer code and a string message,
unique error codes per method, ``paramStructure`` values, the ``openrpc`` version format, component key format,
every ``$ref`` resolving), and it also checks that every schema in the document stays inside the subset.
"""

from __future__ import annotations

import math
import re
from typing import Any

__all__ = ["UnsupportedSchema", "validate", "check_schema", "check_openrpc", "resolve_pointer", "KEYWORDS"]

#: Keywords that only annotate; they never make an instance invalid.
ANNOTATIONS = frozenset({"description", "default"})
#: Keywords that assert something about the instance.
ASSERTIONS = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "const",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "$ref",
        "oneOf",
        "anyOf",
    }
)
#: Every keyword this validator implements.
KEYWORDS = ANNOTATIONS | ASSERTIONS

JSON_TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")


class UnsupportedSchema(ValueError):
    """The schema itself is outside the subset or malformed (not a problem of the instance)."""


# MARK: - Validation


def validate(instance: Any, schema: Any, document: Any) -> list[str]:
    """Returns the errors of ``instance`` (parsed JSON) against ``schema``; empty when valid.

    Raises ``UnsupportedSchema`` when ``schema`` uses a keyword outside the subset or a ``$ref`` that does not
    resolve inside ``document``.
    """
    errors: list[str] = []
    _validate(instance, schema, document, "", "#", errors, 0)
    return errors


def _validate(instance: Any, schema: Any, document: Any, where: str, schema_path: str, errors: list[str], depth: int):
    if depth > 200:
        raise UnsupportedSchema(f"{schema_path}: $ref recursion deeper than 200 levels")
    if schema is True:
        return
    if schema is False:
        errors.append(f"{where or '/'}: no value is allowed here")
        return
    if not isinstance(schema, dict):
        raise UnsupportedSchema(f"{schema_path}: a schema must be an object or a boolean, not {_json_type(schema)}")
    unknown = sorted(set(schema) - KEYWORDS)
    if unknown:
        raise UnsupportedSchema(f"{schema_path}: keyword(s) {unknown} not implemented by jsonschema_subset")

    if "$ref" in schema:
        siblings = set(schema) - ANNOTATIONS - {"$ref"}
        if siblings:
            raise UnsupportedSchema(f"{schema_path}: $ref with sibling keywords {sorted(siblings)} is not supported")
        ref = schema["$ref"]
        target = resolve_pointer(document, ref)
        _validate(instance, target, document, where, ref, errors, depth + 1)
        return

    here = where or "/"
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        for name in types:
            if name not in JSON_TYPES:
                raise UnsupportedSchema(f"{schema_path}/type: unknown type {name!r}")
        if not any(_is_type(instance, name) for name in types):
            errors.append(f"{here}: expected {' or '.join(types)}, got {_json_type(instance)}")
            return  # the other keywords would only repeat the mismatch

    if "enum" in schema:
        if not isinstance(schema["enum"], list):
            raise UnsupportedSchema(f"{schema_path}/enum: must be an array")
        if not any(_json_equal(instance, option) for option in schema["enum"]):
            errors.append(f"{here}: {_short(instance)} is not one of {_short(schema['enum'])}")
    if "const" in schema and not _json_equal(instance, schema["const"]):
        errors.append(f"{here}: expected {_short(schema['const'])}, got {_short(instance)}")

    if _is_type(instance, "number"):
        if "minimum" in schema and instance < _number(schema, "minimum", schema_path):
            errors.append(f"{here}: {instance} is less than the minimum {schema['minimum']}")
        if "maximum" in schema and instance > _number(schema, "maximum", schema_path):
            errors.append(f"{here}: {instance} is more than the maximum {schema['maximum']}")
    else:
        for keyword in ("minimum", "maximum"):
            if keyword in schema:
                _number(schema, keyword, schema_path)

    if isinstance(instance, str):
        if "minLength" in schema and len(instance) < _count(schema, "minLength", schema_path):
            errors.append(f"{here}: {_short(instance)} is shorter than {schema['minLength']} characters")
        if "maxLength" in schema and len(instance) > _count(schema, "maxLength", schema_path):
            errors.append(f"{here}: {_short(instance)} is longer than {schema['maxLength']} characters")
        if "pattern" in schema and not _pattern(schema, schema_path).search(instance):
            errors.append(f"{here}: {_short(instance)} does not match {schema['pattern']!r}")

    if isinstance(instance, dict):
        properties = schema.get("properties", {})
        if not isinstance(properties, dict):
            raise UnsupportedSchema(f"{schema_path}/properties: must be an object")
        required = schema.get("required", [])
        if not isinstance(required, list) or not all(isinstance(name, str) for name in required):
            raise UnsupportedSchema(f"{schema_path}/required: must be an array of strings")
        for name in required:
            if name not in instance:
                errors.append(f"{here}: missing required property {name!r}")
        additional = schema.get("additionalProperties", True)
        for name, value in instance.items():
            path = f"{where}/{_escape(name)}"
            if name in properties:
                _validate(value, properties[name], document, path, f"{schema_path}/properties/{_escape(name)}", errors, depth)
            elif additional is False:
                errors.append(f"{here}: property {name!r} is not allowed")
            elif additional is not True:
                _validate(value, additional, document, path, f"{schema_path}/additionalProperties", errors, depth)

    if isinstance(schema.get("items"), list):
        raise UnsupportedSchema(f"{schema_path}/items: tuple validation (an array of schemas) is not implemented")
    if isinstance(instance, list) and "items" in schema:
        items = schema["items"]
        for index, value in enumerate(instance):
            _validate(value, items, document, f"{where}/{index}", f"{schema_path}/items", errors, depth)

    for keyword in ("anyOf", "oneOf"):
        if keyword not in schema:
            continue
        options = schema[keyword]
        if not isinstance(options, list) or not options:
            raise UnsupportedSchema(f"{schema_path}/{keyword}: must be a non-empty array")
        results = []
        for index, option in enumerate(options):
            option_errors: list[str] = []
            _validate(instance, option, document, where, f"{schema_path}/{keyword}/{index}", option_errors, depth + 1)
            results.append(option_errors)
        matches = sum(1 for option_errors in results if not option_errors)
        if keyword == "anyOf" and matches == 0:
            details = "; ".join(" | ".join(option_errors) for option_errors in results)
            errors.append(f"{here}: matches none of anyOf ({details})")
        if keyword == "oneOf" and matches != 1:
            errors.append(f"{here}: matches {matches} of oneOf's {len(options)} schemas, not exactly 1")


def resolve_pointer(document: Any, ref: Any) -> Any:
    """The value ``ref`` (``#`` or ``#/a/b``, RFC 6901 escapes) points to in ``document``."""
    if not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/")):
        raise UnsupportedSchema(f"$ref {ref!r}: only local references of the form '#/...' are supported")
    target = document
    for token in ref[2:].split("/") if ref != "#" else []:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(target, dict) and token in target:
            target = target[token]
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            raise UnsupportedSchema(f"$ref {ref!r} does not resolve (no {token!r})")
    return target


def _is_type(instance: Any, name: str) -> bool:
    if name == "null":
        return instance is None
    if name == "boolean":
        return isinstance(instance, bool)
    if name == "integer":
        # Draft 6+: a number with a zero fractional part is an integer (1.0 is one).
        if isinstance(instance, bool):
            return False
        return isinstance(instance, int) or (isinstance(instance, float) and math.isfinite(instance) and instance.is_integer())
    if name == "number":
        return isinstance(instance, (int, float)) and not isinstance(instance, bool)
    if name == "string":
        return isinstance(instance, str)
    if name == "array":
        return isinstance(instance, list)
    if name == "object":
        return isinstance(instance, dict)
    return False


def _json_type(instance: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _is_type(instance, name):
            return name
    return type(instance).__name__


def _json_equal(a: Any, b: Any) -> bool:
    """JSON equality: 1 == 1.0, but true != 1 and "1" != 1; objects by members, arrays in order."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if _is_type(a, "number") and _is_type(b, "number"):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[key], b[key]) for key in a)
    return type(a) is type(b) and a == b


def _number(schema: dict, keyword: str, schema_path: str) -> float:
    value = schema[keyword]
    if not _is_type(value, "number"):
        raise UnsupportedSchema(f"{schema_path}/{keyword}: must be a number")
    return value


def _count(schema: dict, keyword: str, schema_path: str) -> int:
    value = schema[keyword]
    if not _is_type(value, "integer") or value < 0:
        raise UnsupportedSchema(f"{schema_path}/{keyword}: must be a non-negative integer")
    return int(value)


_patterns: dict[str, re.Pattern] = {}


def _pattern(schema: dict, schema_path: str) -> re.Pattern:
    source = schema["pattern"]
    if not isinstance(source, str):
        raise UnsupportedSchema(f"{schema_path}/pattern: must be a string")
    if source not in _patterns:
        try:
            _patterns[source] = re.compile(source)
        except re.error as error:
            raise UnsupportedSchema(f"{schema_path}/pattern: {error}") from None
    return _patterns[source]


def _escape(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# MARK: - Schema checks


def check_schema(schema: Any, document: Any, path: str) -> list[str]:
    """Problems of ``schema`` itself: keywords outside the subset, keyword values of the wrong kind, bad $refs."""
    problems: list[str] = []
    _check_schema(schema, document, path, problems)
    return problems


def _check_schema(schema: Any, document: Any, path: str, problems: list[str]):
    if isinstance(schema, bool):
        return
    if not isinstance(schema, dict):
        problems.append(f"{path}: a schema must be an object or a boolean")
        return
    for keyword in sorted(set(schema) - KEYWORDS):
        problems.append(f"{path}: keyword {keyword!r} is outside the subset jsonschema_subset implements")
    if "$ref" in schema:
        siblings = set(schema) - ANNOTATIONS - {"$ref"}
        if siblings:
            problems.append(f"{path}: $ref with sibling keywords {sorted(siblings)}")
        try:
            resolve_pointer(document, schema["$ref"])
        except UnsupportedSchema as error:
            problems.append(f"{path}: {error}")
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not types or any(name not in JSON_TYPES for name in types):
            problems.append(f"{path}/type: {schema['type']!r} is not a JSON type or a non-empty list of them")
    if "required" in schema and not (
        isinstance(schema["required"], list) and all(isinstance(name, str) for name in schema["required"])
    ):
        problems.append(f"{path}/required: must be an array of strings")
    if "enum" in schema and not isinstance(schema["enum"], list):
        problems.append(f"{path}/enum: must be an array")
    for keyword in ("minimum", "maximum"):
        if keyword in schema and not _is_type(schema[keyword], "number"):
            problems.append(f"{path}/{keyword}: must be a number")
    for keyword in ("minLength", "maxLength"):
        if keyword in schema and not (_is_type(schema[keyword], "integer") and schema[keyword] >= 0):
            problems.append(f"{path}/{keyword}: must be a non-negative integer")
    if "pattern" in schema:
        try:
            re.compile(schema["pattern"])
        except (re.error, TypeError) as error:
            problems.append(f"{path}/pattern: {error}")
    if "properties" in schema:
        if isinstance(schema["properties"], dict):
            for name, sub in schema["properties"].items():
                _check_schema(sub, document, f"{path}/properties/{_escape(name)}", problems)
        else:
            problems.append(f"{path}/properties: must be an object")
    if "additionalProperties" in schema:
        _check_schema(schema["additionalProperties"], document, f"{path}/additionalProperties", problems)
    if "items" in schema:
        if isinstance(schema["items"], list):
            problems.append(f"{path}/items: tuple validation is outside the subset")
        else:
            _check_schema(schema["items"], document, f"{path}/items", problems)
    for keyword in ("anyOf", "oneOf"):
        if keyword in schema:
            if isinstance(schema[keyword], list) and schema[keyword]:
                for index, sub in enumerate(schema[keyword]):
                    _check_schema(sub, document, f"{path}/{keyword}/{index}", problems)
            else:
                problems.append(f"{path}/{keyword}: must be a non-empty array")


# MARK: - OpenRPC checks

SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")
COMPONENT_KEY = re.compile(r"^[a-zA-Z0-9.\-_]+$")
PARAM_STRUCTURES = ("by-name", "by-position", "either")

ROOT_FIELDS = {"openrpc", "info", "servers", "methods", "components", "externalDocs", "$schema"}
INFO_FIELDS = {"title", "description", "termsOfService", "version", "contact", "license"}
METHOD_FIELDS = {
    "name",
    "summary",
    "description",
    "tags",
    "externalDocs",
    "params",
    "result",
    "deprecated",
    "servers",
    "errors",
    "links",
    "paramStructure",
    "examples",
}
DESCRIPTOR_FIELDS = {"name", "summary", "description", "required", "schema", "deprecated"}
ERROR_FIELDS = {"code", "message", "data"}
COMPONENT_FIELDS = {
    "contentDescriptors",
    "schemas",
    "examples",
    "links",
    "errors",
    "examplePairings",
    "examplePairingObjects",
    "tags",
}


def check_openrpc(document: Any) -> list[str]:
    """Problems of ``document`` as an OpenRPC 1.x document; empty when it passes.

    An offline stand-in for validating against the OpenRPC meta-schema (see the module docstring).
    """
    problems: list[str] = []
    if not isinstance(document, dict):
        return ["the document must be a JSON object"]
    _known_fields(document, ROOT_FIELDS, "#", problems)

    version = document.get("openrpc")
    if not isinstance(version, str):
        problems.append("#/openrpc: required, a string")
    elif not SEMVER.match(version):
        problems.append(f"#/openrpc: {version!r} is not a semantic version (major.minor.patch)")
    elif not version.startswith("1."):
        problems.append(f"#/openrpc: {version!r} is not an OpenRPC 1.x version")

    info = document.get("info")
    if not isinstance(info, dict):
        problems.append("#/info: required, an object")
    else:
        _known_fields(info, INFO_FIELDS, "#/info", problems)
        for field in ("title", "version"):
            if not isinstance(info.get(field), str) or not info[field]:
                problems.append(f"#/info/{field}: required, a non-empty string")
        if "description" in info and not isinstance(info["description"], str):
            problems.append("#/info/description: must be a string")

    components = document.get("components", {})
    if not isinstance(components, dict):
        problems.append("#/components: must be an object")
        components = {}
    _known_fields(components, COMPONENT_FIELDS, "#/components", problems)
    for field, value in components.items():
        if field.startswith("x-"):
            continue
        if not isinstance(value, dict):
            problems.append(f"#/components/{field}: must be an object")
            continue
        for key, item in value.items():
            path = f"#/components/{field}/{_escape(key)}"
            if not COMPONENT_KEY.match(key):
                problems.append(f"{path}: key must match {COMPONENT_KEY.pattern}")
            if field == "schemas":
                _check_schema(item, document, path, problems)
            elif field == "contentDescriptors":
                _check_descriptor(item, document, path, problems)
            elif field == "errors":
                _check_error(item, document, path, problems)

    methods = document.get("methods")
    if not isinstance(methods, list):
        problems.append("#/methods: required, an array")
        methods = []
    names: set[str] = set()
    for index, method in enumerate(methods):
        path = f"#/methods/{index}"
        method = _dereference(method, document, path, problems)
        if not isinstance(method, dict):
            problems.append(f"{path}: must be a method object")
            continue
        _known_fields(method, METHOD_FIELDS, path, problems)
        name = method.get("name")
        if not isinstance(name, str) or not name:
            problems.append(f"{path}/name: required, a non-empty string")
        elif name in names:
            problems.append(f"{path}/name: {name!r} is not unique within methods")
        else:
            names.add(name)
            path = f"{path} ({name})"
        for field in ("summary", "description"):
            if field in method and not isinstance(method[field], str):
                problems.append(f"{path}/{field}: must be a string")
        if "deprecated" in method and not isinstance(method["deprecated"], bool):
            problems.append(f"{path}/deprecated: must be a boolean")
        if "paramStructure" in method and method["paramStructure"] not in PARAM_STRUCTURES:
            problems.append(f"{path}/paramStructure: must be one of {PARAM_STRUCTURES}")
        _check_params(method, document, path, problems)
        if "result" in method:
            result = _dereference(method["result"], document, f"{path}/result", problems)
            _check_descriptor(result, document, f"{path}/result", problems)
        errors = method.get("errors", [])
        if not isinstance(errors, list):
            problems.append(f"{path}/errors: must be an array")
            errors = []
        codes: set[int] = set()
        for number, error in enumerate(errors):
            error_path = f"{path}/errors/{number}"
            error = _dereference(error, document, error_path, problems)
            _check_error(error, document, error_path, problems)
            code = error.get("code") if isinstance(error, dict) else None
            if code in codes:
                problems.append(f"{error_path}: error code {code} is not unique within the method")
            codes.add(code)

    _check_all_refs(document, document, "#", problems)
    return problems


def _check_params(method: dict, document: Any, path: str, problems: list[str]):
    params = method.get("params")
    if not isinstance(params, list):
        problems.append(f"{path}/params: required, an array")
        return
    seen: set[str] = set()
    optional_seen = False
    for index, param in enumerate(params):
        param_path = f"{path}/params/{index}"
        param = _dereference(param, document, param_path, problems)
        if not _check_descriptor(param, document, param_path, problems):
            continue
        name = param["name"]
        if name in seen:
            problems.append(f"{param_path}: param name {name!r} is not unique within the method")
        seen.add(name)
        required = param.get("required", False)
        if required and optional_seen:
            problems.append(f"{param_path}: required param {name!r} comes after an optional one")
        optional_seen = optional_seen or not required


def _check_descriptor(descriptor: Any, document: Any, path: str, problems: list[str]) -> bool:
    if not isinstance(descriptor, dict):
        problems.append(f"{path}: a content descriptor must be an object")
        return False
    _known_fields(descriptor, DESCRIPTOR_FIELDS, path, problems)
    ok = True
    if not isinstance(descriptor.get("name"), str) or not descriptor["name"]:
        problems.append(f"{path}/name: required, a non-empty string")
        ok = False
    if "schema" not in descriptor:
        problems.append(f"{path}/schema: required")
        ok = False
    else:
        _check_schema(descriptor["schema"], document, f"{path}/schema", problems)
    for field in ("required", "deprecated"):
        if field in descriptor and not isinstance(descriptor[field], bool):
            problems.append(f"{path}/{field}: must be a boolean")
    for field in ("summary", "description"):
        if field in descriptor and not isinstance(descriptor[field], str):
            problems.append(f"{path}/{field}: must be a string")
    return ok


def _check_error(error: Any, document: Any, path: str, problems: list[str]):
    if not isinstance(error, dict):
        problems.append(f"{path}: an error object must be an object")
        return
    # The error object admits no extensions: only code, message and data.
    for field in sorted(set(error) - ERROR_FIELDS):
        problems.append(f"{path}: unknown field {field!r} (an error object has only code, message, data)")
    code = error.get("code")
    if not (isinstance(code, int) and not isinstance(code, bool)):
        problems.append(f"{path}/code: required, an integer")
    if not isinstance(error.get("message"), str) or not error["message"]:
        problems.append(f"{path}/message: required, a non-empty string")


def _dereference(value: Any, document: Any, path: str, problems: list[str]) -> Any:
    """A Reference Object's target (one level), or the value itself."""
    if isinstance(value, dict) and "$ref" in value:
        if set(value) != {"$ref"}:
            problems.append(f"{path}: a reference object has only $ref")
        try:
            return resolve_pointer(document, value["$ref"])
        except UnsupportedSchema as error:
            problems.append(f"{path}: {error}")
            return None
    return value


def _check_all_refs(value: Any, document: Any, path: str, problems: list[str]):
    if isinstance(value, dict):
        if isinstance(value.get("$ref"), str):
            try:
                resolve_pointer(document, value["$ref"])
            except UnsupportedSchema as error:
                message = f"{path}: {error}"
                if message not in problems:
                    problems.append(message)
        for key, item in value.items():
            _check_all_refs(item, document, f"{path}/{_escape(key)}", problems)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_all_refs(item, document, f"{path}/{index}", problems)


def _known_fields(value: dict, fields: set[str], path: str, problems: list[str]):
    for field in sorted(set(value) - fields):
        if not field.startswith("x-"):
            problems.append(f"{path}: unknown field {field!r}")
