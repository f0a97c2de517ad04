"""End-to-end tests of the built breeze-rpc against the fake upstream."""
