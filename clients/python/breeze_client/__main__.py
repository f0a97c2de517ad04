"""Command line: `python3 -m breeze_client METHOD [PARAM ...]` (also installed as `breeze-client`).

PARAM has the shell client's (clients/shell/breeze) three forms, so a command line works in either:
`key=value` sends a JSON number, true, false or null as JSON and anything else as a string (`count=3`,
`name=Berlin`); `key==text` always sends a string (`name==1234`); `key:=json` sends raw JSON
(`years:=[2000,2010]`). Options may come before or after the method. Prints the JSON result; the exit
statuses are the shell client's (EXIT_STATUSES).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, Dict, List, Optional

from .client import BreezeClient
from .errors import BreezeClientError, BreezeError


PARAM = re.compile(r"([A-Za-z_$][A-Za-z0-9_.$-]*)(==|:=|=)(.*)", re.DOTALL)
JSON_SCALAR = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null")
PARAM_FORMS = "key=value, key==text or key:=json"
#: The same as the shell client's, so a script can switch between the two.
EXIT_STATUSES = ("exit status: 0 result; 1 error reply (code and message on stderr, then data); 2 usage; "
                 "3 no reply from breeze-rpc; 127 breeze-rpc not found")
EXIT_ERROR_REPLY, EXIT_USAGE, EXIT_NO_REPLY, EXIT_NOT_FOUND = 1, 2, 3, 127


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_params(pairs: List[str]) -> Dict[str, Any]:
    """`key=value` / `key==text` / `key:=json` arguments as params by name, exactly as the shell client reads them."""
    params: Dict[str, Any] = {}
    for pair in pairs:
        match = PARAM.fullmatch(pair)
        if not match:
            raise ValueError(f"expected {PARAM_FORMS}, got {pair!r}")
        key, form, text = match.groups()
        if form == "==":
            params[key] = text
        elif form == ":=":
            try:
                params[key] = json.loads(text, parse_constant=_refuse_constant)
            except ValueError as problem:
                raise ValueError(f"{key}:= needs JSON, got {text!r} ({problem})") from None
        else:
            params[key] = json.loads(text) if JSON_SCALAR.fullmatch(text) else text
    return params


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="breeze-client", usage="%(prog)s [--compact] [--timeout SECONDS] [--binary PATH] METHOD [PARAM ...]",
        description="Call one breeze-rpc method and print its JSON result. Options may also follow the method.",
        epilog=f"example: breeze-client searchCities name=Berlin count=3; {EXIT_STATUSES}")
    parser.add_argument("method", nargs="?", metavar="METHOD",
                        help="the RPC method, e.g. searchCities, fetchForecast, ping")
    parser.add_argument("params", nargs="*", metavar="PARAM",
                        help="params by name: key=value (a JSON number, true, false or null as JSON, anything "
                        "else a string), key==text (always a string), key:=json (raw JSON)")
    parser.add_argument("--binary", metavar="PATH", help="path to breeze-rpc (default: $BREEZE_RPC, else "
                        "breeze-rpc on PATH, else the one pip installed beside this Python, else "
                        "~/.local/bin/breeze-rpc)")
    parser.add_argument("--timeout", type=float, metavar="SECONDS", help="seconds to wait for the reply (then cancel)")
    parser.add_argument("--compact", action="store_true", help="print the result on one line")
    args = parser.parse_intermixed_args(argv)
    if args.method is None:
        # As the shell client does: the whole usage on stderr, exit 2 (a method is all a call needs).
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        params = parse_params(args.params)
    except ValueError as problem:
        parser.error(str(problem))
    try:
        with BreezeClient(args.binary) as breeze:
            result = breeze.call(args.method, params or None, timeout=args.timeout)
    except BreezeError as error:
        detail = f"error {error.code}: {error.message}"
        if error.data is not None:
            detail += "\n" + json.dumps(error.data, ensure_ascii=False)
        print(detail, file=sys.stderr)
        return EXIT_ERROR_REPLY
    except FileNotFoundError as problem:
        print(f"breeze-client: {problem}", file=sys.stderr)
        return EXIT_NOT_FOUND
    except BreezeClientError as problem:
        print(f"breeze-client: no reply from breeze-rpc: {problem}", file=sys.stderr)
        return EXIT_NO_REPLY
    if args.compact:
        print(json.dumps(result, ensure_ascii=False, separators=(",", ":")))
    else:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
