"""Command line: `python3 -m breeze_client METHOD [key=value ...]` (also installed as `breeze-client`).

Values are read as JSON when they parse (`count=3`, `years=[2000,2010]`, `flag=true`), else kept as strings
(`name=Berlin`); `--raw` keeps every value a string. Prints the JSON result; on an error reply prints the
error to stderr and exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Optional

from .client import BreezeClient
from .errors import BreezeClientError, BreezeError


def parse_params(pairs: List[str], raw: bool) -> Dict[str, Any]:
    params: Dict[str, Any] = {}
    for pair in pairs:
        key, separator, text = pair.partition("=")
        if not separator or not key:
            raise ValueError(f"expected key=value, got {pair!r}")
        if raw:
            params[key] = text
            continue
        try:
            params[key] = json.loads(text)
        except ValueError:
            params[key] = text
    return params


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="breeze-client", description="Call one breeze-rpc method and print its JSON result.",
        epilog="example: breeze-client searchCities name=Berlin count=3")
    parser.add_argument("method", help="the RPC method, e.g. searchCities, fetchForecast, ping")
    parser.add_argument("params", nargs="*", metavar="key=value",
                        help="params by name; values are JSON when they parse, else strings")
    parser.add_argument("--raw", action="store_true", help="keep every value a string")
    parser.add_argument("--binary", help="path to breeze-rpc (default: $BREEZE_RPC, else PATH)")
    parser.add_argument("--timeout", type=float, help="seconds to wait for the reply (then cancel)")
    parser.add_argument("--compact", action="store_true", help="print the result on one line")
    args = parser.parse_args(argv)
    try:
        params = parse_params(args.params, args.raw)
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
        return 1
    except (BreezeClientError, FileNotFoundError) as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    if args.compact:
        print(json.dumps(result, ensure_ascii=False, separators=(",", ":")))
    else:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
