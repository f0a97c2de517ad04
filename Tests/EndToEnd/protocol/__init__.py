"""End-to-end tests: protocol (see ../__init__.py)."""
