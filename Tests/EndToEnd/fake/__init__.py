"""End-to-end tests: fake (see ../__init__.py)."""
