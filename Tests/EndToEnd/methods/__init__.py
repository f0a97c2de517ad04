"""End-to-end tests: methods (see ../__init__.py)."""
