"""End-to-end tests: project (see ../__init__.py)."""
