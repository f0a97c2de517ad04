"""breeze_client: a standard-library Python client for breeze-rpc.

    from breeze_client import BreezeClient

    with BreezeClient() as breeze:
        print(breeze.search_cities("Berlin", count=3))

The methods and the error reply classes are generated from the OpenRPC document (breeze_client/generated.py).
"""

from . import generated
from .client import AsyncBreezeClient, BreezeClient, camel_case, find_binary, named_params
from .errors import BreezeClientError, BreezeError, BreezeProcessError, BreezeTimeout, error_from_reply
from .generated import *  # noqa: F401,F403 - one class per error reply, as the schema lists them

__version__ = "0.1.0"

__all__ = [
    "AsyncBreezeClient", "BreezeClient", "BreezeClientError", "BreezeError", "BreezeProcessError", "BreezeTimeout",
    "camel_case", "error_from_reply", "find_binary", "named_params",
]
__all__ += generated.__all__
