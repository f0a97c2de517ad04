"""End-to-end tests of the built breeze-rpc binary (run by Tests/run.sh)."""
