"""breeze_client: a standard-library Python client for breeze-rpc.

    from breeze_client import BreezeClient

    with BreezeClient() as breeze:
        print(breeze.search_cities("Berlin", count=3))
"""

from .client import AsyncBreezeClient, BreezeClient, camel_case, find_binary
from .errors import (
    BadServerResponse, BadURL, BreezeClientError, BreezeError, BreezeProcessError, BreezeTimeout, DashboardUnavailable,
    InternalError,
    InvalidParams, InvalidRequest, MethodNotFound, NetworkError, NoData, NotConfigured, ParseError, RateLimited,
    RequestCancelled, Timeout, error_from_reply)

__version__ = "0.1.0"

__all__ = [
    "AsyncBreezeClient", "BadServerResponse", "BadURL", "BreezeClient", "BreezeClientError", "BreezeError",
    "BreezeProcessError", "BreezeTimeout", "DashboardUnavailable", "InternalError", "InvalidParams", "InvalidRequest", "MethodNotFound",
    "NetworkError", "NoData", "NotConfigured", "ParseError", "RateLimited", "RequestCancelled", "Timeout",
    "camel_case", "error_from_reply", "find_binary",
]
