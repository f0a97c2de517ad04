"""Writes breeze_client/generated.py from the OpenRPC document (schema/openrpc.json): the one source of the
client's method calls and error classes.

    python3 clients/python/generate.py           # rewrite breeze_client/generated.py
    python3 clients/python/generate.py --check   # exit 1 when it is stale (a test runs this too)

The output is committed, not built at import: editors and type checkers then see real signatures and
docstrings, and an installed client needs no copy of the schema. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import keyword
import re
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
SCHEMA = HERE.parent.parent / "schema" / "openrpc.json"
OUTPUT = HERE / "breeze_client" / "generated.py"
WIDTH = 116
#: Names a generated method or param must not take: the client's own keyword, and Python's.
RESERVED_PARAMS = {"self", "timeout"}
#: Params every method has that the client's own keyword stands for: `timeout=` (seconds, on this side, then
#: `$/cancelRequest`) is the one deadline a Python caller sets; `call()` still sends timeoutMs when asked.
CLIENT_SIDE_PARAMS = {"timeoutMs"}
#: Members of BreezeError that a generated error property must not shadow.
BASE_ERROR_MEMBERS = {"code", "message", "data", "type", "service", "reason", "type_name", "wire_code"}
#: What an annotation may name from `typing`; the generated module imports those it uses.
TYPING_NAMES = ("Any", "Iterable", "List", "Literal", "Mapping", "Optional", "Sequence", "Union")
PYTHON_TYPES = {"number": "float", "integer": "int", "string": "str", "boolean": "bool", "object": "Mapping[str, Any]",
                "any": "Any"}


def snake_case(name: str) -> str:
    """`forecastDays` -> `forecast_days`; `rpc.discover` -> `discover` (the part after the last dot)."""
    name = name.rsplit(".", 1)[-1]
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


class Schema:
    """The OpenRPC document with its `$ref`s resolved on demand."""

    def __init__(self, document: Dict[str, Any]):
        self.document = document

    def resolve(self, node: Any) -> Any:
        while isinstance(node, dict) and "$ref" in node:
            target: Any = self.document
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return node

    def scalar(self, node: Any) -> Tuple[str, Optional[List[str]]]:
        """The kind of one value (number, integer, string, boolean, object, any), and its enum when it has one."""
        node = self.resolve(node)
        options = node.get("oneOf") or node.get("anyOf")
        if options:
            kinds = [self.scalar(option) for option in options]
            if len({kind for kind, _ in kinds}) != 1:
                return "any", None
            enums = [enum for _, enum in kinds]
            merged = None if any(enum is None for enum in enums) else [v for enum in enums for v in enum]
            return kinds[0][0], merged
        kind = node.get("type")
        if kind in ("number", "integer", "string", "boolean", "object"):
            enum = node.get("enum")
            return kind, (list(enum) if enum and all(isinstance(v, str) for v in enum) else None)
        return "any", None

    def shape(self, node: Any) -> Tuple[str, str, Optional[List[str]]]:
        """(kind, shape, enum) of a param's schema: one value, a list, or either (one value or one per place)."""
        node = self.resolve(node)
        options = [self.resolve(option) for option in node.get("oneOf") or node.get("anyOf") or []]
        arrays = [option for option in options if option.get("type") == "array"]
        if len(options) == 2 and len(arrays) == 1:
            one = self.scalar(next(option for option in options if option.get("type") != "array"))
            if one == self.scalar(arrays[0].get("items", {})):
                return one[0], "one_or_list", one[1]
        if node.get("type") == "array":
            kind, enum = self.scalar(node.get("items", {}))
            return kind, "list", enum
        kind, enum = self.scalar(node)
        return kind, "one", enum

    def description(self, node: Any) -> str:
        node = self.resolve(node)
        if node.get("description"):
            return node["description"]
        for option in node.get("oneOf") or node.get("anyOf") or []:
            text = self.description(option)
            if text:
                return text
        return ""


def annotation(kind: str, shape: str, enum: Optional[List[str]]) -> str:
    one = f"Literal[{', '.join(json.dumps(v) for v in enum)}]" if enum and len(enum) <= 12 else PYTHON_TYPES[kind]
    if shape == "one":
        return one
    if shape == "list":
        return f"Union[{one}, Iterable[{one}]]"
    return f"Union[{one}, Sequence[{one}]]"


def facts(schema: Dict[str, Any]) -> str:
    """What the schema says of a param's range and default, as a short sentence (or nothing)."""
    found = []
    if "minimum" in schema and "maximum" in schema:
        found.append(f"{schema['minimum']} to {schema['maximum']}")
    if "default" in schema:
        found.append(f"default {json.dumps(schema['default'])}")
    return f" ({'; '.join(found)})" if found else ""


def wrap(text: str, indent: str) -> List[str]:
    return textwrap.wrap(text, WIDTH - len(indent), break_long_words=False, break_on_hyphens=False) or [""]


def docstring(lines: List[str], indent: str) -> List[str]:
    if len(lines) == 1 and len(indent) + len(lines[0]) + 6 <= WIDTH:
        return [f'{indent}"""{lines[0]}"""']
    body = [f"{indent}{line}" if line else "" for line in lines]
    body[0] = f'{indent}"""{lines[0]}'
    body.append(f'{indent}"""')
    return body


def method_code(schema: Schema, method: Dict[str, Any]) -> Tuple[List[str], str]:
    """The `def` of one method, and its entry in the METHODS table."""
    wire, python = method["name"], snake_case(method["name"])
    signature, entries, args_doc, values = [], [], [], []
    for param in (schema.resolve(p) for p in method.get("params", [])):
        if param["name"] in CLIENT_SIDE_PARAMS:
            continue
        name = snake_case(param["name"])
        if keyword.iskeyword(name) or name in RESERVED_PARAMS:
            raise SystemExit(f"{wire}: the param {param['name']!r} would be {name!r} in Python, which is taken")
        kind, shape, enum = schema.shape(param["schema"])
        hint = annotation(kind, shape, enum)
        if param.get("required") and any(part.endswith("= None") for part in signature):
            raise SystemExit(f"{wire}: the required param {param['name']!r} follows an optional one; "
                             "list required params first (they are positional in Python and on the wire)")
        signature.append(f"{name}: {hint}" if param.get("required") else f"{name}: Optional[{hint}] = None")
        entries.append(f"Param({', '.join(json.dumps(v) for v in (param['name'], name, kind, shape))})")
        values.append(name)
        detail = param.get("description") or schema.description(param["schema"])
        args_doc.append((name, detail + facts(schema.resolve(param["schema"]))))
    args_doc.append(("timeout", "Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` "
                                "and raises BreezeTimeout. Default: the client's."))
    summary = method.get("summary") or f"Calls `{wire}`."
    doc = [f"{summary.rstrip('.')}. (`{wire}`)", ""]
    if method.get("description"):
        doc += wrap(method["description"], " " * 8) + [""]
    doc.append("Args:")
    for name, detail in args_doc:
        lines = wrap(f"{name}: {detail}", " " * 16)
        doc += ["    " + lines[0]] + ["        " + line for line in lines[1:]]
    result = method.get("result") or {}
    result_text = schema.description(result.get("schema", {}))
    if result_text:
        returned = wrap(f"{result.get('name', 'result')}: {result_text}", " " * 16)
        doc += ["", "Returns:"] + ["    " + line for line in returned]
    errors = [schema.resolve(e) for e in method.get("errors", [])]
    names = [ref["$ref"].rsplit("/", 1)[-1] for ref in method.get("errors", []) if "$ref" in ref]
    if names and len(names) == len(errors):
        raised = wrap(", ".join(names) + " (error replies; see breeze_client.errors).", " " * 16)
        doc += ["", "Raises:"] + ["    " + line for line in raised]
    parts = ["self", *signature, "*", "timeout: Optional[float] = None"]
    head = f"    def {python}({', '.join(parts)}) -> Any:"
    if len(head) > WIDTH:
        head = f"    def {python}(\n" + "".join(f"        {part},\n" for part in parts) + "    ) -> Any:"
    code = [head] + docstring(doc, " " * 8)
    values_text = f"({', '.join(values)},)" if len(values) == 1 else f"({', '.join(values)})"
    call = f"        return self._call_method(METHODS[{json.dumps(wire)}], {values_text}, timeout)"
    if len(call) > WIDTH:
        lines = wrap(", ".join(values) + ",", " " * 12)
        call = "\n".join([f"        return self._call_method(METHODS[{json.dumps(wire)}], ("]
                          + [f"            {line}" for line in lines] + ["        ), timeout)"])
    code.append(call)
    table = f"    {json.dumps(wire)}: Method({json.dumps(wire)}, {json.dumps(python)}, ("
    table += "".join(f"\n        {entry}," for entry in entries) + ("\n    " if entries else "") + ")),"
    return code, table


def error_code(schema: Schema, name: str, error: Dict[str, Any]) -> List[str]:
    data = schema.resolve(error.get("data", {}))
    properties = data.get("properties", {})
    type_name = schema.resolve(properties.get("type", {})).get("const") or name[:1].lower() + name[1:]
    text = f"{error['message']} ({error['code']})."
    if data.get("description") and data["description"].rstrip(".") != error["message"]:
        text += " " + data["description"]
    lines = [f"class {name}(BreezeError):"] + docstring(wrap(text, " " * 4), " " * 4) + [
        "", f"    type_name = {json.dumps(type_name)}", f"    wire_code = {error['code']}"]
    for prop, node in properties.items():
        if prop in ("type", "service", "reason"):
            continue
        attribute = snake_case(prop)
        if attribute in BASE_ERROR_MEMBERS or keyword.iskeyword(attribute):
            raise SystemExit(f"{name}: data member {prop!r} would be {attribute!r}, which BreezeError has")
        kind, shape, _ = schema.shape(node)
        hint = "Any" if kind in ("any", "object") else PYTHON_TYPES[kind]
        hint = hint if shape == "one" else f"List[{hint}]"
        described = schema.description(node) or f"`data.{prop}`."
        field = f"    {attribute}: DataField[{hint}] = DataField({json.dumps(prop)}, {json.dumps(described)})"
        if len(field) > WIDTH:
            field = f"    {attribute}: DataField[{hint}] = DataField(\n        {json.dumps(prop)}, {json.dumps(described)}\n    )"
        lines.append(field)
    return lines


def generate(document: Dict[str, Any]) -> str:
    schema = Schema(document)
    methods = document["methods"]
    pythons = [snake_case(m["name"]) for m in methods]
    clashes = sorted({p for p in pythons if pythons.count(p) > 1})
    if clashes:
        raise SystemExit(f"methods would share Python names: {', '.join(clashes)}")
    errors = document.get("components", {}).get("errors", {})
    version = document.get("info", {}).get("version", "?")
    out = [
        f'"""breeze-rpc {version}: its methods and error replies, generated from schema/openrpc.json.',
        "",
        "Do not edit: change the schema, then run `python3 clients/python/generate.py` (a test fails while this",
        'file is stale)."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import TYPING",
        "",
        "from .errors import BreezeError, DataField",
        "from .params import Method, MethodCalls, Param",
        "",
        "#: Every method, by wire name, with the params its Python method takes, in the schema's order.",
        "METHODS = {",
    ]
    bodies = []
    for method in methods:
        code, table = method_code(schema, method)
        bodies.append(code)
        out.append(table)
    out += ["}", "", "", "class Methods(MethodCalls):",
            '    """One Python method per RPC method, named in snake_case; None leaves a param to its default."""']
    for code in bodies:
        out += [""] + code
    for name, error in errors.items():
        out += ["", ""] + error_code(schema, name, error)
    out += ["", "", "#: Every error reply class, in the order of the schema's error table.",
            "ERROR_CLASSES = ("] + ["    " + line for line in wrap(", ".join(errors) + ",", "    ")] + [")", "",
            "#: What `from breeze_client import *` re-exports: the error classes.", "__all__ = ["] + [
            "    " + line for line in wrap(", ".join(json.dumps(n) for n in errors) + ",", "    ")] + ["]",
            ""]
    text = "\n".join(out)
    used = [name for name in TYPING_NAMES if re.search(rf"\b{name}\b", text.split("from typing import TYPING", 1)[1])]
    return text.replace("from typing import TYPING", f"from typing import {', '.join(used)}", 1)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed file is stale")
    parser.add_argument("--schema", type=Path, default=SCHEMA, help="the OpenRPC document (default: %(default)s)")
    args = parser.parse_args(argv)
    text = generate(json.loads(args.schema.read_text(encoding="utf-8")))
    current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
    if args.check:
        if current != text:
            print(f"{OUTPUT} is stale: run python3 {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
